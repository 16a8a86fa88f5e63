//! A segment: what it shows, the question it waits on (a chit drawn, a (+), an item of a
//! loop), and the answers to them.

use super::journal::LogEntry;
use super::{Question, Walk, yes_no};
use crate::error::{Error, Result};
use console::style;
use flipbook_charts::{Draw, Step, turn_applies};
use std::collections::BTreeMap;

impl Walk<'_> {
    pub(super) fn step_applies(&self, st: &Step) -> bool {
        turn_applies(&st.turns, &st.not_turns, self.mark.turn)
            && (st.phases.is_empty() || st.phases.contains(&self.mark.phase))
    }

    pub(super) fn active_draw(&self) -> Option<Draw> {
        self.segment().draw.or(self
            .mark
            .state
            .extra_draw
            .map(|(max, plus)| Draw { max, plus }))
    }

    pub(super) fn question(&self) -> Option<Question> {
        let st = &self.mark.state;
        if let Some(d) = self.active_draw() {
            if st.awaiting_plus {
                return Some(Question::Plus);
            }
            let n = st.drawn.len() as u32;
            let again = st.drawn.last().is_none_or(|(_, plus)| *plus);
            if n < d.max && again {
                return Some(Question::Chit {
                    n: n + 1,
                    max: d.max,
                });
            }
        }
        if let Some(r) = &self.segment().repeat {
            if !st.item_ready && st.item < r.items.len() {
                return Some(Question::Item(st.item));
            }
        }
        None
    }

    pub(super) fn question_text(&self, q: &Question) -> String {
        match q {
            Question::Chit { n, max } => {
                let names: Vec<&str> = self.seq.chits.iter().map(|c| c.id.as_str()).collect();
                format!(
                    "Crisis chit {n} of at most {max}: which did you draw? ({})",
                    names.join(", ")
                )
            }
            Question::Plus => "Did it have a (+)? (yes/no)".into(),
            Question::Item(i) => {
                let r = self.segment().repeat.as_ref().expect("a loop");
                format!("{} (yes/no)", r.ask.replace("{item}", &r.items[*i]))
            }
        }
    }

    /// Print the segment: where it is, its instructions, its steps and what can be rolled.
    pub(crate) fn show(&mut self) {
        let seg = self.segment().clone();
        let reference = seg
            .reference
            .as_deref()
            .map(|r| format!("  ({r})"))
            .unwrap_or_default();
        let head = format!(
            "Turn {} · {} · {}{}",
            self.mark.turn,
            self.phase_title(),
            seg.title,
            reference
        );
        self.say(format!("\n{}", style(head).bold().cyan()));
        if !self.seq.plays(&self.mark.phase, &seg.id, self.mark.turn) {
            self.say(format!(
                "  {}",
                style("(this segment is not played this turn)").yellow()
            ));
        }
        for t in &seg.text {
            self.say(format!("  {t}"));
        }
        let steps: Vec<Step> = seg
            .steps
            .iter()
            .filter(|s| self.step_applies(s))
            .cloned()
            .collect();
        for st in &steps {
            let mut line = String::new();
            if let Some(r) = &st.recall {
                let remembered = self
                    .mark
                    .memory
                    .get(&r.key)
                    .filter(|m| m.turn == self.mark.turn)
                    .and_then(|m| r.rows.get(&m.value));
                line.push_str(remembered.unwrap_or(&r.unknown));
            }
            if let Some(t) = &st.text {
                line.push_str(t);
            }
            if let Some(c) = &st.chart {
                let title = self
                    .book
                    .find(c)
                    .map(|e| e.title.clone())
                    .unwrap_or_default();
                if line.is_empty() {
                    line = title;
                }
                line = format!("{line} {}", style(format!("[roll {c}]")).dim());
            }
            self.say(format!("  • {line}"));
        }
        if let Some(q) = self.question() {
            let text = self.question_text(&q);
            self.say(format!("  {} {text}", style("?").yellow().bold()));
        }
    }

    /// Take the answer to the current question.
    pub(super) fn answer(&mut self, q: &Question, text: &str) -> Result<()> {
        match q {
            Question::Chit { .. } => {
                let t = text.trim();
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
                        Error::usage(format!("'{t}' is not a chit; chits: {}", ids.join(", ")))
                    })?;
                let draw = self.active_draw().expect("a draw is on");
                let st = &mut self.mark.state;
                st.drawn.push((chit.id.clone(), false));
                st.awaiting_plus = draw.plus && (st.drawn.len() as u32) < draw.max;
                st.chit_chart.clone_from(&chit.chart);
                let roll = chit
                    .chart
                    .as_ref()
                    .map(|c| format!(" {}", style(format!("[roll {c}]")).dim()))
                    .unwrap_or_default();
                self.say(format!(
                    "  {}: {}{roll}",
                    style(&chit.name).bold(),
                    chit.text
                ));
                self.journal.append(&[LogEntry {
                    turn: self.mark.turn,
                    phase: self.mark.phase.clone(),
                    segment: self.mark.segment.clone(),
                    chit: Some(chit.name.clone()),
                    plus: None,
                    chart: None,
                    inputs: BTreeMap::new(),
                    natural: None,
                    modifiers: vec![],
                    total: None,
                    column: None,
                    row: None,
                    result: None,
                    reroll: false,
                }])?;
                let n = self.mark.state.drawn.len() as u32;
                if n == draw.max && draw.max > 1 {
                    self.say(format!(
                        "  {}",
                        style("That is the last chit of this segment, (+) or not.").dim()
                    ));
                }
            }
            Question::Plus => {
                let plus = yes_no(text)?;
                let st = &mut self.mark.state;
                st.awaiting_plus = false;
                if let Some(last) = st.drawn.last_mut() {
                    last.1 = plus;
                }
                if plus {
                    self.say("  (+): draw another chit.");
                } else {
                    self.say("  No (+): the draw is over.");
                }
            }
            Question::Item(i) => {
                let yes = yes_no(text)?;
                let r = self.segment().repeat.clone().expect("a loop");
                if yes == r.skip_on {
                    self.say(format!(
                        "  {}",
                        style(format!("{}: skipped", r.items[*i])).dim()
                    ));
                    self.mark.state.item += 1;
                } else {
                    self.mark.state.item_ready = true;
                    let t = r.text.replace("{item}", &r.items[*i]);
                    self.say(format!(
                        "  {t} {}",
                        style(format!("[roll {}]", r.chart)).dim()
                    ));
                }
            }
        }
        Ok(())
    }
}
