//! `chart`: one chart laid out as a table; with inputs, the chosen column, the modifiers and the
//! exact odds of each row.

use super::{Body, Report};
use crate::cli::ChartArgs;
use crate::config::Config;
use crate::config::Session;
use crate::error::{Error, Result};
use crate::rules::{
    Modifier, Modifiers, NoPrompt, Options, Outcome, Roller, Scope, Values, choose_column, fill,
    from_sets, in_column, limit, refuse_drm, row_odds, row_result, spans, value,
};
use flipbook_charts::{BookOption, Chart, Die, Span};
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
}

pub(super) fn execute(cfg: &Config, a: &ChartArgs) -> Result<Report> {
    let session = cfg.open()?;
    let chart = session.book.entry(&a.id)?.chart()?;
    refuse_drm(&chart, &a.drm)?;
    let values = from_sets(&chart.id, &chart.inputs, &a.set)?;
    let opts = session.options(&a.drm);
    let mut view = view(&chart, &values, &opts, &session.book.options);
    if let Some(o) = answer(cfg, &session, &chart, &values, opts)? {
        view.total = Some(o.total);
        view.row.clone_from(&o.row);
        view.result.clone_from(&o.result);
        view.game_over = o.game_over;
        view.answer = Some(Box::new(o));
    }
    Ok(Report::from(Body::Chart(Box::new(view))).warn(session.warnings))
}

/// The answer of a table without a die when every input it needs is given: the reading of
/// `roll`, without the rolls its result calls for (the table names them). `None` otherwise.
fn answer(
    cfg: &Config,
    session: &Session,
    chart: &Chart,
    values: &Values,
    opts: Options,
) -> Result<Option<Outcome>> {
    if chart.die.dice().is_some() || chart.stub.is_some() {
        return Ok(None);
    }
    let mut alone = chart.clone();
    for r in alone
        .rows
        .iter_mut()
        .chain(alone.columns.iter_mut().flat_map(|c| c.rows.iter_mut()))
    {
        r.then.clear();
    }
    for g in &mut alone.gates {
        g.then.clear();
    }
    let mut dicer = cfg.dicer(Vec::new());
    let mut roller = Roller {
        charts: &session.book,
        dicer: &mut dicer,
        prompter: &mut NoPrompt,
        opts,
        values: values.clone(),
        defaults: Values::new(),
        rolls: 0,
    };
    match roller.resolve(&alone) {
        Ok(o) => Ok(Some(o)),
        Err(Error::Missing { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

fn view(chart: &Chart, values: &Values, opts: &Options, declared: &[BookOption]) -> ChartView {
    let scope = Scope {
        chart,
        values,
        row: None,
    };
    let chosen = choose_column(&scope);
    let chosen_i = chosen.as_ref().map(|(i, _)| *i);
    let chosen_label = chosen_i.map(|i| chart.columns[i].label.clone());
    let base = Modifiers::of(&scope, chosen_label.as_deref(), opts);
    // A gate that holds answers instead of the table: no row is hit then.
    let gated = chart
        .gates
        .iter()
        .any(|g| scope.holds(&g.when) == Some(true));
    let value = (chart.die.dice().is_none() && base.pending.is_empty() && !gated).then(|| {
        let (v, _) = value(chart, base.total());
        limit(&scope, v).0
    });
    let columns = if chart.stub.is_some() {
        Vec::new()
    } else {
        column_views(&scope, opts, chosen_i, value)
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
                .unwrap_or_else(|| b.title.clone())
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
                label: d.label.clone(),
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
        notes: chart.notes.clone(),
        total: None,
        row: None,
        result: None,
        game_over: false,
        answer: None,
    }
}

/// Each column (or the one column) with its rows, their results and their odds.
fn column_views(
    scope: &Scope,
    opts: &Options,
    chosen: Option<usize>,
    value: Option<i64>,
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
            let m = Modifiers::of(scope, label.as_deref(), opts);
            let rows = chart.column_rows(ci);
            let odds = chart
                .die
                .dice()
                .map(|d| row_odds(d, rows, m.total(), |t| limit(scope, t).0));
            let percents = odds.as_ref().map(crate::rules::Odds::percents);
            let hit = value.map(|v| Span::nearest(&spans(rows), v).0);
            let rows = rows
                .iter()
                .enumerate()
                .map(|(ri, r)| {
                    let mut result = row_result(chart, r, ci, scope.values).unwrap_or_default();
                    if let Some(v) = value {
                        result = fill(&result, v, None, scope.values);
                    }
                    for a in r
                        .alt
                        .iter()
                        .filter(|a| in_column(&a.columns, label.as_deref()))
                    {
                        let _ = write!(result, " — {}", a.result);
                    }
                    for f in r
                        .then
                        .iter()
                        .filter(|f| in_column(&f.columns, label.as_deref()))
                    {
                        let _ = write!(result, " → roll {}", f.chart);
                    }
                    RowView {
                        row: r.row.label().to_string(),
                        result,
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
            }
        })
        .collect()
}
