//! What the terminal shows: a roll in a few lines, a chart as a table, the lists.

use crate::engine::{Modifier, Outcome};
use console::style;
use std::fmt::Write as _;

/// The width to lay tables out in: the terminal's, `$COLUMNS`, or 100.
pub fn width() -> usize {
    if let Some((_, w)) = console::Term::stdout().size_checked() {
        return (w as usize).max(40);
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .filter(|w: &usize| *w >= 40)
        .unwrap_or(100)
}

fn signed(n: i64) -> String {
    format!("{n:+}")
}

/// A roll, its modifiers each with its source, the total, the row and column, and the result.
pub fn outcome(out: &mut String, o: &Outcome, indent: usize) {
    let pad = " ".repeat(indent);
    let mut head = match (&o.title, &o.chart) {
        (Some(t), Some(id)) => format!("{} ({id})", style(t).bold()),
        _ => format!("{}", style(&o.die).bold()),
    };
    if o.chart.is_some() {
        let die = if o.die == "none" { "table" } else { &o.die };
        let _ = write!(head, " · {die}");
    }
    if let Some(c) = &o.column {
        let _ = write!(head, " · column {}", style(c).cyan());
    }
    let _ = writeln!(out, "{pad}{head}");
    let pad2 = format!("{pad}  ");
    for n in &o.notes {
        if !n.starts_with("total ") {
            let _ = writeln!(out, "{pad2}{}", style(n).dim());
        }
    }
    if !o.rerolled.is_empty() {
        let r: Vec<String> = o.rerolled.iter().map(|n| n.to_string()).collect();
        let _ = writeln!(out, "{pad2}ignored and rolled again: {}", r.join(", "));
    }
    if let Some(n) = o.natural {
        let dice = if o.dice.len() > 1 {
            let d: Vec<String> = o.dice.iter().map(|n| n.to_string()).collect();
            format!(" ({})", d.join("+"))
        } else {
            String::new()
        };
        let _ = writeln!(out, "{pad2}natural {}{dice}", style(n).bold().yellow());
    }
    let name_w = o
        .modifiers
        .iter()
        .map(|m| m.source.chars().count())
        .max()
        .unwrap_or(0);
    for Modifier { source, value } in &o.modifiers {
        let _ = writeln!(out, "{pad2}{source:<name_w$}  {}", signed(*value));
    }
    let is_gate = o.notes.iter().any(|n| n == "no roll");
    // A look-up by a choice alone has no number worth showing.
    let bare_lookup = o.natural.is_none() && o.modifiers.is_empty();
    if !is_gate && !bare_lookup {
        let mut line = format!("total {}", style(o.total).bold());
        if let Some(r) = &o.row {
            let _ = write!(line, " → row {}", style(r).bold());
        }
        let _ = writeln!(out, "{pad2}{line}");
    }
    if o.clamped {
        if let Some(n) = o.notes.iter().find(|n| n.starts_with("total ")) {
            let _ = writeln!(out, "{pad2}{}", style(n).yellow());
        }
    }
    if let Some(r) = &o.result {
        let _ = writeln!(out, "{pad2}{}", style(r).green());
    }
    for t in &o.then {
        outcome(out, t, indent + 2);
    }
}

/// Wrap text to `w` columns, on spaces.
pub fn wrap(text: &str, w: usize) -> Vec<String> {
    let w = w.max(8);
    let mut lines = Vec::new();
    let mut cur = String::new();
    for word in text.split_whitespace() {
        let mut word = word.to_string();
        while word.chars().count() > w {
            if !cur.is_empty() {
                lines.push(std::mem::take(&mut cur));
            }
            let head: String = word.chars().take(w).collect();
            word = word.chars().skip(w).collect();
            lines.push(head);
        }
        let need = cur.chars().count() + usize::from(!cur.is_empty()) + word.chars().count();
        if need > w && !cur.is_empty() {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(&word);
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

/// One table cell, padded to `w` visible columns.
fn cell(text: &str, w: usize) -> String {
    let n = console::measure_text_width(text);
    format!("{text}{}", " ".repeat(w.saturating_sub(n)))
}

/// A grid of rows: a label, the odds, and one result per column, wrapped to fit `width`.
/// `chosen` marks a column; when the columns do not fit side by side they are listed under
/// each row instead.
pub struct Grid<'a> {
    pub corner: &'a str,
    pub headings: Vec<String>,
    pub chosen: Option<usize>,
    /// Per row: label, odds text, results (one per heading).
    pub rows: Vec<(String, String, Vec<String>)>,
    /// The row the total lands on, highlighted.
    pub hit: Option<usize>,
}

impl Grid<'_> {
    pub fn render(&self, out: &mut String, width: usize) {
        let label_w = self
            .rows
            .iter()
            .map(|r| r.0.chars().count())
            .chain(std::iter::once(self.corner.chars().count()))
            .max()
            .unwrap_or(4);
        let with_odds = self.rows.iter().any(|r| !r.1.is_empty());
        let odds_w = if with_odds {
            self.rows
                .iter()
                .map(|r| r.1.chars().count())
                .chain(std::iter::once(4))
                .max()
                .unwrap_or(4)
        } else {
            0
        };
        let n = self.headings.len().max(1);
        let gap = 2;
        let odds_gap = if with_odds { gap } else { 0 };
        let left = label_w + gap + odds_w + odds_gap;
        let col_w = width.saturating_sub(left + gap * (n - 1)) / n;
        let head = |i: usize, h: &str| -> String {
            if self.chosen == Some(i) {
                format!("{}", style(format!("[{h}]")).cyan().bold())
            } else {
                h.to_string()
            }
        };
        if col_w >= 16 || n == 1 {
            let col_w = col_w.max(16);
            let odds_head = if with_odds { "odds" } else { "" };
            let mut line = format!(
                "{}{}",
                cell(self.corner, label_w + gap),
                cell(odds_head, odds_w + odds_gap)
            );
            for (i, h) in self.headings.iter().enumerate() {
                line.push_str(&cell(&head(i, h), col_w + gap));
            }
            let _ = writeln!(out, "{}", style(line.trim_end()).bold());
            let tall = self
                .rows
                .iter()
                .any(|r| r.2.iter().any(|t| t.chars().count() > col_w));
            for (ri, (label, odds, results)) in self.rows.iter().enumerate() {
                let wrapped: Vec<Vec<String>> = results.iter().map(|r| wrap(r, col_w)).collect();
                let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
                if tall && ri > 0 {
                    out.push('\n');
                }
                for l in 0..height {
                    let (a, b) = if l == 0 {
                        (label.as_str(), odds.as_str())
                    } else {
                        ("", "")
                    };
                    let a = if self.hit == Some(ri) && l == 0 {
                        format!("{}", style(a).bold().yellow())
                    } else {
                        a.to_string()
                    };
                    let mut line =
                        format!("{}{}", cell(&a, label_w + gap), cell(b, odds_w + odds_gap));
                    for (ci, w) in wrapped.iter().enumerate() {
                        let t = w.get(l).map(String::as_str).unwrap_or("");
                        let t = if self.chosen == Some(ci) {
                            format!("{}", style(t).cyan())
                        } else {
                            t.to_string()
                        };
                        line.push_str(&cell(&t, col_w + gap));
                    }
                    let _ = writeln!(out, "{}", line.trim_end());
                }
            }
        } else {
            let text_w = width.saturating_sub(6).max(20);
            for (ri, (label, odds, results)) in self.rows.iter().enumerate() {
                let l = if self.hit == Some(ri) {
                    format!("{}", style(label).bold().yellow())
                } else {
                    format!("{}", style(label).bold())
                };
                let _ = writeln!(out, "{} {l}  {odds}", self.corner);
                for (ci, r) in results.iter().enumerate() {
                    let _ = writeln!(out, "  {}", head(ci, &self.headings[ci]));
                    for w in wrap(r, text_w) {
                        let _ = writeln!(out, "    {w}");
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_words_and_width() {
        assert_eq!(wrap("a bb ccc dddd", 8), vec!["a bb ccc", "dddd"]);
        assert_eq!(wrap("", 8), vec![""]);
        for l in wrap("a-very-long-word-without-spaces here", 10) {
            assert!(l.chars().count() <= 10);
        }
    }
}
