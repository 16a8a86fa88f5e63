//! `play`: open the game where the bookmark stands (or restart it, or jump), then walk.

use super::{Body, Report};
use crate::cli::PlayArgs;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::play::{Io, Journal, Walk, new_game, start};
use crate::prompt;

pub(super) fn execute(cfg: &Config, a: &PlayArgs) -> Result<Report> {
    let session = cfg.open()?;
    let book = &session.book;
    let seq = book.sequence()?;
    let journal = Journal::new(cfg.data_dir()?, &book.id);
    let _lock = journal.lock()?;
    let mut carried = None;
    let mut mark = if a.restart {
        if !a.yes {
            if !cfg.can_ask {
                return Err(Error::usage(
                    "--restart needs --yes when nothing can be asked",
                ));
            }
            let sure = prompt::confirm(
                "Begin a new game at turn 1? (this one is kept: `flipbook games`)",
            )?;
            if sure != Some(true) {
                return Err(Error::Cancelled);
            }
        }
        carried = Some(new_game(&journal, &seq)?);
        start(&seq, &book.id)
    } else if a.goto.is_some() {
        // A bookmark that cannot be read is replaced by the jump.
        match journal.load(&seq).ok().flatten() {
            Some(mark) => journal.resume(mark)?,
            None => journal.fresh(start(&seq, &book.id))?,
        }
    } else {
        match journal.load(&seq)? {
            // The log is ahead of the bookmark after a crash between their writes: settled.
            Some(mark) => journal.resume(mark)?,
            None => journal.fresh(start(&seq, &book.id))?,
        }
    };
    mark.book.clone_from(&book.id);
    let io = if cfg.can_ask {
        Io::Term(console::Term::stderr())
    } else {
        Io::Lines(Box::new(std::io::BufReader::new(std::io::stdin())))
    };
    let difficulty = cfg.difficulty_set().map(String::from);
    if let Some(w) = difficulty
        .as_deref()
        .and_then(|d| unknown_difficulty(book, &seq, d))
    {
        crate::text::warn(&w);
    }
    let mut walk = Walk::new(
        book,
        mark,
        journal,
        cfg.dicer(vec![]),
        session.options(&[]),
        difficulty,
    )?;
    if let Some(line) = carried {
        walk.notice(line);
    }
    if let Some(seg) = &a.goto {
        walk.goto(seg, a.turn, a.phase.as_deref())?;
    }
    walk.run(io)?;
    Ok(Report::from(Body::Nothing).warn(session.warnings))
}

/// The settings' difficulty when the book has no such choice (its `knows: {difficulty: KEY}`
/// input lists them): a warning, and the question is asked as if the settings said none.
fn unknown_difficulty(
    book: &crate::library::Book,
    seq: &flipbook_charts::Sequence,
    said: &str,
) -> Option<String> {
    let key = seq.knows.difficulty.as_deref()?;
    let choices: Vec<String> = book
        .entries
        .iter()
        .filter_map(|e| e.chart().ok())
        .find_map(|c| c.input(key).filter(|i| !i.options.is_empty()).cloned())?
        .options
        .iter()
        .map(|o| o.value().to_string())
        .collect();
    (!choices.iter().any(|c| c == said)).then(|| {
        format!(
            "settings.yaml says difficulty: {said}, which this book has not ({}): it is asked instead",
            choices.join(", ")
        )
    })
}
