//! The rolls a column shift on the dice (doubles: one column right) moves to another column,
//! counted die by die: the odds of a column's own rows and of the cells it moves rolls to.

use super::super::roller::decided_row;
use super::super::{Fill, Modifiers, Options, Scope, choose_column, limit, row_result, spans};
use super::MovedView;
use flipbook_charts::Span;

/// The odds of a roll begun in column `ci` where a column shift reads the dice, counted die by
/// die: each outcome read in the column the dice move it to, with that column's modifiers and
/// rows. The odds of `ci`'s own rows first, then, for the cells of other columns (column, row)
/// some outcomes land on, their ways in the same `Odds` (rows' first, then the cells', in
/// order), so that the percentages of all add up to 100. The chosen column is moved from where
/// the inputs put it before the edges held it, as a roll moves it.
pub(super) fn moved_odds(
    scope: &Scope,
    ci: usize,
    chosen: bool,
    opts: &Options,
) -> Option<(crate::rules::Odds, Vec<(usize, usize)>)> {
    let chart = scope.chart;
    let dice = chart.die.dice()?;
    let sides = u128::from(dice.sides);
    let out_of = sides
        .checked_pow(dice.count)
        .filter(|n| *n <= flipbook_charts::validate::MAX_DICE_OUTCOMES && sides > 0)?;
    let against = match &chart.against {
        Some(k) => scope.number(k)?,
        None => 0,
    };
    let own = chart.column_rows(Some(ci)).len();
    let mut ways = vec![0u128; own];
    let mut cells: Vec<(usize, usize)> = Vec::new();
    let mut faces = vec![0i64; dice.count as usize];
    for mut n in 0..out_of {
        for f in &mut faces {
            *f = i64::try_from(n % sides).unwrap_or(0) + 1;
            n /= sides;
        }
        let with_dice = Scope {
            dice: &faces,
            ..*scope
        };
        let to = if chosen {
            choose_column(&with_dice).map_or(ci, |(i, _)| i)
        } else {
            super::super::table::moved_by_dice(&with_dice, ci)
        };
        let label = chart.columns.get(to).map(|c| c.label.as_str());
        let rows = chart.column_rows(Some(to));
        let natural = faces.iter().sum::<i64>();
        let row = decided_row(chart, rows, scope.values, &faces).unwrap_or_else(|| {
            let m = Modifiers::of(&with_dice, label, opts).total();
            let total = limit(scope, natural.saturating_add(m))
                .0
                .saturating_sub(against);
            Span::nearest(&spans(rows), total).0
        });
        if to == ci {
            ways[row] += 1;
        } else {
            let at = if let Some(at) = cells.iter().position(|c| *c == (to, row)) {
                at
            } else {
                cells.push((to, row));
                ways.push(0);
                cells.len() - 1
            };
            ways[own + at] += 1;
        }
    }
    // The cells in the table's order: by column, then row.
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&i| cells[i]);
    let sorted_cells = order.iter().map(|&i| cells[i]).collect();
    let sorted_ways = ways[..own]
        .iter()
        .copied()
        .chain(order.iter().map(|&i| ways[own + i]))
        .collect();
    Some((
        crate::rules::Odds {
            ways: sorted_ways,
            out_of,
        },
        sorted_cells,
    ))
}

/// The cells a shift on the dice moves rolls to, with their results and odds (the `Odds` of
/// [`moved_odds`]: the column's own rows first).
pub(super) fn moved_views(
    scope: &Scope,
    odds: &crate::rules::Odds,
    cells: &[(usize, usize)],
) -> Vec<MovedView> {
    let chart = scope.chart;
    let percents = odds.percents();
    let own = odds.ways.len() - cells.len();
    cells
        .iter()
        .enumerate()
        .map(|(k, &(ci, ri))| {
            let r = &chart.column_rows(Some(ci))[ri];
            let fill = Fill::inputs(chart, scope.values);
            MovedView {
                column: chart.columns[ci].label.clone(),
                row: r.row.label().to_string(),
                result: fill
                    .readable(&row_result(chart, r, Some(ci), scope.values).unwrap_or_default()),
                odds: percents[own + k],
                ways: odds.ways[own + k],
                out_of: odds.out_of,
            }
        })
        .collect()
}
