//! Each column of a chart laid out (or its one column): its rows, their results as the table
//! shows them (with the rolls they call for), their odds, and whether they end the game.

use super::super::roller::decided_row;
use super::super::{
    Fill, Modifiers, Options, Scope, Spread, face_odds, in_column, limit, row_odds,
    row_odds_decided, row_result, spans,
};
use super::moved::{moved_odds, moved_views};
use super::{ColumnView, RowView, modifiers};
use flipbook_charts::{GameOver, Row, Span};
use std::fmt::Write as _;

/// Each column (or the one column) with its rows, their results and their odds.
pub(super) fn column_views(
    scope: &Scope,
    opts: &Options,
    chosen: Option<usize>,
    value: Option<i64>,
    gated: bool,
) -> Vec<ColumnView> {
    let chart = scope.chart;
    let indices: Vec<Option<usize>> = if chart.columns.is_empty() {
        vec![None]
    } else {
        (0..chart.columns.len()).map(Some).collect()
    };
    indices
        .into_iter()
        .map(|ci| {
            let label = ci.map(|i| chart.columns[i].label.clone());
            let m = modifiers(scope, label.as_deref(), opts);
            let rows = chart.column_rows(ci);
            // A roll a gate forbids has no odds; a shift on the dice moves some elsewhere.
            let moving = !gated && super::super::table::shifts_read_dice(chart);
            let shifted = ci
                .filter(|_| moving)
                .and_then(|i| moved_odds(scope, i, chosen == Some(i), opts));
            let odds = if gated {
                None
            } else if let Some((odds, _)) = &shifted {
                Some(odds.clone())
            } else {
                odds_of(scope, rows, m.total(), label.as_deref(), opts)
            };
            let percents = odds.as_ref().map(crate::rules::Odds::percents);
            let moved = shifted
                .map(|(odds, cells)| moved_views(scope, &odds, &cells))
                .unwrap_or_default();
            let hit = value.map(|v| Span::nearest(&spans(rows), v).0);
            let rows = rows
                .iter()
                .enumerate()
                .map(|(ri, r)| {
                    let fill = Fill {
                        total: value,
                        ..Fill::inputs(chart, scope.values)
                    };
                    // An alternative replaces the result when its condition holds, and only then.
                    let alt = r.alt.iter().find(|a| {
                        in_column(&a.columns, label.as_deref())
                            && scope.holds(&a.when) == Some(true)
                    });
                    let text = match alt {
                        Some(a) => a.result.clone(),
                        None => row_result(chart, r, ci, scope.values).unwrap_or_default(),
                    };
                    let mut result = fill.readable(&text);
                    for f in r
                        .then
                        .iter()
                        .filter(|f| in_column(&f.columns, label.as_deref()))
                    {
                        let _ = write!(result, " → roll {}", f.chart);
                        let given: Vec<String> = f
                            .set
                            .iter()
                            .map(|(k, v)| format!("{k} {}", v.text()))
                            .collect();
                        if !given.is_empty() {
                            let _ = write!(result, " ({})", given.join(", "));
                        }
                    }
                    let ends = row_ends(scope, r, label.as_deref());
                    RowView {
                        row: r.row.label().to_string(),
                        result,
                        game_over: ends == Some(true),
                        may_end_game: ends.is_none(),
                        odds: percents.as_ref().map(|p| p[ri]),
                        ways: odds.as_ref().map(|o| o.ways[ri]),
                        out_of: odds.as_ref().map(|o| o.out_of),
                        hit: hit == Some(ri),
                    }
                })
                .collect();
            ColumnView {
                chosen: ci.is_some() && ci == chosen,
                label,
                modifier: m.total(),
                rows,
                moved,
            }
        })
        .collect()
}

/// The exact odds of each of `rows` under `modifier`: by the natural roll, or die by die where
/// a condition on the single dice decides a row whatever the total (`on_natural` with `row`).
fn odds_of(
    scope: &Scope,
    rows: &[Row],
    modifier: i64,
    column: Option<&str>,
    opts: &Options,
) -> Option<crate::rules::Odds> {
    let chart = scope.chart;
    let spread = Spread::of_chart(chart)?;
    // Against an input, the rows read the total minus it: no odds until it is known.
    let against = match &chart.against {
        Some(k) => scope.number(k)?,
        None => 0,
    };
    let limit = |t| limit(scope, t).0.saturating_sub(against);
    let reads = |w: &Option<flipbook_charts::Condition>| {
        w.as_ref().is_some_and(flipbook_charts::reads_dice)
    };
    let deciding: Vec<_> = chart
        .on_natural
        .iter()
        .filter(|n| n.row.is_some())
        .collect();
    let dice_drms = chart.drms.iter().any(|d| reads(&d.when));
    if (deciding.is_empty() && !dice_drms) || chart.is_opposed() {
        return Some(row_odds(&spread, rows, modifier, limit));
    }
    let decide = |faces: &[i64]| decided_row(chart, rows, scope.values, faces);
    let by_faces = dice_drms || deciding.iter().any(|n| reads(&n.when));
    match (by_faces, chart.die.dice()) {
        (true, Some(d)) => {
            // Each outcome's own modifiers where a DRM reads the dice.
            let per_face = |faces: &[i64]| {
                if dice_drms {
                    let scope = Scope {
                        dice: faces,
                        ..*scope
                    };
                    Modifiers::of(&scope, column, opts).total()
                } else {
                    modifier
                }
            };
            face_odds(d, rows, per_face, limit, decide)
        }
        _ => Some(row_odds_decided(&spread, rows, modifier, limit, |n| {
            decide(&[n])
        })),
    }
}

/// Whether a row's result ends the game in `column` with the inputs known: `Some(true)` or
/// `Some(false)`, or `None` when that hangs on an answer not given yet. An alternative that
/// holds replaces the row's result, and ends the game only by its own `game_over`.
fn row_ends(scope: &Scope, r: &Row, column: Option<&str>) -> Option<bool> {
    let scope = Scope {
        row: Some(r.row.label()),
        ..*scope
    };
    let mut can: Vec<bool> = Vec::new();
    let mut replaced = false;
    for a in r.alt.iter().filter(|a| in_column(&a.columns, column)) {
        match scope.holds(&a.when) {
            Some(true) => {
                can.push(a.game_over);
                replaced = true;
                break;
            }
            None => can.push(a.game_over),
            Some(false) => {}
        }
    }
    if !replaced {
        match &r.game_over {
            None => can.push(false),
            Some(GameOver::Always(b)) => can.push(*b),
            Some(GameOver::When(g)) if !in_column(&g.columns, column) => can.push(false),
            Some(GameOver::When(g)) => match g.when.as_ref().map(|w| scope.holds(w)) {
                None => can.push(true),
                Some(Some(b)) => can.push(b),
                Some(None) => can.extend([true, false]),
            },
        }
    }
    if can.iter().all(|b| *b) {
        Some(true)
    } else if can.iter().all(|b| !*b) {
        Some(false)
    } else {
        None
    }
}
