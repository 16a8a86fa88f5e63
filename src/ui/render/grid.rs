//! A grid of rows and columns that fits the terminal: side by side when the columns fit, one
//! under another when they do not.

use super::{cell, push_cell, wrap};
use console::style;
use std::fmt::Write as _;

/// A grid of rows: a label, the odds, and one result per column, wrapped to fit `width`.
/// `chosen` marks a column and `hit` a row, in brackets as well as in colour (for pipes,
/// `NO_COLOR` and screen readers); when the columns do not fit side by side they are listed
/// under each row instead.
pub(crate) struct Grid<'a> {
    pub(crate) corner: &'a str,
    pub(crate) headings: Vec<String>,
    pub(crate) chosen: Option<usize>,
    /// Per row: label, odds text, results (one per heading).
    pub(crate) rows: Vec<(String, String, Vec<String>)>,
    /// The row the total lands on, highlighted.
    pub(crate) hit: Option<usize>,
}

impl Grid<'_> {
    /// A row's label, in brackets when it is the row hit.
    fn label(&self, ri: usize) -> String {
        let l = &self.rows[ri].0;
        if self.hit == Some(ri) {
            format!("[{l}]")
        } else {
            l.clone()
        }
    }

    pub(crate) fn render(&self, out: &mut String, width: usize) {
        let label_w = (0..self.rows.len())
            .map(|ri| self.label(ri).chars().count())
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
            for (ri, (_, odds, results)) in self.rows.iter().enumerate() {
                let label = self.label(ri);
                let wrapped: Vec<Vec<String>> = results.iter().map(|r| wrap(r, col_w)).collect();
                let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
                if tall && ri > 0 {
                    out.push('\n');
                }
                for l in 0..height {
                    let mut line = String::with_capacity(width + 16);
                    if l > 0 {
                        push_cell(&mut line, "", label_w + gap + odds_w + odds_gap);
                    } else if self.hit == Some(ri) {
                        let a = style(label.as_str()).bold().yellow().to_string();
                        push_cell(&mut line, &a, label_w + gap);
                        push_cell(&mut line, odds, odds_w + odds_gap);
                    } else {
                        push_cell(&mut line, &label, label_w + gap);
                        push_cell(&mut line, odds, odds_w + odds_gap);
                    }
                    for (ci, w) in wrapped.iter().enumerate() {
                        let t = w.get(l).map_or("", String::as_str);
                        if self.chosen == Some(ci) {
                            push_cell(&mut line, &style(t).cyan().to_string(), col_w + gap);
                        } else {
                            push_cell(&mut line, t, col_w + gap);
                        }
                    }
                    out.push_str(line.trim_end());
                    out.push('\n');
                }
            }
        } else {
            let text_w = width.saturating_sub(6).max(20);
            for (ri, (_, odds, results)) in self.rows.iter().enumerate() {
                let label = self.label(ri);
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
