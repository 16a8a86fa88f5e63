//! The charts of a book together: each name used once, what rows move and give (inputs some
//! chart asks, in their terms), how far follow-up rolls reach, the options they name declared.

use super::{Finding, Problem, follow, place};
use crate::SourcedChart;
use crate::{Chart, Row};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Each chart's own problems (`check_chart`), with a name (an id or an alias) already used by
/// an earlier chart; the names, in lower case, of the charts they are.
pub(super) fn each_chart(
    problems: &mut Vec<Problem>,
    charts: &[SourcedChart],
    texts: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    for sc in charts {
        let mut findings = super::check_chart(&sc.chart);
        for name in sc.chart.names() {
            let key = name.to_ascii_lowercase();
            if let Some(other) = names.get(&key) {
                findings.push(Finding {
                    needles: vec![format!("id: {}", sc.chart.id), name.to_string()],
                    message: format!("the name '{name}' is already used by chart '{other}'"),
                });
            } else {
                names.insert(key, sc.chart.id.clone());
            }
        }
        place(problems, sc, texts, findings);
    }
    names
}

/// A chart's rows, its columns' too.
fn all_rows(sc: &SourcedChart) -> impl Iterator<Item = &Row> {
    sc.chart
        .rows
        .iter()
        .chain(sc.chart.columns.iter().flat_map(|c| &c.rows))
}

/// What a row moves: inputs some chart of these asks.
pub(super) fn moves(
    problems: &mut Vec<Problem>,
    charts: &[SourcedChart],
    texts: &BTreeMap<String, String>,
) {
    let keys: BTreeSet<&str> = charts
        .iter()
        .flat_map(|c| c.chart.inputs.iter().map(|i| i.key.as_str()))
        .collect();
    for sc in charts {
        let findings: Vec<Finding> = all_rows(sc)
            .flat_map(|r| r.moves.iter().map(move |k| (r, k)))
            .filter(|(_, k)| !keys.contains(k.as_str()))
            .map(|(r, k)| Finding {
                needles: vec![
                    format!("id: {}", sc.chart.id),
                    r.row.label().to_string(),
                    "moves".into(),
                    k.clone(),
                ],
                message: format!(
                    "row {} moves '{k}', which no chart of the book asks: `moves` names input keys",
                    r.row.label()
                ),
            })
            .collect();
        place(problems, sc, texts, findings);
    }
}

/// What a row gives: an answer to an input some chart asks, in that input's terms.
pub(super) fn gives(
    problems: &mut Vec<Problem>,
    charts: &[SourcedChart],
    texts: &BTreeMap<String, String>,
) {
    let inputs: BTreeMap<&str, &crate::Input> = charts
        .iter()
        .flat_map(|c| c.chart.inputs.iter().map(|i| (i.key.as_str(), i)))
        .collect();
    for sc in charts {
        let mut findings = Vec::new();
        for r in all_rows(sc) {
            for (k, v) in &r.gives {
                let bad = match inputs.get(k.as_str()) {
                    None => Some(format!(
                        "row {} gives '{k}', which no chart of the book asks: `gives` names input keys",
                        r.row.label()
                    )),
                    Some(i) if !gives_fits(i, v) => Some(format!(
                        "row {} gives '{k}' the value '{v}', which its input does not take",
                        r.row.label()
                    )),
                    Some(_) => None,
                };
                if let Some(message) = bad {
                    findings.push(Finding {
                        needles: vec![
                            format!("id: {}", sc.chart.id),
                            r.row.label().to_string(),
                            "gives".into(),
                            k.clone(),
                        ],
                        message,
                    });
                }
            }
        }
        place(problems, sc, texts, findings);
    }
}

/// Whether `value` is an answer `input` takes: a whole number within its range, yes or no, or
/// one of its options.
fn gives_fits(input: &crate::Input, value: &str) -> bool {
    match input.kind {
        crate::InputKind::Number => value
            .parse::<i64>()
            .is_ok_and(|n| input.min.is_none_or(|m| n >= m) && input.max.is_none_or(|m| n <= m)),
        crate::InputKind::Yesno => matches!(value, "yes" | "no"),
        crate::InputKind::Choice => input.options.iter().any(|o| o.value() == value),
    }
}

/// How far follow-up rolls reach, from each chart: no circle, no chain deeper than
/// [`follow::MAX_CHAIN`], no roll calling more than [`follow::MAX_ROLLS`] (at the chart's
/// `then`).
pub(super) fn reach<'a>(
    problems: &mut Vec<Problem>,
    charts: &'a [SourcedChart],
    texts: &BTreeMap<String, String>,
    by_id: &HashMap<&str, &SourcedChart>,
    by_name: &dyn Fn(&str) -> Option<&'a Chart>,
) {
    let all: Vec<&Chart> = charts.iter().map(|c| &c.chart).collect();
    let reach = follow::reach(&all, by_name);
    let wide = reach.wide.into_iter().map(|(id, n)| {
        let message = format!(
            "a roll on '{id}' may call {} rolls in all, follow-ups and theirs: a roll calls at most {}",
            if n == u64::MAX { "countless".to_string() } else { n.to_string() },
            follow::MAX_ROLLS
        );
        (id, message)
    });
    let circles = reach.circles.into_iter().map(|(id, circle)| {
        (
            id,
            format!("follow-up rolls go round in a circle: {circle}"),
        )
    });
    for (id, message) in circles.chain(reach.deep).chain(wide) {
        if let Some(sc) = by_id.get(id.as_str()) {
            let finding = Finding {
                needles: vec![format!("id: {id}"), "then".into()],
                message,
            };
            place(problems, sc, texts, vec![finding]);
        }
    }
}

/// The charts' use of the book's options: each option a chart names must be declared.
#[must_use]
pub fn validate_options(
    charts: &[SourcedChart],
    texts: &BTreeMap<String, String>,
    declared: &[crate::BookOption],
) -> Vec<Problem> {
    let mut problems = Vec::new();
    for sc in charts {
        let findings = sc
            .chart
            .options
            .iter()
            .filter(|o| !declared.iter().any(|d| &d.id == *o))
            .map(|o| Finding {
                needles: vec![format!("id: {}", sc.chart.id), "options".into(), o.clone()],
                message: format!("option '{o}' is not declared in the book's book.yaml"),
            })
            .collect();
        place(&mut problems, sc, texts, findings);
    }
    problems
}
