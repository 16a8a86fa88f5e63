//! The walk's rolls: a roll on a chart of the segment with what the walker knows given, made
//! and recorded; the chart a roll takes when none is named, and the Roll line's numbered charts.

use super::super::checklist;
use super::super::events::Action;
use super::super::view::words;
use super::{Front, Walk};
use crate::error::{Error, Result};
use crate::library::Book;
use crate::rules::{Prompter, Roller};
use flipbook_charts::Chart;

impl Walk<'_> {
    /// Roll on a chart in this segment, with what the walker knows given and the last answers
    /// offered; then record it.
    pub(in crate::play) fn roll(
        &mut self,
        chart: &str,
        reroll: bool,
        prompter: &mut dyn Prompter,
        front: &mut dyn Front,
    ) -> Result<()> {
        self.roll_with(chart, reroll, prompter, front, &[])
    }

    /// A roll with the player's ad-hoc modifiers (`roll CHART --drm N`): shown as "extra",
    /// inside the chart's printed cap, logged with the roll; a selection roll takes none.
    pub(in crate::play) fn roll_with(
        &mut self,
        chart: &str,
        reroll: bool,
        prompter: &mut dyn Prompter,
        front: &mut dyn Front,
        extras: &[i64],
    ) -> Result<()> {
        let keys = front.keys();
        let chart = self.game.for_item(self.game.book.entry(chart)?.chart()?);
        self.refuse(&chart, keys, extras)?;
        let prepared = self.game.prepare(&chart)?;
        if !prepared.kept.is_empty() {
            let kept: Vec<String> = prepared
                .kept
                .iter()
                .map(|(name, v)| format!("{name} {v}"))
                .collect();
            self.say(&format!(
                "  Kept from earlier (nothing has moved it since): {}",
                kept.join(", ")
            ));
        }
        let mut opts = self.opts.clone();
        let mut extra: Vec<i64> = extras.iter().chain(&self.extra).copied().collect();
        if reroll {
            // A re-roll is the same roll again: the modifiers the player added to it stand.
            extra.extend(self.last_extra.iter().copied());
        }
        opts.extra.extend_from_slice(&extra);
        // With the player's dice, a chart the tool only says where to read takes no die typed
        // in: one key rolls it, by hand (a script gives its dice on its lines, as always).
        if keys
            && self.dicer.by_hand()
            && !reroll
            && crate::rules::look_up_only(&chart, &opts)
            && self.game.book.reroll_for(&chart).is_none()
        {
            let again = self.game.rolls_again_on(&chart.id);
            let outcome = crate::rules::look_up_by_hand(&chart, &again);
            return self.rolled(outcome, reroll, extra, front);
        }
        // The roll taken back is made again with its dice; another roll drops them.
        match self.use_again.take() {
            Some((c, dice)) if c == chart.id && !reroll => self.dicer.use_again(&dice),
            _ => self.dicer.use_again(&[]),
        }
        // Nothing is offered back to confirm (no `fresh`): what nothing has moved is given (and
        // said here), what was moved is asked fresh.
        let mut roller = Roller::new(
            self.game.book,
            &mut self.dicer,
            prompter,
            opts,
            prepared.values,
        );
        roller.defaults = prepared.defaults;
        let again = self.game.rolls_again_on(&chart.id);
        let book = self.game.book;
        let outcome = roller
            .resolve_again(&chart, &again)
            .map_err(|e| in_game_words(book, e))?;
        self.rolled(outcome, reroll, extra, front)
    }

    /// A roll made: acted on, and the extra DRMs it was made with kept for `.` (the next roll's
    /// are cleared).
    pub(in crate::play) fn rolled(
        &mut self,
        outcome: crate::rules::Outcome,
        reroll: bool,
        extra: Vec<i64>,
        front: &mut dyn Front,
    ) -> Result<()> {
        self.act(
            Action::Rolled {
                outcome: Box::new(outcome),
                reroll,
            },
            front,
        )?;
        self.extra.clear();
        self.last_extra = extra;
        Ok(())
    }

    /// A roll that waits or cannot be made, refused: a step's roll the board's question decides
    /// (its answer first), a DRM past the chart's cap, an extra DRM on a selection roll.
    fn refuse(&self, chart: &Chart, keys: bool, extras: &[i64]) -> Result<()> {
        // A roll for a step the board's question decides waits for its answer (a second
        // capability roll is only at SoE 5+).
        if let Some(q) = self
            .game
            .step_for(&chart.id)
            .and_then(|st| st.only_if.as_ref())
            .and_then(|q| self.game.only_if_waiting(q))
        {
            return Err(Error::usage(format!(
                "answer first: {} ({})",
                q.ask,
                words(keys).answer_aside()
            )));
        }
        // So does a roll whose step's count waits for the board's answer (how many DARPA/RC
        // counters): which step the roll is for depends on it.
        if let Some(checklist::Question::Count(i)) = self.game.board_question()
            && let Some(st) = self.game.segment().steps.get(i)
            && (st.chart.as_deref() == Some(chart.id.as_str()) || st.or_charts.contains(&chart.id))
        {
            let ask = st.count.as_ref().map(|c| c.ask.clone()).unwrap_or_default();
            return Err(Error::usage(format!(
                "answer first: {ask} ({})",
                words(keys).answer_aside()
            )));
        }
        crate::rules::refuse_drm(chart, extras)?;
        if chart.selection && !self.extra.is_empty() {
            return Err(Error::usage(format!(
                "{} is a selection roll (it picks one of a list): it takes no extra DRM (x, then an empty line, drops it)",
                chart.title
            )));
        }
        Ok(())
    }

    /// The chart a roll takes when none is named: the one the rules name next (a result's, a
    /// chit's), else the chart just rolled when its step is rolled again and again (each
    /// region's Stability), else the first open item (a drawn chit's chart, the loop item's, a
    /// step not yet rolled, required ones first), else the segment's first.
    pub(in crate::play) fn default_chart(&self) -> Option<String> {
        let g = &self.game;
        let step_charts: Vec<String> = g.steps().iter().filter_map(|s| s.chart.clone()).collect();
        let st = &g.mark.state;
        g.next_named_roll()
            .map(String::from)
            .or_else(|| self.repeating_chart())
            .or_else(|| {
                g.recalled_charts()
                    .into_iter()
                    .find(|c| !st.rolled.iter().any(|r| r.chart == *c))
            })
            .or_else(|| g.unrolled_chit_charts().first().cloned())
            .or_else(|| {
                g.segment()
                    .repeat
                    .as_ref()
                    .filter(|_| g.ready_item().is_some())
                    .map(|r| r.chart.clone())
            })
            .or_else(|| g.next_step_chart())
            .or_else(|| step_charts.first().cloned())
    }

    /// The chart just rolled, while it is still rolled again and again here: not once a count
    /// of rolls is all made (the eighth region's Stability), the next open item then.
    pub(in crate::play) fn repeating_chart(&self) -> Option<String> {
        self.again_chart()
            .filter(|c| self.game.rolled_already(c).is_none())
    }

    /// The chart just rolled, when its step is rolled more than once here (`again`) or while
    /// a roll on it is still held open (a second step on it: FNI's second counter); else the
    /// last chart rolled here whose rolls the rules still want (its count not reached: the
    /// Congressional Drama's second roll, asked for by a yes in between).
    pub(in crate::play) fn again_chart(&self) -> Option<String> {
        let rolled = &self.game.mark.state.rolled;
        let last = rolled.last()?;
        let again = self
            .game
            .steps()
            .iter()
            .any(|s| s.again && s.chart.as_deref() == Some(last.chart.as_str()));
        let held = || self.game.open_items().iter().any(|o| o.wants(&last.chart));
        if again || held() {
            return Some(last.chart.clone());
        }
        rolled
            .iter()
            .rev()
            .map(|r| &r.chart)
            .find(|c| {
                self.game
                    .chart_count(c)
                    .is_some_and(|(made, of)| made > 0 && made < of)
            })
            .cloned()
    }

    /// The charts this segment offers, in one fixed order: the segment's own in the book's
    /// order, the loop's, then those a drawn chit or a result named, as they came (with the
    /// drawn chits' charts not offered now, in their places).
    pub(in crate::play) fn offered(&self) -> Vec<String> {
        self.offered_from(&self.game.steps())
    }

    /// The charts this segment offered when the walk came to it (a step the board answered out
    /// here still in), then those drawn, rolled and offered since, as they came: the Roll
    /// line's numbers, the same after a restart as before it.
    pub(in crate::play) fn offered_since_entry(&self) -> Vec<String> {
        let g = &self.game;
        let mut out = self.offered_from(&g.steps_before());
        let rolled = g.mark.state.rolled.iter().map(|r| r.chart.clone());
        for c in rolled.chain(self.offered()) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// The charts `steps` offer, in the order `offered` gives.
    fn offered_from(&self, steps: &[&flipbook_charts::Step]) -> Vec<String> {
        let g = &self.game;
        // A step's chart and the others that do it too (the acting peer's, either one).
        // Only the steps the page lists: not the peer that does not act now (Phase 3).
        let mut out: Vec<String> = (0..steps.len())
            .filter(|&i| g.step_listed(steps, i))
            .flat_map(|i| steps[i].chart.iter().chain(&steps[i].or_charts).cloned())
            .collect();
        out.extend(g.recalled_charts());
        out.extend(g.segment().repeat.as_ref().map(|r| r.chart.clone()));
        out.extend(g.chit_charts());
        out.extend(g.mark.state.named.iter().cloned());
        // A drawn chit's chart not offered now (the Ally groups not drawn, or drawn in an
        // earlier phase) keeps its place: the Roll line leaves it out, and the others keep
        // their numbers whatever was drawn, here, in an earlier phase or before a resume.
        let mut seen = Vec::new();
        out.retain(|c| {
            let new = !seen.contains(c);
            seen.push(c.clone());
            new
        });
        out
    }
}

/// A roll's error in the game's words: a question missing by its chart's title and its ask,
/// not their keys.
fn in_game_words(book: &Book, e: Error) -> Error {
    let Error::Missing { chart: id, keys } = e else {
        return e;
    };
    let inputs = book
        .entry(&id)
        .and_then(crate::library::Entry::chart)
        .and_then(|c| book.inputs_of(&c).map(|i| (c.title.clone(), i)));
    let (title, asks) = match inputs {
        Ok((title, inputs)) => {
            let asks: Vec<String> = keys
                .iter()
                .map(|k| {
                    inputs
                        .iter()
                        .find(|i| i.key == *k)
                        .map_or_else(|| k.clone(), |i| i.ask.clone())
                })
                .collect();
            (title, asks)
        }
        Err(_) => (id.clone(), keys),
    };
    Error::usage(format!(
        "{title} needs an answer to: {} (give it on the line after `roll {id}`)",
        asks.join(" ")
    ))
}
