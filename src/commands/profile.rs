//! `profile`: the current game's profile, each kept answer with its question; `--set` and
//! `--clear` change it (written whole or not at all, never while `play` holds the game).

use super::{Body, Report};
use crate::config::Config;
use crate::error::Result;
use crate::play::{Journal, profile};
use serde::Serialize;

#[derive(Serialize)]
pub(crate) struct ProfileReport {
    pub(crate) book: String,
    /// The game's number (`flipbook games`).
    pub(crate) game: u32,
    pub(crate) answers: Vec<Answer>,
}

#[derive(Serialize)]
pub(crate) struct Answer {
    /// The key it is kept under (`range#6` for one item of a loop).
    pub(crate) key: String,
    /// What the player reads: the input's label, after its loop item.
    pub(crate) name: String,
    pub(crate) question: String,
    /// The loop's item, for an item's answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) item: Option<String>,
    /// The kept answer; `None`: not kept yet (asked the next time it is needed).
    pub(crate) value: Option<String>,
}

pub(super) fn execute(cfg: &Config, set: &[String], clear: &[String]) -> Result<Report> {
    let book = cfg.open()?.book;
    let seq = book.sequence()?;
    let journal = Journal::new(cfg.data_dir()?, &book.id);
    let slots = profile::slots(&book, &seq)?;
    let changing = !set.is_empty() || !clear.is_empty();
    // A change holds the game (refused while `play` has it): read, changed and written with
    // no other writer between.
    let _held = changing.then(|| journal.hold_for_change()).transpose()?;
    let mut kept = journal.load_profile()?;
    if changing {
        // Every change is checked before the file is written.
        for k in clear {
            profile::clear(&slots, &mut kept, k)?;
        }
        for s in set {
            profile::set(&slots, &mut kept, s)?;
        }
        journal.save_profile(&kept)?;
    }
    let answers = slots
        .into_iter()
        .map(|s| Answer {
            value: kept.get(&s.key).cloned(),
            question: s.input.ask,
            name: s.name,
            key: s.key,
            item: s.item,
        })
        .collect();
    Ok(Body::Profile(ProfileReport {
        book: book.id,
        game: journal.current_number()?,
        answers,
    })
    .into())
}
