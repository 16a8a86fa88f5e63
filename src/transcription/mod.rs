//! A transcription: the rows of a chart the flipbook only names, as a player types them from
//! their own booklet (at a prompt, or in a plain text file), checked as they come (the die's
//! coverage, overlaps, follow-up rolls), and the chart they make. This file and `file.rs` are
//! pure (no terminal, no files); `book.rs` holds them against the player's book (and reads a
//! file of rows), `write.rs` makes the chart files and the export.
//!
//! The text form, one line a row (the same at the prompt and in a file):
//! `1-3  Scandal: -1 Public Approval -> domestic-crisis` — a range as printed, the result in the
//! player's words, and after `->` the charts a row rolls on. Before the rows, `die: d6` corrects
//! the die and `columns: A | B` names the columns (then each row has `a | b`). `[id]` starts the
//! rows of another chart (an export holds several); `#` starts a comment line.

use flipbook_charts::validate::MAX_VALUE;
use flipbook_charts::{
    Band, Chart, ChoiceOption, Column, ColumnBy, Dice, Die, Follow, Input, InputKind, ResultText,
    Row, Span,
};
use std::fmt::Write as _;

/// The most rows a chart file can hold: each is at least `- row: N\n  result: R\n` (20 bytes)
/// as YAML, and a file at most `MAX_FILE_BYTES`. More are refused before they are checked.
pub(crate) const MAX_ROWS: usize = (flipbook_charts::MAX_FILE_BYTES / 20) as usize;

/// The input that chooses the column of a transcribed chart with columns.
pub(crate) const COLUMN_KEY: &str = "column";

/// A chart's rows as the player typed them, kept in order of their ranges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Transcription {
    pub(crate) dice: Dice,
    /// The column headings, as printed; empty for one column.
    pub(crate) columns: Vec<String>,
    pub(crate) rows: Vec<RowEntry>,
}

/// One row: its range as printed, a result per column, the charts it rolls on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RowEntry {
    pub(crate) band: Band,
    pub(crate) results: Vec<String>,
    pub(crate) then: Vec<String>,
    /// Where it was read (a file's line; 0 at the prompt).
    pub(crate) line: usize,
}

impl RowEntry {
    /// What follows the range in the text form: `a | b -> chart`.
    pub(crate) fn rest(&self) -> String {
        let mut s = self.results.join(" | ");
        if !self.then.is_empty() {
            let _ = write!(s, " -> {}", self.then.join(", "));
        }
        s
    }
}

fn lo(s: Span) -> i64 {
    s.lo.unwrap_or(i64::MIN)
}

fn hi(s: Span) -> i64 {
    s.hi.unwrap_or(i64::MAX)
}

/// `4`, `4-6`, `1-2, 5`.
pub(crate) fn spans_text(spans: &[(i64, i64)]) -> String {
    spans
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Transcription {
    pub(crate) fn new(dice: Dice, columns: Vec<String>) -> Transcription {
        Transcription {
            dice,
            columns,
            rows: Vec::new(),
        }
    }

    /// A range as typed, refused when it is no range or reaches past what the die can roll
    /// with the largest modifier flipbook accepts.
    fn check_band(&self, text: &str) -> Result<Band, String> {
        let band = Band::try_from(text.trim().to_string())?;
        let s = band.span();
        let (min, max) = (
            self.dice.min().saturating_sub(MAX_VALUE),
            self.dice.max().saturating_add(MAX_VALUE),
        );
        let beyond = |n: Option<i64>| n.is_some_and(|n| n < min || n > max);
        if beyond(s.lo) || beyond(s.hi) {
            return Err(format!(
                "row '{band}' is beyond any roll of the {} with its modifiers ({min} to {max})",
                self.dice
            ));
        }
        Ok(band)
    }

    /// A range as typed, refused when it is no range, is beyond the die, or overlaps a row
    /// already there (found by a binary search: the rows are kept in order).
    pub(crate) fn check_range(&self, text: &str) -> Result<Band, String> {
        let band = self.check_band(text)?;
        let s = band.span();
        // The rows are in order and apart: only the last one starting at or before this range
        // ends, and the first one after it starts, can overlap it.
        let after = self.rows.partition_point(|r| lo(r.band.span()) <= lo(s));
        let near = after.checked_sub(1).into_iter().chain([after]);
        if let Some(r) = near
            .filter_map(|i| self.rows.get(i))
            .find(|r| lo(s) <= hi(r.band.span()) && lo(r.band.span()) <= hi(s))
        {
            let at = if r.line > 0 {
                format!(" (line {})", r.line)
            } else {
                String::new()
            };
            return Err(format!("row '{band}' overlaps row '{}'{at}", r.band));
        }
        Ok(band)
    }

    /// What follows a range, as typed: one result per column, and `-> CHART, …` to roll on.
    /// `known` says whether a chart may be rolled on (and why not).
    pub(crate) fn check_rest(
        &self,
        text: &str,
        known: &dyn Fn(&str) -> Result<(), String>,
    ) -> Result<(Vec<String>, Vec<String>), String> {
        let (results, then) = match text.rsplit_once("->") {
            Some((r, t)) => (r, t),
            None => (text, ""),
        };
        let then: Vec<String> = then
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect();
        for t in &then {
            known(t)?;
        }
        let results: Vec<String> = results.split('|').map(|r| r.trim().to_string()).collect();
        let want = self.columns.len().max(1);
        if results.len() != want {
            return Err(format!(
                "{} result(s) separated by |, one for each column ({}), not {}",
                want,
                self.columns.join(" | "),
                results.len()
            ));
        }
        if results.iter().any(String::is_empty) {
            return Err("a row needs a result in your own words".into());
        }
        if let Some(c) = text.chars().find(|c| unsafe_char(*c)) {
            return Err(refused(c));
        }
        Ok((results, then))
    }

    /// Add a row in its place among the others (the range was checked).
    pub(crate) fn insert(&mut self, row: RowEntry) {
        let at = self
            .rows
            .partition_point(|r| lo(r.band.span()) <= lo(row.band.span()));
        self.rows.insert(at, row);
    }

    /// The totals that still have no row: the die's natural rolls, and any gap between rows.
    pub(crate) fn missing(&self) -> Vec<(i64, i64)> {
        let (min, max) = (self.dice.min(), self.dice.max());
        let (Some(first), Some(last)) = (self.rows.first(), self.rows.last()) else {
            return vec![(min, max)];
        };
        let mut out = Vec::new();
        if lo(first.band.span()) > min {
            out.push((min, lo(first.band.span()) - 1));
        }
        for w in self.rows.windows(2) {
            let (h, l) = (hi(w[0].band.span()), lo(w[1].band.span()));
            if l > h.saturating_add(1) {
                out.push((h + 1, l - 1));
            }
        }
        if hi(last.band.span()) < max {
            out.push((hi(last.band.span()) + 1, max));
        }
        out
    }

    /// Where the rows stand against the die, in a line.
    pub(crate) fn coverage(&self) -> String {
        let rows: Vec<&str> = self.rows.iter().map(|r| r.band.label()).collect();
        let missing = self.missing();
        let have = if rows.is_empty() {
            "no rows yet".to_string()
        } else {
            format!("rows {}", rows.join(", "))
        };
        if missing.is_empty() {
            format!(
                "{have} · every roll of the {} has its row: Enter on an empty range to finish",
                self.dice
            )
        } else {
            format!("{have} · still missing: {}", spans_text(&missing))
        }
    }

    /// The rows of a chart (the player's own, to edit or export), and what the text form
    /// cannot say of it.
    pub(crate) fn of(chart: &Chart) -> (Option<Transcription>, Vec<String>) {
        let mut lost = Vec::new();
        let Some(dice) = chart.die.dice() else {
            return (None, vec!["it has no die".into()]);
        };
        if chart.columns.iter().any(|c| !c.rows.is_empty()) {
            return (None, vec!["its columns have rows of their own".into()]);
        }
        let mut t = Transcription::new(
            dice,
            chart.columns.iter().map(|c| c.label.clone()).collect(),
        );
        for r in &chart.rows {
            let mut results = Vec::new();
            for res in r.result.iter().chain(r.results.iter()) {
                match res {
                    ResultText::Text(x) => results.push(x.clone()),
                    ResultText::ByValue(_) => {
                        lost.push(format!("row {} has results by value", r.row));
                        results.push(String::new());
                    }
                }
            }
            if !r.alt.is_empty() {
                lost.push(format!("row {} has alternative results", r.row));
            }
            if r.game_over.is_some() {
                lost.push(format!("row {} ends the game", r.row));
            }
            if r.then.iter().any(|f| {
                f.when.is_some()
                    || !f.columns.is_empty()
                    || f.times != 1
                    || !f.reroll.is_empty()
                    || f.distinct
            }) {
                lost.push(format!("row {} rolls on with conditions", r.row));
            }
            t.rows.push(RowEntry {
                band: r.row.clone(),
                results,
                then: r.then.iter().map(|f| f.chart.clone()).collect(),
                line: 0,
            });
        }
        (Some(t), lost)
    }

    /// The chart: the named chart (its id, aliases, title, where printed, DRMs, cap, options,
    /// inputs and notes) with these rows in place of where to look them up.
    pub(crate) fn chart(&self, named: &Chart) -> Chart {
        let mut c = named.clone();
        let stub = c.stub.take();
        c.die = Die::Dice(self.dice);
        c.rows = self
            .rows
            .iter()
            .map(|r| {
                let mut results: Vec<ResultText> =
                    r.results.iter().cloned().map(ResultText::Text).collect();
                let one = self.columns.is_empty();
                Row {
                    row: r.band.clone(),
                    result: if one { results.pop() } else { None },
                    results: if one { Vec::new() } else { results },
                    alt: Vec::new(),
                    then: r.then.iter().map(|id| follow(id)).collect(),
                    next: Vec::new(),
                    game_over: None,
                    moves: Vec::new(),
                    gives: std::collections::BTreeMap::new(),
                }
            })
            .collect();
        if !self.columns.is_empty() {
            let values = column_values(&self.columns);
            let code = stub.as_ref().map_or(named.id.as_str(), |s| s.code.as_str());
            c.inputs.retain(|i| i.key != COLUMN_KEY);
            c.inputs.push(Input {
                key: COLUMN_KEY.into(),
                ask: format!("Which column of {code}?"),
                label: Some("Column".into()),
                kind: InputKind::Choice,
                min: None,
                max: None,
                options: self
                    .columns
                    .iter()
                    .zip(&values)
                    .map(|(l, v)| ChoiceOption::Labelled {
                        value: v.clone(),
                        label: l.clone(),
                    })
                    .collect(),
                ask_if: None,
                only_rows: Vec::new(),
                each_roll: false,
            });
            c.column_by = Some(ColumnBy {
                input: Some(COLUMN_KEY.into()),
                sum: Vec::new(),
                title: "Column".into(),
                ratio: Vec::new(),
                round: None,
                below: None,
            });
            c.columns = self
                .columns
                .iter()
                .zip(values)
                .map(|(l, v)| Column {
                    label: l.clone(),
                    value: Some(v),
                    rows: Vec::new(),
                    band: Span::parse(l),
                })
                .collect();
        }
        if let Some(s) = stub {
            c.notes.push(format!(
                "Your transcription of {} ({}) from your own copy of the {}.",
                s.code, s.table, s.booklet
            ));
        }
        c
    }

    /// The text form of these rows, under a `[id]` heading: what `--from` reads back.
    pub(crate) fn text(&self, id: &str, heading: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# {heading}");
        let _ = writeln!(out, "[{id}]");
        let _ = writeln!(out, "die: {}", self.dice);
        if !self.columns.is_empty() {
            let _ = writeln!(out, "columns: {}", self.columns.join(" | "));
        }
        let w = self
            .rows
            .iter()
            .map(|r| r.band.label().len())
            .max()
            .unwrap_or(0);
        for r in &self.rows {
            let _ = writeln!(out, "{:<w$}  {}", r.band.label(), r.rest());
        }
        out
    }
}

fn follow(chart: &str) -> Follow {
    Follow {
        chart: chart.to_string(),
        when: None,
        columns: Vec::new(),
        times: 1,
        reroll: Vec::new(),
        distinct: false,
        total_as: None,
    }
}

/// The `--set column=` value of each heading: its words in lower case joined by dashes, made
/// unique.
fn column_values(labels: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (i, l) in labels.iter().enumerate() {
        let mut v: String = l
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        while v.contains("--") {
            v = v.replace("--", "-");
        }
        let mut v = v.trim_matches('-').to_string();
        if v.is_empty() || out.contains(&v) {
            v = format!("column-{}", i + 1);
        }
        out.push(v);
    }
    out
}

/// Column headings as typed: `A | B`, two or more, each named once.
pub(crate) fn parse_columns(text: &str) -> Result<Vec<String>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let cols: Vec<String> = text.split('|').map(|c| c.trim().to_string()).collect();
    if cols.len() < 2 {
        return Err("two or more columns, separated by |".into());
    }
    if cols.iter().any(String::is_empty) {
        return Err("a column needs its heading".into());
    }
    if let Some(c) = text.chars().find(|c| unsafe_char(*c)) {
        return Err(refused(c));
    }
    if let Some(c) = cols
        .iter()
        .enumerate()
        .find(|(i, c)| cols[..*i].contains(c))
    {
        return Err(format!("column '{}' is named twice", c.1));
    }
    Ok(cols)
}

/// A character a transcription never keeps: a control character (an escape sequence could set
/// the terminal's title or clear it) or a bidi control (U+202E turns the text around).
pub(crate) fn unsafe_char(c: char) -> bool {
    c.is_control() || crate::text::is_bidi(c)
}

fn refused(c: char) -> String {
    format!(
        "U+{:04X} is a control or direction character: type the text as printed, without it",
        u32::from(c)
    )
}

/// The die as typed: `d6`, `d10`, `2d6`.
pub(crate) fn parse_dice(text: &str) -> Result<Dice, String> {
    Dice::parse(text).ok_or_else(|| format!("'{}' is not a die like d6, d10, 2d6", text.trim()))
}

mod book;
mod file;
mod write;
pub(crate) use book::{NamedList, dice_of, from_file, given, known_charts, list, named, own};
pub(crate) use file::parse_file;
pub(crate) use write::{TranscribeReport, export, ready};

#[cfg(test)]
mod tests;
