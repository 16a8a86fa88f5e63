//! The game log as text, or as Markdown tables to share. A roll made with `flipbook roll` during
//! the game says "(outside play)"; one taken back says "(undone)" and is struck through.

use crate::play::LogEntry;
use crate::text::safe;
use console::style;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The game's words for the ids a log keeps: a chart by its title, a phase and a segment by
/// theirs. An id the book does not have (a log of an older book) is shown as it is.
#[derive(Debug, Clone, Default)]
pub(crate) struct LogNames {
    charts: BTreeMap<String, String>,
    phases: BTreeMap<String, String>,
    segments: BTreeMap<String, String>,
}

impl LogNames {
    /// The names of `book`'s charts, phases and segments.
    pub(crate) fn of(book: &crate::library::Book) -> LogNames {
        let mut names = LogNames::default();
        if let Ok(seq) = book.sequence() {
            for p in &seq.phases {
                names.phases.insert(p.id.clone(), p.title.clone());
            }
            for s in &seq.segments {
                names.segments.insert(s.id.clone(), s.title.clone());
            }
        }
        names.charts = book
            .entries
            .iter()
            .map(|e| (e.id.to_string(), e.title.to_string()))
            .collect();
        names
    }

    fn chart<'a>(&'a self, id: &'a str) -> &'a str {
        self.charts.get(id).map_or(id, String::as_str)
    }

    fn phase<'a>(&'a self, id: &'a str) -> &'a str {
        self.phases.get(id).map_or(id, String::as_str)
    }

    fn segment<'a>(&'a self, id: &'a str) -> &'a str {
        self.segments.get(id).map_or(id, String::as_str)
    }
}

/// The log as text (or Markdown), optionally one turn only, in the book's words (`names`).
pub(crate) fn log_text<E: std::borrow::Borrow<LogEntry>>(
    out: &mut String,
    entries: impl IntoIterator<Item = E>,
    turn: Option<u32>,
    markdown: bool,
    names: &LogNames,
) {
    let mut current = 0;
    let mut any = false;
    let mut here = RolledHere::default();
    for e in entries {
        let e = e.borrow();
        if turn.is_some_and(|t| e.turn != t) {
            continue;
        }
        any = true;
        let again = here.again(e);
        if e.turn != current {
            current = e.turn;
            turn_heading(out, e.turn, markdown);
        }
        entry_line(out, e, again, markdown, names);
    }
    if !any {
        let _ = writeln!(
            out,
            "The log is empty{}.",
            turn.map(|t| format!(" for turn {t}")).unwrap_or_default()
        );
    }
}

/// The charts rolled so far in the segment of the last entry: a second roll on one of them
/// says what it was for (its step), so that the two are told apart.
#[derive(Default)]
struct RolledHere {
    at: (u32, String, String),
    charts: Vec<String>,
}

impl RolledHere {
    /// Whether `e` rolls again on a chart rolled before in its segment; its chart is noted.
    fn again(&mut self, e: &LogEntry) -> bool {
        if (self.at.0, self.at.1.as_str(), self.at.2.as_str())
            != (e.turn, e.phase.as_str(), e.segment.as_str())
        {
            self.at = (e.turn, e.phase.clone(), e.segment.clone());
            self.charts.clear();
        }
        let again = e.chart.as_ref().is_some_and(|c| self.charts.contains(c));
        self.charts.extend(e.chart.clone().filter(|_| !again));
        again
    }
}

/// A turn's heading: a line, or in Markdown a heading and its table's head.
fn turn_heading(out: &mut String, turn: u32, markdown: bool) {
    if markdown {
        let _ = writeln!(
            out,
            "\n## Turn {turn}\n\n| Phase | Segment | Roll | Result |\n|---|---|---|---|"
        );
    } else {
        let _ = writeln!(out, "Turn {turn}");
    }
}

/// One entry's line (a table's row in Markdown): where, what was drawn or rolled, the result;
/// one taken back struck through.
fn entry_line(out: &mut String, e: &LogEntry, again: bool, markdown: bool, names: &LogNames) {
    // A log may be edited by hand: its text is shown with control and direction
    // characters escaped.
    let mut what = safe(&what_of(e, again, names), false);
    if e.outside {
        what.push_str(" (outside play)");
    }
    let mut result = if e.rolled_again {
        String::new()
    } else {
        safe(e.result.as_deref().unwrap_or_default(), false)
    };
    let (phase, segment) = (
        safe(names.phase(&e.phase), false),
        safe(names.segment(&e.segment), false),
    );
    if e.undone {
        what = format!("{} (undone)", struck(&what, markdown));
        result = struck(&result, markdown);
    }
    if markdown {
        let cell = |s: &str| s.replace('|', "\\|");
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            phase,
            segment,
            cell(&what),
            cell(&result)
        );
    } else if result.is_empty() {
        let _ = writeln!(out, "  {phase} · {segment}  {what}");
    } else {
        let _ = writeln!(out, "  {phase} · {segment}  {what}: {result}");
    }
}

/// A text taken back: struck through (and dimmed on a terminal); nothing stays nothing.
fn struck(s: &str, markdown: bool) -> String {
    if s.is_empty() {
        String::new()
    } else if markdown {
        format!("~~{s}~~")
    } else {
        style(s).strikethrough().dim().to_string()
    }
}

/// What an entry drew or rolled: a chit (with its (+) as drawn: a (+) drew another), or a roll.
fn what_of(e: &LogEntry, again: bool, names: &LogNames) -> String {
    match (&e.chit, &e.chart) {
        (Some(c), _) if e.plus == Some(true) => format!("chit: {c} (+)"),
        (Some(c), _) => format!("chit: {c}"),
        (None, Some(c)) => roll_words(e, c, again, names),
        (None, None) => String::new(),
    }
}

/// A roll in the log's words: its chart, the dice (each side's of an opposed roll), the total
/// where the modifiers changed it, the column and row, a re-roll or a roll discarded, and
/// what it was for when its chart was rolled before in the segment (`again`).
fn roll_words(e: &LogEntry, chart: &str, again: bool, names: &LogNames) -> String {
    let mut s = names.chart(chart).to_string();
    if let Some(n) = e.natural {
        let _ = write!(s, " rolled {n}");
    }
    // An opposed roll: each side's die.
    for (i, side) in e.sides.iter().enumerate() {
        let _ = write!(
            s,
            "{} {} {}",
            if i == 0 { " rolled" } else { "," },
            side.name,
            side.natural
        );
    }
    // A log may be edited by hand: its numbers are added without overflow.
    let mods = e
        .modifiers
        .iter()
        .fold(0i64, |sum, m| sum.saturating_add(m.value));
    // A roll a gate forbade has no total; a look-up of one row for any total says
    // what counts in its result ("total 0" would say nothing).
    let any_row = e.natural.is_none() && e.row.as_deref() == Some("any");
    if let Some(t) = e
        .total
        .filter(|_| (mods != 0 || e.natural.is_none()) && !any_row)
    {
        let _ = write!(s, ", total {t}");
    }
    if let Some(c) = &e.column {
        let _ = write!(s, ", column {c}");
    }
    if let Some(r) = e.row.as_ref().filter(|r| r.as_str() != "any") {
        let _ = write!(s, " → {r}");
    }
    if e.reroll {
        s.push_str(" (re-rolled)");
    }
    // Set aside and rolled again ("roll again on a 1"): no result of its own.
    if e.rolled_again {
        s.push_str(" (discarded: rolled again)");
    }
    // What it was for, cut short (the line is escaped where it is written: entry_line).
    if let Some(step) = e.step.as_ref().filter(|_| again) {
        let cut: String = step.chars().take(60).collect();
        let more = if cut.len() < step.len() { "…" } else { "" };
        let _ = write!(s, " · for {cut}{more}");
    }
    s
}
