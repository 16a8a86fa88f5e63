//! `where`: where the bookmark stands.

use super::{Body, Report};
use crate::config::Config;
use crate::error::Result;
use crate::play::{Journal, start};
use serde::Serialize;

/// The fields in the order of the JSON contract (alphabetical, as it has always printed).
#[derive(Serialize)]
pub(crate) struct Position {
    pub(crate) phase: String,
    /// The phase's title, for the text.
    #[serde(skip)]
    pub(crate) phase_title: String,
    pub(crate) segment: String,
    #[serde(skip)]
    pub(crate) segment_title: String,
    /// The side whose turn it is, where the turn is played by sides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) side: Option<String>,
    /// A game has begun (a bookmark exists).
    pub(crate) started: bool,
    pub(crate) turn: u32,
}

pub(super) fn execute(cfg: &Config) -> Result<Report> {
    let book = cfg.open()?.book;
    let seq = book.sequence()?;
    let journal = Journal::new(cfg.data_dir()?, &book.id);
    let (mark, started) = match journal.load(&seq)? {
        Some(m) => (m, true),
        None => (start(&seq, &book.id), false),
    };
    let title = |id: &str| seq.segment(id).map(|s| s.title.clone()).unwrap_or_default();
    let phase_title = seq
        .phases
        .iter()
        .find(|p| p.id == mark.phase)
        .map(|p| p.title.clone())
        .unwrap_or_default();
    Ok(Body::Where(Position {
        segment_title: title(&mark.segment),
        side: flipbook_charts::side_of(&mark.phase).map(str::to_string),
        phase_title,
        phase: mark.phase,
        segment: mark.segment,
        started,
        turn: mark.turn,
    })
    .into())
}
