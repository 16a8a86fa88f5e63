//! Validation: every problem of a book with its file, line and column.
//!
//! A chart file is read document by document (parse.rs), each chart checked section by section
//! (one file each: its name and die, inputs, columns, DRMs, rows), then the charts of a book
//! together (across.rs: names, what rows move and give, follow-up rolls), then the book's turn
//! sequence and ordering rules.

mod across;
mod columns;
mod dice;
mod drms;
mod follow;
pub use follow::{MAX_CHAIN, MAX_ROLLS};
mod hidden;
mod inputs;
mod locate;
mod orders;
mod parse;
mod rank;
mod rows;
mod sequence;
#[cfg(test)]
mod tests;
mod texts;

use crate::SourcedChart;
use crate::chart::{Chart, Condition};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;

pub use across::validate_options;
pub use dice::MAX_DICE_OUTCOMES;
pub use hidden::hidden_problem;
pub use locate::{doc_start, line_col, locate};
pub use orders::validate_orders;
pub use parse::{depth_problem, parse_chart_file, unread_ids, yaml_problem};
pub use sequence::{BookNames, validate_sequence};

/// The largest number a chart may hold (an input's bounds, a DRM, a cap, a limit), so that no
/// total can overflow.
pub const MAX_VALUE: i64 = 1_000_000;

/// The most results a follow-up roll may ask for (`times`).
pub const MAX_TIMES: u32 = 20;

/// A problem in a file, where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file, as named in the book's folder.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// All the problems as one report (one line each), or nothing when there are none.
#[must_use]
pub fn report(problems: &[Problem]) -> Option<String> {
    (!problems.is_empty()).then(|| {
        problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// Every id and alias of these charts, in lower case: what a sequence may name.
#[must_use]
pub fn chart_names(charts: &[SourcedChart]) -> BTreeSet<String> {
    charts
        .iter()
        .flat_map(|c| c.chart.names())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// Validate a set of charts that make up one book (or one file), with cross-chart checks.
///
/// `texts` maps each file name to its text, to place the problems.
#[must_use]
pub fn validate_charts(charts: &[SourcedChart], texts: &BTreeMap<String, String>) -> Vec<Problem> {
    validate_charts_knowing(charts, texts, &BTreeSet::new())
}

/// The same, knowing that charts of these ids (lower case) are in the book but did not read:
/// their own problems are told; a follow-up roll on them is not one more.
#[must_use]
pub fn validate_charts_knowing(
    charts: &[SourcedChart],
    texts: &BTreeMap<String, String>,
    unread: &BTreeSet<String>,
) -> Vec<Problem> {
    let mut problems = Vec::new();
    let names = across::each_chart(&mut problems, charts, texts);
    let by_id: HashMap<&str, &SourcedChart> =
        charts.iter().map(|c| (c.chart.id.as_str(), c)).collect();
    let by_name = |n: &str| -> Option<&Chart> {
        let id = names.get(&n.to_ascii_lowercase())?;
        by_id.get(id.as_str()).map(|c| &c.chart)
    };
    for sc in charts {
        let findings = follow::check(&sc.chart, &by_name, unread);
        place(&mut problems, sc, texts, findings);
    }
    across::moves(&mut problems, charts, texts);
    across::gives(&mut problems, charts, texts);
    across::reach(&mut problems, charts, texts, &by_id, &by_name);
    problems
}

/// A problem found in a chart, before it is placed: the texts to look for, in order, to find it.
struct Finding {
    needles: Vec<String>,
    message: String,
}

fn place(
    problems: &mut Vec<Problem>,
    sc: &SourcedChart,
    texts: &BTreeMap<String, String>,
    findings: Vec<Finding>,
) {
    let text = texts.get(&sc.file).map_or("", String::as_str);
    for f in findings {
        let (line, column) = locate(text, sc.doc, &f.needles);
        problems.push(Problem {
            file: sc.file.clone(),
            line,
            column,
            message: format!("chart '{}': {}", sc.chart.id, f.message),
        });
    }
}

/// The findings of one chart, and where to look for them.
struct Check<'a> {
    c: &'a Chart,
    out: Vec<Finding>,
}

impl Check<'_> {
    /// Needles: the chart's id, then these texts in order.
    fn at(&self, extra: &[&str]) -> Vec<String> {
        std::iter::once(format!("id: {}", self.c.id))
            .chain(extra.iter().map(ToString::to_string))
            .collect()
    }

    fn push(&mut self, needles: Vec<String>, message: impl Into<String>) {
        self.out.push(Finding {
            needles,
            message: message.into(),
        });
    }

    /// A problem at the chart's id and these texts.
    fn say(&mut self, extra: &[&str], message: impl Into<String>) {
        let needles = self.at(extra);
        self.push(needles, message);
    }

    /// Every problem of a condition, at these needles.
    fn condition(&mut self, cond: &Condition, needles: &[String]) {
        for (msg, at) in inputs::condition_problems(self.c, cond) {
            let mut here = needles.to_vec();
            here.extend(at);
            self.push(here, msg);
        }
    }
}

/// Everything that can be checked within one chart, section by section.
fn check_chart(c: &Chart) -> Vec<Finding> {
    let mut k = Check { c, out: Vec::new() };
    inputs::identity(&mut k);
    inputs::check(&mut k);
    columns::check(&mut k);
    drms::check(&mut k);
    rows::check(&mut k);
    dice::check(&mut k);
    rank::check(&mut k);
    texts::check(&mut k);
    k.out.extend(hidden::hidden_characters(c));
    k.out
}
