//! Look-ups in a book: a chart by id or alias (or the nearest names suggested), the inputs a
//! roll may ask, the charts it only names, its options and its re-roll rule.

use super::{BOOKS, Book, Entry};
use crate::error::{Error, Result};
use flipbook_charts::{BookOption, Chart, Input};

impl Book {
    /// The chart named by an id or alias, in any case.
    pub(crate) fn find(&self, name: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.names().any(|n| n.eq_ignore_ascii_case(name)))
    }

    /// The chart named, or a clear error with the nearest names.
    pub(crate) fn entry(&self, name: &str) -> Result<&Entry> {
        self.find(name).ok_or_else(|| {
            let near = suggest(name, self.entries.iter().flat_map(Entry::names));
            Error::usage(format!(
                "unknown chart '{name}' in {}{}; `flipbook charts` lists them",
                self.id,
                did_you_mean(&near)
            ))
        })
    }

    /// Every input a roll on `chart` may ask: its own, then those of the charts it rolls on.
    pub(crate) fn inputs_of(&self, chart: &Chart) -> Result<Vec<Input>> {
        let mut seen = vec![chart.id.clone()];
        let mut inputs: Vec<Input> = chart.inputs.clone();
        let mut queue: Vec<String> = chart.follow_names().map(String::from).collect();
        while let Some(name) = queue.pop() {
            let c = self.entry(&name)?.chart()?;
            if seen.contains(&c.id) {
                continue;
            }
            seen.push(c.id.clone());
            for i in &c.inputs {
                if !inputs.iter().any(|x| x.key == i.key) {
                    inputs.push(i.clone());
                }
            }
            queue.extend(c.follow_names().map(String::from));
        }
        Ok(inputs)
    }

    /// The embedded chart of this book that the flipbook only names (a stub), by id or alias,
    /// whether or not the player has transcribed it since.
    pub(crate) fn named(&self, name: &str) -> Result<Option<Chart>> {
        let Some(b) = BOOKS.iter().find(|b| b.id == self.id) else {
            let is = |c: &Chart| c.names().any(|n| n.eq_ignore_ascii_case(name));
            return Ok(self.all_named()?.into_iter().find(is));
        };
        let Some(c) = b.charts.iter().find(|c| {
            c.stub
                && (c.id.eq_ignore_ascii_case(name)
                    || c.aliases.iter().any(|a| a.eq_ignore_ascii_case(name)))
        }) else {
            return Ok(None);
        };
        Entry::embedded(c).chart().map(Some)
    }

    /// Every chart of this book that the flipbook only names, as embedded.
    pub(crate) fn all_named(&self) -> Result<Vec<Chart>> {
        if BOOKS.iter().any(|b| b.id == self.id) {
            return BOOKS
                .iter()
                .filter(|b| b.id == self.id)
                .flat_map(|b| b.charts.iter().filter(|c| c.stub))
                .map(|c| Entry::embedded(c).chart())
                .collect();
        }
        // A book of the player's own (or one extending another): the stubs transcribed since
        // and those still stubs, in the book's order.
        let mut out = Vec::new();
        for e in &self.entries {
            if let Some(stub) = self.own_stubs.iter().find(|c| c.id == e.id) {
                out.push(stub.clone());
            } else if e.stub {
                out.push(e.chart()?);
            }
        }
        // (While the player's charts are laid over, the entries are not all there yet.)
        for stub in &self.own_stubs {
            if !out.iter().any(|c| c.id == stub.id) {
                out.push(stub.clone());
            }
        }
        Ok(out)
    }
    /// The option of this id, if the book declares it.
    pub(crate) fn option(&self, id: &str) -> Option<&BookOption> {
        self.options.iter().find(|o| o.id == id)
    }

    /// The re-roll rule a roll on `chart` may use: the book's, when it names the chart.
    pub(crate) fn reroll_for(&self, chart: &Chart) -> Option<flipbook_charts::Reroll> {
        self.reroll
            .as_ref()
            .filter(|r| r.charts.contains(&chart.id))
            .cloned()
    }

    /// The re-roll rule's words for the keys and help ("push (2 gold)"), the book's or plain.
    pub(crate) fn reroll_words(&self) -> String {
        self.reroll.clone().unwrap_or_default().words()
    }

    /// The rule as a re-roll is announced ("Push for 2 gold").
    pub(crate) fn reroll_announced(&self) -> String {
        self.reroll.clone().unwrap_or_default().announced()
    }
}

/// Names within a small edit distance of `name`, or that it starts, nearest first.
pub(crate) fn suggest<'a>(name: &str, names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let name = name.to_ascii_lowercase();
    let mut scored: Vec<(usize, String)> = names
        .map(|n| {
            let lower = n.to_ascii_lowercase();
            let d = if lower.starts_with(&name) || name.starts_with(&lower) {
                1
            } else {
                levenshtein(&name, &lower)
            };
            (d, n.to_string())
        })
        .filter(|(d, _)| *d <= 2.max(name.len() / 3))
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, n)| n).collect()
}

pub(crate) fn did_you_mean(near: &[String]) -> String {
    if near.is_empty() {
        String::new()
    } else {
        format!(" (did you mean {}?)", near.join(", "))
    }
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_find_near_names() {
        let names = ["sotu", "legacy", "state-of-the-union"];
        assert_eq!(suggest("sotx", names.into_iter()), vec!["sotu"]);
        assert_eq!(suggest("legcy", names.into_iter()), vec!["legacy"]);
        assert!(suggest("zzzzzz", names.into_iter()).is_empty());
    }
}
