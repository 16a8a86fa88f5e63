//! A chart laid out with the inputs known: the chosen column, the modifiers, each row's exact
//! odds. `chart` shows it; `play`'s odds at the roll read the same view. Here the view and its
//! DRMs; its columns, the rolls a shift on the dice moves, and its notes in the parts below.

use super::{Modifier, Modifiers, Options, Outcome, Scope, Values, choose_column, limit, value};
use flipbook_charts::{BookOption, Chart, Die};
use serde::Serialize;

mod columns;
mod moved;
mod notes;

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
    /// An opposed roll's DRMs as each side counts them (the second side's `modifiers` are
    /// negated, as the rows read them): the line `chart` prints.
    #[serde(skip)]
    pub(crate) sides_drms: Option<String>,
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
    let sides_drms = sides_drms(&scope, chosen_label.as_deref(), opts);
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
        columns::column_views(&scope, opts, chosen_i, value, gated)
    };
    ChartView {
        chart: chart.id.clone(),
        title: chart.title.clone(),
        die: chart.die,
        printed: chart.printed.clone(),
        columns_by: columns_by(&scope, chosen.as_ref()),
        column: chosen_label,
        modifiers: base.all(),
        sides_drms,
        pending: base.pending.clone(),
        needs: chart
            .inputs
            .iter()
            .filter(|i| !values.contains_key(&i.key))
            .map(|i| i.key.clone())
            .collect(),
        listed: listed_drms(chart),
        cap: chart.cap.as_ref().map(|c| c.printed.clone()),
        optional: optional_drms(chart, declared),
        value,
        lookup: chart.stub.as_ref().map(|s| {
            format!(
                "Roll, then read the total on {} ({}) in the {}",
                s.code, s.table, s.booklet
            )
        }),
        shared_rows: chart.shared_rows(),
        columns,
        notes: notes::notes(&scope, chosen_i, opts),
        total: None,
        row: None,
        result: None,
        game_over: false,
        gate: None,
        answer: None,
    }
}

/// What the columns are chosen by, as the view heads them: the chosen column's reason, or
/// the title, said to be below the first column where an odds ratio is.
fn columns_by(scope: &Scope, chosen: Option<&(usize, Option<String>)>) -> Option<String> {
    scope.chart.column_by.as_ref().map(|b| {
        chosen.and_then(|(_, why)| why.clone()).unwrap_or_else(|| {
            match super::table::ratio_below(scope) {
                Some(_) => format!("{}: below the first column, no roll", b.title),
                None => b.title.clone(),
            }
        })
    })
}

/// The chart's listed DRMs, as printed (an opposed roll's named by their side).
fn listed_drms(chart: &Chart) -> Vec<ListedDrm> {
    chart
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
        .collect()
}

/// The book's optional DRMs that the chart takes.
fn optional_drms(chart: &Chart, declared: &[BookOption]) -> Vec<Modifier> {
    declared
        .iter()
        .filter(|o| chart.options.contains(&o.id))
        .map(|o| Modifier {
            source: o.id.clone(),
            value: o.drm,
        })
        .collect()
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

/// An opposed roll's DRMs with the sign each side gives them, and what they come to on the
/// rows (the first side's minus the second's): `Allied: Leader +1 · Axis: Leader +1 (Allied's
/// minus Axis's: +0)`. `None` without DRMs, or on a roll that is not opposed.
fn sides_drms(scope: &Scope, column: Option<&str>, opts: &Options) -> Option<String> {
    let [first, second] = scope.chart.opposed.as_slice() else {
        return None;
    };
    let [a, b] =
        <[Modifiers; 2]>::try_from(Modifiers::of_sides(scope, column, opts)).unwrap_or_default();
    let (a, b) = (a.all(), b.all());
    if a.is_empty() && b.is_empty() {
        return None;
    }
    let each: Vec<String> = [(first, &a), (second, &b)]
        .iter()
        .flat_map(|(side, mods)| {
            mods.iter()
                .map(move |m| format!("{side}: {} {:+}", m.source, m.value))
        })
        .collect();
    let sum = |m: &[Modifier]| super::values::sum(m.iter().map(|x| x.value));
    Some(format!(
        "{} ({first}'s minus {second}'s: {:+})",
        each.join(" · "),
        sum(&a).saturating_sub(sum(&b))
    ))
}
