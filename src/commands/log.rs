//! `log`: the game log of rolls and chits drawn, one turn or all, as text or Markdown; the
//! current game's or an earlier one's.

use super::{Body, Report};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::play::{Journal, LogEntry, LogNames};
use serde::{Serialize, Serializer};

/// A game's log entries (one turn's or all), read from its file when shown, entry by entry.
pub(crate) struct LogStream {
    journal: Journal,
    turn: Option<u32>,
}

impl LogStream {
    /// The entries, in order.
    pub(crate) fn entries(&self) -> Result<impl Iterator<Item = LogEntry>> {
        let turn = self.turn;
        Ok(self
            .journal
            .log_reader()?
            .filter(move |e| turn.is_none_or(|t| e.turn == t)))
    }
}

impl Serialize for LogStream {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let entries = self.entries().map_err(serde::ser::Error::custom)?;
        s.collect_seq(entries)
    }
}

#[derive(Serialize)]
pub(crate) struct LogReport {
    pub(crate) book: String,
    /// The game's number (`flipbook games`).
    pub(crate) game: u32,
    /// The entries, read from the file as they are shown: never held whole.
    pub(crate) log: LogStream,
    #[serde(skip)]
    pub(crate) title: String,
    /// Only this turn.
    #[serde(skip)]
    pub(crate) turn: Option<u32>,
    #[serde(skip)]
    pub(crate) markdown: bool,
    /// The book's words for the ids the log keeps (the text shows titles).
    #[serde(skip)]
    pub(crate) names: LogNames,
}

pub(super) fn execute(
    cfg: &Config,
    turn: Option<u32>,
    markdown: bool,
    game: Option<u32>,
) -> Result<Report> {
    let book = cfg.open()?.book;
    let (game, journal) = game_journal(cfg, &book.id, game)?;
    // A first pass counts the lines that cannot be read, for the warning shown first.
    let mut reader = journal.log_reader()?;
    reader.by_ref().for_each(drop);
    let broken = reader.broken();
    let log = LogStream { journal, turn };
    let warnings = if broken > 0 {
        vec![format!(
            "{broken} line{} of the log could not be read (cut short by a crash?) and {} left out",
            if broken == 1 { "" } else { "s" },
            if broken == 1 { "is" } else { "are" }
        )]
    } else {
        Vec::new()
    };
    let names = LogNames::of(&book);
    Ok(Report::from(Body::Log(LogReport {
        names,
        book: book.id,
        game,
        log,
        title: book.title,
        turn,
        markdown,
    }))
    .warn(warnings))
}

/// The journal of game `game` of a book (default: the current game), with its number; a game
/// that is not there is bad input.
pub(super) fn game_journal(cfg: &Config, book: &str, game: Option<u32>) -> Result<(u32, Journal)> {
    let current = Journal::new(cfg.data_dir()?, book);
    match game {
        None => Ok((current.current_number()?, current)),
        Some(n) => {
            let Some(j) = current.game(n)? else {
                let last = current.current_number()?;
                return Err(Error::usage(format!(
                    "there is no game {n}: the games are 1 to {last} (`flipbook games`)"
                )));
            };
            Ok((n, j))
        }
    }
}
