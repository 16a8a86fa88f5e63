//! Odds at the roll: each row's chance with the answers given so far, read from the same view
//! as `flipbook chart ID --set …` (caps, limits and the book's options included); and, where a
//! book ranks a chart's results, the chance that a re-roll lands better, the same or worse.

use super::events::RerollChances;
use crate::library::Book;
use crate::rules::chart_view;
use crate::rules::{Odds, Options, Outcome, Scope, Values, distribution, limit, spans};
use crate::text::safe;
use flipbook_charts::{Better, Chart, Rank, Span};
use std::cmp::Ordering;
use std::fmt::Write as _;

/// The longest result shown beside a row's odds, and the least (on a narrow terminal).
const RESULT: usize = 60;
const LEAST: usize = 12;

/// The odds of each row of the chosen column, the modifiers counted, the inputs still open,
/// and the `chart` command that shows the same; a row's result cut to fit `width`.
pub(crate) fn lines(
    chart: &Chart,
    values: &Values,
    opts: &Options,
    declared: &[flipbook_charts::BookOption],
    width: usize,
) -> Vec<String> {
    let view = chart_view(chart, values, opts, declared);
    let mut out = vec![format!(
        "  Odds of {} ({}), {}{}:",
        view.title,
        view.chart,
        view.die,
        view.column
            .as_ref()
            .map(|c| format!(", column {c}"))
            .unwrap_or_default()
    )];
    if !view.modifiers.is_empty() {
        let mods: Vec<String> = view
            .modifiers
            .iter()
            .map(|m| format!("{} {:+}", m.source, m.value))
            .collect();
        out.push(format!("    modifiers: {}", mods.join(", ")));
    }
    let column = view
        .columns
        .iter()
        .find(|c| c.chosen)
        .or_else(|| (view.columns.len() == 1).then(|| &view.columns[0]));
    match column {
        _ if chart.die.dice().is_none() => {
            out.push("    a table without a die: no odds (`chart` shows its rows)".into());
        }
        _ if view.lookup.is_some() => out.push(format!(
            "    every natural 1 in {}; the rows are printed elsewhere: {}",
            chart.die.dice().map_or(1, |d| d.sides),
            view.lookup.clone().unwrap_or_default()
        )),
        // In the game's words: each input by its label, not its key.
        None => out.push(format!(
            "    the column waits on: {}",
            view.needs
                .iter()
                .map(|k| {
                    chart
                        .inputs
                        .iter()
                        .find(|i| i.key == *k)
                        .map_or(k.as_str(), |i| i.name())
                })
                .collect::<Vec<&str>>()
                .join(", ")
        )),
        Some(c) => {
            let w = c
                .rows
                .iter()
                .map(|r| r.row.chars().count())
                .max()
                .unwrap_or(0);
            let most = width.saturating_sub(w + 16).clamp(LEAST, RESULT);
            for r in &c.rows {
                let cut = r.result.chars().count() > most;
                let result: String = r.result.chars().take(most - usize::from(cut)).collect();
                let more = if cut { "…" } else { "" };
                out.push(format!(
                    "    {:w$}  {:>5.1}%  {}{more}",
                    r.row,
                    r.odds.unwrap_or(0.0),
                    safe(&result, false)
                ));
            }
            // Rolls a column shift on the dice reads in another column.
            for m in &c.moved {
                out.push(format!(
                    "    {:.1}% moved by the dice to column {}, row {}: {}",
                    m.odds, m.column, m.row, m.result
                ));
            }
        }
    }
    if !view.pending.is_empty() {
        out.push(format!(
            "    not counted until answered: {}",
            view.pending.join(", ")
        ));
    }
    let sets = values.iter().fold(String::new(), |mut s, (k, v)| {
        let _ = write!(s, " --set {k}={}", v.text());
        s
    });
    out.push(format!("    = flipbook chart {}{sets}", view.chart));
    out.into_iter().map(|l| safe(&l, false)).collect()
}

/// The chances that a re-roll of `o` lands better, the same or worse, for a roll on a chart
/// that ranks its results, with the same inputs and modifiers; `None` for any other.
pub(crate) fn reroll_chances(book: &Book, o: &Outcome) -> Option<RerollChances> {
    chances(&book.find(o.chart.as_deref()?)?.chart().ok()?, o)
}

/// The chances of a re-roll of `o` on `chart`, when the chart ranks its results.
fn chances(chart: &Chart, o: &Outcome) -> Option<RerollChances> {
    let rank = chart.rank.as_ref()?;
    if !chart.opposed.is_empty() || crate::rules::shifts_read_dice(chart) {
        // Two dice a roll, or a column the dice may move: the spread of the naturals below
        // would not be its odds.
        return None;
    }
    let dice = chart.die.dice()?;
    let modifier: i64 = o.modifiers.iter().map(|m| m.value).sum();
    let scope = Scope {
        chart,
        values: &o.inputs,
        row: None,
        dice: &[],
        read: None,
    };
    let total_of = |i: usize| limit(&scope, (dice.min() + i as i64).saturating_add(modifier)).0;
    let (ways, out_of) = distribution(dice);
    // worse, same, better
    let mut tally = vec![0u128; 3];
    let mut add = |ord: Ordering, w: u128| {
        tally[match ord {
            Ordering::Less => 0,
            Ordering::Equal => 1,
            Ordering::Greater => 2,
        }] += w;
    };
    let col = o
        .column
        .as_ref()
        .and_then(|c| chart.columns.iter().position(|x| &x.label == c));
    let rows = chart.column_rows(col);
    let spans = spans(rows);
    match rank {
        Rank::Total(better) => {
            let now = o.total?;
            // Better is a better result: two totals on one row are the same result. Rows the
            // book does not have (printed elsewhere) cannot tell it: only the total is compared.
            let row_of = |t: i64| (!rows.is_empty()).then(|| Span::nearest(&spans, t).0);
            for (i, w) in ways.iter().enumerate() {
                let t = total_of(i);
                let ord = if row_of(t).is_some() && row_of(t) == row_of(now) {
                    Ordering::Equal
                } else if *better == Better::Lower {
                    t.cmp(&now).reverse()
                } else {
                    t.cmp(&now)
                };
                add(ord, *w);
            }
        }
        Rank::Rows(order) => {
            let place = |label: &str| order.iter().position(|r| r == label);
            let now = place(o.row.as_deref()?)?;
            for (i, w) in ways.iter().enumerate() {
                let (ri, _) = Span::nearest(&spans, total_of(i));
                add(place(rows[ri].row.label())?.cmp(&now), *w);
            }
        }
    }
    let p = Odds {
        ways: tally,
        out_of,
    }
    .percents();
    // The rows printed elsewhere: a better total may still read the same result, so only the
    // totals compare.
    let totals = rows
        .is_empty()
        .then_some(matches!(rank, Rank::Total(Better::Lower)));
    Some(RerollChances {
        better: p[2],
        same: p[1],
        worse: p[0],
        totals,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chances_of(better: f64, same: f64, worse: f64, totals: Option<bool>) -> RerollChances {
        RerollChances {
            better,
            same,
            worse,
            totals,
        }
    }
    use crate::rules::Modifier;

    fn outcome(chart: &str, natural: i64, mods: i64, row: Option<&str>) -> Outcome {
        let mut dicer = crate::rules::Dicer::new(Some(1), vec![natural], false);
        let d10 = flipbook_charts::Dice {
            count: 1,
            sides: 10,
        };
        let mut o = crate::rules::roll_plain(
            d10,
            &mut dicer,
            &mut crate::rules::NoPrompt,
            &Options::default(),
        )
        .unwrap();
        o.chart = Some(chart.into());
        o.modifiers = vec![Modifier {
            source: "x".into(),
            value: mods,
        }];
        o.total = Some(natural + mods);
        o.row = row.map(String::from);
        o
    }

    #[test]
    fn a_lower_total_is_better_on_a_master_action_chart() {
        let book = Book::load("mr-president", None).unwrap();
        // d10 rolled 4, -1: total 3. A re-roll (also -1) is lower on naturals 1-3 (totals 0-2),
        // the same on 4, higher on 5-10; the chart's rows are printed elsewhere, so whether a
        // lower total is a better result is said to be theirs to tell (issue 26).
        let o = outcome("master-diplomatic", 4, -1, None);
        assert_eq!(
            reroll_chances(&book, &o).unwrap(),
            chances_of(30.0, 10.0, 60.0, Some(true))
        );
        // A chart without a ranking says nothing.
        assert_eq!(
            reroll_chances(&book, &outcome("fni", 4, 0, Some("3-5"))),
            None
        );
    }

    #[test]
    fn ranked_rows_compare_by_their_place_not_their_numbers() {
        // The middle row is the best here: 1-3 worst, then 8-10, then 4-7 best.
        let chart: Chart = serde_yaml::from_str(
            "id: t\ntitle: T\nprinted: p\ndie: d10\nrank: [1-3, 8-10, 4-7]\nrows:\n  - {row: 1-3, result: a}\n  - {row: 4-7, result: b}\n  - {row: 8-10, result: c}\n",
        )
        .unwrap();
        // Rolled 9 (+1 = 10: 8-10): a re-roll lands better on 3-6 (totals 4-7), the same on
        // 7-10 (8-11, 11 read as 10), worse on 1-2 (2-3).
        let o = outcome("t", 9, 1, Some("8-10"));
        assert_eq!(
            chances(&chart, &o).unwrap(),
            chances_of(40.0, 40.0, 20.0, None)
        );
    }

    #[test]
    fn a_lower_total_on_the_same_row_is_the_same_result_not_a_better_one() {
        // Lower is better, 1-5 succeeds: from a 3, a 1 or a 2 reads the same row - no better.
        let chart: Chart = serde_yaml::from_str(
            "id: t\ntitle: T\nprinted: p\ndie: d10\nrank: lower\nrows:\n  - {row: 1-5, result: success}\n  - {row: 6+, result: failure}\n",
        )
        .unwrap();
        let o = outcome("t", 3, 0, Some("1-5"));
        assert_eq!(
            chances(&chart, &o).unwrap(),
            chances_of(0.0, 50.0, 50.0, None)
        );
        // From an 8 (failure), naturals 1-5 are better; 6-10 the same result.
        let o = outcome("t", 8, 0, Some("6+"));
        assert_eq!(
            chances(&chart, &o).unwrap(),
            chances_of(50.0, 50.0, 0.0, None)
        );
    }
}
