//! `track`: one turn as the board's Turn Sequence chart draws it, against the bookmark.

use super::{Body, Report};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::play::{Journal, track};

pub(super) fn execute(cfg: &Config, turn: Option<u32>) -> Result<Report> {
    let book = cfg.open()?.book;
    let seq = book.sequence()?;
    let journal = Journal::new(cfg.data_dir()?, &book.id);
    let mark = journal.load(&seq)?;
    let turn = turn.unwrap_or_else(|| mark.as_ref().map_or(1, |m| m.turn));
    let last = seq.final_turn();
    if turn == 0 || turn > last {
        return Err(Error::usage(format!(
            "--turn takes a turn from 1 to {last}, not {turn}"
        )));
    }
    Ok(Body::Track(Box::new(track::of(&seq, mark.as_ref(), turn))).into())
}
