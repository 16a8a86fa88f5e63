//! The answers a game keeps for a loop's items (an item's range and choice), shown back
//! where the rules let them change (`review`) and asked again for the items picked; and a loop
//! item's questions as its roll asks them: naming the item, without the choices another item
//! holds (`distinct`).

use super::events::Event;
use super::game::Game;
use crate::error::{Error, Result};
use crate::text::quoted;
use flipbook_charts::{Chart, ChoiceOption, Repeat};

impl Game<'_> {
    /// The loop whose kept answers this segment reviews, while not yet reviewed and something
    /// is kept for it.
    pub(super) fn review_waiting(&self) -> Option<&Repeat> {
        let id = self.segment().review.as_deref()?;
        let r = self.seq.segment(id)?.repeat.as_ref()?;
        let kept = r.items.iter().any(|i| {
            r.per_item
                .iter()
                .any(|k| self.profile.contains_key(&format!("{k}#{i}")))
        });
        (!self.mark.state.reviewed && kept).then_some(r)
    }

    /// The kept answers under review, by item (its place in the loop), one line each, in the
    /// game's words (the input's label, the choice's): "Item 6: Counter's range 1-4, Focus
    /// Improve Economy"; an item with nothing kept is left out.
    pub(crate) fn review_lines(&self) -> Vec<(usize, String)> {
        let Some(r) = self.review_waiting() else {
            return Vec::new();
        };
        let inputs = self
            .book
            .find(&r.chart)
            .and_then(|e| e.chart().ok())
            .map(|c| c.inputs)
            .unwrap_or_default();
        let shown = |key: &str, value: &str| -> String {
            match inputs.iter().find(|i| i.key == key) {
                Some(i) => {
                    let v = i
                        .options
                        .iter()
                        .find(|o| o.value() == value)
                        .map_or(value, |o| o.label());
                    format!("{} {v}", i.name())
                }
                None => format!("{key} {value}"),
            }
        };
        let mut out = Vec::new();
        for (n, i) in r.items.iter().enumerate() {
            let kept: Vec<String> = r
                .per_item
                .iter()
                .filter_map(|k| Some(shown(k, self.profile.get(&format!("{k}#{i}"))?)))
                .collect();
            if !kept.is_empty() {
                out.push((n, format!("{} {i}: {}", r.noun(), kept.join(", "))));
            }
        }
        out
    }

    pub(super) fn review_question(&self) -> String {
        let example: Vec<String> = self
            .review_lines()
            .iter()
            .take(2)
            .filter_map(|(n, _)| self.review_waiting()?.items.get(*n).cloned())
            .collect();
        format!(
            "Kept from before: moved any? (no keeps them all; or those to answer again, e.g. {})",
            example.join(" ")
        )
    }

    /// The answer to the review: "no" keeps every answer; item names ("6 3") forget theirs.
    pub(super) fn review_answer(&mut self, text: &str) -> Result<Vec<Event>> {
        let t = text.trim();
        let picked: Vec<usize> = if matches!(t.to_ascii_lowercase().as_str(), "" | "no" | "n") {
            Vec::new()
        } else {
            let items = self
                .review_waiting()
                .map(|r| r.items.clone())
                .unwrap_or_default();
            t.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|w| !w.is_empty())
                .map(|w| {
                    items
                        .iter()
                        .position(|i| i.eq_ignore_ascii_case(w))
                        .ok_or_else(|| {
                            Error::usage(format!(
                                "'{}' is not one of {}: answer no, or some of them",
                                quoted(w),
                                items.join(", ")
                            ))
                        })
                })
                .collect::<Result<_>>()?
        };
        Ok(self.review_pick(&picked))
    }

    /// The items picked at the review are asked again at their next roll; the others are kept.
    pub(super) fn review_pick(&mut self, picked: &[usize]) -> Vec<Event> {
        let Some(r) = self.review_waiting().cloned() else {
            return Vec::new();
        };
        self.mark.state.reviewed = true;
        let mut again = Vec::new();
        for (n, item) in r
            .items
            .iter()
            .enumerate()
            .filter(|(n, _)| picked.contains(n))
        {
            for k in &r.per_item {
                self.profile.remove(&format!("{k}#{item}"));
            }
            again.push(r.items.get(n).cloned().unwrap_or_default());
        }
        let mut events = vec![Event::Reviewed {
            noun: r.noun().to_string(),
            again: again.clone(),
        }];
        if !again.is_empty() {
            events.push(Event::ProfileChanged);
        }
        events
    }

    /// `chart` as the loop item waiting for it asks its own answers: each question names the
    /// item, and a `distinct` choice that another item holds is not offered.
    pub(crate) fn for_item(&self, mut chart: Chart) -> Chart {
        let Some(r) = self
            .segment()
            .repeat
            .as_ref()
            .filter(|r| r.chart == chart.id)
        else {
            return chart;
        };
        let Some(item) = self.ready_item().and_then(|i| r.items.get(i)) else {
            return chart;
        };
        for input in chart
            .inputs
            .iter_mut()
            .filter(|i| r.per_item.contains(&i.key))
        {
            input.ask = format!("{} {item} - {}", r.noun(), input.ask);
            // Its label too, which a refused answer names ("Item 5 - Focus takes …").
            if let Some(l) = &input.label {
                input.label = Some(format!("{} {item} - {l}", r.noun()));
            }
            // A kept answer is given as it was kept: only a question asked is narrowed.
            let kept = self.profile.contains_key(&format!("{}#{item}", input.key));
            if kept || !r.distinct.contains(&input.key) {
                continue;
            }
            let held: Vec<&String> = r
                .items
                .iter()
                .filter(|i| *i != item)
                .filter_map(|i| self.profile.get(&format!("{}#{i}", input.key)))
                .collect();
            // Each keeps its number in the menu (the held ones' are skipped, not given to
            // another): `3` is the same focus all game.
            let (numbers, free): (Vec<usize>, Vec<ChoiceOption>) = input
                .options
                .iter()
                .enumerate()
                .filter(|(_, o)| !held.iter().any(|h| h.as_str() == o.value()))
                .map(|(n, o)| (n + 1, o.clone()))
                .unzip();
            if !free.is_empty() {
                input.options = free;
                input.numbers = numbers;
            }
        }
        chart
    }
}
