//! The dice of a roll on a chart: the natural roll (rolled again on the naturals a follow-up
//! re-rolls) or a table's value, what reads the dice counted once they are known, each side's
//! roll of an opposed roll and who wins; plain dice without a chart.

use super::super::ask::Prompter;
use super::super::dice::Dicer;
use super::super::modifiers::{Modifiers, Options};
use super::super::outcome::{Outcome, SideRoll, Winner};
use super::super::scope::Scope;
use super::super::table::{self, choose_column};
use super::{MAX_REROLLS, RAN_OUT, Roller};
use crate::error::{Error, Result};
use flipbook_charts::{Chart, Dice, Die};
use std::collections::BTreeMap;

impl Roller<'_> {
    /// The total of the roll: the first side's minus the second's on an opposed roll, else the
    /// natural roll (or a table's value) with its modifiers, counted again once the dice are
    /// known where DRMs or column shifts read them (the column chosen again, its reason said
    /// at `why_at` among the notes).
    pub(super) fn roll_total(
        &mut self,
        chart: &Chart,
        out: &mut Outcome,
        column: &mut Option<(usize, Option<String>)>,
        why_at: usize,
        opts: &Options,
        reroll: &[i64],
    ) -> Result<i64> {
        let scope = Scope {
            chart,
            values: &self.values,
            row: None,
            dice: &[],
            read: None,
        };
        if chart.is_opposed() {
            let sides = Modifiers::of_sides(&scope, out.column.as_deref(), opts);
            return self.opposed(chart, out, &sides);
        }
        let mods = Modifiers::of(&scope, out.column.as_deref(), opts);
        out.modifiers = mods.all();
        let total = self.total(chart, out, mods.total(), reroll)?;
        Ok(self
            .counted_on_dice(chart, out, column, why_at, opts)
            .unwrap_or(total))
    }

    /// DRMs and column shifts on the dice themselves, counted now that the dice are known: the
    /// total they give, or `None` where nothing reads the dice.
    fn counted_on_dice(
        &self,
        chart: &Chart,
        out: &mut Outcome,
        column: &mut Option<(usize, Option<String>)>,
        why_at: usize,
        opts: &Options,
    ) -> Option<i64> {
        let reads = chart
            .drms
            .iter()
            .any(|d| d.when.as_ref().is_some_and(flipbook_charts::reads_dice))
            || table::shifts_read_dice(chart);
        let natural = out.natural.filter(|_| reads)?;
        let faces = out.faces();
        let scope = Scope {
            chart,
            values: &self.values,
            row: None,
            dice: &faces,
            read: None,
        };
        if table::shifts_read_dice(chart)
            && let Some((i, why)) = choose_column(&scope)
        {
            if column.as_ref().is_some_and(|(_, w)| w.is_some()) && why_at < out.notes.len() {
                out.notes.remove(why_at);
            }
            if let Some(w) = &why {
                out.notes.insert(why_at.min(out.notes.len()), w.clone());
            }
            out.column = Some(chart.columns[i].label.clone());
            out.shifts = table::shifts(&scope);
            *column = Some((i, why));
        }
        let mods = Modifiers::of(&scope, out.column.as_deref(), opts);
        out.modifiers = mods.all();
        Some(natural.saturating_add(mods.total()))
    }

    /// The natural roll plus the modifiers, or the value of a table without a die.
    fn total(
        &mut self,
        chart: &Chart,
        out: &mut Outcome,
        modifier: i64,
        reroll: &[i64],
    ) -> Result<i64> {
        let Some(d) = chart.die.dice() else {
            let (v, note) = table::value(chart, modifier);
            out.notes.extend(note);
            return Ok(v);
        };
        let mut tries = 0;
        loop {
            let rolled = self.dicer.roll(d, &chart.title, self.prompter)?;
            let natural = super::super::values::sum(rolled.iter().copied());
            if reroll.contains(&natural) && tries < MAX_REROLLS {
                out.rerolled.push(natural);
                tries += 1;
                continue;
            }
            out.natural = Some(natural);
            out.hand = self.dicer.typed();
            if self.dicer.ran_out() {
                out.notes.push(RAN_OUT.into());
            }
            if rolled.len() > 1 {
                out.dice = rolled;
            }
            return Ok(natural.saturating_add(modifier));
        }
    }

    /// Each side of an opposed roll rolls the chart's die, first side first; the total is the
    /// first side's total minus the second's.
    fn opposed(&mut self, chart: &Chart, out: &mut Outcome, sides: &[Modifiers]) -> Result<i64> {
        let Some(d) = chart.die.dice() else {
            return Ok(0);
        };
        // Dice given on the command line are given for both sides or for none.
        let needed = (d.count as usize).saturating_mul(chart.opposed.len());
        if (1..needed).contains(&self.dicer.left()) {
            return Err(Error::usage(format!(
                "{} is an opposed roll: give {} per side ({}), or none",
                chart.id,
                if d.count == 1 {
                    "one --roll".to_string()
                } else {
                    format!("{} --roll values", d.count)
                },
                chart.opposed.join(", ")
            )));
        }
        // The player may type every side's dice on the first side's line.
        let what = format!("{}: {}", chart.title, chart.opposed.join(", then "));
        self.dicer
            .ask_sides(d, chart.opposed.len(), &what, self.prompter)?;
        for (name, mods) in chart.opposed.iter().zip(sides) {
            let what = format!("{} ({name})", chart.title);
            let rolled = self.dicer.roll(d, &what, self.prompter)?;
            let natural = super::super::values::sum(rolled.iter().copied());
            out.hand |= self.dicer.typed();
            if self.dicer.ran_out() && !out.notes.iter().any(|n| n == RAN_OUT) {
                out.notes.push(RAN_OUT.into());
            }
            out.sides.push(SideRoll {
                name: name.clone(),
                natural,
                modifiers: mods.all(),
                total: natural.saturating_add(mods.total()),
                dice: if rolled.len() > 1 { rolled } else { vec![] },
            });
        }
        let (first, second) = match out.sides.as_slice() {
            [a, b] => (a.total, b.total),
            _ => (0, 0),
        };
        let diff = first.saturating_sub(second);
        out.margin = Some(diff.saturating_abs());
        let winner = opposed_winner(chart, diff);
        if winner == Winner::Tie {
            out.tie.clone_from(&chart.tie);
        }
        out.winner = Some(winner);
        Ok(diff)
    }
}

/// Who wins an opposed roll whose first side's total is `diff` more than the second's: the
/// higher total, or the lower where the chart says `wins: lower`; on a tie the side `tie` names,
/// or nobody.
fn opposed_winner(chart: &Chart, diff: i64) -> Winner {
    let lower = chart.wins == Some(flipbook_charts::Better::Lower);
    let side = |i: usize| Winner::Side(chart.opposed[i].clone());
    match (diff.signum(), lower) {
        (1, false) | (-1, true) => side(0),
        (1, true) | (-1, false) => side(1),
        _ => match &chart.tie {
            Some(t) if chart.opposed.contains(t) => Winner::Side(t.clone()),
            _ => Winner::Tie,
        },
    }
}

/// A roll of plain dice, with the book's options that apply to plain dice and the extras.
pub(crate) fn roll_plain(
    dice: Dice,
    dicer: &mut Dicer,
    prompter: &mut dyn Prompter,
    opts: &Options,
) -> Result<Outcome> {
    let rolled = dicer.roll(dice, "", prompter)?;
    let natural = super::super::values::sum(rolled.iter().copied());
    let modifiers = opts.plain_dice();
    let total =
        natural.saturating_add(super::super::values::sum(modifiers.iter().map(|m| m.value)));
    Ok(Outcome {
        chart: None,
        title: None,
        die: Die::Dice(dice),
        natural: Some(natural),
        modifiers,
        total: Some(total),
        column: None,
        row: None,
        result: None,
        clamped: false,
        game_over: false,
        dice: if rolled.len() > 1 { rolled } else { vec![] },
        hand: dicer.typed(),
        rerolled: vec![],
        next: vec![],
        rolled_again: false,
        set_aside: vec![],
        inputs: BTreeMap::new(),
        notes: vec![],
        then: vec![],
        sides: vec![],
        margin: None,
        winner: None,
        show_winner: true,
        tie: None,
        read: None,
        against: None,
        shifts: vec![],
    })
}
