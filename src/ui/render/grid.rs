//! A grid of rows and columns that fits the terminal: side by side when the columns fit; when
//! they do not, the long results are marks with a legend, and the columns are paged.

use super::{cell, push_cell, wrap};
use console::style;
use std::fmt::Write as _;

/// The space between two columns.
const GAP: usize = 2;
/// The narrowest cell of a paged grid.
const MIN_CELL: usize = 5;

/// The mark of the `i`th result of a legend: (a), (b), ... (z), (aa), ...
fn mark_of(i: usize) -> String {
    let mut letters = Vec::new();
    let mut n = i;
    loop {
        letters.push(char::from(b'a' + (n % 26) as u8));
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    letters.reverse();
    format!("({})", letters.into_iter().collect::<String>())
}

/// A grid of rows: a label, the odds, and one result per column, wrapped to fit `width`.
/// `chosen` marks a column and `hit` a row, in brackets as well as in colour (for pipes,
/// `NO_COLOR` and screen readers); when the columns do not fit side by side, a result too wide
/// for its cell is a mark explained under the table, and the columns are paged.
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
        let (label_w, odds_w) = self.left_widths();
        let n = self.headings.len().max(1);
        let col_w = width.saturating_sub(Self::left(label_w, odds_w) + GAP * (n - 1)) / n;
        if col_w >= 16 || n == 1 {
            self.draw(out, width, col_w.max(16));
        } else {
            self.paged(out, width);
        }
    }

    /// The widths of the row labels and of the odds (0: no odds).
    fn left_widths(&self) -> (usize, usize) {
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
        (label_w, odds_w)
    }

    /// The columns before the results: the labels and the odds, with their gaps.
    fn left(label_w: usize, odds_w: usize) -> usize {
        label_w + GAP + if odds_w > 0 { odds_w + GAP } else { 0 }
    }

    /// Too many columns for their results side by side: the results that do not fit a cell
    /// are given a short mark, explained in a legend under the table, and the columns are
    /// paged (a grid of as many columns as fit the width, then the next), never stacked row by
    /// row.
    fn paged(&self, out: &mut String, width: usize) {
        let (label_w, odds_w) = self.left_widths();
        let room = width.saturating_sub(Self::left(label_w, odds_w));
        let n = self.headings.len().max(1);
        let heading_w = self
            .headings
            .iter()
            .map(|h| console::measure_text_width(h) + 2)
            .max()
            .unwrap_or(0);
        let min_w = heading_w.clamp(MIN_CELL, 16);
        let fit = ((room + GAP) / (min_w + GAP)).clamp(1, n);
        let pages = n.div_ceil(fit);
        let per_page = n.div_ceil(pages);
        let col_w = (room.saturating_sub(GAP * (per_page - 1)) / per_page).max(MIN_CELL);
        // The marks: each result too wide for a cell, in the order first met, once.
        let mut legend: Vec<&str> = Vec::new();
        for (_, _, results) in &self.rows {
            for r in results {
                if console::measure_text_width(r) > col_w && !legend.contains(&r.as_str()) {
                    legend.push(r);
                }
            }
        }
        let mark = |r: &str| -> String {
            legend
                .iter()
                .position(|l| *l == r)
                .map_or_else(|| r.to_string(), mark_of)
        };
        for (page, cols) in (0..n).collect::<Vec<_>>().chunks(per_page).enumerate() {
            if page > 0 {
                out.push('\n');
            }
            let grid = Grid {
                corner: self.corner,
                headings: cols.iter().map(|&c| self.headings[c].clone()).collect(),
                chosen: self
                    .chosen
                    .and_then(|ch| cols.iter().position(|&c| c == ch)),
                hit: self.hit,
                rows: self
                    .rows
                    .iter()
                    .map(|(label, odds, results)| {
                        (
                            label.clone(),
                            odds.clone(),
                            cols.iter().map(|&c| mark(&results[c])).collect(),
                        )
                    })
                    .collect(),
            };
            grid.draw(out, width, col_w);
        }
        if !legend.is_empty() {
            out.push('\n');
            for (i, r) in legend.iter().enumerate() {
                let m = mark_of(i);
                let lead = console::measure_text_width(&m) + 1;
                for (li, l) in wrap(r, width.saturating_sub(lead).max(20))
                    .iter()
                    .enumerate()
                {
                    if li == 0 {
                        let _ = writeln!(out, "{m} {l}");
                    } else {
                        let _ = writeln!(out, "{:lead$}{l}", "");
                    }
                }
            }
        }
    }

    /// The grid side by side, each result wrapped in a cell of `col_w` columns.
    fn draw(&self, out: &mut String, width: usize, col_w: usize) {
        let (label_w, odds_w) = self.left_widths();
        let with_odds = odds_w > 0;
        let gap = GAP;
        let odds_gap = if with_odds { gap } else { 0 };
        let head = |i: usize, h: &str| -> String {
            if self.chosen == Some(i) {
                format!("{}", style(format!("[{h}]")).cyan().bold())
            } else {
                h.to_string()
            }
        };
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
    }
}
