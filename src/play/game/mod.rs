//! The turn engine: where the player stands and what the segment has seen, moved by typed
//! actions that return what happened. No terminal and no files: the front ends turn input into
//! actions and show the events; the walker writes the journal. The moves are in moves.rs, the
//! game's end in end.rs, undo in undo.rs, the rolls named next in named.rs.

mod end;
mod moves;
mod named;
mod undo;

use super::events::{Action, Event};
use super::state::{Bookmark, Profile, Step};
use crate::error::{Error, Result};
use crate::library::Book;
use crate::rules::Outcome;
use flipbook_charts::{Segment, Sequence};

/// The game: the sequence, the position and what the segment has seen.
pub(crate) struct Game<'a> {
    pub(crate) book: &'a Book,
    pub(crate) seq: Sequence,
    pub(crate) mark: Bookmark,
    /// Answers kept for the game (`sequence.yaml`: `profile`).
    pub(crate) profile: Profile,
    /// The difficulty the settings set, if they set one.
    pub(crate) difficulty: Option<String>,
    /// The steps of this game undo takes back, the last on top: those of this session, and
    /// those the walker reads back from the log when it runs out (`push_step`).
    undo: Vec<Step>,
    /// What the last action did to `undo`, so that the walker can put it back when the log
    /// could not be written.
    last: LastChange,
}

/// What the last action did to the undo history.
enum LastChange {
    None,
    /// A step was kept (on top).
    Kept,
    /// A step was taken back (here it is).
    Popped(Box<Step>),
}

impl<'a> Game<'a> {
    /// A game at `mark`, which must point at a segment of `seq`.
    #[cfg(test)]
    pub(crate) fn new(book: &'a Book, seq: Sequence, mark: Bookmark) -> Result<Game<'a>> {
        Game::with(book, seq, mark, Profile::new(), None)
    }

    /// A game with the profile kept so far and the settings' difficulty.
    pub(crate) fn with(
        book: &'a Book,
        seq: Sequence,
        mark: Bookmark,
        profile: Profile,
        difficulty: Option<String>,
    ) -> Result<Game<'a>> {
        if seq.segment(&mark.segment).is_none() {
            return Err(Error::Broken(format!(
                "segment '{}' is not in the sequence",
                mark.segment
            )));
        }
        Ok(Game {
            book,
            seq,
            mark,
            profile,
            difficulty,
            undo: Vec::new(),
            last: LastChange::None,
        })
    }

    pub(crate) fn segment(&self) -> &Segment {
        // `new` and every move keep the mark on a segment of the sequence.
        self.seq
            .segment(&self.mark.segment)
            .unwrap_or(&self.seq.segments[0])
    }

    pub(crate) fn phase_title(&self) -> &str {
        self.seq
            .phases
            .iter()
            .find(|p| p.id == self.mark.phase)
            .map_or("", |p| p.title.as_str())
    }

    /// Apply an action; on bad input an error, and nothing changed.
    pub(crate) fn apply(&mut self, action: Action) -> Result<Vec<Event>> {
        self.last = LastChange::None;
        if self.mark.over.is_some()
            && !matches!(
                action,
                Action::PlayOn | Action::Back | Action::Goto { .. } | Action::Rolled { .. }
            )
        {
            let why = self.mark.over.clone().unwrap_or_default();
            return Ok(vec![self.over(why)]);
        }
        match action {
            Action::Next { force } => {
                let open = self.open_items();
                let mut events = Vec::new();
                if force && !open.is_empty() {
                    events.push(Event::LeftOpen(open));
                }
                events.extend(self.next(force)?);
                Ok(events)
            }
            Action::Back => Ok(self.back()),
            Action::Goto {
                segment,
                turn,
                phase,
            } => self.goto(&segment, turn, phase.as_deref()),
            Action::PlayOn => Ok(self.play_on()),
            Action::Undo => Ok(self.undo()),
            Action::Aside => {
                self.mark.state.aside = true;
                Ok(vec![Event::PutAside])
            }
            Action::Answer(text) => {
                let before = (self.mark.clone(), self.profile.clone());
                let mut events = self.answer(&text)?;
                self.keep(before, &mut events);
                Ok(events)
            }
            Action::Pick(skipped) => {
                let before = (self.mark.clone(), self.profile.clone());
                let mut events = self.pick(&skipped);
                self.keep(before, &mut events);
                Ok(events)
            }
            Action::Rolled { outcome, reroll } => Ok(self.rolled(&outcome, reroll)),
        }
    }

    /// A roll made: recorded, its answers kept in the profile, what it moves forgotten, what
    /// it gives kept, the end it may bring.
    fn rolled(&mut self, outcome: &Outcome, reroll: bool) -> Vec<Event> {
        let before = (self.mark.clone(), self.profile.clone());
        let chart = outcome
            .chart
            .as_deref()
            .and_then(|c| self.book.find(c))
            .and_then(|e| e.chart().ok());
        let kept = chart.is_some_and(|c| self.keep_profile(&c, outcome));
        // What the step this roll is for moves, and the rows it landed on: forgotten
        // once its answers are kept.
        let mut moved = outcome
            .chart
            .as_deref()
            .and_then(|c| self.step_for(c))
            .map(|s| s.moves.clone())
            .unwrap_or_default();
        self.rows_moved(outcome, &mut moved);
        let mut events = self.record(outcome, reroll);
        self.forget_moved(&moved);
        // What the result gives is known from here (the Evaluation's Legacy Points).
        self.rows_give(outcome);
        if kept {
            events.push(Event::ProfileChanged);
        }
        if self.mark.over.is_some() {
            // A roll asked for after the end (a script's): rolled, shown and logged.
            events.push(Event::RolledAfterOver);
        } else {
            self.check_over(outcome, &mut events);
        }
        self.keep(before, &mut events);
        events
    }
}
