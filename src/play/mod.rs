//! `play`: the turn sequence, segment by segment. A pure turn engine (`game`, `checklist`,
//! `answers`, `nav`) moves the game's `state` by actions and returns typed `events`; the walker
//! (`walk`) keeps the journal (bookmark, log, profile) after each one and shows what happened
//! (`view`); two front ends turn input into actions and word what is theirs to say: keys and
//! menus on a terminal (`keys`), lines from a script (`lines`).

mod answers;
mod board;
mod checklist;
mod events;
mod game;
mod journal;
mod keys;
mod lines;
mod lock;
mod nav;
mod odds;
pub(crate) mod profile;
mod review;
mod state;
mod steps;
pub(crate) mod track;
mod view;
mod walk;

pub(crate) use events::RESULT_ENDED;
pub(crate) use journal::Journal;
pub(crate) use nav::start;
pub(crate) use state::LogEntry;
pub(crate) use view::{LogNames, log_text, track_text};
pub(crate) use walk::{Walk, new_game};

use crate::error::Result;
use std::io::Write;

/// How the player talks to the walk.
pub(crate) enum Io {
    /// Keys and menus on a terminal (stderr).
    Term(console::Term),
    /// One line at a time (a script).
    Lines(Box<dyn std::io::BufRead>),
}

impl Walk<'_> {
    /// Walk until the player quits or the input ends, in the front end `io` chooses; whatever
    /// happens, the position is kept.
    pub(crate) fn run(&mut self, io: Io) -> Result<()> {
        self.journal.save(&self.game.mark)?;
        let result = match io {
            Io::Term(term) => keys::run(self, &term),
            Io::Lines(reader) => lines::run(self, reader),
        };
        let _ = self.out.flush();
        let saved = self.journal.save(&self.game.mark);
        result.and(saved)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod required_tests;
