//! What the story asks of the book (an input's label and kind, a value's shown text, a chart's
//! title and dice), each chart parsed once; the answers forgotten past [`MAX_CACHED`].

use crate::library::Book;
use crate::rules::Value;
use flipbook_charts::{Chart, Dice, Die};
use std::collections::HashMap;

/// The most charts the book cache keeps answers for before it starts again.
const MAX_CACHED: usize = 4_096;

/// What the story asks of the book, each chart parsed once.
pub(super) struct BookCache<'a> {
    book: &'a Book,
    /// By chart and key: two charts may label one key differently.
    labels: HashMap<(String, String), String>,
    charts: HashMap<String, Option<Chart>>,
    dice: HashMap<String, Option<Dice>>,
}

impl<'a> BookCache<'a> {
    pub(super) fn new(book: &'a Book) -> BookCache<'a> {
        BookCache {
            book,
            labels: HashMap::new(),
            charts: HashMap::new(),
            dice: HashMap::new(),
        }
    }

    /// An input as the player knows it: its label, or its question; the key when the book no
    /// longer has it.
    pub(super) fn label(&mut self, chart: &str, key: &str) -> String {
        let at = (chart.to_string(), key.to_string());
        if let Some(l) = self.labels.get(&at) {
            return l.clone();
        }
        self.bound();
        let label = self
            .chart(chart)
            .as_ref()
            .and_then(|c| c.inputs.iter().find(|i| i.key == key))
            .map_or_else(
                || key.to_string(),
                |i| {
                    i.label
                        .clone()
                        .unwrap_or_else(|| i.ask.trim_end_matches('?').to_string())
                },
            );
        self.labels.insert(at, label.clone());
        label
    }

    /// A value as the player reads it: a choice by its option's label, the rest as typed.
    pub(super) fn shown(&mut self, chart: &str, key: &str, value: &Value) -> String {
        let Value::Choice(v) = value else {
            return value.text();
        };
        self.chart(chart)
            .and_then(|c| c.inputs.iter().find(|i| i.key == key))
            .and_then(|i| i.options.iter().find(|o| o.value() == v))
            .map_or_else(|| v.clone(), |o| o.label().to_string())
    }

    /// The answers kept.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.labels.len() + self.charts.len() + self.dice.len()
    }

    /// Kept answers forgotten once there are many (a log may name any number of charts).
    fn bound(&mut self) {
        if self.labels.len() + self.charts.len() + self.dice.len() > MAX_CACHED {
            self.labels.clear();
            self.charts.clear();
            self.dice.clear();
        }
    }

    /// A chart as the book has it now, parsed once.
    fn chart(&mut self, chart: &str) -> Option<&Chart> {
        self.bound();
        let book = self.book;
        self.charts
            .entry(chart.to_string())
            .or_insert_with(|| book.find(chart).and_then(|e| e.chart().ok()))
            .as_ref()
    }

    /// How a chart declares an input (its kind and bounds), to tell two values of one key
    /// apart; empty when the book no longer has it.
    pub(super) fn kind(&mut self, chart: &str, key: &str) -> String {
        self.chart(chart)
            .and_then(|c| c.inputs.iter().find(|i| i.key == key))
            .map(|i| format!("{:?} {:?} {:?}", i.kind, i.min, i.max))
            .unwrap_or_default()
    }

    /// A chart's title; its id when the book no longer has it.
    pub(super) fn title(&mut self, chart: &str) -> String {
        self.chart(chart)
            .map_or_else(|| chart.to_string(), |c| c.title.clone())
    }

    /// The dice a chart rolls (plain dice are their own chart: `d10`); `None` for a table.
    pub(super) fn dice(&mut self, chart: &str) -> Option<Dice> {
        if let Some(d) = self.dice.get(chart) {
            return *d;
        }
        self.bound();
        let d = match self.book.find(chart).map(|e| e.die) {
            Some(Die::Dice(d)) => Some(d),
            Some(_) => None,
            None => Dice::parse(chart),
        };
        self.dice.insert(chart.to_string(), d);
        d
    }
}
