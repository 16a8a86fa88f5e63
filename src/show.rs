//! A roll as text: the natural die, each modifier with its source, the total, the row and the
//! result, and the rolls it called for, indented. Below `play` and `ui`: `flipbook roll`
//! prints it, and `play` shows it under each roll.

use crate::rules::{DICE_DECIDE, DRMS_THERE, Modifier, Outcome, SideRoll, Winner};
use console::style;
use flipbook_charts::Die;
use std::fmt::Write as _;

/// The engine's note on a repeat a "two different" roll throws away.
const ALREADY_FOUND: &str = "already found: rolled again";

/// A roll set aside and rolled again ("roll again on a 1"): one line, its die said discarded;
/// its total, row and result are not printed (it has none).
fn discarded(out: &mut String, s: &Outcome, indent: usize) {
    let pad = " ".repeat(indent);
    let head = match (&s.title, &s.chart) {
        (Some(t), Some(id)) => format!("{t} ({id})"),
        _ => s.die.to_string(),
    };
    let natural = s
        .natural
        .map(|n| format!(" · natural {n}"))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "{pad}{}",
        style(format!("{head}{natural}: discarded, rolled again")).dim()
    );
}

/// A roll, its modifiers each with its source, the total, the row and column, and the result.
/// `id`: the heading names the chart's id beside its title (what `roll` and `chart` take).
pub(crate) fn outcome(out: &mut String, o: &Outcome, indent: usize, id: bool) {
    for s in &o.set_aside {
        discarded(out, s, indent);
    }
    let pad = " ".repeat(indent);
    // A repeat a "two different" roll threw away: one line, its result not printed again.
    if o.notes.iter().any(|n| n == ALREADY_FOUND) {
        already_found(out, o, &pad);
        return;
    }
    let _ = writeln!(out, "{pad}{}", heading(o, id));
    let pad2 = format!("{pad}  ");
    notes_and_dice(out, o, &pad2);
    if one_value(out, o, &pad2) {
        return rest(out, o, indent, &pad2, id);
    }
    modifiers(out, &o.modifiers, &pad2);
    total(out, o, &pad2);
    winner(out, o, &pad2);
    rest(out, o, indent, &pad2, id);
}

/// A repeat a "two different" roll threw away, in one line: its natural roll and its row.
fn already_found(out: &mut String, o: &Outcome, pad: &str) {
    let natural = o
        .natural
        .map(|n| format!("natural {n} "))
        .unwrap_or_default();
    let row = o.row.as_deref().unwrap_or("?");
    let _ = writeln!(
        out,
        "{pad}{}",
        style(format!("{natural}→ row {row}: already found, rolled again")).dim()
    );
}

/// A roll's heading: its chart's title (with its id where `id`) or its die, the dice a chart
/// rolls, the column.
fn heading(o: &Outcome, id: bool) -> String {
    let mut head = match (&o.title, &o.chart) {
        (Some(t), Some(c)) if id => format!("{} ({c})", style(t).bold()),
        (Some(t), Some(_)) => format!("{}", style(t).bold()),
        _ => format!("{}", style(&o.die).bold()),
    };
    if o.chart.is_some() {
        let die = match o.die {
            Die::Table => "table".to_string(),
            Die::Dice(d) => d.to_string(),
        };
        let _ = write!(head, " · {die}");
    }
    if let Some(c) = &o.column {
        let _ = write!(head, " · column {}", style(c).cyan());
    }
    head
}

/// The engine's notes (less those the total line says), the natural rolls ignored and rolled
/// again, the natural roll and its dice, each side's of an opposed roll.
fn notes_and_dice(out: &mut String, o: &Outcome, pad2: &str) {
    for n in &o.notes {
        if !n.starts_with("total ") && n != DICE_DECIDE && n != DRMS_THERE {
            let _ = writeln!(out, "{pad2}{}", style(n).dim());
        }
    }
    if !o.rerolled.is_empty() {
        let r: Vec<String> = o.rerolled.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "{pad2}ignored and rolled again: {}", r.join(", "));
    }
    if let Some(n) = o.natural {
        let dice = each_die(&o.dice);
        let _ = writeln!(out, "{pad2}natural {}{dice}", style(n).bold().yellow());
    }
    for side in &o.sides {
        sides(out, side, pad2);
    }
}

/// A look-up by one value, no die: the value and its row in one line ("Public Approval 52%
/// → row 41+"), not a modifier and a total. Whether it was one.
fn one_value(out: &mut String, o: &Outcome, pad2: &str) -> bool {
    let ([m], None, Some(r)) = (o.modifiers.as_slice(), o.natural, o.row.as_ref()) else {
        return false;
    };
    if r.as_str() == "any" || !o.sides.is_empty() {
        return false;
    }
    let (name, unit) = match m.source.strip_suffix(" %") {
        Some(n) => (n, "%"),
        None => (m.source.as_str(), ""),
    };
    let _ = writeln!(
        out,
        "{pad2}{name} {}{unit} → row {}",
        m.value,
        style(r).bold()
    );
    true
}

/// The total line: the total, a roll against a value's reading, the row, whether the dice
/// decide it. None for a gate's, a roll whose DRMs are added where its chart is printed, or a
/// bare look-up.
fn total(out: &mut String, o: &Outcome, pad2: &str) {
    // A gate's, or a roll whose DRMs are still to be added where its chart is printed (the
    // result says so): no total line.
    let is_gate = o.notes.iter().any(|n| n == "no roll" || n == DRMS_THERE);
    // A look-up by a choice alone has no number worth showing; one by numbers that all came to
    // nothing (Public Approval 0%) shows its total 0 and the row it read.
    let bare_lookup = o.natural.is_none()
        && o.modifiers.is_empty()
        && o.sides.is_empty()
        && (o.row.as_deref().is_none_or(|r| r == "any")
            || !o
                .inputs
                .values()
                .any(|v| matches!(v, crate::rules::Value::Num(_))));
    if let (false, false, Some(total)) = (is_gate, bare_lookup, o.total) {
        let mut line = format!("total {}", style(total).bold());
        if let (Some((name, v)), Some(read)) = (&o.against, o.read) {
            let _ = write!(line, " - {name} {v} = {}", style(read).bold());
        }
        // A table of one row for any total ("any") has no row worth naming.
        if let Some(r) = o.row.as_ref().filter(|r| r.as_str() != "any") {
            let _ = write!(line, " → row {}", style(r).bold());
        }
        if o.notes.iter().any(|n| n == DICE_DECIDE) {
            let _ = write!(line, " ({DICE_DECIDE})");
        }
        let _ = writeln!(out, "{pad2}{line}");
    }
}

/// An opposed roll's winner, where the roll shows one: a side, by how much, or a tie.
fn winner(out: &mut String, o: &Outcome, pad2: &str) {
    if let Some(w) = o.winner.as_ref().filter(|_| o.show_winner) {
        let margin = o.margin.unwrap_or(0);
        let line = match w {
            // A tie the book gives to a side.
            Winner::Side(name) if margin == 0 => format!("winner: {name}, on a tie"),
            Winner::Side(name) => format!("winner: {name}, by {margin}"),
            Winner::Tie => match &o.tie {
                Some(t) => format!("a tie: {t}"),
                None => "a tie".to_string(),
            },
        };
        let _ = writeln!(out, "{pad2}{}", style(line).bold());
    }
}

/// What follows the total: a cap said, the result, the end of the game, the rolls called for.
fn rest(out: &mut String, o: &Outcome, indent: usize, pad2: &str, id: bool) {
    if o.clamped
        && let Some(n) = o.notes.iter().find(|n| n.starts_with("total "))
    {
        let _ = writeln!(out, "{pad2}{}", style(n).yellow());
    }
    if let Some(r) = &o.result {
        let _ = writeln!(out, "{pad2}{}", style(r).green());
    }
    if o.game_over && o.then.iter().all(|t| !t.game_over) {
        let _ = writeln!(
            out,
            "{pad2}{}",
            style("Game over: this result ends the game.").bold().red()
        );
    }
    for t in &o.then {
        outcome(out, t, indent + 2, id);
    }
}

/// One side of an opposed roll: its natural roll, its modifiers and its total.
fn sides(out: &mut String, side: &SideRoll, pad: &str) {
    let dice = each_die(&side.dice);
    let _ = writeln!(
        out,
        "{pad}{}: natural {}{dice}",
        style(&side.name).bold(),
        style(side.natural).bold().yellow()
    );
    modifiers(out, &side.modifiers, &format!("{pad}  "));
    let _ = writeln!(
        out,
        "{pad}  {} total {}",
        side.name,
        style(side.total).bold()
    );
}

/// Each die of several, as " (3+5)"; nothing for one die.
fn each_die(dice: &[i64]) -> String {
    if dice.len() > 1 {
        let d: Vec<String> = dice.iter().map(ToString::to_string).collect();
        format!(" ({})", d.join("+"))
    } else {
        String::new()
    }
}

/// One line per modifier, its source, then its value in a column.
fn modifiers(out: &mut String, mods: &[Modifier], pad: &str) {
    let name_w = mods
        .iter()
        .map(|m| m.source.chars().count())
        .max()
        .unwrap_or(0);
    for Modifier { source, value } in mods {
        let _ = writeln!(out, "{pad}{source:<name_w$}  {}", signed(*value));
    }
}

fn signed(n: i64) -> String {
    format!("{n:+}")
}
