//! The questions a roll asks: its inputs, before the die is rolled (a gate's first, and the
//! gate may end the roll) or after it, about the row; the answers kept from an earlier roll
//! offered together.

use super::super::Value;
use super::super::scope::{Known, Scope};
use super::super::table;
use super::Roller;
use crate::error::{Error, Result};
use flipbook_charts::{Chart, Gate, condition_keys};

impl Roller<'_> {
    /// Ask (or report missing) every input the chart needs before its die is rolled, or after it
    /// when `row` is given.
    pub(super) fn gather(&mut self, chart: &Chart, row: Option<&str>) -> Result<()> {
        self.offer_kept(chart, row)?;
        loop {
            let mut missing = Vec::new();
            let mut asked_one = false;
            let scope = Scope {
                chart,
                values: &self.values,
                row,
                dice: &[],
                read: None,
            };
            // A gate is decided as soon as the inputs it reads are known: a roll it forbids
            // asks nothing more; the inputs of gates not yet decided are asked first.
            if row.is_none()
                && (gate(chart, &scope).is_some() || table::ratio_below(&scope).is_some())
            {
                return Ok(());
            }
            let mut undecided = gate_keys(chart, &scope);
            undecided.extend(below_keys(chart));
            let order = chart
                .inputs
                .iter()
                .filter(|i| undecided.contains(&i.key.as_str()))
                .chain(
                    chart
                        .inputs
                        .iter()
                        .filter(|i| !undecided.contains(&i.key.as_str())),
                );
            for input in order {
                let scope = Scope {
                    chart,
                    values: &self.values,
                    row,
                    dice: &[],
                    read: None,
                };
                match asked_now(input, &scope) {
                    Asked::No => continue,
                    Asked::Waiting => {
                        missing.push(input.key.clone());
                        continue;
                    }
                    Asked::Now => {}
                }
                match self.prompter.ask(input, self.defaults.get(&input.key))? {
                    Some(v) => {
                        self.values.insert(input.key.clone(), v);
                        asked_one = true;
                        break;
                    }
                    None => missing.push(input.key.clone()),
                }
            }
            if asked_one {
                continue;
            }
            if missing.is_empty() {
                return Ok(());
            }
            if self.prompter.asks() {
                // Questions still waiting on an answer that never came: nothing more to ask.
                let all_waiting = missing.iter().all(|k| {
                    chart
                        .inputs
                        .iter()
                        .find(|i| &i.key == k)
                        .is_some_and(|i| i.ask_if.is_some())
                });
                if all_waiting {
                    return Ok(());
                }
            }
            return Err(Error::Missing {
                chart: chart.id.clone(),
                keys: missing,
            });
        }
    }

    /// Two or more of the questions `chart` asks now have an answer kept from an earlier roll:
    /// they are offered together, and given when the player says they still hold (one key for
    /// all of them); else each is asked as usual, its kept answer offered. A chart with a gate
    /// still to decide asks one at a time: the gate's questions come first, and may end the roll.
    fn offer_kept(&mut self, chart: &Chart, row: Option<&str>) -> Result<()> {
        if self.fresh.len() < 2 || !self.prompter.asks() {
            return Ok(());
        }
        let scope = Scope {
            chart,
            values: &self.values,
            row,
            dice: &[],
            read: None,
        };
        if row.is_none() && (gate(chart, &scope).is_some() || !gate_keys(chart, &scope).is_empty())
        {
            return Ok(());
        }
        // The board's numbers only: a choice or a yes/no names what this roll is about (which
        // counter, which action), and is asked each time.
        let kept: Vec<(&flipbook_charts::Input, &Value)> = chart
            .inputs
            .iter()
            .filter(|i| i.kind == flipbook_charts::InputKind::Number)
            .filter(|i| self.fresh.contains(&i.key))
            .filter(|i| matches!(asked_now(i, &scope), Asked::Now))
            .filter_map(|i| Some((i, self.defaults.get(&i.key)?)))
            .collect();
        if kept.len() < 2 || self.prompter.keep(&kept)? != Some(true) {
            return Ok(());
        }
        let given: Vec<(String, Value)> = kept
            .into_iter()
            .map(|(i, v)| (i.key.clone(), v.clone()))
            .collect();
        self.values.extend(given);
        Ok(())
    }
}

/// Where a question of the chart stands now.
enum Asked {
    /// Known, not for now (asked after the roll, about its row), or not applying: not asked.
    No,
    /// Its `ask_if` waits on an answer not given yet.
    Waiting,
    /// To be asked now.
    Now,
}

/// Where `input` stands in `scope`: the one reading of it `gather` and `offer_kept` share.
fn asked_now(input: &flipbook_charts::Input, scope: &Scope) -> Asked {
    if (scope.row.is_none() && !input.only_rows.is_empty())
        || !matches!(scope.known(&input.key), Known::Unknown)
    {
        return Asked::No;
    }
    if input
        .ask_if
        .as_ref()
        .is_none_or(|c| scope.holds(c) == Some(true))
    {
        Asked::Now
    } else {
        Asked::Waiting
    }
}

/// The first gate of `chart` that holds: no roll then.
pub(super) fn gate<'c>(chart: &'c Chart, scope: &Scope) -> Option<&'c Gate> {
    chart
        .gates
        .iter()
        .find(|g| scope.holds(&g.when) == Some(true))
}

/// The inputs of odds columns with a `below` (no roll below the first column): decided first,
/// as a gate's.
fn below_keys(chart: &Chart) -> Vec<&str> {
    match &chart.column_by {
        Some(by) if by.below.is_some() => by.ratio.iter().map(String::as_str).collect(),
        _ => Vec::new(),
    }
}

/// The inputs read by the gates that cannot be told yet.
fn gate_keys<'c>(chart: &'c Chart, scope: &Scope) -> Vec<&'c str> {
    let mut keys = Vec::new();
    for g in chart
        .gates
        .iter()
        .filter(|g| scope.holds(&g.when).is_none())
    {
        condition_keys(&g.when, &mut keys);
    }
    keys
}
