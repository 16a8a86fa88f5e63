//! How a chart's column is chosen: by a choice or yes/no input (a column for each option), or
//! by a sum of number inputs (bands that cover every sum).

use super::Check;
use super::rows::coverage_problems;
use crate::chart::{ChoiceOption, ColumnBy, InputKind, Test};
use crate::die::Span;
use std::collections::BTreeSet;

pub(super) fn check(k: &mut Check) {
    let c = k.c;
    match &c.column_by {
        None => {
            if !c.columns.is_empty() {
                k.say(
                    &["columns"],
                    "columns need a column_by saying how one is chosen",
                );
            }
        }
        Some(by) => {
            if c.columns.len() < 2 {
                k.say(
                    &["columns"],
                    "a chart with column_by needs two or more columns",
                );
            }
            match (&by.input, by.sum.is_empty()) {
                (Some(key), true) => by_input(k, key),
                (None, false) => by_sum(k, by),
                _ => k.say(&["column_by"], "column_by takes either an input or a sum"),
            }
        }
    }
}

/// Columns chosen by a choice or yes/no input: one column per option, each selected once.
fn by_input(k: &mut Check, key: &str) {
    let c = k.c;
    let options: Vec<&str> = match c.input(key) {
        Some(i) if i.kind == InputKind::Yesno => vec!["yes", "no"],
        Some(i) if i.kind == InputKind::Choice => {
            i.options.iter().map(ChoiceOption::value).collect()
        }
        _ => {
            k.say(
                &["column_by"],
                format!("column_by input '{key}' is not a choice or yes/no input"),
            );
            return;
        }
    };
    let mut used = BTreeSet::new();
    for col in &c.columns {
        let at: [&str; 2] = ["columns", &col.label];
        match col.value.as_deref() {
            None => k.say(
                &at,
                format!(
                    "column '{}' needs the value of '{key}' that selects it",
                    col.label
                ),
            ),
            Some(v) => {
                if !options.contains(&v) {
                    k.say(
                        &at,
                        format!("column '{}': '{v}' is not an option of '{key}'", col.label),
                    );
                }
                if !used.insert(v) {
                    k.say(&at, format!("two columns are selected by '{v}'"));
                }
            }
        }
    }
    // An option may go without a column when a gate sends it elsewhere.
    let gated = |v: &str| {
        c.gates
            .iter()
            .any(|g| matches!(g.when.get(key), Some(Test::Text(t)) if t == v))
    };
    for o in &options {
        if !used.contains(o) && !gated(o) {
            k.say(
                &["columns"],
                format!("no column for option '{o}' of '{key}'"),
            );
        }
    }
}

/// Columns chosen by a sum: bands that run upward and cover every sum the inputs can make.
fn by_sum(k: &mut Check, by: &ColumnBy) {
    let c = k.c;
    let (mut lo, mut hi) = (0i64, 0i64);
    for key in &by.sum {
        match c.input(key) {
            Some(i) if i.kind == InputKind::Number => {
                let (min, max) = i.span();
                lo = lo.saturating_add(min);
                hi = hi.saturating_add(max);
            }
            _ => k.say(
                &["column_by", key],
                format!("'{key}' is not a number input"),
            ),
        }
    }
    let spans: Vec<(String, Option<Span>)> = c
        .columns
        .iter()
        .map(|col| (col.label.clone(), col.band))
        .collect();
    for (label, msg) in coverage_problems(&spans, Some((lo, hi)), "column") {
        k.say(&["columns", &label], msg);
    }
}
