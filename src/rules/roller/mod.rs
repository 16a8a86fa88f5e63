//! Resolving a chart: gather the inputs, roll (or compute the value of a table without a die),
//! modify, read the row, then roll what the row calls for. Here the steps of a roll, in order;
//! each step's work in the parts below.

use super::Values;
use super::ask::Prompter;
use super::dice::Dicer;
use super::modifiers::Options;
use super::outcome::Outcome;
use super::scope::Scope;
use super::table::{self, Fill, choose_column};
use crate::error::{Error, Result};
use flipbook_charts::Chart;
use gather::gate;

mod follow;
mod gather;
mod look_up;
mod roll;
mod row;

pub(crate) use look_up::{look_up_by_hand, look_up_only};
pub(crate) use roll::roll_plain;
pub(crate) use row::decided_row;

/// Where charts come from, for follow-up rolls.
pub(crate) trait Charts {
    fn get(&self, name: &str) -> Result<Chart>;
}

/// Everything a roll draws on besides the chart.
pub(crate) struct Roller<'a> {
    pub(crate) charts: &'a dyn Charts,
    pub(crate) dicer: &'a mut Dicer,
    pub(crate) prompter: &'a mut dyn Prompter,
    pub(crate) opts: Options,
    /// Input values so far, shared down the chain of follow-ups.
    pub(crate) values: Values,
    /// Answers offered as the default when a question is asked (the last ones given).
    pub(crate) defaults: Values,
    /// The defaults given this turn: two or more of them a roll asks are offered together.
    pub(crate) fresh: Vec<String>,
    /// Rolls made so far, for the budget.
    pub(crate) rolls: usize,
}

/// The note of a roll whose row the dice decided (`on_natural` with `row`), whatever the total.
pub(crate) const DICE_DECIDE: &str = "the dice decide the row, whatever the total";
/// The note of a roll on a chart whose DRMs are printed where it is looked up (a stub's
/// `drms_printed`): its total is not final, and no total line is shown.
pub(crate) const DRMS_THERE: &str = "the DRMs printed on the chart are still to be added";

/// The note of a roll made with flipbook's dice because the `--roll` values ran out before it
/// (a follow-up of a roll given by hand).
pub(crate) const RAN_OUT: &str = "flipbook's dice: the --roll values ran out before this roll";

/// How deep follow-ups may chain, and the most rolls one roll may call, follow-ups and theirs
/// together (a budget that a chart fanning out many ways cannot exceed): the book format's, so
/// that `check` refuses first what the roll would stop at.
use flipbook_charts::{MAX_CHAIN, MAX_ROLLS};
const MAX_REROLLS: usize = 100;

impl<'a> Roller<'a> {
    /// A roller with the values known so far, nothing offered back, no roll made yet.
    pub(crate) fn new(
        charts: &'a dyn Charts,
        dicer: &'a mut Dicer,
        prompter: &'a mut dyn Prompter,
        opts: Options,
        values: Values,
    ) -> Self {
        Roller {
            charts,
            dicer,
            prompter,
            opts,
            values,
            defaults: Values::new(),
            fresh: Vec::new(),
            rolls: 0,
        }
    }
}

impl Roller<'_> {
    /// Resolve one chart: gather inputs, roll, find the row, then roll what it calls for.
    pub(crate) fn resolve(&mut self, chart: &Chart) -> Result<Outcome> {
        self.resolve_at(chart, 0, &[])
    }

    /// Resolve `chart`, rolling it again while its natural roll is one of `again` ("roll again
    /// on a 1"): each roll set aside is kept, in order, marked as rolled again.
    pub(crate) fn resolve_again(&mut self, chart: &Chart, again: &[i64]) -> Result<Outcome> {
        let mut set_aside = Vec::new();
        loop {
            let mut out = self.resolve(chart)?;
            match out.natural {
                Some(n) if again.contains(&n) && set_aside.len() < MAX_REROLLS => {
                    out.rolled_again = true;
                    out.notes.push(format!("a {n}: rolled again"));
                    set_aside.push(out);
                }
                _ => {
                    out.set_aside = set_aside;
                    return Ok(out);
                }
            }
        }
    }

    /// Resolve `chart`, `depth` follow-ups down, its dice rolled again on the naturals of
    /// `reroll`: the steps of a roll, in order.
    fn resolve_at(&mut self, chart: &Chart, depth: usize, reroll: &[i64]) -> Result<Outcome> {
        self.count_roll(chart, depth)?;
        self.gather(chart, None)?;
        let mut out = Outcome::of(chart, &self.values);
        if self.instead_of_roll(chart, &mut out, depth)? {
            return Ok(out);
        }
        // Where the column's reason stands among the notes: a shift on the dice says it again
        // once they are rolled.
        let why_at = out.notes.len();
        let mut column = self.column(chart, &mut out);
        let opts = self.opts_at(depth);
        let total = self.roll_total(chart, &mut out, &mut column, why_at, &opts, reroll)?;
        let total = self.read_total(chart, &mut out, total);
        let fill = out.filler(chart, &self.values);
        let natural_notes = self.natural_notes(chart, &out, &fill);
        if let Some(stub) = &chart.stub {
            look_up::read_there(stub, &fill, &mut out, total, &natural_notes);
            return Ok(out);
        }
        let col_index = column.as_ref().map(|(i, _)| *i);
        self.read_row(chart, &mut out, col_index, &natural_notes, depth)?;
        Ok(out)
    }

    /// One more roll, within the budget: no deeper a chain than `MAX_CHAIN`, no more rolls in
    /// all than `MAX_ROLLS`.
    fn count_roll(&mut self, chart: &Chart, depth: usize) -> Result<()> {
        if depth > MAX_CHAIN {
            return Err(Error::Other(format!(
                "rolls chain deeper than {MAX_CHAIN} charts at '{}'",
                chart.id
            )));
        }
        self.rolls += 1;
        if self.rolls as u64 > MAX_ROLLS {
            return Err(Error::Other(format!(
                "one roll may call at most {MAX_ROLLS} rolls in all; '{}' asks for more",
                chart.id
            )));
        }
        Ok(())
    }

    /// What the chart says instead of a roll, given in `out`: a gate that holds (then the
    /// rolls it calls for), or an odds ratio below the first column. False when the dice roll.
    fn instead_of_roll(&mut self, chart: &Chart, out: &mut Outcome, depth: usize) -> Result<bool> {
        let scope = Scope {
            chart,
            values: &self.values,
            row: None,
            dice: &[],
            read: None,
        };
        if let Some(g) = gate(chart, &scope) {
            out.result = Some(counted(
                &Fill::inputs(chart, &self.values),
                chart,
                &g.result,
            )?);
            out.game_over = g.game_over;
            if chart.die.dice().is_some() {
                out.notes.push("no roll".into());
            }
            self.follow_up(out, chart, None, &g.then, depth)?;
            return Ok(true);
        }
        // An odds ratio below the first column: what the chart says instead of a roll.
        if let Some(below) = table::ratio_below(&scope) {
            out.result = Some(counted(&Fill::inputs(chart, &self.values), chart, below)?);
            if chart.die.dice().is_some() {
                out.notes.push("no roll".into());
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// The column the inputs choose (by its place, with the reason the notes give), its label,
    /// reason and column shifts set in `out`.
    fn column(&self, chart: &Chart, out: &mut Outcome) -> Option<(usize, Option<String>)> {
        let scope = Scope {
            chart,
            values: &self.values,
            row: None,
            dice: &[],
            read: None,
        };
        let column = choose_column(&scope);
        if column.is_some() {
            out.shifts = table::shifts(&scope);
        }
        if let Some((i, why)) = &column {
            out.column = Some(chart.columns[*i].label.clone());
            out.notes.extend(why.clone());
        }
        column
    }

    /// The options of a roll `depth` follow-ups down: an ad-hoc modifier is for the roll it was
    /// given for, never for the rolls it calls.
    fn opts_at(&self, depth: usize) -> Options {
        if depth == 0 {
            self.opts.clone()
        } else {
            Options {
                extra: Vec::new(),
                ..self.opts.clone()
            }
        }
    }

    /// The total held within the chart's limits (their notes said); against an input, the rows
    /// read the total minus it.
    fn read_total(&self, chart: &Chart, out: &mut Outcome, total: i64) -> i64 {
        let scope = Scope {
            chart,
            values: &self.values,
            row: None,
            dice: &[],
            read: None,
        };
        let (total, notes) = table::limit(&scope, total);
        out.notes.extend(notes);
        out.total = Some(total);
        // Pass or fail against an input: the rows read the total minus it.
        if let Some(key) = &chart.against {
            let v = scope.number(key).unwrap_or_default();
            let read = total.saturating_sub(v);
            out.read = Some(read);
            out.margin = Some(read.saturating_abs());
            out.against = Some((
                chart
                    .input(key)
                    .map_or(key.as_str(), |i| i.name())
                    .to_string(),
                v,
            ));
        }
        total
    }

    /// The notes on the natural roll (`on_natural`'s texts that hold), filled in.
    fn natural_notes(&self, chart: &Chart, out: &Outcome, fill: &Fill) -> Vec<String> {
        let faces = out.faces();
        let scope = Scope {
            chart,
            values: &self.values,
            row: None,
            dice: &faces,
            read: None,
        };
        chart
            .on_natural
            .iter()
            .filter(|n| row::on_natural_holds(n, &scope, out.natural))
            .filter_map(|n| n.text.as_ref().map(|t| fill.text(t)))
            .collect()
    }
}

/// A result filled in; a placeholder that divides by zero with the values given stops the roll
/// with one line.
fn counted(fill: &Fill, chart: &Chart, template: &str) -> Result<String> {
    match fill.zero_division(template) {
        Some(p) => Err(Error::usage(format!(
            "{}: {p} divides by zero with the values given; the result cannot be counted",
            chart.id
        ))),
        None => Ok(fill.text(template)),
    }
}

impl Outcome {
    /// Each die of the roll (the one die of a single die); none before the roll, on a table
    /// without a die, or on an opposed roll (each side has its own).
    pub(crate) fn faces(&self) -> Vec<i64> {
        if !self.dice.is_empty() {
            return self.dice.clone();
        }
        if self.sides.is_empty() {
            self.natural.into_iter().collect()
        } else {
            Vec::new()
        }
    }

    /// The placeholders of this roll's texts, as far as it has gone.
    fn filler<'a>(&self, chart: &'a Chart, values: &'a Values) -> Fill<'a> {
        Fill {
            total: self.total,
            natural: self.natural,
            margin: self.margin,
            winner: self.winner.clone(),
            ..Fill::inputs(chart, values)
        }
    }

    /// A roll on `chart` about to be made, with the inputs known so far.
    fn of(chart: &Chart, values: &Values) -> Outcome {
        Outcome {
            chart: Some(chart.id.clone()),
            title: Some(chart.title.clone()),
            die: chart.die,
            natural: None,
            modifiers: vec![],
            total: None,
            column: None,
            row: None,
            result: None,
            clamped: false,
            game_over: false,
            dice: vec![],
            hand: false,
            rerolled: vec![],
            next: vec![],
            rolled_again: false,
            set_aside: vec![],
            inputs: chart
                .inputs
                .iter()
                .filter_map(|i| Some((i.key.clone(), values.get(&i.key)?.clone())))
                .collect(),
            notes: vec![],
            then: vec![],
            sides: vec![],
            margin: None,
            winner: None,
            show_winner: chart.show_winner != Some(false),
            tie: None,
            read: None,
            against: None,
            shifts: vec![],
        }
    }
}

#[cfg(test)]
mod tests;
