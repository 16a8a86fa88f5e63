//! What the roll follows with: the charts a row (or a gate) calls for, each as often as it says,
//! with the answers it gives them for that roll alone.

use super::super::Value;
use super::super::outcome::Outcome;
use super::super::scope::Scope;
use super::{MAX_REROLLS, Roller};
use crate::error::{Error, Result};
use flipbook_charts::{Chart, Follow};

impl Roller<'_> {
    /// Roll what a result calls for, each as often as it says, in order.
    pub(super) fn follow_up(
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
            // The answers the follow-up gives its chart, for it alone: what was there before
            // comes back after it.
            let mut before: Vec<(String, Option<Value>)> = Vec::new();
            for (key, given) in &f.set {
                let Some(input) = target.inputs.iter().find(|i| i.key == *key) else {
                    continue;
                };
                let value = super::super::values::parse_value(input, &given.text())
                    .map_err(|e| Error::usage(format!("{}: {e}", chart.id)))?;
                before.push((key.clone(), self.values.insert(key.clone(), value)));
            }
            let rolled = self.follow_times(out, f, &target, depth);
            for (key, old) in before {
                match old {
                    Some(v) => self.values.insert(key, v),
                    None => self.values.remove(&key),
                };
            }
            rolled?;
        }
        Ok(())
    }

    /// Roll a follow-up's chart as often as it says (`times`, `distinct`).
    fn follow_times(
        &mut self,
        out: &mut Outcome,
        f: &Follow,
        target: &Chart,
        depth: usize,
    ) -> Result<()> {
        {
            let mut found: Vec<String> = Vec::new();
            let mut tries = 0;
            while found.len() < f.times as usize {
                let mut next = self.resolve_at(target, depth + 1, &f.reroll)?;
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
