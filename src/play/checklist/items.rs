//! The checklist's lines (each chit and its roll, a loop's items, the other rolls: done or
//! not), and what the segment still waits for before it is left.

use super::super::events::OpenItem;
use super::super::game::Game;
use super::super::state::Rolled;
use super::{Item, item_name};

impl Game<'_> {
    /// What the segment still waits for: questions, chits' charts, loop rolls.
    pub(crate) fn open_items(&self) -> Vec<OpenItem> {
        let mut open = Vec::new();
        // A segment this turn does not play (gone to by hand) holds nothing open: its rolls
        // are not due.
        if !super::super::nav::applies(
            &self.seq,
            &self.mark.phase,
            &self.mark.segment,
            self.mark.turn,
        ) {
            return open;
        }
        if let Some((q, _)) = self.question() {
            open.push(OpenItem::Question(self.question_text(&q)));
        }
        for i in 0..self.mark.state.chits.len() {
            if let Some(chart) = self.chit_unrolled(i) {
                open.push(OpenItem::ChitRoll { chart, chit: i + 1 });
            }
        }
        let steps = self.steps();
        for (i, st) in steps.iter().enumerate() {
            if !st.required || !self.required_now(st) {
                continue;
            }
            // A step the board's question decides is open once answered (the question is).
            if st
                .only_if
                .as_ref()
                .is_some_and(|q| self.only_if_waiting(q).is_some())
            {
                continue;
            }
            // A count the walk has not reached yet (it waits for the required steps before
            // it) is open too: leaving now would skip its rolls without a word.
            if let Some(c) = st.count.as_ref().filter(|c| c.from.is_none())
                && self.counted(st).is_none()
            {
                let ask = OpenItem::Question(c.ask.clone());
                if !open.contains(&ask) {
                    open.push(ask);
                }
                continue;
            }
            if self.step_done(&steps, i) {
                continue;
            }
            if let Some(c) = &st.chart {
                let mut names = vec![c.clone()];
                names.extend(st.or_charts.iter().cloned());
                let out = self.not_offered();
                if names.iter().any(|n| !out.contains(n)) {
                    names.retain(|n| !out.contains(n));
                }
                match self.step_rolls(&steps, i) {
                    Some((made, of)) if of > 1 => open.push(OpenItem::Rolls { names, made, of }),
                    _ => open.push(OpenItem::Roll(names)),
                }
            }
        }
        for c in &self.mark.state.due {
            open.push(OpenItem::Due(c.clone()));
        }
        if let (Some(i), Some(r)) = (self.ready_item(), self.repeat()) {
            open.push(OpenItem::Item {
                noun: r.noun().to_string(),
                name: item_name(r, i).to_string(),
                chart: r.chart.clone(),
            });
        }
        open
    }

    /// The checklist of the segment: chits and their rolls, loop items, other rolls.
    pub(crate) fn items(&self) -> Vec<Item> {
        let st = &self.mark.state;
        let mut items = Vec::new();
        for (i, d) in st.chits.iter().enumerate() {
            let name = self
                .chit(&d.chit)
                .map_or(d.chit.as_str(), |c| c.name.as_str());
            let plus = match d.plus {
                Some(true) => " (+)",
                _ => "",
            };
            let text = match (
                self.chit_unrolled(i),
                rolled_for(st.rolled.iter(), |r| r.chit == Some(i)),
            ) {
                (Some(chart), _) => {
                    let chart = title(self.book, chart.as_str());
                    format!("chit {}: {name}{plus} - roll {chart}", i + 1)
                }
                (None, Some(r)) => {
                    format!("chit {}: {name}{plus} - {}", i + 1, short(self.book, r))
                }
                (None, None) => format!("chit {}: {name}{plus}", i + 1),
            };
            items.push(Item {
                done: self.chit_unrolled(i).is_none(),
                text,
            });
        }
        if let Some(r) = self.repeat() {
            for (i, &skipped) in st.items.iter().enumerate() {
                let rolled = rolled_for(st.rolled.iter(), |x| x.item == Some(i));
                let what = match (skipped, rolled) {
                    (true, _) => "skipped".to_string(),
                    (false, Some(x)) => short(self.book, x),
                    (false, None) => format!("roll {}", title(self.book, &r.chart)),
                };
                items.push(Item {
                    done: skipped || rolled.is_some(),
                    text: format!("{} {}: {what}", r.noun(), item_name(r, i)),
                });
            }
        }
        for x in st
            .rolled
            .iter()
            .filter(|x| x.chit.is_none() && x.item.is_none())
        {
            items.push(Item {
                done: true,
                text: short(self.book, x),
            });
        }
        items
    }
}

fn rolled_for<'a>(
    mut rolled: impl Iterator<Item = &'a Rolled>,
    f: impl Fn(&Rolled) -> bool,
) -> Option<&'a Rolled> {
    rolled.find(|r| f(r))
}

/// A chart by its title, the game's words (its id only where the book has no such chart).
fn title<'b>(book: &'b crate::library::Book, chart: &'b str) -> &'b str {
    book.find(chart).map_or(chart, |e| &e.title)
}

/// A roll in a few words: its chart's title, its row and the start of its result.
fn short(book: &crate::library::Book, r: &Rolled) -> String {
    let title = book.find(&r.chart).map_or(r.chart.as_str(), |e| &e.title);
    let result = r.result.as_deref().unwrap_or("");
    // A line or two of the screen: the result's beginning, the rest in the log.
    let cut: String = result.chars().take(100).collect();
    let more = if result.chars().count() > 100 {
        "…"
    } else {
        ""
    };
    // A table of one row for any total ("any") has no row worth naming.
    match r.row.as_ref().filter(|row| row.as_str() != "any") {
        Some(row) => format!("{title} {row}: {cut}{more}"),
        None => format!("{title}: {cut}{more}"),
    }
}
