//! What the walker answers for a roll, so that it never asks what it knows: the turn, the
//! settings' difficulty, what a step gives, answers worked out from others, the game's profile
//! (asked once a game); the answers given earlier in the turn that nothing has moved since;
//! and a choice's last answer, offered as the default.

use super::game::Game;
use super::state::Profile;
use crate::error::Result;
use crate::rules::{Outcome, Value, Values, parse_value};
use flipbook_charts::{Chart, Input, InputKind};

/// The values a roll starts with, and the defaults it offers.
pub(crate) struct Prepared {
    pub(crate) values: Values,
    pub(crate) defaults: Values,
    /// The answers given from earlier in the turn, that nothing has moved since: (the input's
    /// name, the answer), shown with the roll.
    pub(crate) kept: Vec<(String, String)>,
}

impl Game<'_> {
    /// What the walker gives a roll on `chart` and on the charts it rolls on.
    pub(crate) fn prepare(&self, chart: &Chart) -> Result<Prepared> {
        let inputs = self.book.inputs_of(chart)?;
        let unsure = self.given_unsure(&chart.id);
        let mut values = Values::new();
        let mut give = |input: &Input, text: &str| {
            if let Ok(v) = parse_value(input, text) {
                values.entry(input.key.clone()).or_insert(v);
            }
        };
        for input in &inputs {
            let key = input.key.as_str();
            if let Some(text) = self.step_for(&chart.id).and_then(|s| s.given.get(key))
                && !unsure.iter().any(|k| k == key)
            {
                give(input, text);
            }
            if self.seq.knows.turn.as_deref() == Some(key) {
                give(input, &self.mark.turn.to_string());
            }
            if self.seq.knows.difficulty.as_deref() == Some(key)
                && let Some(d) = &self.difficulty
            {
                give(input, d);
            }
            if let Some(text) = self.profile_value(chart, key) {
                give(input, &text);
            }
            if let Some(b) = self.derived(key) {
                give(input, if b { "yes" } else { "no" });
            }
        }
        // An answer kept from earlier in the turn, that nothing has moved since (the walk
        // forgets one when it passes a segment or a step that `moves` it: `forget_moved`), is
        // given, never asked again; one moved is not kept, and is asked fresh. Kept are the
        // board's numbers: a yes/no is about this roll ("was it paid for?"), a choice names
        // what it is about (which counter, which action) and is only offered as the default, a
        // number of the thing one roll is for (`each_roll`: the region's Stability) is asked at
        // every roll, and a loop item's own answers are not another item's.
        let mut defaults = Values::new();
        let mut kept = Vec::new();
        for i in inputs
            .iter()
            .filter(|i| i.kind != InputKind::Yesno)
            .filter(|i| self.per_item_key(chart, &i.key).is_none())
        {
            let Some(memo) =
                super::nav::lookup(&self.mark.answers, &self.mark.phase, &i.key, self.mark.turn)
            else {
                continue;
            };
            let Ok(v) = parse_value(i, &memo.value) else {
                continue;
            };
            match i.kind {
                InputKind::Number if i.each_roll => {}
                InputKind::Number => {
                    if memo.turn == self.mark.turn && !values.contains_key(&i.key) {
                        kept.push((i.name().to_string(), memo.value.clone()));
                        values.insert(i.key.clone(), v);
                    }
                }
                _ => {
                    defaults.insert(i.key.clone(), v);
                }
            }
        }
        Ok(Prepared {
            values,
            defaults,
            kept,
        })
    }

    /// The answers the step a roll on `chart` comes to gives, that the walk cannot be sure of:
    /// a step that is not required, after the required steps on the same chart are done, whose
    /// `given` differs from theirs. The roll past the allowed number (a DARPA counter's after
    /// the capability rolls) is either kind: those answers are asked, never assumed.
    fn given_unsure(&self, chart: &str) -> Vec<String> {
        let steps = self.steps();
        // A required step all of whose rolls are made (the DARPA/RC counters the board counted)
        // is as unsure: the roll past them is either kind.
        let done = |s: &flipbook_charts::Step| {
            steps
                .iter()
                .position(|t| std::ptr::eq(*t, s))
                .is_some_and(|i| self.step_done(&steps, i))
        };
        let Some(step) = self
            .step_for(chart)
            .filter(|s| !s.required || (s.count.is_some() && done(s)))
        else {
            return Vec::new();
        };
        let others: Vec<&flipbook_charts::Step> = steps
            .iter()
            .filter(|s| s.required && s.chart.as_deref() == Some(chart))
            .copied()
            .collect();
        step.given
            .iter()
            .filter(|(k, v)| {
                others
                    .iter()
                    .any(|o| o.given.get(*k).is_some_and(|w| w != *v))
            })
            .map(|(k, _)| k.clone())
            .collect()
    }

    /// Forget the answers a segment moves (any answer, when it may move any): the walk has come
    /// into it or gone past it, and they are asked fresh from here.
    pub(crate) fn forget_moved_by(&mut self, segment: &str) {
        let Some(s) = self.seq.segment(segment) else {
            return;
        };
        if s.moves_any {
            self.mark.answers.clear();
            return;
        }
        for key in s.moved() {
            // Every side's: the board moved.
            self.mark
                .answers
                .retain(|k, _| super::nav::unscoped(k) != key);
        }
    }

    /// What the rows a roll (and the rolls it called for) landed on move (a row's `moves`).
    pub(crate) fn rows_moved(&self, o: &Outcome, out: &mut Vec<String>) {
        if let (Some(id), Some(label)) = (o.chart.as_deref(), o.row.as_deref())
            && let Some(chart) = self.book.find(id).and_then(|e| e.chart().ok())
        {
            let col = o
                .column
                .as_ref()
                .and_then(|c| chart.columns.iter().position(|x| &x.label == c));
            if let Some(row) = chart
                .column_rows(col)
                .iter()
                .find(|r| r.row.label() == label)
            {
                out.extend(row.moves.iter().cloned());
            }
        }
        for t in &o.then {
            self.rows_moved(t, out);
        }
    }

    /// The answers the rows a roll (and the rolls it called for) landed on give (a row's
    /// `gives`): kept as the player's own for the rest of the turn.
    pub(crate) fn rows_give(&mut self, o: &Outcome) {
        let mut given = Vec::new();
        self.rows_given(o, &mut given);
        for (key, value) in given {
            let memo = super::state::Memo {
                turn: self.mark.turn,
                value,
            };
            self.mark.answers.insert(key, memo);
        }
    }

    fn rows_given(&self, o: &Outcome, out: &mut Vec<(String, String)>) {
        if let (Some(id), Some(label)) = (o.chart.as_deref(), o.row.as_deref())
            && let Some(chart) = self.book.find(id).and_then(|e| e.chart().ok())
        {
            let col = o
                .column
                .as_ref()
                .and_then(|c| chart.columns.iter().position(|x| &x.label == c));
            if let Some(row) = chart
                .column_rows(col)
                .iter()
                .find(|r| r.row.label() == label)
            {
                out.extend(row.gives.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
        }
        for t in &o.then {
            self.rows_given(t, out);
        }
    }

    /// Forget the answers a step's roll moved, once it is made.
    pub(crate) fn forget_moved(&mut self, keys: &[String]) {
        for key in keys {
            self.mark
                .answers
                .retain(|k, _| super::nav::unscoped(k) != key);
        }
    }

    /// The profile's answer to `key` for a roll on `chart`: kept for the game, or for the loop
    /// item waiting for this roll.
    fn profile_value(&self, chart: &Chart, key: &str) -> Option<String> {
        if let Some(k) = self.per_item_key(chart, key) {
            return self.profile.get(&k).cloned();
        }
        self.seq
            .profile
            .iter()
            .any(|p| p == key)
            .then(|| self.profile.get(key).cloned())
            .flatten()
    }

    /// `key#item` when `key` is answered item by item in the loop waiting for this roll.
    fn per_item_key(&self, chart: &Chart, key: &str) -> Option<String> {
        let r = self.segment().repeat.as_ref()?;
        let item = r.items.get(self.ready_item()?)?;
        (r.chart == chart.id && r.per_item.iter().any(|k| k == key))
            .then(|| format!("{key}#{item}"))
    }

    /// A yes/no worked out from this turn's answers: as soon as one comparison tells it (one that
    /// fails makes an `all` no, however the others would read), or when every comparison can be
    /// told; with `no_if`, a no when they all hold. An `all` answer the player gave this turn,
    /// when the comparisons could not tell it, is given again.
    fn derived(&self, key: &str) -> Option<bool> {
        let d = self.seq.derived.iter().find(|d| d.key == key)?;
        let this_turn = |k: &str| {
            super::nav::lookup(&self.mark.answers, &self.mark.phase, k, self.mark.turn)
                .filter(|m| m.turn == self.mark.turn)
        };
        let number = |k: &str| -> Option<i64> {
            k.parse().ok().or_else(|| this_turn(k)?.value.parse().ok())
        };
        let (mut failed, mut unknown) = (false, false);
        for c in d.comparisons() {
            let (a, op, b) = c?;
            let (Some(a), Some(b)) = (number(a), number(b)) else {
                unknown = true;
                continue;
            };
            let holds = match op {
                ">" => a > b,
                ">=" => a >= b,
                "<" => a < b,
                "<=" => a <= b,
                _ => a == b,
            };
            failed |= !holds;
        }
        let told = match (d.no_if.is_empty(), failed, unknown) {
            (true, true, _) | (false, false, false) => Some(false),
            (true, false, false) => Some(true),
            _ => None,
        };
        // A no_if answer may differ from roll to roll (FNI's: the region's influence): asked.
        if !d.no_if.is_empty() {
            return told;
        }
        told.or_else(|| match this_turn(key)?.value.as_str() {
            "yes" => Some(true),
            "no" => Some(false),
            _ => None,
        })
    }

    /// Keep the profile's answers a roll gave; `true` when the profile changed.
    pub(crate) fn keep_profile(&mut self, chart: &Chart, outcome: &Outcome) -> bool {
        let mut changed = false;
        let mut answers: Vec<(String, Value)> = Vec::new();
        collect(outcome, &mut answers);
        for (key, value) in answers {
            let pkey = match self.per_item_key(chart, &key) {
                Some(k) => k,
                None if self.seq.profile.contains(&key) => key,
                None => continue,
            };
            let text = value.text();
            if self.profile.get(&pkey) != Some(&text) {
                self.profile.insert(pkey, text);
                changed = true;
            }
        }
        changed
    }

    /// Forget one answer of the profile, so that it is asked again.
    pub(crate) fn forget(&mut self, key: &str) -> bool {
        self.profile.remove(key).is_some()
    }
}

/// Every input a roll and its follow-ups answered.
pub(super) fn collect(o: &Outcome, out: &mut Vec<(String, Value)>) {
    out.extend(o.inputs.iter().map(|(k, v)| (k.clone(), v.clone())));
    for t in &o.then {
        collect(t, out);
    }
}

/// A profile as the player sees it: each answer kept, in order, by its question ("Item 6:
/// Which focus? Press"), the key only for one no chart asks.
pub(crate) fn lines(profile: &Profile, book: &crate::library::Book) -> Vec<String> {
    pairs(profile, book)
        .into_iter()
        .map(|(q, v)| format!("{q} {v}"))
        .collect()
}

/// Each answer kept, as (its question, the answer).
pub(crate) fn pairs(profile: &Profile, book: &crate::library::Book) -> Vec<(String, String)> {
    let seq = book.sequence().ok();
    let slots = seq
        .as_ref()
        .and_then(|s| super::profile::slots(book, s).ok())
        .unwrap_or_default();
    profile
        .iter()
        .map(|(k, v)| {
            let Some(slot) = slots.iter().find(|s| s.key == *k) else {
                return (k.clone(), v.clone());
            };
            let shown = slot
                .input
                .options
                .iter()
                .find(|o| o.value() == v)
                .map_or(v.as_str(), |o| o.label());
            let item = match (&slot.item, &seq) {
                (Some(item), Some(seq)) => {
                    let base = k.split('#').next().unwrap_or_default();
                    let noun = seq
                        .segments
                        .iter()
                        .filter_map(|s| s.repeat.as_ref())
                        .find(|r| r.per_item.iter().any(|p| p == base))
                        .map_or("Item", |r| r.noun());
                    format!("{noun} {item}: ")
                }
                _ => String::new(),
            };
            (format!("{item}{}", slot.input.ask), shown.to_string())
        })
        .collect()
}
