//! A book's turn sequence: every segment, chart, chit and input it names exists, and it can be
//! played.

mod inputs;
mod phases;
mod questions;
mod segments;
mod steps;
#[cfg(test)]
mod tests;

use super::{Problem, locate, yaml_problem};
use crate::SourcedChart;
use std::collections::BTreeSet;

/// What a sequence may name: the book's charts and the inputs they ask.
#[derive(Debug, Clone, Default)]
pub struct BookNames {
    /// Every id and alias of the charts, in lower case.
    pub charts: BTreeSet<String>,
    /// Every input key of the charts.
    pub inputs: BTreeSet<String>,
}

impl BookNames {
    /// The names of these charts.
    #[must_use]
    pub fn of(charts: &[SourcedChart]) -> BookNames {
        BookNames {
            charts: super::chart_names(charts),
            inputs: charts
                .iter()
                .flat_map(|c| c.chart.inputs.iter().map(|i| i.key.clone()))
                .collect(),
        }
    }

    fn has_chart(&self, c: &str) -> bool {
        self.charts.contains(&c.to_ascii_lowercase())
    }
}

/// Check a book's turn sequence against its charts: every segment, chart and chit it names
/// exists; the inputs it keeps (`profile`, a loop's `per_item`), knows and derives are asked by
/// some chart; every derived comparison reads.
#[must_use]
pub fn validate_sequence(file: &str, text: &str, names: &BookNames) -> Vec<Problem> {
    if let Some(p) = super::depth_problem(file, text) {
        return vec![p];
    }
    let seq: crate::Sequence = match serde_yaml::from_str(text) {
        Ok(s) => s,
        Err(e) => return vec![yaml_problem(file, text, 0, &e)],
    };
    let mut k = Say {
        file,
        text,
        out: super::hidden_problem(file, text).into_iter().collect(),
    };
    segments::check(&mut k, &seq, names);
    phases::check(&mut k, &seq);
    chits(&mut k, &seq, names);
    finale(&mut k, &seq);
    if seq.turns == 0 {
        k.say(vec!["turns".into()], "a game has at least one turn".into());
    }
    inputs::check(&mut k, &seq, names);
    inputs::movers(&mut k, &seq, names);
    questions::check(&mut k, &seq);
    k.out
}

/// Each chit rolls on a chart of the book, and rolls again only where it rolls.
fn chits(k: &mut Say, seq: &crate::Sequence, names: &BookNames) {
    for c in &seq.chits {
        if let Some(ch) = c.chart.as_ref().filter(|ch| !names.has_chart(ch)) {
            k.say(
                vec![format!("id: {}", c.id)],
                format!("chit '{}' rolls on '{ch}', which is not in the book", c.id),
            );
        }
        if !c.reroll.is_empty() && c.chart.is_none() {
            k.say(
                vec![format!("id: {}", c.id)],
                format!(
                    "chit '{}' rolls again on some rolls, but rolls on no chart",
                    c.id
                ),
            );
        }
    }
}

/// The finale is a segment of the sequence.
fn finale(k: &mut Say, seq: &crate::Sequence) {
    if let Some(f) = seq.finale.as_ref().filter(|f| seq.segment(f).is_none()) {
        k.say(
            vec!["finale:".into()],
            format!("the finale '{f}' is not a segment of the sequence"),
        );
    }
}

/// Whether a key is a `snake_case` name: a lower-case letter, then lower-case letters, digits
/// and `_`.
fn snake_case(key: &str) -> bool {
    key.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && key
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Problems of one file, placed by the texts to look for.
struct Say<'a> {
    file: &'a str,
    text: &'a str,
    out: Vec<Problem>,
}

impl Say<'_> {
    #[allow(clippy::needless_pass_by_value)] // every caller builds the needles for this call
    fn say(&mut self, needles: Vec<String>, message: String) {
        let (line, column) = locate(self.text, 0, &needles);
        self.out.push(Problem {
            file: self.file.to_string(),
            line,
            column,
            message,
        });
    }
}
