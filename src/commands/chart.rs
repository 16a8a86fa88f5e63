//! `chart`: one chart laid out as a table; with inputs, the chosen column, the modifiers and the
//! exact odds of each row.

use super::{Body, Report};
use crate::cli::ChartArgs;
use crate::config::Config;
use crate::config::Session;
use crate::error::{Error, Result};
use crate::rules::{
    NoPrompt, Options, Outcome, Roller, Scope, Values, chart_view as view, from_sets, refuse_drm,
};
use flipbook_charts::Chart;

pub(super) fn execute(cfg: &Config, a: &ChartArgs) -> Result<Report> {
    let session = cfg.open()?;
    let chart = session.book.entry(&a.id)?.chart()?;
    refuse_drm(&chart, &a.drm)?;
    let values = from_sets(&chart.id, &chart.inputs, &a.set)?;
    let opts = session.options(&a.drm);
    let mut view = view(&chart, &values, &opts, &session.book.options);
    if let Some(o) = answer(cfg, &session, &chart, &values, opts)? {
        view.total = o.total;
        view.row.clone_from(&o.row);
        view.result.clone_from(&o.result);
        view.game_over = o.game_over;
        if o.total.is_none() {
            view.gate.clone_from(&o.result);
        }
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
    let scope = Scope {
        chart,
        values,
        row: None,
        dice: &[],
        read: None,
    };
    let gated = chart
        .gates
        .iter()
        .any(|g| scope.holds(&g.when) == Some(true))
        || crate::rules::ratio_below(&scope).is_some();
    if (chart.die.dice().is_some() || chart.stub.is_some()) && !gated {
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
    let mut prompter = NoPrompt;
    let mut roller = Roller::new(
        &session.book,
        &mut dicer,
        &mut prompter,
        opts,
        values.clone(),
    );
    match roller.resolve(&alone) {
        Ok(o) => Ok(Some(o)),
        Err(Error::Missing { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}
