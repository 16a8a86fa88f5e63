//! Follow-up rolls across a book's charts: each names a chart there that rolls, can end, and can
//! give as many different results as it is asked for.

use super::Finding;
use crate::chart::{Chart, Follow};

/// The follow-ups of one chart, against the charts of its book (`by_name`).
pub(super) fn check<'a>(
    chart: &Chart,
    by_name: &dyn Fn(&str) -> Option<&'a Chart>,
    unread: &std::collections::BTreeSet<String>,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    rows_next_and_totals(chart, by_name, &mut findings);
    let gate_follows = chart.gates.iter().flat_map(|g| {
        g.then
            .iter()
            .map(|f| ("gates", "a gate".to_string(), None, f))
    });
    let row_follows = chart.all_rows().flat_map(|r| {
        r.then.iter().map(move |f| {
            (
                r.row.label(),
                format!("row {}", r.row),
                Some(r.row.span()),
                f,
            )
        })
    });
    // A total given on (`total_as`) goes to a table of totals: checked apart, it needs no die.
    let rolled = row_follows
        .chain(gate_follows)
        .filter(|(.., f)| f.total_as.is_none());
    for (row_label, what, span, follow) in rolled {
        let needles = vec![
            format!("id: {}", chart.id),
            row_label.to_string(),
            follow.chart.clone(),
        ];
        let mut say = |message: String| {
            findings.push(Finding {
                needles: needles.clone(),
                message,
            });
        };
        let Some(target) = by_name(&follow.chart) else {
            if unread.contains(&follow.chart.to_ascii_lowercase()) {
                continue;
            }
            say(format!(
                "{what} rolls on '{}', which is not a chart here",
                follow.chart
            ));
            continue;
        };
        let Some((lo, hi)) = target.natural_range() else {
            say(format!("{what} rolls on '{}', which has no die", target.id));
            continue;
        };
        if target.is_opposed() && !follow.reroll.is_empty() {
            say(format!(
                "{what} rolls on '{}', an opposed roll: two natural rolls, so reroll cannot say whose",
                target.id
            ));
            continue;
        }
        let open: Vec<i64> = (lo..=hi).filter(|n| !follow.reroll.contains(n)).collect();
        if open.is_empty() {
            say("every natural roll is rolled again: the roll could never end".into());
        }
        if let Some(msg) = too_many_distinct(follow, target) {
            say(msg);
        }
        // A chart that calls itself must not be able to land on the calling row again.
        if target.id == chart.id && span.is_some_and(|s| open.iter().any(|n| s.contains(*n))) {
            say(format!(
                "row {row_label} rolls on its own chart again without rolling again on {row_label}"
            ));
        }
    }
    findings
}

fn too_many_distinct(follow: &Follow, target: &Chart) -> Option<String> {
    let rows_there = target.rows.len().max(
        target
            .columns
            .iter()
            .map(|c| c.rows.len())
            .max()
            .unwrap_or(0),
    );
    (follow.distinct && follow.times as usize > rows_there).then(|| {
        format!(
            "{} different results are asked of '{}', which has {} rows",
            follow.times, target.id, rows_there
        )
    })
}

/// A circle of follow-ups through two or more charts (a → b → a) could roll without end: for
/// each circle found, the chart it starts at and the circle. One depth-first walk: each chart
/// is visited once, however the charts fan out.
pub(super) fn circles<'a>(
    charts: &[&'a Chart],
    by_name: &dyn Fn(&str) -> Option<&'a Chart>,
) -> Vec<(String, String)> {
    let mut state: std::collections::BTreeMap<&str, bool> = std::collections::BTreeMap::new();
    let mut found = Vec::new();
    for start in charts {
        if !state.contains_key(start.id.as_str()) {
            let mut path = Vec::new();
            walk(start, by_name, &mut state, &mut path, &mut found);
        }
    }
    found
}

/// `state`: absent, never seen; `false`, on the path now; `true`, done.
fn walk<'a>(
    chart: &'a Chart,
    by_name: &dyn Fn(&str) -> Option<&'a Chart>,
    state: &mut std::collections::BTreeMap<&'a str, bool>,
    path: &mut Vec<&'a str>,
    found: &mut Vec<(String, String)>,
) {
    state.insert(chart.id.as_str(), false);
    path.push(chart.id.as_str());
    let targets: Vec<&'a Chart> = chart.follow_names().filter_map(by_name).collect();
    for target in targets {
        let id = target.id.as_str();
        if id == chart.id {
            continue; // a chart rolling itself again is checked row by row
        }
        match state.get(id) {
            None => walk(target, by_name, state, path, found),
            Some(false) => {
                let from = path.iter().position(|p| *p == id).unwrap_or(0);
                let mut circle = path[from..].join(" → ");
                circle.push_str(" → ");
                circle.push_str(id);
                found.push((id.to_string(), circle));
            }
            Some(true) => {}
        }
    }
    path.pop();
    state.insert(chart.id.as_str(), true);
}

/// A row's `next` names charts of the book; a follow-up that gives its total on (`total_as`)
/// names a chart that asks that number.
fn rows_next_and_totals<'a>(
    chart: &Chart,
    by_name: &dyn Fn(&str) -> Option<&'a Chart>,
    findings: &mut Vec<Finding>,
) {
    for r in chart.all_rows() {
        let at = |id: &str| {
            vec![
                format!("id: {}", chart.id),
                r.row.label().to_string(),
                id.to_string(),
            ]
        };
        let alts = r.alt.iter().flat_map(|a| &a.next);
        for id in r.next.iter().chain(alts).filter(|id| by_name(id).is_none()) {
            findings.push(Finding {
                needles: at(id),
                message: format!("row {} names '{id}' next, which is not a chart here", r.row),
            });
        }
        for f in &r.then {
            let Some(key) = &f.total_as else {
                continue;
            };
            let number = by_name(&f.chart).is_some_and(|t| {
                t.inputs
                    .iter()
                    .any(|i| i.key == *key && i.kind == crate::chart::InputKind::Number)
            });
            if !number {
                findings.push(Finding {
                    needles: at(&f.chart),
                    message: format!(
                        "row {} gives its total to '{}' as '{key}', which is not a number it asks",
                        r.row, f.chart
                    ),
                });
            }
        }
    }
}
