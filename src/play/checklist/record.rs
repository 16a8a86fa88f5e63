//! A roll recorded: the checklist, the answers it gives, rows remembered, a chit to draw, the
//! log's lines (each with what it was rolled for), the re-roll offered.

use super::super::events::Event;
use super::super::game::Game;
use super::super::state::{LogEntry, Memo, Rolled};
use super::{item_name, skipped_event};
use crate::rules::Outcome;
use flipbook_charts::Step;

impl Game<'_> {
    /// Record a roll: the checklist, the answers, rows remembered, a chit to draw, the log.
    pub(crate) fn record(&mut self, o: &Outcome, reroll: bool) -> Vec<Event> {
        let chart = o.chart.clone().unwrap_or_default();
        let mut events = vec![Event::Rolled(Box::new(o.clone()))];
        let mut entries = Vec::new();
        self.log_outcome(o, reroll, &mut entries);
        events.extend(entries.into_iter().map(|e| Event::Log(Box::new(e))));
        let st = &self.mark.state;
        let chit =
            (0..st.chits.len()).find(|&i| self.chit_unrolled(i).as_deref() == Some(chart.as_str()));
        let item = self
            .ready_item()
            .filter(|_| self.repeat().is_some_and(|r| r.chart == chart));
        let rule = self
            .book
            .find(&chart)
            .and_then(|e| e.chart().ok())
            .and_then(|c| self.book.reroll_for(&c))
            .filter(|r| {
                r.segments
                    .get(&chart)
                    .is_none_or(|only| only.contains(&self.mark.segment))
            });
        let rerollable = rule.is_some();
        let (named, due) = self.named_after(o);
        let st = &mut self.mark.state;
        st.rolled.push(Rolled {
            chart: chart.clone(),
            row: o.row.clone(),
            result: o.result.clone(),
            chit,
            item,
        });
        st.rerollable = (rerollable && !reroll).then(|| chart.clone());
        st.named = named;
        st.due = due;
        let row = o.row.clone().unwrap_or_default();
        let steps: Vec<Step> = self
            .steps()
            .into_iter()
            .filter(|s| s.chart.as_deref() == Some(chart.as_str()))
            .cloned()
            .collect();
        // A drawn chit's chart (`drawn`): kept for the turn, not offered again in its segment.
        let drawn = self
            .steps()
            .iter()
            .any(|s| s.drawn && s.or_charts.iter().chain(&s.chart).any(|c| *c == chart));
        if drawn {
            let memo = Memo {
                turn: self.mark.turn,
                value: self.mark.phase.clone(),
            };
            let key = super::super::steps::drawn_key(&self.mark.segment, &chart);
            self.mark.memory.insert(key, memo);
        }
        for s in steps {
            if let Some(key) = &s.remember {
                let memo = Memo {
                    turn: self.mark.turn,
                    value: row.clone(),
                };
                self.mark.memory.insert(self.scoped(key), memo);
            }
            if s.chits_on.contains(&row) {
                self.mark.state.extra_draw = Some((1, false));
                let name = self.seq.chit_name.as_deref().unwrap_or("chit");
                events.push(Event::DrawMore(name.to_string()));
            }
        }
        if let Some(i) = item {
            events.extend(self.skipped_after(i));
        }
        if let Some(rule) = rule.filter(|_| self.mark.state.rerollable.is_some()) {
            events.push(Event::RerollOffered {
                label: rule.label,
                cost: rule.cost,
                chances: super::super::odds::reroll_chances(self.book, o),
            });
        }
        events
    }

    fn log_outcome(&mut self, o: &Outcome, reroll: bool, entries: &mut Vec<LogEntry>) {
        let mut answers = Vec::new();
        super::super::answers::collect(o, &mut answers);
        for (k, v) in answers {
            let memo = Memo {
                turn: self.mark.turn,
                value: v.text(),
            };
            self.mark.answers.insert(self.scoped(&k), memo);
        }
        let at = (
            self.mark.turn,
            self.mark.phase.as_str(),
            self.mark.segment.as_str(),
        );
        LogEntry::of_outcome(o, at, reroll, entries);
        let step = self.rolled_for(o.chart.as_deref().unwrap_or_default());
        for e in entries.iter_mut().filter(|e| e.chart == o.chart) {
            e.step.clone_from(&step);
        }
    }

    /// What a roll on `chart` is made for here: a drawn chit's, a loop item's, or a step's text.
    fn rolled_for(&self, chart: &str) -> Option<String> {
        let st = &self.mark.state;
        if let Some(i) =
            (0..st.chits.len()).find(|&i| self.chit_unrolled(i).as_deref() == Some(chart))
        {
            let d = st.chits.get(i)?;
            let name = self
                .chit(&d.chit)
                .map_or(d.chit.as_str(), |c| c.name.as_str());
            return Some(format!("chit {}: {name}", i + 1));
        }
        if let (Some(i), Some(r)) = (self.ready_item(), self.repeat())
            && r.chart == chart
        {
            return Some(format!("{} {}", r.noun(), item_name(r, i)));
        }
        self.step_for(chart).and_then(|s| s.text.clone())
    }

    /// The items skipped right after item `i` of the loop (answered already), up to the next
    /// one to roll: told under item `i`'s result, in the loop's order.
    fn skipped_after(&self, i: usize) -> Vec<Event> {
        let Some(r) = self.repeat() else {
            return Vec::new();
        };
        let items = &self.mark.state.items;
        (i + 1..items.len())
            .take_while(|&j| items[j])
            .map(|j| skipped_event(r, j))
            .collect()
    }
}
