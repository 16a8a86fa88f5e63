//! The answer to the question waiting: a chit drawn (its (+) said with it or asked), the (+),
//! a loop's items one by one or picked at once.

use super::super::events::Event;
use super::super::game::Game;
use super::super::state::{Drawn, LogEntry};
use super::{Question, item_name, skipped_event, yes_no};
use crate::error::{Error, Result};
use flipbook_charts::Draw;

impl Game<'_> {
    /// Take the answer to the question waiting.
    pub(crate) fn answer(&mut self, text: &str) -> Result<Vec<Event>> {
        let Some((q, _)) = self.question() else {
            return Err(Error::usage(format!(
                "nothing is asked here: '{}' is not a command of play (type help)",
                crate::text::quoted(text)
            )));
        };
        self.mark.state.aside = false;
        match q {
            Question::Chit { .. } => self.draw_chit(text),
            Question::Plus => {
                let plus = yes_no(text)?;
                if let Some(last) = self.mark.state.chits.last_mut() {
                    last.plus = Some(plus);
                }
                Ok(vec![Event::Plus(plus)])
            }
            Question::Item(i) => {
                let yes = yes_no(text)?;
                Ok(self.item_answer(i, yes))
            }
            Question::Review => self.review_answer(text),
            Question::OnlyIf(_) | Question::Ends(_) | Question::Count(_) => {
                self.board_answer(&q, text)
            }
        }
    }

    fn item_answer(&mut self, i: usize, yes: bool) -> Vec<Event> {
        let Some(r) = self.repeat().cloned() else {
            return vec![];
        };
        let skip = yes == r.skip_on;
        self.mark.state.items.push(skip);
        if skip {
            vec![skipped_event(&r, i)]
        } else {
            vec![Event::ItemOpened {
                text: r.text.replace("{item}", item_name(&r, i)),
                chart: r.chart.clone(),
            }]
        }
    }

    /// A loop's items answered at once: those picked are answered yes, the others no.
    pub(crate) fn pick(&mut self, picked: &[usize]) -> Vec<Event> {
        if matches!(self.question(), Some((Question::Review, _))) {
            return self.review_pick(picked);
        }
        let Some(r) = self.repeat().cloned() else {
            return vec![];
        };
        let mut events = Vec::new();
        let mut leading = true;
        for i in self.mark.state.items.len()..r.items.len() {
            let said = self.item_answer(i, picked.contains(&i));
            // Each item rolled says what it does as it is rolled, and the skipped after it are
            // told under its result (`record`), in the loop's order: only the skipped before
            // the first rolled are told here.
            leading &= self.mark.state.items.last() == Some(&true);
            if leading {
                events.extend(said);
            }
        }
        events
    }

    fn draw_chit(&mut self, text: &str) -> Result<Vec<Event>> {
        // "NAME (+)" or "NAME +" says the chit had a (+), "NAME -" that it had none; a bare name
        // leaves the (+) to be asked.
        let (t, said_plus) = chit_and_plus(text);
        let chit = self
            .seq
            .chits
            .iter()
            .enumerate()
            .find(|(i, c)| {
                c.id.eq_ignore_ascii_case(t)
                    || c.name.eq_ignore_ascii_case(t)
                    || t.parse::<usize>().ok() == Some(i + 1)
            })
            .map(|(_, c)| c.clone())
            .ok_or_else(|| {
                let ids: Vec<&str> = self.seq.chits.iter().map(|c| c.id.as_str()).collect();
                Error::usage(format!(
                    "'{}' is not a chit; chits: {}",
                    crate::text::quoted(t),
                    ids.join(", ")
                ))
            })?;
        let draw = self.draw().unwrap_or(Draw {
            max: 1,
            plus: false,
        });
        let named_in_text = self.named_in(&chit.text);
        let st = &mut self.mark.state;
        // Without a (+) to ask, the chit is settled as drawn.
        let last = !draw.plus || st.chits.len() as u32 + 1 >= draw.max;
        let plus = if last { Some(false) } else { said_plus };
        st.chits.push(Drawn {
            chit: chit.id.clone(),
            plus,
        });
        // A roll still owed (a row's `next` of the chit before) comes first: it is made
        // before the new chit's.
        let mut named: Vec<String> = st.due.clone();
        named.extend(chit.chart.iter().cloned());
        named.extend(named_in_text);
        for c in st.named.drain(..) {
            if !named.contains(&c) {
                named.push(c);
            }
        }
        st.named = named;
        let mut events = vec![
            Event::ChitDrawn {
                name: chit.name.clone(),
                text: chit.text.clone(),
                chart: chit.chart.clone(),
            },
            Event::Log(Box::new(self.chit_entry(&chit.name, said_plus))),
        ];
        let n = self.mark.state.chits.len() as u32;
        if n == draw.max && draw.max > 1 {
            events.push(Event::LastChit);
        } else if let (Some(p), true) = (plus, draw.plus) {
            events.push(if p && chit.chart.is_some() {
                Event::PlusOnceRolled
            } else {
                Event::Plus(p)
            });
        }
        Ok(events)
    }

    /// A chit's line in the log, with its (+) where the draw said it.
    fn chit_entry(&self, chit: &str, plus: Option<bool>) -> LogEntry {
        LogEntry {
            turn: self.mark.turn,
            phase: self.mark.phase.clone(),
            segment: self.mark.segment.clone(),
            chit: Some(chit.to_string()),
            plus,
            ..LogEntry::default()
        }
    }
}

/// A chit's answer and the (+) it states: "Domestic Crisis (+)" or "domestic-crisis +" had one,
/// "domestic-crisis -" had none, a bare name does not say.
fn chit_and_plus(text: &str) -> (&str, Option<bool>) {
    let t = text.trim();
    if let Some(name) = t.strip_suffix("(+)").or_else(|| t.strip_suffix(" +")) {
        return (name.trim_end(), Some(true));
    }
    if let Some(name) = t.strip_suffix(" -") {
        return (name.trim_end(), Some(false));
    }
    (t, None)
}
