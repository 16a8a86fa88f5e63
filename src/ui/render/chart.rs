//! A chart as the terminal shows it: its heading, the column chosen, the modifiers, the listed
//! DRMs, then the table with the odds of each row (the chosen column alone, once the inputs
//! choose one). It reads the view alone, so the JSON carries
//! every fact the text shows.

use super::{Grid, width, wrap};
use crate::rules::{ChartView, ColumnView};
use console::style;
use flipbook_charts::Die;
use std::fmt::Write as _;

pub(crate) fn chart(out: &mut String, view: &ChartView) {
    if let Some(a) = &view.answer {
        super::outcome(out, a, 0, true);
        out.push('\n');
    }
    heading(out, view);
    let width = width();
    let corner = match view.die {
        Die::Table => "value".to_string(),
        Die::Dice(d) => d.to_string(),
    };
    let chosen = view.columns.iter().find(|c| c.chosen);
    if let (true, Some(c), true) = (view.shared_rows, chosen, view.columns.len() > 1) {
        // The inputs chose the column: that column alone, the others named under it.
        out.push('\n');
        one_column(c, &corner).render(out, width);
        let said = format!(
            "Column {} of {}: without the inputs that choose it, `chart {}` shows them all",
            c.label.as_deref().unwrap_or_default(),
            view.columns.len(),
            view.chart
        );
        for l in wrap(&said, width) {
            let _ = writeln!(out, "{}", style(l).dim());
        }
    } else if view.shared_rows && !view.columns.is_empty() {
        side_by_side(out, view, &corner, width);
    } else {
        // Columns with rows of their own: the chosen one alone, or all of them.
        let chosen_only = view.columns.iter().any(|c| c.chosen);
        for c in view.columns.iter().filter(|c| c.chosen || !chosen_only) {
            out.push('\n');
            one_column(c, &corner).render(out, width);
            moved(out, c, width);
        }
    }
    // Rolls a column shift on the dice moves to another column, under the odds they share
    // (the grid's odds are the chosen column's, or the first's).
    if view.shared_rows
        && let Some(c) = chosen.or_else(|| view.columns.first())
    {
        moved(out, c, width);
    }
    if !view.notes.is_empty() {
        out.push('\n');
        for n in &view.notes {
            for (i, l) in wrap(n, width.saturating_sub(2)).iter().enumerate() {
                let lead = if i == 0 { "• " } else { "  " };
                let _ = writeln!(out, "{}", style(format!("{lead}{l}")).dim());
            }
        }
    }
}

/// The lines above the table: title, columns, look-up, value or DRMs, what is not counted yet,
/// the listed DRMs.
fn heading(out: &mut String, view: &ChartView) {
    let die = match view.die {
        Die::Table => "table without a die".to_string(),
        Die::Dice(d) => d.to_string(),
    };
    let _ = writeln!(
        out,
        "{} ({}) · {die} · {}",
        style(&view.title).bold(),
        view.chart,
        style(&view.printed).dim()
    );
    if let Some(by) = &view.columns_by {
        let chosen = view.column.as_ref().map_or_else(
            // A gate (or odds below the table) answers instead: no column to choose.
            || {
                if view.gate.is_some() {
                    String::new()
                } else {
                    " (give the inputs to choose)".into()
                }
            },
            |c| format!(" → {}", style(c).cyan().bold()),
        );
        let _ = writeln!(out, "Columns: {by}{chosen}");
    }
    if let Some(l) = &view.lookup {
        let _ = writeln!(out, "{l}");
    }
    let mods: Vec<String> = view
        .modifiers
        .iter()
        .map(|m| format!("{} {:+}", m.source, m.value))
        .collect();
    let rolled = view.die != Die::Table;
    if view.answer.is_some() {
        // The answer above shows the value's terms.
    } else if let (Some(v), false) = (view.value, mods.is_empty()) {
        let _ = writeln!(out, "Value: {} = {}", mods.join(" "), style(v).bold());
    } else if !mods.is_empty() && rolled {
        let total: i64 = view.modifiers.iter().map(|m| m.value).sum();
        let _ = writeln!(out, "DRMs: {} (total {total:+})", mods.join(" · "));
    }
    if !view.pending.is_empty() && view.gate.is_none() {
        let keys: Vec<String> = view.needs.iter().map(|k| format!("--set {k}=…")).collect();
        let _ = writeln!(
            out,
            "{}",
            style(format!(
                "Not counted yet: {} (give {})",
                view.pending.join(", "),
                keys.join(" ")
            ))
            .dim()
        );
    }
    let listed: Vec<String> = view
        .listed
        .iter()
        .map(|d| {
            let each = if d.each { " each" } else { "" };
            format!("{} {:+}{each}", d.label, d.value)
        })
        .collect();
    let optional: Vec<String> = view
        .optional
        .iter()
        .map(|o| format!("{:+} optional {} DRM", o.value, o.source))
        .collect();
    if !listed.is_empty() && rolled {
        let cap = view
            .cap
            .as_ref()
            .map(|c| format!(" ({c})"))
            .unwrap_or_default();
        let after_cap = if view.cap.is_some() {
            " after the cap"
        } else {
            ""
        };
        let after = optional.iter().fold(String::new(), |mut s, o| {
            let _ = write!(s, "; {o}{after_cap}");
            s
        });
        let _ = writeln!(
            out,
            "{}",
            style(format!("Listed DRMs{cap}: {}{after}", listed.join("; "))).dim()
        );
    } else {
        for o in &optional {
            let _ = writeln!(out, "{}", style(o).dim());
        }
    }
}

/// The rolls begun in column `c` that a column shift on the dice reads in another, each with
/// its share: with the column's own rows' odds they add up to 100.
fn moved(out: &mut String, c: &ColumnView, width: usize) {
    for m in &c.moved {
        let line = format!(
            "{:.1}% moved by the dice to column {}, row {}: {}",
            m.odds, m.column, m.row, m.result
        );
        for l in wrap(&line, width) {
            let _ = writeln!(out, "{l}");
        }
    }
}

/// One grid: rows down, columns across; odds for the chosen column (or the only one).
fn side_by_side(out: &mut String, view: &ChartView, corner: &str, width: usize) {
    let odds_from = view.columns.iter().position(|c| c.chosen).unwrap_or(0);
    let odds_col = &view.columns[odds_from];
    let rows = odds_col
        .rows
        .iter()
        .enumerate()
        .map(|(ri, r)| {
            let odds = r.odds.map(|p| format!("{p:.1}%")).unwrap_or_default();
            let results = view.columns.iter().map(|c| c.rows[ri].shown()).collect();
            (r.row.clone(), odds, results)
        })
        .collect();
    let grid = Grid {
        corner,
        headings: view
            .columns
            .iter()
            .map(|c| c.label.clone().unwrap_or_else(|| "result".into()))
            .collect(),
        chosen: view.columns.iter().position(|c| c.chosen),
        hit: odds_col.rows.iter().position(|r| r.hit),
        rows,
    };
    out.push('\n');
    grid.render(out, width);
}

fn one_column<'a>(c: &ColumnView, corner: &'a str) -> Grid<'a> {
    Grid {
        corner,
        headings: vec![c.label.clone().unwrap_or_default()],
        chosen: c.chosen.then_some(0),
        hit: c.rows.iter().position(|r| r.hit),
        rows: c
            .rows
            .iter()
            .map(|r| {
                (
                    r.row.clone(),
                    r.odds.map(|p| format!("{p:.1}%")).unwrap_or_default(),
                    vec![r.shown()],
                )
            })
            .collect(),
    }
}
