//! The modifiers of a roll, in the order the rules apply them: the chart's listed DRMs (each
//! group of them held within its own bounds) and the player's ad-hoc extras, the printed cap on
//! all of them together, then the book's optional
//! rules the player turned on (after the cap). A selection roll takes neither options nor extras.
//! This is the only place that knows that order.

use super::scope::{Known, Scope};
use super::values::sum;
use crate::error::{Error, Result};
use flipbook_charts::{BookOption, Chart, Drm};
use serde::Serialize;

/// A selection roll (which region, which conflict...) picks one of a list: an ad-hoc DRM would
/// pick another, so it is refused.
pub(crate) fn refuse_drm(chart: &Chart, drm: &[i64]) -> Result<()> {
    if chart.selection && !drm.is_empty() {
        return Err(Error::usage(format!(
            "'{}' is a selection roll (it picks one of a list): it takes no --drm",
            chart.id
        )));
    }
    Ok(())
}

/// One modifier with its source, as shown and as in the JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub(crate) struct Modifier {
    pub(crate) source: String,
    pub(crate) value: i64,
}

/// How a roll is modified beyond its chart: the book's options the player turned on, and
/// ad-hoc DRMs (`--drm`).
/// The source of an ad-hoc modifier (`--drm`, play's `x`) among a roll's modifiers.
pub(crate) const EXTRA: &str = "extra";

/// The largest ad-hoc modifier (and die value) taken: no die rolls more than 1000.
pub(crate) const MAX_DRM: i64 = 1000;

#[derive(Debug, Clone, Default)]
pub(crate) struct Options {
    pub(crate) enabled: Vec<BookOption>,
    pub(crate) extra: Vec<i64>,
}

impl Options {
    /// The enabled options that apply to a roll on `chart`: those it names, never on a
    /// selection roll.
    pub(crate) fn on_chart<'a>(&'a self, chart: &'a Chart) -> impl Iterator<Item = &'a BookOption> {
        self.enabled
            .iter()
            .filter(move |o| !chart.selection && chart.options.contains(&o.id))
    }

    /// The enabled options that apply to plain dice.
    fn on_plain_dice(&self) -> impl Iterator<Item = &BookOption> {
        self.enabled.iter().filter(|o| o.plain_dice)
    }

    /// The ad-hoc extras, as modifiers.
    fn extras(&self) -> impl Iterator<Item = Modifier> + '_ {
        self.extra.iter().map(|&v| Modifier {
            source: EXTRA.into(),
            value: v,
        })
    }

    /// The modifiers of a roll of plain dice: the options that apply to them, then the extras.
    pub(crate) fn plain_dice(&self) -> Vec<Modifier> {
        self.on_plain_dice()
            .map(option_modifier)
            .chain(self.extras())
            .collect()
    }
}

fn option_modifier(o: &BookOption) -> Modifier {
    Modifier {
        source: o.label.clone(),
        value: o.drm,
    }
}

/// The modifiers of one roll, in the order they are applied.
#[derive(Debug, Clone, Default)]
pub(crate) struct Modifiers {
    /// The chart's listed DRMs that apply.
    pub(crate) listed: Vec<Modifier>,
    /// What the bounds of groups of DRMs took off (or added to) their groups' sums.
    pub(crate) bounds: Vec<Modifier>,
    /// Ad-hoc `--drm` values ("extra"), inside the cap.
    pub(crate) extra: Vec<Modifier>,
    /// What the cap took off the listed DRMs and the extras together.
    pub(crate) cap: Option<Modifier>,
    /// The book's optional rules, after the cap.
    pub(crate) options: Vec<Modifier>,
    /// Listed DRMs that cannot be told yet, for want of an input.
    pub(crate) pending: Vec<String>,
}

impl Modifiers {
    /// The listed DRMs that apply in `column` and the extras, capped, then the book's options.
    pub(crate) fn of(scope: &Scope, column: Option<&str>, opts: &Options) -> Modifiers {
        Modifiers::of_side(scope, column, opts, None)
    }

    /// The same for one side of an opposed roll: only the DRMs of that `side` (`None`: the DRMs
    /// that name no side, as on any other roll).
    pub(crate) fn of_side(
        scope: &Scope,
        column: Option<&str>,
        opts: &Options,
        side: Option<&str>,
    ) -> Modifiers {
        let chart = scope.chart;
        let mut m = Modifiers::default();
        // Each group's sum so far, by the group's place among the chart's groups.
        let mut group_sums: Vec<Option<i64>> = vec![Some(0); chart.groups.len()];
        let group_of = |d: &Drm| {
            d.group
                .as_ref()
                .and_then(|g| chart.groups.iter().position(|x| &x.id == g))
        };
        for d in chart.drms.iter().filter(|d| d.side.as_deref() == side) {
            if !d.columns.is_empty() && !column.is_some_and(|c| d.columns.iter().any(|l| l == c)) {
                if column.is_none() {
                    m.pending.push(d.label.clone());
                }
                continue;
            }
            match drm_value(scope, d) {
                Ok(Some(mm)) => {
                    if let Some(gi) = group_of(d) {
                        group_sums[gi] = group_sums[gi].map(|s| s.saturating_add(mm.value));
                    }
                    m.listed.push(mm);
                }
                Ok(None) => {}
                Err(()) => {
                    // A group with a DRM not yet told has no sum to bound yet.
                    if let Some(gi) = group_of(d) {
                        group_sums[gi] = None;
                    }
                    m.pending.push(d.label.clone());
                }
            }
        }
        // A group's bounds hold its sum, whether or not its DRMs apply (a bound of 1 or more
        // holds an empty group too).
        for (g, s) in chart.groups.iter().zip(group_sums) {
            let Some(s) = s else { continue };
            let bounded = g.bounds().clamp(s);
            if bounded != s {
                m.bounds.push(Modifier {
                    source: format!("Bound ({})", g.printed),
                    value: bounded.saturating_sub(s),
                });
            }
        }
        if !chart.selection {
            m.extra = opts.extras().collect();
        }
        if let Some(cap) = &chart.cap {
            let sum = sum(m
                .listed
                .iter()
                .chain(&m.bounds)
                .chain(&m.extra)
                .map(|x| x.value));
            let capped = cap.bounds().clamp(sum);
            if capped != sum {
                let extras = if m.extra.iter().any(|x| x.value != 0) {
                    ", extras included"
                } else {
                    ""
                };
                m.cap = Some(Modifier {
                    source: format!("Cap ({}){extras}", cap.printed),
                    value: capped - sum,
                });
            }
        }
        m.options = opts.on_chart(chart).map(option_modifier).collect();
        m
    }

    /// The modifiers of each side of an opposed roll, the first side first: the ad-hoc extras
    /// and the book's options are the first side's (the roller's).
    pub(crate) fn of_sides(scope: &Scope, column: Option<&str>, opts: &Options) -> Vec<Modifiers> {
        let none = Options::default();
        scope
            .chart
            .opposed
            .iter()
            .enumerate()
            .map(|(i, side)| {
                let o = if i == 0 { opts } else { &none };
                Modifiers::of_side(scope, column, o, Some(side))
            })
            .collect()
    }

    /// Every modifier in the order applied: listed, the groups' bounds, extras, the cap, the
    /// options.
    pub(crate) fn all(&self) -> Vec<Modifier> {
        let mut v = self.listed.clone();
        v.extend(self.bounds.iter().cloned());
        v.extend(self.extra.iter().cloned());
        v.extend(self.cap.clone());
        v.extend(self.options.iter().cloned());
        v
    }

    pub(crate) fn total(&self) -> i64 {
        sum(self.all().iter().map(|m| m.value))
    }
}

/// A DRM's value when it applies; `Err` when an input it needs is unknown.
fn drm_value(scope: &Scope, d: &Drm) -> Result<Option<Modifier>, ()> {
    // A DRM on the dice themselves (doubles, a die showing 6) waits for the roll: counted once
    // the dice are known, left out before (the odds count it die by die).
    if scope.dice.is_empty() && d.when.as_ref().is_some_and(flipbook_charts::reads_dice) {
        return Ok(None);
    }
    if let Some(w) = &d.when {
        match scope.holds(w) {
            Some(false) => return Ok(None),
            None => return Err(()),
            Some(true) => {}
        }
    }
    let (value, source) = match &d.per {
        None => (d.value, d.label.clone()),
        Some(k) => match scope.known(k) {
            Known::NotApplicable => return Ok(None),
            Known::Unknown => return Err(()),
            Known::Value(v) => {
                let n = scope.input(k).map_or(0, |i| v.as_num(i));
                if n == 0 {
                    return Ok(None);
                }
                if d.value == 1 {
                    (n, d.label.clone())
                } else {
                    (
                        d.value.saturating_mul(n),
                        format!("{} ({n}, {:+} each)", d.label, d.value),
                    )
                }
            }
        },
    };
    Ok((value != 0).then_some(Modifier { source, value }))
}
