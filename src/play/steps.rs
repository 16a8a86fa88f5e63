//! A segment's steps against the rolls made there: the step a roll on a chart is made for
//! (several steps on one chart are done in turn: the UN's automatic actions) and whether a step
//! is done.

use super::game::Game;
use flipbook_charts::Step;

impl Game<'_> {
    /// Rolls made here for the segment's own steps (not a chit's, not a loop item's) on any of
    /// `charts`.
    fn own_rolls(&self, charts: &[&str]) -> usize {
        self.mark
            .state
            .rolled
            .iter()
            .filter(|r| r.chit.is_none() && r.item.is_none())
            .filter(|r| charts.contains(&r.chart.as_str()))
            .count()
    }

    /// Whether step `i` of `steps` is done: the k-th step on a chart by the k-th roll on it
    /// (or on one of the step's `or` charts), a step of several rolls (`times`) by as many. A
    /// step without a chart has nothing to do.
    pub(super) fn step_done(&self, steps: &[&Step], i: usize) -> bool {
        self.step_rolls(steps, i)
            .is_none_or(|(made, of)| made >= of)
    }

    /// How many rolls on `chart` the segment's required steps ask for, and how many of them are
    /// made, when that is more than one (each region's Stability, the UN's four automatic
    /// actions): the Roll line counts them.
    pub(crate) fn chart_count(&self, chart: &str) -> Option<(usize, usize)> {
        let steps = self.steps();
        let (made, of) = (0..steps.len())
            .filter(|&i| {
                steps[i].required
                    && self.required_now(steps[i])
                    && self.counted_on(steps[i]).as_deref() == Some(chart)
            })
            .filter_map(|i| self.step_rolls(&steps, i))
            .fold((0, 0), |(m, o), (made, of)| (m + made, o + of));
        (of > 1).then_some((made, of))
    }

    /// The chart the Roll line counts step `st`'s rolls beside: its own, or for a step any of
    /// whose charts does it (`or`: the Ally group drawn) the one rolled here for it; none of
    /// them before one is (no group is drawn yet).
    fn counted_on(&self, st: &Step) -> Option<String> {
        if st.or_charts.is_empty() {
            return st.chart.clone();
        }
        let group: Vec<&String> = st.chart.iter().chain(&st.or_charts).collect();
        self.mark
            .state
            .rolled
            .iter()
            .filter(|r| r.chit.is_none() && r.item.is_none())
            .find(|r| group.contains(&&r.chart))
            .map(|r| r.chart.clone())
    }

    /// The rolls made for step `i` of `steps`, and the rolls it is made by; `None` for a step
    /// without a chart.
    pub(super) fn step_rolls(&self, steps: &[&Step], i: usize) -> Option<(usize, usize)> {
        let st = steps.get(i)?;
        let chart = st.chart.as_deref()?;
        let before: usize = steps
            .iter()
            .take(i)
            .filter(|s| s.chart.as_deref() == Some(chart))
            .map(|s| self.rolls_of(s))
            .sum();
        let mut charts = vec![chart];
        charts.extend(st.or_charts.iter().map(String::as_str));
        let of = self.rolls_of(st);
        let made = self.own_rolls(&charts).saturating_sub(before).min(of);
        Some((made, of))
    }

    /// The rolls a step is made by: none for a required step not required now (its
    /// `required_when`), the board's answer to its `count` (none while unanswered: the question
    /// is open instead), else its `times`, else one.
    pub(super) fn rolls_of(&self, st: &Step) -> usize {
        if st.required && !self.required_now(st) {
            return 0;
        }
        if st.count.is_some() {
            return self.counted(st).unwrap_or(0);
        }
        st.rolls()
    }

    /// Whether a required step is required now: always, or when the row it names was
    /// remembered this turn (`required_when`), or none was and it says `unknown`.
    pub(super) fn required_now(&self, st: &Step) -> bool {
        let Some(w) = &st.required_when else {
            return true;
        };
        match super::nav::lookup(&self.mark.memory, &self.mark.phase, &w.key, self.mark.turn)
            .filter(|m| m.turn == self.mark.turn)
        {
            Some(m) => w.rows.contains(&m.value),
            None => w.unknown,
        }
    }

    /// The row the last roll on `chart` here landed on (empty for a chart without rows), when
    /// rolling it again would be a slip:
    /// it was rolled here, no step on it waits or is rolled again and again (`again`), no chit
    /// drawn or result here waits for it, no loop item is due on it.
    pub(crate) fn rolled_already(&self, chart: &str) -> Option<String> {
        let last = self
            .mark
            .state
            .rolled
            .iter()
            .rev()
            .find(|r| r.chart == chart)?;
        // A step on it not done yet, required or not, or one rolled again and again (not one
        // of a count of rolls, all made: a ninth region's Stability asks first, and so does a
        // roll past the board's count once it is answered, a DARPA counter's roll past theirs).
        let steps = self.steps();
        let waits = (0..steps.len()).any(|i| {
            let s = steps[i];
            let on = s.chart.as_deref() == Some(chart) || s.or_charts.iter().any(|c| c == chart);
            let counted = s.times.is_some() || self.counted(s).is_some();
            on && ((s.again && !counted) || !self.step_done(&steps, i))
        });
        let open = self.open_items().iter().any(|o| o.wants(chart));
        (!waits && !open).then(|| last.row.clone().unwrap_or_default())
    }

    /// The chart of the first step not yet done that the checklist holds open (Consequences'
    /// Rogue State recruiting, not the optional Rogue State 4 check before it), else of the first
    /// step not yet done (the UN's second automatic action once the first is rolled).
    pub(crate) fn next_step_chart(&self) -> Option<String> {
        let steps = self.steps();
        let not_done = |i: &usize| {
            steps.get(*i).is_some_and(|s| s.chart.is_some()) && !self.step_done(&steps, *i)
        };
        let open = self.open_items();
        let held = |i: &usize| {
            steps
                .get(*i)
                .and_then(|s| s.chart.as_deref())
                .is_some_and(|c| open.iter().any(|o| o.wants(c)))
        };
        let step = (0..steps.len())
            .filter(not_done)
            .find(held)
            .or_else(|| (0..steps.len()).find(not_done))
            .and_then(|i| steps.get(i))?;
        // A step any of whose charts does it (`or`): the one offered now (the group drawn, not
        // the others), the one held open first.
        let not_offered = self.not_offered();
        let mut charts = step
            .chart
            .iter()
            .chain(&step.or_charts)
            .filter(|c| !not_offered.contains(c));
        let first = charts.clone().next().cloned();
        charts
            .find(|c| open.iter().any(|o| o.wants(c)))
            .cloned()
            .or(first)
            .or_else(|| step.chart.clone())
    }

    /// The charts of drawn chits (a step's `drawn`) not offered now: the others of its group
    /// once one is rolled here; else those rolled in this segment's earlier phases this turn.
    pub(crate) fn not_offered(&self) -> Vec<String> {
        let mut out = Vec::new();
        for st in self.steps().iter().filter(|s| s.drawn) {
            let group: Vec<&String> = st.chart.iter().chain(&st.or_charts).collect();
            let here = self
                .mark
                .state
                .rolled
                .iter()
                .find(|r| group.contains(&&r.chart));
            match here {
                Some(r) => out.extend(
                    group
                        .iter()
                        .filter(|c| ***c != r.chart)
                        .map(|c| (*c).clone()),
                ),
                None => out.extend(
                    group
                        .iter()
                        .filter(|c| {
                            self.mark
                                .memory
                                .get(&drawn_key(&self.mark.segment, c))
                                .is_some_and(|m| m.turn == self.mark.turn)
                        })
                        .map(|c| (*c).clone()),
                ),
            }
        }
        out
    }

    /// Whether step `i` of `steps` is a line of the segment's page, so that each line is a roll
    /// to make or a reminder, never a roll that is not there: not a step all of whose charts an
    /// earlier step takes (`or`: the same roll made again on the group drawn), nor a required
    /// step the rules do not want now (`required_when`), once its row is remembered this turn
    /// or another step on its charts is wanted instead.
    pub(crate) fn step_listed(&self, steps: &[&Step], i: usize) -> bool {
        let Some(st) = steps.get(i) else {
            return false;
        };
        let charts = |s: &Step| -> Vec<String> {
            s.chart.iter().chain(s.or_charts.iter()).cloned().collect()
        };
        let own = charts(st);
        if !own.is_empty()
            && steps[..i].iter().any(|e| {
                let theirs = charts(e);
                theirs.len() > 1 && own.iter().all(|c| theirs.contains(c))
            })
        {
            return false;
        }
        let Some(w) = st.required_when.as_ref().filter(|_| st.required) else {
            return true;
        };
        if self.required_now(st) {
            return true;
        }
        let remembered = self
            .mark
            .memory
            .get(&w.key)
            .is_some_and(|m| m.turn == self.mark.turn);
        let instead = steps.iter().enumerate().any(|(j, o)| {
            j != i
                && o.required
                && self.required_now(o)
                && charts(o).iter().any(|c| own.contains(c))
        });
        !remembered && !instead
    }

    /// The step a roll on `chart` is made for now: the first on it not yet done, else the last.
    pub(crate) fn step_for(&self, chart: &str) -> Option<&Step> {
        let steps = self.steps();
        let on: Vec<usize> = (0..steps.len())
            .filter(|&i| {
                steps
                    .get(i)
                    .is_some_and(|s| s.chart.as_deref() == Some(chart))
            })
            .collect();
        let i = on
            .iter()
            .copied()
            .find(|&i| !self.step_done(&steps, i))
            .or(on.last().copied())?;
        steps.get(i).copied()
    }
}

/// The memory key a drawn chit's chart is kept under for the turn (a step's `drawn`).
pub(crate) fn drawn_key(segment: &str, chart: &str) -> String {
    format!("#drawn/{segment}/{chart}")
}
