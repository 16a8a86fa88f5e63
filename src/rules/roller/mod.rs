//! Resolving a chart: gather the inputs, roll (or compute the value of a table without a die),
//! modify, read the row, then roll what the row calls for.

use super::ask::Prompter;
use super::dice::Dicer;
use super::modifiers::{Modifiers, Options};
use super::outcome::{Outcome, SideRoll, Winner};
use super::scope::{Known, Scope};
use super::table::{self, Fill, choose_column, in_column, with_notes};
use super::{Value, Values};
use crate::error::{Error, Result};
use flipbook_charts::{Chart, Dice, Die, Follow, Gate, Span, condition_keys};
use std::collections::BTreeMap;

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
    /// Ask (or report missing) every input the chart needs before its die is rolled, or after it
    /// when `row` is given.
    fn gather(&mut self, chart: &Chart, row: Option<&str>) -> Result<()> {
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

    fn resolve_at(&mut self, chart: &Chart, depth: usize, reroll: &[i64]) -> Result<Outcome> {
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
        self.gather(chart, None)?;
        let mut out = Outcome::of(chart, &self.values);
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
            self.follow_up(&mut out, chart, None, &g.then, depth)?;
            return Ok(out);
        }
        // An odds ratio below the first column: what the chart says instead of a roll.
        if let Some(below) = table::ratio_below(&scope) {
            out.result = Some(counted(&Fill::inputs(chart, &self.values), chart, below)?);
            if chart.die.dice().is_some() {
                out.notes.push("no roll".into());
            }
            return Ok(out);
        }
        let mut column = choose_column(&scope);
        if column.is_some() {
            out.shifts = table::shifts(&scope);
        }
        // Where the column's reason stands among the notes: a shift on the dice says it again
        // once they are rolled.
        let why_at = out.notes.len();
        if let Some((i, why)) = &column {
            out.column = Some(chart.columns[*i].label.clone());
            out.notes.extend(why.clone());
        }
        // An ad-hoc modifier is for the roll it was given for, never for the rolls it calls.
        let opts = if depth == 0 {
            self.opts.clone()
        } else {
            Options {
                extra: Vec::new(),
                ..self.opts.clone()
            }
        };
        let total = if chart.is_opposed() {
            let sides = Modifiers::of_sides(&scope, out.column.as_deref(), &opts);
            self.opposed(chart, &mut out, &sides)?
        } else {
            let mods = Modifiers::of(&scope, out.column.as_deref(), &opts);
            out.modifiers = mods.all();
            let total = self.total(chart, &mut out, mods.total(), reroll)?;
            // DRMs and column shifts on the dice themselves are counted now that the dice are
            // known.
            if (chart
                .drms
                .iter()
                .any(|d| d.when.as_ref().is_some_and(flipbook_charts::reads_dice))
                || table::shifts_read_dice(chart))
                && let Some(natural) = out.natural
            {
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
                    if column.as_ref().is_some_and(|(_, w)| w.is_some()) && why_at < out.notes.len()
                    {
                        out.notes.remove(why_at);
                    }
                    if let Some(w) = &why {
                        out.notes.insert(why_at.min(out.notes.len()), w.clone());
                    }
                    out.column = Some(chart.columns[i].label.clone());
                    out.shifts = table::shifts(&scope);
                    column = Some((i, why));
                }
                let mods = Modifiers::of(&scope, out.column.as_deref(), &opts);
                out.modifiers = mods.all();
                natural.saturating_add(mods.total())
            } else {
                total
            }
        };
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
        let fill = out.filler(chart, &self.values);
        let faces = out.faces();
        let scope = Scope {
            chart,
            values: &self.values,
            row: None,
            dice: &faces,
            read: None,
        };
        let natural_notes: Vec<String> = chart
            .on_natural
            .iter()
            .filter(|n| on_natural_holds(n, &scope, out.natural))
            .filter_map(|n| n.text.as_ref().map(|t| fill.text(t)))
            .collect();
        if let Some(stub) = &chart.stub {
            out.result = Some(match &stub.read {
                Some(read) => fill.text(read),
                None => format!(
                    "Look up {total} on {} ({}) in the {}",
                    stub.code, stub.table, stub.booklet
                ),
            });
            with_notes(&mut out.result, &natural_notes);
            return Ok(out);
        }
        let col_index = column.as_ref().map(|(i, _)| *i);
        self.read_row(chart, &mut out, col_index, &natural_notes, depth)?;
        Ok(out)
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
            let natural = super::values::sum(rolled.iter().copied());
            if reroll.contains(&natural) && tries < MAX_REROLLS {
                out.rerolled.push(natural);
                tries += 1;
                continue;
            }
            out.natural = Some(natural);
            out.hand = self.dicer.typed();
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
            let natural = super::values::sum(rolled.iter().copied());
            out.hand |= self.dicer.typed();
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
        out.winner = Some(opposed_winner(chart, diff));
        Ok(diff)
    }

    /// Find the row the total lands on, ask what only that row needs, take its result (or an
    /// alternative that holds), then roll what it calls for.
    fn read_row(
        &mut self,
        chart: &Chart,
        out: &mut Outcome,
        col_index: Option<usize>,
        natural_notes: &[String],
        depth: usize,
    ) -> Result<()> {
        let total = out.read.or(out.total).unwrap_or_default();
        let rows = chart.column_rows(col_index);
        let spans = table::spans(rows);
        let faces = out.faces();
        let decided = decided_row(chart, rows, &self.values, &faces);
        let (ri, clamped) = decided.map_or_else(|| Span::nearest(&spans, total), |ri| (ri, false));
        let decided = decided.is_some();
        let row = &rows[ri];
        let label = row.row.label();
        out.row = Some(label.to_string());
        out.clamped = clamped;
        if decided {
            out.notes.push(DICE_DECIDE.into());
        }
        if clamped {
            let side = if spans[ri].lo.is_some_and(|lo| total < lo) {
                "below"
            } else {
                "above"
            };
            out.notes.push(format!(
                "total {total} is {side} the printed rows: read {label}"
            ));
        }
        // Questions that only this row needs, the dice said first: the question is about
        // where they landed.
        let about_row = chart
            .inputs
            .iter()
            .any(|i| i.only_rows.iter().any(|r| r == label) && !self.values.contains_key(&i.key));
        if about_row {
            self.prompter.landed(&chart.title, &faces, total, label)?;
        }
        self.gather(chart, Some(label))?;
        for i in &chart.inputs {
            if let Some(v) = self.values.get(&i.key) {
                out.inputs.insert(i.key.clone(), v.clone());
            }
        }
        let scope = Scope {
            chart,
            values: &self.values,
            row: Some(label),
            dice: &faces,
            read: out.read,
        };
        let column = out.column.as_deref();
        let mut text = table::row_result(chart, row, col_index, &self.values);
        out.game_over = table::ends_game(&scope, row, column);
        out.next.clone_from(&row.next);
        if let Some(a) = row
            .alt
            .iter()
            .find(|a| in_column(&a.columns, column) && scope.holds(&a.when) == Some(true))
        {
            text = Some(a.result.clone());
            out.game_over = a.game_over;
            // An alt's own rolls named next replace the row's.
            if !a.next.is_empty() {
                out.next.clone_from(&a.next);
            }
        }
        out.result = match text {
            Some(t) => Some(counted(&out.filler(chart, &self.values), chart, &t)?),
            None => None,
        };
        with_notes(&mut out.result, natural_notes);
        let marked = footnotes(chart, out.result.as_deref().unwrap_or(""));
        with_notes(&mut out.result, &marked);
        let follows: Vec<Follow> = row
            .then
            .iter()
            .filter(|f| in_column(&f.columns, column))
            .cloned()
            .collect();
        // A total given on to a table of totals (`total_as`) is its answer there.
        for key in follows.iter().filter_map(|f| f.total_as.as_ref()) {
            self.values.insert(key.clone(), Value::Num(total));
        }
        self.follow_up(out, chart, Some(label), &follows, depth)
    }

    /// Roll what a result calls for, each as often as it says, in order.
    fn follow_up(
        &mut self,
        out: &mut Outcome,
        chart: &Chart,
        row: Option<&str>,
        follows: &[Follow],
        depth: usize,
    ) -> Result<()> {
        let faces = out.faces();
        for f in follows {
            let scope = Scope {
                chart,
                values: &self.values,
                row,
                dice: &faces,
                read: out.read,
            };
            if f.when
                .as_ref()
                .is_some_and(|w| scope.holds(w) != Some(true))
            {
                continue;
            }
            let target = self.charts.get(&f.chart)?;
            let mut found: Vec<String> = Vec::new();
            let mut tries = 0;
            while found.len() < f.times as usize {
                let mut next = self.resolve_at(&target, depth + 1, &f.reroll)?;
                let label = next.row.clone().unwrap_or_default();
                if f.distinct && found.contains(&label) && tries < MAX_REROLLS {
                    tries += 1;
                    next.rolled_again = true;
                    next.notes.push("already found: rolled again".into());
                    out.then.push(next);
                    continue;
                }
                found.push(label);
                out.game_over |= next.game_over;
                out.then.push(next);
            }
        }
        Ok(())
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

/// Whether an `on_natural` holds for this roll: its naturals, and its `when` on the dice and
/// the inputs (`scope` knows the dice).
pub(crate) fn on_natural_holds(
    n: &flipbook_charts::OnNatural,
    scope: &Scope,
    natural: Option<i64>,
) -> bool {
    natural.is_some_and(|x| n.natural_fits(x))
        && n.when.as_ref().is_none_or(|w| scope.holds(w) == Some(true))
}

/// The row the dice decide whatever the total (the first `on_natural` with a `row` that
/// holds), by its place among `rows`; `None` when the total decides.
pub(crate) fn decided_row(
    chart: &Chart,
    rows: &[flipbook_charts::Row],
    values: &Values,
    faces: &[i64],
) -> Option<usize> {
    if faces.is_empty() {
        return None;
    }
    let scope = Scope {
        chart,
        values,
        row: None,
        dice: faces,
        read: None,
    };
    let natural = super::values::sum(faces.iter().copied());
    chart
        .on_natural
        .iter()
        .filter(|n| on_natural_holds(n, &scope, Some(natural)))
        .find_map(|n| {
            let label = n.row.as_deref()?;
            rows.iter().position(|r| r.row.label() == label)
        })
}

/// Who wins an opposed roll whose first side's total is `diff` more than the second's: the
/// higher total, or the lower where the chart says `wins: lower`; on a tie the side `tie` names,
/// or nobody.
pub(crate) fn opposed_winner(chart: &Chart, diff: i64) -> Winner {
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
fn gate<'c>(chart: &'c Chart, scope: &Scope) -> Option<&'c Gate> {
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

/// A roll of plain dice, with the book's options that apply to plain dice and the extras.
pub(crate) fn roll_plain(
    dice: Dice,
    dicer: &mut Dicer,
    prompter: &mut dyn Prompter,
    opts: &Options,
) -> Result<Outcome> {
    let rolled = dicer.roll(dice, "", prompter)?;
    let natural = super::values::sum(rolled.iter().copied());
    let modifiers = opts.plain_dice();
    let total = natural.saturating_add(super::values::sum(modifiers.iter().map(|m| m.value)));
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
        read: None,
        against: None,
        shifts: vec![],
    })
}

/// Whether a roll on `chart` is a look-up only: a chart printed elsewhere (a `stub` read as
/// "look up the total there"), that the tool adds nothing to: no question, no DRM, no gate, no
/// note on a natural, no limit, one side, no book option or extra DRM that applies (nor a re-roll
/// the book's rule offers: its caller asks the book). Derived from the data alone, for any book.
pub(crate) fn look_up_only(chart: &Chart, opts: &Options) -> bool {
    chart.stub.as_ref().is_some_and(|s| s.read.is_none())
        && chart.die.dice().is_some()
        && chart.inputs.is_empty()
        && chart.drms.is_empty()
        && chart.groups.is_empty()
        && chart.cap.is_none()
        && chart.gates.is_empty()
        && chart.on_natural.is_empty()
        && chart.limits.is_empty()
        && chart.divide.is_none()
        && chart.columns.is_empty()
        && !chart.is_opposed()
        && opts.extra.is_empty()
        && opts.on_chart(chart).next().is_none()
}

/// A look-up-only roll (`look_up_only`) made with the player's own dice: no die is typed in,
/// for the tool would only say where to read it. The result says which dice to roll and where
/// to read them (and the naturals rolled again, `again`); it is made by hand.
pub(crate) fn look_up_by_hand(chart: &Chart, again: &[i64]) -> Outcome {
    let dice = match chart.die.dice() {
        Some(d) if d.count == 1 => format!("a {d}"),
        _ => chart.die.to_string(),
    };
    let read = match &chart.stub {
        Some(s) => format!("{} ({}) in the {}", s.code, s.table, s.booklet),
        None => chart.title.clone(),
    };
    let again = match again {
        [] => String::new(),
        naturals => {
            let n: Vec<String> = naturals.iter().map(ToString::to_string).collect();
            format!("; roll again on a {}", n.join(" or "))
        }
    };
    Outcome {
        result: Some(format!("Roll {dice}, read {read}{again}")),
        hand: true,
        ..Outcome::of(chart, &Values::new())
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
            read: None,
            against: None,
            shifts: vec![],
        }
    }
}

/// The footnotes of the marks a result carries, the longest mark first (`**` before `*`).
fn footnotes(chart: &Chart, result: &str) -> Vec<String> {
    let mut marks: Vec<(&String, &String)> = chart.footnotes.iter().collect();
    marks.sort_by_key(|(m, _)| std::cmp::Reverse(m.len()));
    let mut rest = result.to_string();
    let mut out = Vec::new();
    for (mark, text) in marks {
        if !mark.is_empty() && rest.contains(mark.as_str()) {
            out.push(format!("{mark} {text}"));
            rest = rest.replace(mark.as_str(), "");
        }
    }
    out
}

#[cfg(test)]
mod tests;
