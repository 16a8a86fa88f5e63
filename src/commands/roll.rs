//! `roll`: one roll on a chart (with the rolls it calls for), or plain dice. While a game of the
//! book is open, the roll goes to its log too, marked as made outside `play`.

use super::{Body, Report};
use crate::cli::RollArgs;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::library::Book;
use crate::play::{Journal, LogEntry};
use crate::rules::{Outcome, Roller, Scope, from_sets, refuse_drm, roll_plain};
use flipbook_charts::{Dice, is_plain_dice};

pub(super) fn execute(cfg: &Config, a: &RollArgs) -> Result<Report> {
    let session = cfg.open()?;
    let book = &session.book;
    let entry = book.find(&a.target);
    let mut prompter = cfg.prompter();
    // d6, d10 and 2d6 are always dice; other dice only when no chart has the name (D9 is a chart).
    let dice = Dice::parse(&a.target).filter(|_| entry.is_none() || is_plain_dice(&a.target));
    let mut dicer = cfg.dicer(a.roll.clone());
    let game = open_game(cfg, book);
    let outcome = match (entry.filter(|_| dice.is_none()), dice) {
        (None, Some(dice)) => {
            if !a.set.is_empty() {
                return Err(Error::usage(format!("plain dice ({dice}) take no --set")));
            }
            roll_plain(
                dice,
                &mut dicer,
                prompter.as_mut(),
                &session.options(&a.drm),
            )?
        }
        (None, None) => {
            return Err(book
                .entry(&a.target)
                .err()
                .unwrap_or_else(|| Error::usage(format!("unknown chart or dice '{}'", a.target))));
        }
        (Some(entry), _) => {
            let chart = entry.chart()?;
            refuse_drm(&chart, &a.drm)?;
            let inputs = book.inputs_of(&chart)?;
            let mut values = from_sets(&chart.id, &inputs, &a.set)?;
            // An open game's profile answers what it keeps (the President's attributes...).
            for (key, text) in game_profile(&game) {
                if let Some(input) = inputs.iter().find(|i| i.key == key)
                    && let Ok(v) = crate::rules::parse_value(input, &text)
                {
                    values.entry(key).or_insert(v);
                }
            }
            let mut roller = Roller::new(
                book,
                &mut dicer,
                prompter.as_mut(),
                session.options(&a.drm),
                values,
            );
            roller.resolve(&chart)?
        }
    };
    let mut warnings = session.warnings;
    warnings.extend(skipped_sets(book, &outcome, &a.set));
    if let Some(u) = dicer.unused() {
        // A gate (or odds below the table) answered instead of a roll: its answer is shown,
        // and the dice given are said to be unused.
        if outcome.notes.iter().any(|n| n == "no roll") {
            warnings.push(format!("{u} (no roll was made)"));
        } else {
            return Err(Error::Usage(u));
        }
    }
    if !a.no_log
        && let Err(e) = log_outside(game, &outcome)
    {
        warnings.push(format!("the roll was not logged: {e}"));
    }
    Ok(Report::from(Body::Roll(Box::new(outcome))).warn(warnings))
}

/// A `--set` answer that no chart of the roll read: each chart that asks it skips the question
/// (its `ask_if` does not hold with the other answers). Said in a warning line, not dropped
/// silently: the player may think it counted.
fn skipped_sets(book: &Book, outcome: &Outcome, sets: &[String]) -> Vec<String> {
    let mut skipped: Vec<(String, String)> = Vec::new();
    let mut read: Vec<String> = Vec::new();
    let mut stack = vec![outcome];
    while let Some(o) = stack.pop() {
        stack.extend(o.then.iter());
        let Some(chart) = o
            .chart
            .as_deref()
            .and_then(|id| book.entry(id).ok())
            .and_then(|e| e.chart().ok())
        else {
            continue;
        };
        let scope = Scope {
            chart: &chart,
            values: &o.inputs,
            row: None,
            dice: &[],
            read: None,
        };
        for input in &chart.inputs {
            let off = input
                .ask_if
                .as_ref()
                .is_some_and(|c| scope.holds(c) == Some(false));
            if off {
                skipped.push((input.key.clone(), input.ask.clone()));
            } else {
                read.push(input.key.clone());
            }
        }
    }
    let mut out = Vec::new();
    for s in sets {
        let Some((key, value)) = s.split_once('=') else {
            continue;
        };
        let key = key.trim();
        if read.iter().any(|k| k == key) {
            continue;
        }
        if let Some((_, ask)) = skipped.iter().find(|(k, _)| k == key) {
            let line = format!(
                "--set {key}={} not used: \"{ask}\" is not asked with the other answers (its ask_if)",
                value.trim()
            );
            if !out.contains(&line) {
                out.push(line);
            }
        }
    }
    out
}

/// The book's open game, where there is one (a data folder, the book's turn, a bookmark): its
/// journal and the turn. One look-up for the profile a roll reads and the log it goes to.
fn open_game(cfg: &Config, book: &Book) -> Result<Option<(Journal, flipbook_charts::Sequence)>> {
    // No data folder: no game can be open.
    let Ok(data) = cfg.data_dir() else {
        return Ok(None);
    };
    let journal = Journal::new(data, &book.id);
    if !journal.has_bookmark() || book.sequence_text()?.is_none() {
        return Ok(None);
    }
    let seq = book.sequence()?;
    Ok(Some((journal, seq)))
}

/// The open game's profile: the answers of its `profile` keys; else none.
fn game_profile(
    game: &Result<Option<(Journal, flipbook_charts::Sequence)>>,
) -> Vec<(String, String)> {
    let Ok(Some((journal, seq))) = game else {
        return Vec::new();
    };
    let profile = journal.load_profile().unwrap_or_default();
    profile
        .into_iter()
        .filter(|(k, _)| seq.profile.contains(k))
        .collect()
}

/// Append the roll and its follow-ups to the open game's log, at the bookmark's place, marked
/// `outside`. No game, no log.
fn log_outside(
    game: Result<Option<(Journal, flipbook_charts::Sequence)>>,
    outcome: &Outcome,
) -> Result<()> {
    let Some((journal, seq)) = game? else {
        return Ok(());
    };
    let Some(mark) = journal.load(&seq)? else {
        return Ok(());
    };
    let mut entries = Vec::new();
    LogEntry::of_outcome(
        outcome,
        (mark.turn, &mark.phase, &mark.segment),
        false,
        &mut entries,
    );
    for e in &mut entries {
        e.outside = true;
    }
    journal.append(&entries)
}
