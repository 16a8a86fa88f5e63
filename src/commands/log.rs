//! `log`: the game log of rolls and chits drawn, one turn or all, as text or Markdown.

use super::{Body, Report};
use crate::config::Config;
use crate::error::Result;
use crate::play::{Journal, LogEntry};
use serde::Serialize;

#[derive(Serialize)]
pub(crate) struct LogReport {
    pub(crate) book: String,
    pub(crate) log: Vec<LogEntry>,
    #[serde(skip)]
    pub(crate) title: String,
    /// Only this turn.
    #[serde(skip)]
    pub(crate) turn: Option<u32>,
    #[serde(skip)]
    pub(crate) markdown: bool,
}

pub(super) fn execute(cfg: &Config, turn: Option<u32>, markdown: bool) -> Result<Report> {
    let book = cfg.open()?.book;
    let journal = Journal::new(cfg.data_dir()?, &book.id);
    let log = journal
        .read_log()?
        .into_iter()
        .filter(|e| turn.is_none_or(|t| e.turn == t))
        .collect();
    Ok(Body::Log(LogReport {
        book: book.id,
        log,
        title: book.title,
        turn,
        markdown,
    })
    .into())
}
