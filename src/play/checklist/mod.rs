//! A segment's checklist: its steps and charts, each chit drawn and its chart, the (+) after a
//! chit is resolved, a loop's items; the question waiting. What is done and what is open are
//! listed in items.rs, an answer taken in answer.rs, a roll recorded in record.rs.

mod answer;
mod items;
mod record;

use super::events::Event;
use super::game::Game;
use crate::error::{Error, Result};
use flipbook_charts::{Chit, Draw, Repeat, Step, turn_applies};

/// A question the segment waits on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Question {
    /// Which chit was drawn (the n-th of at most `max`).
    Chit { n: u32, max: u32 },
    /// Whether the last chit had a (+).
    Plus,
    /// A loop's item, by its place.
    Item(usize),
    /// Whether any answer kept for another segment's loop items changed (`review`).
    Review,
    /// Whether the board plays the segment (`None`) or its step `i` (`only_if`).
    OnlyIf(Option<usize>),
    /// Whether the game ends here (step `i`'s `game_over`).
    Ends(usize),
    /// How many rolls step `i` is made by (its `count`).
    Count(usize),
}

/// One line of the checklist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Item {
    pub(crate) done: bool,
    pub(crate) text: String,
}

impl Game<'_> {
    pub(crate) fn step_applies(&self, st: &Step) -> bool {
        self.step_in_turn(st) && self.board_keeps(st)
    }

    /// Whether the step is played this turn and phase, whatever the board answers.
    fn step_in_turn(&self, st: &Step) -> bool {
        turn_applies(&st.turns, &st.not_turns, self.mark.turn)
            && (st.phases.is_empty()
                || st
                    .phases
                    .iter()
                    .any(|p| p == flipbook_charts::phase_of(&self.mark.phase)))
    }

    /// The steps this turn and phase played when the walk came to this segment: the board's
    /// answers given here not yet given (the Roll line numbers their charts first).
    pub(crate) fn steps_before(&self) -> Vec<&Step> {
        self.segment()
            .steps
            .iter()
            .filter(|s| self.step_in_turn(s) && self.board_kept_before(s))
            .collect()
    }

    /// The steps this turn and phase play.
    pub(crate) fn steps(&self) -> Vec<&Step> {
        self.segment()
            .steps
            .iter()
            .filter(|s| self.step_applies(s))
            .collect()
    }

    pub(crate) fn draw(&self) -> Option<Draw> {
        self.segment().draw.or(self
            .mark
            .state
            .extra_draw
            .map(|(max, plus)| Draw { max, plus }))
    }

    fn chit(&self, id: &str) -> Option<&Chit> {
        self.seq.chits.iter().find(|c| c.id == id)
    }

    fn repeat(&self) -> Option<&Repeat> {
        self.segment().repeat.as_ref()
    }

    /// The chit drawn at `i` still waits for its chart to be rolled.
    pub(super) fn chit_unrolled(&self, i: usize) -> Option<String> {
        let d = self.mark.state.chits.get(i)?;
        let chart = self.chit(&d.chit)?.chart.clone()?;
        let rolled = self.mark.state.rolled.iter().any(|r| r.chit == Some(i));
        (!rolled).then_some(chart)
    }

    /// The chit drawn at `i` is resolved: its chart rolled, and no roll a result made due (a
    /// row's `next`) still owed.
    fn chit_resolved(&self, i: usize) -> bool {
        self.chit_unrolled(i).is_none() && self.mark.state.due.is_empty()
    }

    /// What a step recalling an earlier roll of the turn says (its row's text, or the text for
    /// a roll not made).
    pub(crate) fn recalled<'s>(&'s self, st: &'s Step) -> Option<&'s str> {
        let r = st.recall.as_ref()?;
        let remembered =
            super::nav::lookup(&self.mark.memory, &self.mark.phase, &r.key, self.mark.turn)
                .filter(|m| m.turn == self.mark.turn)
                .and_then(|m| r.rows.get(&m.value));
        Some(remembered.unwrap_or(&r.unknown))
    }

    /// The charts the steps recalling an earlier roll name ("follow the Russia Action Chart
    /// (WPR1)").
    pub(crate) fn recalled_charts(&self) -> Vec<String> {
        self.steps()
            .into_iter()
            .filter_map(|st| self.recalled(st))
            .flat_map(|t| self.named_in(t))
            .collect()
    }

    /// The charts of the chits drawn here, in the order drawn.
    pub(crate) fn chit_charts(&self) -> Vec<String> {
        let st = &self.mark.state;
        st.chits
            .iter()
            .filter_map(|d| self.chit(&d.chit)?.chart.clone())
            .collect()
    }

    /// The charts of drawn chits not yet rolled, in the order drawn.
    pub(crate) fn unrolled_chit_charts(&self) -> Vec<String> {
        (0..self.mark.state.chits.len())
            .filter_map(|i| self.chit_unrolled(i))
            .collect()
    }

    /// The question waiting, and whether it is asked by itself (a (+) waits for its chit's
    /// roll, and a question put aside waits for the player).
    pub(crate) fn question(&self) -> Option<(Question, bool)> {
        let st = &self.mark.state;
        let auto = !st.aside;
        if self.review_waiting().is_some() {
            return Some((Question::Review, auto));
        }
        // A game over asks no more of the board (until it is played on).
        if self.mark.over.is_none()
            && let Some(q) = self.board_question()
        {
            return Some((q, auto));
        }
        if let Some(d) = self.draw() {
            let n = st.chits.len() as u32;
            match st.chits.last() {
                Some(last) if last.plus.is_none() && d.plus && n < d.max => {
                    let resolved = self.chit_resolved(st.chits.len() - 1);
                    return Some((Question::Plus, auto && resolved));
                }
                Some(last) if last.plus != Some(true) => {}
                _ if n < d.max => {
                    // The next chit is drawn once the one before is resolved: its chart
                    // rolled, and the rolls its result made due (a row's `next`) too.
                    let resolved = n == 0 || self.chit_resolved(st.chits.len() - 1);
                    return Some((
                        Question::Chit {
                            n: n + 1,
                            max: d.max,
                        },
                        auto && resolved,
                    ));
                }
                _ => {}
            }
        }
        let r = self.repeat()?;
        // The next item is asked once the one before is rolled.
        let rolled_before = self.ready_item().is_none();
        (st.items.len() < r.items.len())
            .then_some((Question::Item(st.items.len()), auto && rolled_before))
    }

    pub(crate) fn question_text(&self, q: &Question) -> String {
        match q {
            Question::Chit { n, max } => {
                let name = self.seq.chit_name.as_deref().unwrap_or("Chit");
                if *max == 1 {
                    format!("{name}: which did you draw?")
                } else {
                    format!("{name} {n} of at most {max}: which did you draw?")
                }
            }
            Question::Plus => "Did it have a (+)?".into(),
            Question::Item(i) => self
                .repeat()
                .map_or_else(String::new, |r| r.ask.replace("{item}", item_name(r, *i))),
            Question::Review => self.review_question(),
            Question::OnlyIf(_) | Question::Ends(_) | Question::Count(_) => self.board_text(q),
        }
    }

    /// The loop item waiting for its roll: the first answered, not skipped and not rolled.
    pub(crate) fn ready_item(&self) -> Option<usize> {
        let st = &self.mark.state;
        (0..st.items.len()).find(|&i| !st.items[i] && !st.rolled.iter().any(|r| r.item == Some(i)))
    }

    /// The charts of the book a text names: an id or alias with a dash or a digit ("WD1",
    /// "major-crisis"), or any after "roll" ("then roll chaos").
    pub(crate) fn named_in(&self, text: &str) -> Vec<String> {
        let mut found = Vec::new();
        let mut after_roll = false;
        for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            if word.is_empty() {
                continue;
            }
            let marked = word.contains('-') || word.chars().any(|c| c.is_ascii_digit());
            if let Some(e) = self.book.find(word).filter(|_| marked || after_roll)
                && !found.iter().any(|f| *f == e.id)
            {
                found.push(e.id.to_string());
            }
            after_roll = word.eq_ignore_ascii_case("roll");
        }
        found
    }
}

pub(crate) fn yes_no(text: &str) -> Result<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" => Ok(true),
        "no" | "n" | "false" => Ok(false),
        t => Err(Error::usage(format!(
            "answer yes or no, not '{}'",
            crate::text::quoted(t)
        ))),
    }
}

/// A loop's item skipped, said as the checklist names it (its noun, then its name).
fn skipped_event(r: &flipbook_charts::Repeat, i: usize) -> Event {
    Event::ItemSkipped(format!("{} {}", r.noun(), item_name(r, i)))
}

/// A loop item's name; a place past the loop (a bookmark the book no longer fits) is never a
/// panic.
fn item_name(r: &flipbook_charts::Repeat, i: usize) -> &str {
    r.items.get(i).map_or("?", String::as_str)
}
