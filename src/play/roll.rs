//! Rolling in a segment: which chart, the answers of the turn offered again, the roll itself,
//! and what it leaves behind (the log, rows remembered, a chit to draw, a re-roll offered).

use super::journal::{LogEntry, Memo};
use super::{Io, Walk};
use crate::error::{Error, Result};
use crate::rules::Prompter;
use crate::rules::{Outcome, Roller, Values, parse_value};
use crate::ui::prompt::{LinePrompter, TermPrompter};
use crate::ui::render;
use console::style;
use flipbook_charts::{Chart, Step};
use std::io::Write;

impl Walk<'_> {
    /// The charts the steps of this segment offer this turn, in order.
    pub(super) fn step_charts(&self) -> Vec<String> {
        self.segment()
            .steps
            .iter()
            .filter(|s| self.step_applies(s))
            .filter_map(|s| s.chart.clone())
            .collect()
    }

    pub(super) fn chart_for_roll(&self, wanted: Option<&str>) -> Result<String> {
        if let Some(w) = wanted {
            return Ok(self.book.entry(w)?.id.clone());
        }
        let st = &self.mark.state;
        if st.item_ready {
            if let Some(r) = &self.segment().repeat {
                return Ok(r.chart.clone());
            }
        }
        if let Some(c) = &st.chit_chart {
            return Ok(c.clone());
        }
        let charts = self.step_charts();
        charts
            .iter()
            .find(|c| !st.rolled.contains(c))
            .or(charts.first())
            .cloned()
            .ok_or_else(|| {
                Error::usage("nothing to roll in this segment: `roll CHART` rolls any chart")
            })
    }

    /// The answers given earlier this turn, offered as defaults.
    pub(super) fn defaults(&self, chart: &Chart) -> Values {
        let mut d = Values::new();
        for i in &chart.inputs {
            if let Some(m) = self
                .mark
                .answers
                .get(&i.key)
                .filter(|m| m.turn == self.mark.turn)
            {
                if let Ok(v) = parse_value(i, &m.value) {
                    d.insert(i.key.clone(), v);
                }
            }
        }
        d
    }

    pub(super) fn roll(&mut self, wanted: Option<&str>, reroll: bool) -> Result<()> {
        let id = self.chart_for_roll(wanted)?;
        let chart = self.book.entry(&id)?.chart()?;
        let defaults = self.defaults(&chart);
        let outcome = {
            let mut term_prompter;
            let mut line_prompter;
            let prompter: &mut dyn Prompter = match &mut self.io {
                Io::Term(_) => {
                    term_prompter = TermPrompter::default();
                    &mut term_prompter
                }
                Io::Lines(r) => {
                    line_prompter = LinePrompter::new(&mut **r);
                    line_prompter.echo = true;
                    &mut line_prompter
                }
            };
            let mut roller = Roller {
                charts: self.book,
                dicer: &mut self.dicer,
                prompter,
                opts: self.opts.clone(),
                values: Values::new(),
                defaults,
            };
            roller.resolve(&chart)?
        };
        let mut text = String::new();
        render::outcome(&mut text, &outcome, 2);
        let _ = write!(self.out, "{text}");
        // Remember answers, rows and what the roll calls for.
        let mut entries = Vec::new();
        self.record(&outcome, reroll, &mut entries);
        self.journal.append(&entries)?;
        let st = &mut self.mark.state;
        st.rolled.push(chart.id.clone());
        st.rerollable = (chart.reroll_for_ap && !reroll).then(|| chart.id.clone());
        if st.chit_chart.as_deref() == Some(chart.id.as_str()) {
            st.chit_chart = None;
        }
        if st.item_ready
            && self
                .segment()
                .repeat
                .as_ref()
                .is_some_and(|r| r.chart == chart.id)
        {
            let st = &mut self.mark.state;
            st.item_ready = false;
            st.item += 1;
        }
        let row = outcome.row.clone().unwrap_or_default();
        let steps: Vec<Step> = self
            .segment()
            .steps
            .iter()
            .filter(|s| self.step_applies(s) && s.chart.as_deref() == Some(chart.id.as_str()))
            .cloned()
            .collect();
        for st in steps {
            if let Some(key) = &st.remember {
                self.mark.memory.insert(
                    key.clone(),
                    Memo {
                        turn: self.mark.turn,
                        value: row.clone(),
                    },
                );
            }
            if st.chits_on.contains(&row) {
                self.mark.state.extra_draw = Some((1, false));
                self.say(format!(
                    "  {}",
                    style("Draw one more Crisis chit.").yellow()
                ));
            }
        }
        if self.mark.state.rerollable.is_some() {
            self.say(format!(
                "  {}",
                style("You may pay 1 AP to re-roll this once (`reroll`); the re-roll is final.")
                    .dim()
            ));
        }
        Ok(())
    }

    pub(super) fn record(&mut self, o: &Outcome, reroll: bool, entries: &mut Vec<LogEntry>) {
        for (k, v) in &o.inputs {
            self.mark.answers.insert(
                k.clone(),
                Memo {
                    turn: self.mark.turn,
                    value: v.text(),
                },
            );
        }
        entries.push(LogEntry {
            turn: self.mark.turn,
            phase: self.mark.phase.clone(),
            segment: self.mark.segment.clone(),
            chit: None,
            plus: None,
            chart: o.chart.clone(),
            inputs: o.inputs.clone(),
            natural: o.natural,
            modifiers: o.modifiers.clone(),
            total: Some(o.total),
            column: o.column.clone(),
            row: o.row.clone(),
            result: o.result.clone(),
            reroll,
            undone: false,
            outside: false,
        });
        for t in &o.then {
            self.record(t, false, entries);
        }
    }
}
