//! The key front end's rolls: the roll menu, a chart by its number, again, the book's re-roll,
//! an extra DRM.

use super::super::Walk;
use super::KeySession;
use super::ask::page;
use super::roll_line::due_chart;
use crate::error::{Error, Result};
use crate::prompt::fit;
use dialoguer::FuzzySelect;
use dialoguer::theme::ColorfulTheme;

/// The chart just rolled, again (each region's Stability, each bill); once a count of rolls is
/// all made (the eight regions), asked first.
pub(super) fn again(walk: &mut Walk, s: &mut KeySession) -> Result<()> {
    if let Some(c) = walk.again_chart() {
        if !sure_again(walk, s, &c)? {
            return Ok(());
        }
        s.roll(walk, &c, false)
    } else {
        super::refused(
            walk,
            "  Nothing to roll again here: . repeats a chart rolled more than once in a segment (each region, each bill).",
        );
        Ok(())
    }
}

/// An extra DRM for the next roll (a card or an event the chart does not list); an empty line
/// drops those given.
pub(super) fn extra(walk: &mut Walk) -> Result<()> {
    let text = crate::prompt::ask_line(
        "Extra DRM for the next roll (e.g. -1 or 2; several with spaces; empty drops them)",
        |t| parse_extra(t).map(|_| ()),
    );
    match text {
        Ok(t) => {
            walk.extra = parse_extra(&t).map_err(Error::Usage)?;
            let shown: Vec<String> = walk.extra.iter().map(|d| format!("{d:+}")).collect();
            walk.say(&format!(
                "  The next roll takes an extra {}.",
                shown.join(" ")
            ));
        }
        Err(Error::Cancelled) if !walk.extra.is_empty() => {
            walk.extra.clear();
            walk.say("  No extra DRM for the next roll.");
        }
        Err(Error::Cancelled) => {}
        Err(e) => return Err(e),
    }
    Ok(())
}

/// "-1", "+2", "-1 2": each an extra DRM, from -10 to 10.
fn parse_extra(text: &str) -> std::result::Result<Vec<i64>, String> {
    text.split_whitespace()
        .map(|w| match w.trim_start_matches('+').parse::<i64>() {
            Ok(n) if (-10..=10).contains(&n) => Ok(n),
            _ => Err(format!("'{w}' is not a DRM from -10 to +10")),
        })
        .collect()
}

/// The book's re-roll, asked first (y or n, at once): `R` pressed by mistake costs nothing.
pub(super) fn reroll(walk: &mut Walk, s: &mut KeySession) -> Result<()> {
    let term = &s.term.clone();
    if let Some(c) = walk.game.mark.state.rerollable.clone() {
        // The chart by its title (an id is the book's word, not the player's).
        let title = walk
            .game
            .book
            .find(&c)
            .map_or_else(|| c.clone(), |e| e.title.to_string());
        let question = format!(
            "{} {title}? (final: once only)",
            walk.game.book.reroll_announced()
        );
        if crate::prompt::yes_no(term, &question, Some(false))? != Some(true) {
            walk.say("  Not taken: nothing rolled, nothing spent.");
            return Ok(());
        }
        return s.roll(walk, &c, true);
    }
    super::refused(
        walk,
        "  Nothing to roll again: only a roll the book allows it on, once.",
    );
    Ok(())
}

/// The roll menu: the segment's charts, the likeliest first, and any other chart. The chart
/// the Roll line marks "(r)" (the rules want it now) is rolled at once: `r` asks for it.
pub(super) fn roll(walk: &mut Walk, s: &mut KeySession) -> Result<()> {
    let term = &s.term.clone();
    if let Some(due) = due_chart(walk, s) {
        if !sure_again(walk, s, &due)? {
            return Ok(());
        }
        return s.roll(walk, &due, false);
    }
    // Each with its number on the Roll line (a drawn chit's chart not offered now keeps its
    // own, and is not offered again).
    let numbered = s.numbered_choices(walk);
    let choices: Vec<String> = numbered.iter().map(|(_, c)| c.clone()).collect();
    match choices.as_slice() {
        [] => return roll_any(walk, s),
        [only] => {
            let only = only.clone();
            if !sure_again(walk, s, &only)? {
                return Ok(());
            }
            return s.roll(walk, &only, false);
        }
        _ => {}
    }
    let title = |id: &str| {
        walk.game
            .book
            .find(id)
            .map_or_else(|| id.to_string(), |e| e.title.to_string())
    };
    let mut labels: Vec<String> = numbered
        .iter()
        // By its title, as the Roll line numbers it: the game's words, never the chart's id.
        .map(|(n, c)| fit(&format!("{n} {}", title(c))))
        .collect();
    labels.push("Roll another chart…".into());
    let likeliest = walk
        .default_chart()
        .and_then(|d| choices.iter().position(|c| *c == d))
        .unwrap_or(0);
    // Read here, as the other menus of play: the chart answered is cut at a word, never broken.
    // Each chart's digit, shown beside it as on the Roll line, picks it (up to nine).
    let keys: Vec<(char, usize)> = numbered
        .iter()
        .enumerate()
        .filter(|(_, (n, _))| *n <= 9)
        .filter_map(|(i, (n, _))| char::from_digit(*n as u32, 10).map(|c| (c, i)))
        .collect();
    let Some(i) =
        crate::prompt::select_keyed(term, "Roll which chart?", &labels, likeliest, &keys)?
    else {
        return Ok(());
    };
    match choices.get(i) {
        Some(c) => {
            let c = c.clone();
            s.roll(walk, &c, false)
        }
        None => roll_any(walk, s),
    }
}

/// Any chart of the book, found as you type.
pub(super) fn roll_any(walk: &mut Walk, s: &mut KeySession) -> Result<()> {
    let term = &s.term.clone();
    let all: Vec<(String, String)> = walk
        .game
        .book
        .entries
        .iter()
        .map(|e| (e.id.to_string(), format!("{} - {}", e.id, e.title)))
        .collect();
    let labels: Vec<String> = all.iter().map(|(_, l)| fit(l)).collect();
    let Some(j) = FuzzySelect::with_theme(&ColorfulTheme::default())
        .with_prompt("Roll which chart? (type to filter)")
        .items(&labels)
        .max_length(page())
        .interact_on_opt(term)?
    else {
        return Ok(());
    };
    let chart = all[j].0.clone();
    s.roll(walk, &chart, false)
}

/// The segment's chart numbered `n` on the Roll line (from 1), rolled at once: one key.
pub(super) fn roll_nth(walk: &mut Walk, s: &mut KeySession, n: usize) -> Result<()> {
    let choices = s.roll_choices(walk);
    match n.checked_sub(1).and_then(|i| choices.get(i)) {
        // A drawn chit's chart not offered now: its number is not on the Roll line.
        Some(c) if walk.game.not_offered().contains(c) => {
            let title = walk
                .game
                .book
                .find(c)
                .map_or_else(|| c.clone(), |e| e.title.to_string());
            super::refused(
                walk,
                &format!("  {n} {title} is not offered here: its chit is not the one drawn."),
            );
            Ok(())
        }
        Some(c) => {
            let c = c.clone();
            if !sure_again(walk, s, &c)? || !sure_unasked(walk, s, &c)? {
                return Ok(());
            }
            s.roll(walk, &c, false)
        }
        None if choices.is_empty() => {
            super::refused(
                walk,
                "  No chart of this segment to roll: r finds any chart of the book.",
            );
            Ok(())
        }
        None => {
            super::refused(
                walk,
                &format!(
                    "  No chart {n} here: the Roll line numbers them 1 to {}.",
                    choices.len()
                ),
            );
            Ok(())
        }
    }
}

/// A chart rolled here already, that nothing here rolls again (Russia or China, End Turn),
/// asked first on one key: a digit or `r` pressed by mistake would roll it anew.
fn sure_again(walk: &mut Walk, s: &KeySession, chart: &str) -> Result<bool> {
    let Some(row) = walk.game.rolled_already(chart) else {
        return Ok(true);
    };
    let landed = if row.is_empty() {
        String::new()
    } else {
        format!(" ({row})")
    };
    let question = format!("{chart} was rolled here already{landed}: roll it again?");
    let sure = crate::prompt::yes_no(&s.term, &question, Some(false))? == Some(true);
    if !sure {
        walk.say("  Not rolled: u takes a roll back, R re-rolls where the book allows it.");
    }
    Ok(sure)
}

/// A chart the rules do not want now (not the "(r)" chart, not an open roll), asked first on
/// one key: a digit typed ahead for a question the tool no longer asks ("4" where it worked
/// the value out) never rolls a chart nothing called for. Enter answers no.
fn sure_unasked(walk: &mut Walk, s: &KeySession, chart: &str) -> Result<bool> {
    // One rolled here already was asked by `sure_again`.
    if walk.game.rolled_already(chart).is_some()
        || due_chart(walk, s).as_deref() == Some(chart)
        || walk.game.open_items().iter().any(|o| o.wants(chart))
    {
        return Ok(true);
    }
    let title = walk
        .game
        .book
        .find(chart)
        .map_or_else(|| chart.to_string(), |e| e.title.to_string());
    let question = format!("Nothing here calls for {title} now: roll it?");
    let sure = crate::prompt::yes_no(&s.term, &question, Some(false))? == Some(true);
    if !sure {
        walk.say("  Not rolled.");
    }
    Ok(sure)
}
