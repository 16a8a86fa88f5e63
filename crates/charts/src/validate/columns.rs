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
            match (&by.input, by.sum.is_empty(), by.ratio.is_empty()) {
                (Some(key), true, true) => by_input(k, key),
                (None, false, true) => by_sum(k, by),
                (None, true, false) => by_ratio(k, by),
                _ => k.say(
                    &["column_by"],
                    "column_by takes one of an input, a sum or a ratio",
                ),
            }
            if by.ratio.is_empty() && (by.round.is_some() || by.below.is_some()) {
                k.say(
                    &["column_by"],
                    "`round` and `below` are for odds columns (`ratio: [a, b]`)",
                );
            }
        }
    }
    shifts(k);
}

/// Odds columns: the ratio of two number inputs, read on columns labelled as ratios (`1:2`,
/// `1:1`, `3:2`), lowest first.
fn by_ratio(k: &mut Check, by: &ColumnBy) {
    let c = k.c;
    if by.ratio.len() != 2 {
        k.say(
            &["column_by", "ratio"],
            "a ratio is of two number inputs: `ratio: [attacker, defender]`",
        );
    }
    for key in &by.ratio {
        if !c.input(key).is_some_and(|i| i.kind == InputKind::Number) {
            k.say(
                &["column_by", key],
                format!("'{key}' is not a number input"),
            );
        }
    }
    let mut last: Option<(i64, i64, &str)> = None;
    for col in &c.columns {
        let Some((a, b)) = crate::chart::parse_ratio(&col.label) else {
            k.say(
                &["columns", &col.label],
                format!(
                    "column '{}' is not a ratio as printed (`1:2`, `3:1`: whole numbers from 1 to 1000)",
                    col.label
                ),
            );
            continue;
        };
        if let Some((pa, pb, pl)) = last
            && a * pb <= pa * b
        {
            k.say(
                &["columns", &col.label],
                format!(
                    "odds columns run from the lowest ratio up: '{}' is not above '{pl}'",
                    col.label
                ),
            );
        }
        last = Some((a, b, &col.label));
    }
}

/// Column shifts: on a chart with columns, each moving it by some columns.
fn shifts(k: &mut Check) {
    let c = k.c;
    for s in &c.shifts {
        let here = k.at(&["shifts", &s.label]);
        if c.columns.len() < 2 {
            k.push(
                here.clone(),
                "a column shift needs a chart of two or more columns",
            );
        }
        if s.value == 0 || s.value.unsigned_abs() > 100 {
            k.push(
                here.clone(),
                "a shift moves the column by 1 to 100 columns (negative: to the left)",
            );
        }
        if let Some(w) = &s.when {
            k.condition(w, &here);
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
