//! A chart laid out with the inputs known: the chosen column, the modifiers, each row's exact
//! odds. `chart` shows it; `play`'s odds at the roll read the same view.

use super::roller::decided_row;
use super::{
    Fill, Modifier, Modifiers, Options, Outcome, Scope, Spread, Values, choose_column, face_odds,
    in_column, limit, row_odds, row_odds_decided, row_result, spans, value,
};
use flipbook_charts::{BookOption, Chart, Die, GameOver, Row, Span};
use serde::Serialize;
use std::fmt::Write as _;

/// A chart laid out for `chart`: everything the text shows, and the JSON.
#[derive(Serialize)]
pub(crate) struct ChartView {
    pub(crate) chart: String,
    pub(crate) title: String,
    pub(crate) die: Die,
    pub(crate) printed: String,
    /// What the columns are chosen by, as printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) columns_by: Option<String>,
    /// The chosen column's label, when the inputs tell.
    pub(crate) column: Option<String>,
    pub(crate) modifiers: Vec<Modifier>,
    /// Listed DRMs that wait on an input (or on the column) to be known.
    pub(crate) pending: Vec<String>,
    /// The inputs not given, as `--set` keys.
    pub(crate) needs: Vec<String>,
    /// The chart's listed DRMs, as printed.
    pub(crate) listed: Vec<ListedDrm>,
    /// The cap on the listed DRMs, as printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) cap: Option<String>,
    /// The book's optional DRMs that this chart takes (when the player turns them on).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) optional: Vec<Modifier>,
    /// For a table without a die: its value, when the inputs tell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) value: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) lookup: Option<String>,
    /// Every column reads the same rows, so they can stand side by side.
    pub(crate) shared_rows: bool,
    pub(crate) columns: Vec<ColumnView>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) notes: Vec<String>,
    /// A table without a die with every input given: its total, row and result, read as `roll`
    /// reads them (the column is `column`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) total: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) row: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) result: Option<String>,
    /// The answer ends the game.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) game_over: bool,
    /// A gate forbids the roll with these inputs: why (and what happens instead). No odds then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) gate: Option<String>,
    /// The same answer, as the text shows it above the table.
    #[serde(skip)]
    pub(crate) answer: Option<Box<Outcome>>,
}

#[derive(Serialize)]
pub(crate) struct ListedDrm {
    pub(crate) label: String,
    pub(crate) value: i64,
    /// Counted once for each of something ("+1 per level 3 or 4 Terror Group").
    pub(crate) each: bool,
}

#[derive(Serialize)]
pub(crate) struct ColumnView {
    pub(crate) label: Option<String>,
    pub(crate) chosen: bool,
    /// The sum of the modifiers in this column.
    pub(crate) modifier: i64,
    pub(crate) rows: Vec<RowView>,
    /// The rolls begun in this column that a column shift on the dice reads in another (by
    /// column and row); with `rows`' odds they add up to 100.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) moved: Vec<MovedView>,
}

/// Where a column shift on the dice (doubles: one column right) moves some rolls: the column
/// and row read, its result, and in how many of `out_of` rolls.
#[derive(Serialize)]
pub(crate) struct MovedView {
    pub(crate) column: String,
    pub(crate) row: String,
    pub(crate) result: String,
    pub(crate) odds: f64,
    pub(crate) ways: u128,
    pub(crate) out_of: u128,
}

#[derive(Serialize)]
pub(crate) struct RowView {
    pub(crate) row: String,
    pub(crate) result: String,
    /// Percent, to one decimal place; the rows of a column add up to 100.
    pub(crate) odds: Option<f64>,
    /// In how many of `out_of` equally likely rolls this row is read.
    pub(crate) ways: Option<u128>,
    pub(crate) out_of: Option<u128>,
    /// The value of a table without a die lands here.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) hit: bool,
    /// The result ends the game, with the inputs given.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) game_over: bool,
    /// The result ends the game or not as an answer not given yet says.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) may_end_game: bool,
}

impl RowView {
    /// The result as the table shows it: marked when it ends the game.
    pub(crate) fn shown(&self) -> String {
        if self.game_over {
            format!("{} (ends the game)", self.result)
        } else if self.may_end_game {
            format!("{} (may end the game)", self.result)
        } else {
            self.result.clone()
        }
    }
}
/// The chart laid out with these inputs: the chosen column, the modifiers, each row's odds
/// (`play`'s odds at the roll read the same view).
pub(crate) fn view(
    chart: &Chart,
    values: &Values,
    opts: &Options,
    declared: &[BookOption],
) -> ChartView {
    let scope = Scope {
        chart,
        values,
        row: None,
        dice: &[],
        read: None,
    };
    let chosen = choose_column(&scope);
    let chosen_i = chosen.as_ref().map(|(i, _)| *i);
    let chosen_label = chosen_i.map(|i| chart.columns[i].label.clone());
    let base = modifiers(&scope, chosen_label.as_deref(), opts);
    // A gate that holds answers instead of the table: no row is hit then.
    let gated = chart
        .gates
        .iter()
        .any(|g| scope.holds(&g.when) == Some(true))
        || super::table::ratio_below(&scope).is_some();
    let value = (chart.die.dice().is_none() && base.pending.is_empty() && !gated).then(|| {
        let (v, _) = value(chart, base.total());
        limit(&scope, v).0
    });
    let columns = if chart.stub.is_some() {
        Vec::new()
    } else {
        column_views(&scope, opts, chosen_i, value, gated)
    };
    ChartView {
        chart: chart.id.clone(),
        title: chart.title.clone(),
        die: chart.die,
        printed: chart.printed.clone(),
        columns_by: chart.column_by.as_ref().map(|b| {
            chosen
                .as_ref()
                .and_then(|(_, why)| why.clone())
                .unwrap_or_else(|| match super::table::ratio_below(&scope) {
                    Some(_) => format!("{}: below the first column, no roll", b.title),
                    None => b.title.clone(),
                })
        }),
        column: chosen_label,
        modifiers: base.all(),
        pending: base.pending.clone(),
        needs: chart
            .inputs
            .iter()
            .filter(|i| !values.contains_key(&i.key))
            .map(|i| i.key.clone())
            .collect(),
        listed: chart
            .drms
            .iter()
            .map(|d| ListedDrm {
                label: match &d.side {
                    Some(side) => format!("{side}: {}", d.label),
                    None => d.label.clone(),
                },
                value: d.value,
                each: d.per.is_some(),
            })
            .collect(),
        cap: chart.cap.as_ref().map(|c| c.printed.clone()),
        optional: declared
            .iter()
            .filter(|o| chart.options.contains(&o.id))
            .map(|o| Modifier {
                source: o.id.clone(),
                value: o.drm,
            })
            .collect(),
        value,
        lookup: chart.stub.as_ref().map(|s| {
            format!(
                "Roll, then read the total on {} ({}) in the {}",
                s.code, s.table, s.booklet
            )
        }),
        shared_rows: chart.shared_rows(),
        columns,
        notes: opposed_note(chart)
            .into_iter()
            .chain(uncounted_note(chart))
            .chain(chart.against.as_deref().map(|k| {
                let name = chart.input(k).map_or(k, |i| i.name());
                format!("Against {name}: the rows read the total minus {name} (0 or less: at most {name})")
            }))
            .chain((!chart.shifts.is_empty()).then(|| {
                let each: Vec<String> = chart
                    .shifts
                    .iter()
                    .map(|x| format!("{} {:+}", x.label, x.value))
                    .collect();
                format!(
                    "Column shifts (when they hold; held at the table's edges): {}",
                    each.join(", ")
                )
            }))
            .chain(dice_notes(chart))
            .chain(fails_by_odds(&scope, chosen_i, opts))
            .chain(chart.notes.clone())
            .collect(),
        total: None,
        row: None,
        result: None,
        game_over: false,
        gate: None,
        answer: None,
    }
}

/// Each column (or the one column) with its rows, their results and their odds.
fn column_views(
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
            let moving = !gated && super::table::shifts_read_dice(chart);
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

/// The odds of a roll begun in column `ci` where a column shift reads the dice, counted die by
/// die: each outcome read in the column the dice move it to, with that column's modifiers and
/// rows. The odds of `ci`'s own rows first, then, for the cells of other columns (column, row)
/// some outcomes land on, their ways in the same `Odds` (rows' first, then the cells', in
/// order), so that the percentages of all add up to 100. The chosen column is moved from where
/// the inputs put it before the edges held it, as a roll moves it.
fn moved_odds(
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
            super::table::moved_by_dice(&with_dice, ci)
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
fn moved_views(
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

/// The share of the rolls each alternative on `fails_by` is read in (a roll against an input
/// failing by more than another), in the chosen column (or the only one), once the inputs tell
/// it: counted by the natural roll, where the single dice decide neither the total nor the row
/// nor the column (none is said otherwise).
fn fails_by_odds(scope: &Scope, chosen: Option<usize>, opts: &Options) -> Vec<String> {
    let chart = scope.chart;
    let reads = |w: Option<&flipbook_charts::Condition>| w.is_some_and(flipbook_charts::reads_dice);
    let by_faces = chart.drms.iter().any(|d| reads(d.when.as_ref()))
        || super::table::shifts_read_dice(chart)
        || chart
            .on_natural
            .iter()
            .any(|n| n.row.is_some() && reads(n.when.as_ref()));
    let col = if chart.columns.is_empty() {
        None
    } else {
        match chosen {
            Some(i) => Some(i),
            None => return Vec::new(),
        }
    };
    let (Some(key), Some(spread)) = (&chart.against, Spread::of_chart(chart)) else {
        return Vec::new();
    };
    let Some(against) = scope.number(key) else {
        return Vec::new();
    };
    if by_faces || chart.is_opposed() {
        return Vec::new();
    }
    let label = col.map(|i| chart.columns[i].label.as_str());
    let m = modifiers(scope, label, opts);
    if !m.pending.is_empty() {
        return Vec::new();
    }
    let rows = chart.column_rows(col);
    if !rows.iter().any(|r| {
        r.alt
            .iter()
            .any(|a| flipbook_charts::reads_fails_by(&a.when))
    }) {
        return Vec::new();
    }
    let spans = spans(rows);
    // Each alternative's ways, by (row, alt) in the order written.
    let mut ways: Vec<((usize, usize), u128)> = Vec::new();
    for (i, w) in spread.ways.iter().enumerate() {
        let natural = spread
            .min
            .saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
        let read = match decided_row(chart, rows, scope.values, &[natural]) {
            Some(_) => continue,
            None => limit(scope, natural.saturating_add(m.total()))
                .0
                .saturating_sub(against),
        };
        let ri = Span::nearest(&spans, read).0;
        let at = Scope {
            row: Some(rows[ri].row.label()),
            read: Some(read),
            ..*scope
        };
        let first = rows[ri]
            .alt
            .iter()
            .position(|a| in_column(&a.columns, label) && at.holds(&a.when) == Some(true));
        if let Some(ai) =
            first.filter(|ai| flipbook_charts::reads_fails_by(&rows[ri].alt[*ai].when))
        {
            match ways.iter_mut().find(|(k, _)| *k == (ri, ai)) {
                Some((_, n)) => *n += w,
                None => ways.push(((ri, ai), *w)),
            }
        }
    }
    ways.sort_by_key(|(k, _)| *k);
    ways.into_iter()
        .map(|((ri, ai), n)| {
            let share = crate::rules::Odds {
                ways: vec![n, spread.out_of.saturating_sub(n)],
                out_of: spread.out_of,
            }
            .percents()[0];
            format!(
                "Row {}, on {}: {share:.1}% of the rolls",
                rows[ri].row.label(),
                condition_words(chart, &rows[ri].alt[ai].when)
            )
        })
        .collect()
}

/// What the dice themselves decide, in words, for the notes under the table: each
/// `on_natural`, and each alternative result that reads the dice.
fn dice_notes(chart: &Chart) -> Vec<String> {
    let mut out = Vec::new();
    for n in &chart.on_natural {
        let mut on = Vec::new();
        if !n.naturals.is_empty() {
            let list: Vec<String> = n.naturals.iter().map(ToString::to_string).collect();
            on.push(format!("a natural {}", list.join(" or ")));
        }
        if let Some(w) = &n.when {
            on.push(condition_words(chart, w));
        }
        let on = on.join(" with ");
        match (&n.row, &n.text) {
            (Some(r), Some(t)) => out.push(format!("On {on}: row {r} whatever the total: {t}")),
            (Some(r), None) => out.push(format!("On {on}: row {r} whatever the total")),
            (None, Some(t)) => out.push(format!("On {on}: {t}")),
            (None, None) => {}
        }
    }
    for d in &chart.drms {
        if let Some(w) = d.when.as_ref().filter(|w| flipbook_charts::reads_dice(w)) {
            out.push(format!(
                "On {}: {} {:+} (counted once the dice are rolled)",
                condition_words(chart, w),
                d.label,
                d.value
            ));
        }
    }
    for x in &chart.shifts {
        if let Some(w) = x.when.as_ref().filter(|w| flipbook_charts::reads_dice(w)) {
            out.push(format!(
                "On {}: column shift {} {:+} (counted once the dice are rolled)",
                condition_words(chart, w),
                x.label,
                x.value
            ));
        }
    }
    for r in chart.all_rows() {
        for a in r.alt.iter().filter(|a| {
            flipbook_charts::reads_dice(&a.when) || flipbook_charts::reads_fails_by(&a.when)
        }) {
            out.push(format!(
                "Row {}, on {}: {}",
                r.row.label(),
                condition_words(chart, &a.when),
                a.result
            ));
        }
    }
    out
}

/// A condition as the notes say it: `doubles`, `a die shows 6`, `natural = sniper`, or its
/// tests as written.
fn condition_words(chart: &Chart, cond: &flipbook_charts::Condition) -> String {
    use flipbook_charts::Test;
    let name = |k: &str| {
        chart
            .input(k)
            .map_or(k.to_string(), |i| i.name().to_string())
    };
    cond.iter()
        .map(|(key, test)| match (key.as_str(), test) {
            ("doubles", Test::Bool(true)) => "doubles".to_string(),
            ("doubles", Test::Bool(false)) => "no doubles".to_string(),
            ("die", Test::Int(n)) => format!("a die showing {n}"),
            ("natural", Test::Int(n)) => format!("a natural {n}"),
            ("natural", Test::Text(k)) => format!("a natural equal to {}", name(k)),
            (flipbook_charts::FAILS_BY, Test::Int(n)) => format!("failing by {n}"),
            (flipbook_charts::FAILS_BY, Test::Range(r)) => {
                let says = |o: &flipbook_charts::Operand| match o {
                    flipbook_charts::Operand::Int(n) => n.to_string(),
                    flipbook_charts::Operand::Input(k) => name(k),
                };
                let parts: Vec<String> = [
                    r.above.as_ref().map(|o| format!("more than {}", says(o))),
                    r.min.as_ref().map(|o| format!("{} or more", says(o))),
                    r.below.as_ref().map(|o| format!("less than {}", says(o))),
                    r.max.as_ref().map(|o| format!("at most {}", says(o))),
                ]
                .into_iter()
                .flatten()
                .collect();
                format!("failing by {}", parts.join(" and "))
            }
            (k, t) => format!("{k} {}", serde_json::to_string(t).unwrap_or_default()),
        })
        .collect::<Vec<_>>()
        .join(" and ")
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

/// The modifiers of a roll on the chart in `column`. On an opposed roll, both sides': the first
/// side's as they are, the second side's against the total (negated), each named by its side.
fn modifiers(scope: &Scope, column: Option<&str>, opts: &Options) -> Modifiers {
    let chart = scope.chart;
    let [first, second] = chart.opposed.as_slice() else {
        return Modifiers::of(scope, column, opts);
    };
    let [a, b] =
        <[Modifiers; 2]>::try_from(Modifiers::of_sides(scope, column, opts)).unwrap_or_default();
    let named = |side: &str, m: &Modifiers, sign: i64| -> Vec<Modifier> {
        m.all()
            .into_iter()
            .map(|x| Modifier {
                source: format!("{side}: {}", x.source),
                value: x.value.saturating_mul(sign),
            })
            .collect()
    };
    let mut listed = named(first, &a, 1);
    listed.extend(named(second, &b, -1));
    Modifiers {
        listed,
        pending: a.pending.into_iter().chain(b.pending).collect(),
        ..Modifiers::default()
    }
}

/// Said plainly when a chart's dice have more outcomes than are counted: no odds are shown,
/// rather than wrong ones.
fn uncounted_note(chart: &Chart) -> Option<String> {
    let dice = chart.die.dice()?;
    Spread::of_chart(chart).is_none().then(|| {
        format!(
            "The odds are too large to count exactly ({dice} against {dice} has more outcomes than flipbook counts): none is shown"
        )
    })
}

/// How an opposed roll is read, for the notes under its table.
fn opposed_note(chart: &Chart) -> Option<String> {
    let [first, second] = chart.opposed.as_slice() else {
        return None;
    };
    let wins = if chart.wins == Some(flipbook_charts::Better::Lower) {
        "the lower total wins"
    } else {
        "the higher total wins"
    };
    let tie = match &chart.tie {
        Some(t) if chart.opposed.contains(t) => format!("; {t} wins a tie"),
        _ => String::new(),
    };
    Some(format!(
        "Opposed roll: each side rolls {}; the rows read the first side's total ({first}) \
         minus the second's ({second}), whose modifiers count against it; {wins}{tie}",
        chart.die
    ))
}
