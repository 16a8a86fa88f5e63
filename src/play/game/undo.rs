//! Undo: each step of the game kept as the game was before it (with the log lines it wrote),
//! taken back the last first; the history put back when the log could not be written.

use super::super::events::{Event, Undid};
use super::super::state::{Bookmark, Profile, Step, new_id};
use super::{Game, LastChange};

/// The most steps kept for undo; the oldest go first.
const MAX_UNDO: usize = 1000;

impl Game<'_> {
    /// Keep the game as it was before a step for undo, with what the step wrote (its log
    /// entries, given their ids here) and was.
    pub(super) fn keep(&mut self, (mark, profile): (Bookmark, Profile), events: &mut [Event]) {
        let mut logged = Vec::new();
        for e in events.iter_mut() {
            if let Event::Log(entry) = e {
                logged.push(entry.id.get_or_insert_with(new_id).clone());
            }
        }
        let what = events
            .iter()
            .find_map(|e| match e {
                Event::Rolled(o) => Some(Undid::Roll(o.chart.clone())),
                Event::ChitDrawn { name, .. } => Some(Undid::Chit(name.clone())),
                _ => None,
            })
            .unwrap_or(Undid::Answer);
        let dice = events
            .iter()
            .find_map(|e| match e {
                Event::Rolled(o) if !o.hand && o.sides.is_empty() && o.set_aside.is_empty() => {
                    Some(if o.dice.is_empty() {
                        o.natural.into_iter().collect()
                    } else {
                        o.dice.clone()
                    })
                }
                _ => None,
            })
            .unwrap_or_default();
        let extra = events
            .iter()
            .find_map(|e| match e {
                Event::Rolled(o) => Some(
                    o.modifiers
                        .iter()
                        .filter(|m| m.source == crate::rules::EXTRA)
                        .map(|m| m.value)
                        .collect(),
                ),
                _ => None,
            })
            .unwrap_or_default();
        if self.undo.len() >= MAX_UNDO {
            self.undo.remove(0);
        }
        self.undo.push(Step {
            id: new_id(),
            logged,
            what,
            dice,
            extra,
            before: mark,
            profile,
        });
        self.last = LastChange::Kept;
    }

    /// The step the last action kept, if it kept one: for the log.
    pub(crate) fn kept_step(&self) -> Option<&Step> {
        matches!(self.last, LastChange::Kept)
            .then(|| self.undo.last())
            .flatten()
    }

    /// Whether undo has a step of this session to take back.
    pub(crate) fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// A step read back from the log, for undo to take back next.
    pub(crate) fn push_step(&mut self, step: Step) {
        self.undo.push(step);
    }

    /// The game as it was before the last action (its bookmark and profile, and the undo
    /// history as it was): the walker could not write what it did to the log.
    pub(crate) fn put_back(&mut self, (mark, profile): (Bookmark, Profile)) {
        match std::mem::replace(&mut self.last, LastChange::None) {
            LastChange::Kept => {
                self.undo.pop();
            }
            LastChange::Popped(step) => self.undo.push(*step),
            LastChange::None => {}
        }
        self.mark = mark;
        self.profile = profile;
    }

    /// Take back the last step of the game: the walk goes back to the segment it was made in,
    /// as it was before it.
    pub(super) fn undo(&mut self) -> Vec<Event> {
        let Some(step) = self.undo.pop() else {
            return vec![Event::NothingToUndo];
        };
        let moved = (step.before.turn, &step.before.phase, &step.before.segment)
            != (self.mark.turn, &self.mark.phase, &self.mark.segment);
        let mut events = Vec::new();
        if self.profile != step.profile {
            self.profile.clone_from(&step.profile);
            events.push(Event::ProfileChanged);
        }
        self.mark.clone_from(&step.before);
        if moved {
            events.push(Event::Entered);
        }
        let mut ids = step.logged.clone();
        ids.push(step.id.clone());
        // Said under the segment it goes back to.
        events.push(Event::Undone {
            logged: step.logged.len(),
            what: step.what.clone(),
            dice: step.dice.clone(),
            extra: step.extra.clone(),
            ids,
        });
        self.last = LastChange::Popped(Box::new(step));
        events
    }

    /// A new game at `mark`: nothing of the last one can be undone.
    pub(crate) fn begin(&mut self, mark: Bookmark) {
        self.mark = mark;
        self.undo.clear();
    }
}
