//! `roll`: one roll on a chart (with the rolls it calls for), or plain dice.

use super::{Body, Report};
use crate::cli::RollArgs;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::library::Book;
use crate::rules::{Roller, Values, from_sets, roll_plain};
use flipbook_charts::{Chart, Dice, Input, is_plain_dice};

pub(super) fn execute(cfg: &Config, a: &RollArgs) -> Result<Report> {
    let session = cfg.open()?;
    let book = &session.book;
    let entry = book.find(&a.target);
    let mut prompter = cfg.prompter();
    // d6, d10 and 2d6 are always dice; other dice only when no chart has the name (D9 is a chart).
    let dice = Dice::parse(&a.target).filter(|_| entry.is_none() || is_plain_dice(&a.target));
    let mut dicer = cfg.dicer(a.roll.clone());
    let outcome = match (entry.filter(|_| dice.is_none()), dice) {
        (None, Some(dice)) => {
            if !a.set.is_empty() {
                return Err(Error::usage(format!("plain dice ({dice}) take no --set")));
            }
            roll_plain(
                dice,
                &mut dicer,
                prompter.as_mut(),
                &session.options(&a.drm),
            )?
        }
        (None, None) => {
            return Err(book
                .entry(&a.target)
                .err()
                .unwrap_or_else(|| Error::usage(format!("unknown chart or dice '{}'", a.target))));
        }
        (Some(entry), _) => {
            let chart = entry.chart()?;
            refuse_drm(&chart, &a.drm)?;
            let inputs = chain_inputs(book, &chart)?;
            let mut roller = Roller {
                charts: book,
                dicer: &mut dicer,
                prompter: prompter.as_mut(),
                opts: session.options(&a.drm),
                values: from_sets(&chart.id, &inputs, &a.set)?,
                defaults: Values::new(),
            };
            roller.resolve(&chart)?
        }
    };
    if let Some(u) = dicer.unused() {
        return Err(Error::Usage(u));
    }
    Ok(Report::from(Body::Roll(Box::new(outcome))).warn(session.warnings))
}

/// A selection roll (which region, which conflict...) picks one of a list: an ad-hoc DRM would
/// pick another, so it is refused.
pub(super) fn refuse_drm(chart: &Chart, drm: &[i64]) -> Result<()> {
    if chart.selection && !drm.is_empty() {
        return Err(Error::usage(format!(
            "'{}' is a selection roll (it picks one of a list): it takes no --drm",
            chart.id
        )));
    }
    Ok(())
}

/// Every input a chart may ask, with those of the charts its rows roll on.
fn chain_inputs(book: &Book, chart: &Chart) -> Result<Vec<Input>> {
    let mut seen = vec![chart.id.clone()];
    let mut inputs: Vec<Input> = chart.inputs.clone();
    let mut queue: Vec<String> = chart.follow_names().map(String::from).collect();
    while let Some(name) = queue.pop() {
        let c = book.entry(&name)?.chart()?;
        if seen.contains(&c.id) {
            continue;
        }
        seen.push(c.id.clone());
        for i in &c.inputs {
            if !inputs.iter().any(|x| x.key == i.key) {
                inputs.push(i.clone());
            }
        }
        queue.extend(c.follow_names().map(String::from));
    }
    Ok(inputs)
}
