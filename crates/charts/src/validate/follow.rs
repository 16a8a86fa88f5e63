//! Follow-up rolls across a book's charts: each names a chart there that rolls, can end, and can
//! give as many different results as it is asked for.

use super::Finding;
use crate::Span;
use crate::chart::{Chart, Follow};
use std::collections::{HashMap, HashSet};

/// The follow-ups of one chart, against the charts of its book (`by_name`).
pub(super) fn check<'a>(
    chart: &Chart,
    by_name: &dyn Fn(&str) -> Option<&'a Chart>,
    unread: &std::collections::BTreeSet<String>,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    rows_next_and_totals(chart, by_name, &mut findings);
    gates_on_their_own_chart(chart, by_name, &mut findings);
    for roll in rolled(chart) {
        let needles = vec![
            format!("id: {}", chart.id),
            roll.row_label.to_string(),
            roll.follow.chart.clone(),
        ];
        for message in roll_problems(chart, by_name, unread, &roll) {
            findings.push(Finding {
                needles: needles.clone(),
                message,
            });
        }
    }
    findings
}

/// A gate that rolls on its own chart holds again: the roll never ends.
fn gates_on_their_own_chart<'a>(
    chart: &Chart,
    by_name: &dyn Fn(&str) -> Option<&'a Chart>,
    findings: &mut Vec<Finding>,
) {
    for g in &chart.gates {
        for f in g
            .then
            .iter()
            .filter(|f| by_name(&f.chart).is_some_and(|t| t.id == chart.id))
        {
            findings.push(Finding {
                needles: vec![format!("id: {}", chart.id), "gates".into(), f.chart.clone()],
                message: format!(
                    "a gate rolls on its own chart '{}': the gate holds again, and the roll never ends",
                    chart.id
                ),
            });
        }
    }
}

/// A follow-up that rolls (one giving a total on, `total_as`, goes to a table of totals: checked
/// apart, it needs no die), with where it is.
struct Rolled<'c> {
    /// The row's label, or `gates`.
    row_label: &'c str,
    /// The row or the gate, as a message names it.
    what: String,
    /// The naturals of the row (none for a gate).
    span: Option<Span>,
    follow: &'c Follow,
}

/// The follow-ups of a chart's rows, then of its gates, that roll.
fn rolled(chart: &Chart) -> impl Iterator<Item = Rolled<'_>> {
    let gate_follows = chart.gates.iter().flat_map(|g| {
        g.then.iter().map(|follow| Rolled {
            row_label: "gates",
            what: "a gate".to_string(),
            span: None,
            follow,
        })
    });
    let row_follows = chart.all_rows().flat_map(|r| {
        r.then.iter().map(move |follow| Rolled {
            row_label: r.row.label(),
            what: format!("row {}", r.row),
            span: Some(r.row.span()),
            follow,
        })
    });
    row_follows
        .chain(gate_follows)
        .filter(|roll| roll.follow.total_as.is_none())
}

/// What is wrong with one follow-up roll: a chart of the book, the inputs it sets asked there,
/// a die to roll that can end, as many results as asked, never its own row again.
fn roll_problems<'a>(
    chart: &Chart,
    by_name: &dyn Fn(&str) -> Option<&'a Chart>,
    unread: &std::collections::BTreeSet<String>,
    roll: &Rolled,
) -> Vec<String> {
    let (what, follow) = (&roll.what, roll.follow);
    let mut out = Vec::new();
    let Some(target) = by_name(&follow.chart) else {
        if !unread.contains(&follow.chart.to_ascii_lowercase()) {
            out.push(format!(
                "{what} rolls on '{}', which is not a chart here",
                follow.chart
            ));
        }
        return out;
    };
    out.extend(sets(what, follow, target));
    let Some((lo, hi)) = target.natural_range() else {
        out.push(format!("{what} rolls on '{}', which has no die", target.id));
        return out;
    };
    if target.is_opposed() && !follow.reroll.is_empty() {
        out.push(format!(
            "{what} rolls on '{}', an opposed roll: two natural rolls, so reroll cannot say whose",
            target.id
        ));
        return out;
    }
    let open: Vec<i64> = (lo..=hi).filter(|n| !follow.reroll.contains(n)).collect();
    if open.is_empty() {
        out.push("every natural roll is rolled again: the roll could never end".into());
    }
    out.extend(too_many_distinct(follow, target));
    if target.id == chart.id {
        out.extend(lands_again(roll, &open));
    }
    out
}

/// What a follow-up sets: inputs the chart rolled on asks, each to a value it takes.
fn sets(what: &str, follow: &Follow, target: &Chart) -> Vec<String> {
    let mut out = Vec::new();
    for (key, value) in &follow.set {
        match target.inputs.iter().find(|i| i.key == *key) {
            None => out.push(format!(
                "{what} sets '{key}' on '{}', which asks no such input{}",
                target.id,
                asks(target)
            )),
            Some(input) => {
                if let Some(takes) = value.misfit(input) {
                    out.push(format!(
                        "{what} sets '{key}' to '{}' on '{}', which takes {takes} there",
                        value.text(),
                        target.id
                    ));
                }
            }
        }
    }
    out
}

/// A chart that calls itself must not be able to land on the calling row again (`open`: the
/// naturals not rolled again).
fn lands_again(roll: &Rolled, open: &[i64]) -> Option<String> {
    let again: Vec<String> = roll
        .span
        .map(|s| {
            open.iter()
                .filter(|n| s.contains(**n))
                .map(ToString::to_string)
                .collect()
        })
        .unwrap_or_default();
    let row_label = roll.row_label;
    (!again.is_empty()).then(|| {
        format!(
            "row {row_label} rolls on its own chart again and could land on row {row_label} \
             again, without end: roll again on those naturals, `reroll: [{}]` in its `then`",
            again.join(", ")
        )
    })
}

/// The inputs a chart asks, as a clause for a message.
fn asks(target: &Chart) -> String {
    if target.inputs.is_empty() {
        " (it asks none)".into()
    } else {
        let keys: Vec<&str> = target.inputs.iter().map(|i| i.key.as_str()).collect();
        format!(" (it asks {})", keys.join(", "))
    }
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

/// The most charts a chain of follow-ups may go deep below the chart rolled: the roll stops
/// past it (`rules::roller`'s `MAX_CHAIN`), so `check` refuses it first.
pub const MAX_CHAIN: usize = 8;
/// The most rolls one roll may call, itself and its follow-ups together (the roller's budget).
pub const MAX_ROLLS: u64 = 500;

/// What one walk of the follow-ups across a book finds, each at the chart it starts at, with
/// what to say there.
#[derive(Default)]
pub(super) struct Reach {
    /// A circle through two or more charts (a → b → a) could roll without end.
    pub(super) circles: Vec<(String, String)>,
    /// A chain of follow-ups deeper than [`MAX_CHAIN`].
    pub(super) deep: Vec<(String, String)>,
    /// A roll that calls more than [`MAX_ROLLS`] rolls in all.
    pub(super) wide: Vec<(String, u64)>,
}

/// A chart as the walk leaves it: how deep its follow-ups go and through which chart, how many
/// rolls a roll on it may call at most.
#[derive(Clone, Copy)]
struct Done<'a> {
    depth: usize,
    deepest: Option<&'a str>,
    rolls: u64,
}

/// The follow-ups of every chart, walked depth-first without recursion (a book of any size,
/// however long its chains, is walked on the heap): each chart is visited once, however the
/// charts fan out. Circles are found on the way down; the depth and the rolls of each chart are
/// counted on the way up, from those of the charts it rolls on.
pub(super) fn reach<'a>(
    charts: &[&'a Chart],
    by_name: &dyn Fn(&str) -> Option<&'a Chart>,
) -> Reach {
    /// On the path now: the chart, the charts it rolls on, how many of them were walked.
    struct Frame<'a> {
        chart: &'a Chart,
        targets: Vec<&'a Chart>,
        next: usize,
    }
    let mut out = Reach::default();
    let mut on_path: HashMap<&'a str, usize> = HashMap::new();
    let mut done: HashMap<&'a str, Done<'a>> = HashMap::new();
    let frame = |chart: &'a Chart| Frame {
        chart,
        targets: chart
            .follow_names()
            .filter_map(by_name)
            // A chart rolling itself again is checked row by row.
            .filter(|t| t.id != chart.id)
            .collect(),
        next: 0,
    };
    for start in charts {
        if done.contains_key(start.id.as_str()) || on_path.contains_key(start.id.as_str()) {
            continue;
        }
        let mut stack = vec![frame(start)];
        on_path.insert(start.id.as_str(), 0);
        while let Some(top) = stack.last_mut() {
            if let Some(&target) = top.targets.get(top.next) {
                top.next += 1;
                let id = target.id.as_str();
                if let Some(&from) = on_path.get(id) {
                    let path: Vec<&str> =
                        stack[from..].iter().map(|f| f.chart.id.as_str()).collect();
                    out.circles
                        .push((id.to_string(), format!("{} → {id}", path.join(" → "))));
                } else if !done.contains_key(id) {
                    on_path.insert(id, stack.len());
                    stack.push(frame(target));
                }
                continue;
            }
            let Some(f) = stack.pop() else { break };
            on_path.remove(f.chart.id.as_str());
            let d = counted(f.chart, by_name, &done);
            done.insert(f.chart.id.as_str(), d);
        }
    }
    // Each limit is said at the charts a roll starts from: not again at every chart below one
    // already past it.
    let mut below_deep: HashSet<&str> = HashSet::new();
    let mut below_wide: HashSet<&str> = HashSet::new();
    for c in charts {
        let Some(d) = done.get(c.id.as_str()) else {
            continue;
        };
        for t in c
            .follow_names()
            .filter_map(by_name)
            .filter(|t| t.id != c.id)
        {
            if d.depth > MAX_CHAIN {
                below_deep.insert(t.id.as_str());
            }
            if d.rolls > MAX_ROLLS {
                below_wide.insert(t.id.as_str());
            }
        }
    }
    for c in charts {
        let id = c.id.as_str();
        let Some(d) = done.get(id) else { continue };
        if d.depth > MAX_CHAIN && !below_deep.contains(id) {
            let mut chain = vec![id];
            let mut at = d.deepest;
            while let Some(next) = at {
                if chain.len() > MAX_CHAIN + 1 {
                    chain.push("…");
                    break;
                }
                chain.push(next);
                at = done.get(next).and_then(|n| n.deepest);
            }
            out.deep.push((
                id.to_string(),
                format!(
                    "follow-up rolls chain {} charts deep below '{id}' ({}): a roll goes at most {MAX_CHAIN} deep",
                    d.depth,
                    chain.join(" → ")
                ),
            ));
        }
        if d.rolls > MAX_ROLLS && !below_wide.contains(id) {
            out.wide.push((id.to_string(), d.rolls));
        }
    }
    out
}

/// A chart's depth and rolls, from those of the charts it rolls on (walked already; one on the
/// path, in a circle, counts as none). A roll takes one row or one gate: the most any of them
/// calls, each follow-up as often as it says.
fn counted<'a>(
    chart: &'a Chart,
    by_name: &dyn Fn(&str) -> Option<&'a Chart>,
    done: &HashMap<&'a str, Done<'a>>,
) -> Done<'a> {
    let mut out = Done {
        depth: 0,
        deepest: None,
        rolls: 1,
    };
    let ways = chart
        .all_rows()
        .map(|r| r.then.as_slice())
        .chain(chart.gates.iter().map(|g| g.then.as_slice()));
    let mut most = 0u64;
    for follows in ways {
        let mut sum = 0u64;
        for f in follows {
            let Some(t) = by_name(&f.chart) else { continue };
            let below = if t.id == chart.id {
                Done {
                    depth: 0,
                    deepest: None,
                    rolls: 1,
                }
            } else {
                let Some(d) = done.get(t.id.as_str()) else {
                    continue;
                };
                if d.depth + 1 > out.depth {
                    out.depth = d.depth + 1;
                    out.deepest = Some(t.id.as_str());
                }
                *d
            };
            sum = sum.saturating_add(u64::from(f.times.max(1)).saturating_mul(below.rolls));
        }
        most = most.max(sum);
    }
    out.rolls = out.rolls.saturating_add(most);
    out
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

#[cfg(test)]
mod tests {
    use super::super::tests::problems;
    use std::fmt::Write;

    /// `n` one-row charts, each rolling the next `times` times.
    fn chain(n: usize, times: u32) -> String {
        let mut text = String::new();
        for i in 0..n {
            let then = if i + 1 < n {
                format!(", then: [{{chart: c{}, times: {times}}}]", i + 1)
            } else {
                String::new()
            };
            let _ = write!(
                text,
                "---\nid: c{i}\ntitle: C\nprinted: p\ndie: d6\nrows:\n  - {{row: \"1-6\", result: x{then}}}\n"
            );
        }
        text
    }

    #[test]
    fn a_chain_of_thousands_of_charts_is_walked_without_recursion() {
        let text = chain(6000, 1);
        // A small stack: a walk that recursed once per chart would overflow it.
        let found = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || problems(&text))
            .unwrap()
            .join()
            .unwrap();
        // Each limit said once, at the chart a roll starts from.
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found[0].contains("chain 5999 charts deep below 'c0' (c0 → c1 → c2")
                && found[0].contains("at most 8 deep"),
            "{found:?}"
        );
        assert!(
            found[1].contains("a roll on 'c0' may call 6000 rolls"),
            "{found:?}"
        );
    }

    #[test]
    fn check_refuses_what_the_roll_would_stop_at() {
        // Nine charts deep below the first is one too many; eight is not.
        assert!(
            problems(&chain(9, 1)).is_empty(),
            "{:?}",
            problems(&chain(9, 1))
        );
        let deep = problems(&chain(10, 1));
        assert!(
            deep.len() == 1 && deep[0].contains("chain 9 charts deep below 'c0'"),
            "{deep:?}"
        );
        // Each rolls the next twenty times: 1 + 20 + 400 + 8000 rolls.
        let wide = problems(&chain(4, 20));
        assert_eq!(wide.len(), 1, "{wide:?}");
        assert!(
            wide[0].contains("a roll on 'c0' may call 8421 rolls in all")
                && wide[0].contains("at most 500"),
            "{wide:?}"
        );
        assert!(
            problems(&chain(3, 20)).is_empty(),
            "1 + 20 + 400 rolls pass"
        );
        let gate = "id: g\ntitle: G\nprinted: p\ndie: d6\ninputs:\n  - {key: shut, type: yesno, ask: Shut?}\ngates:\n  - {when: {shut: true}, result: closed, then: [{chart: g}]}\nrows:\n  - {row: \"1-6\", result: x}\n";
        let found = problems(gate);
        assert!(
            found
                .iter()
                .any(|p| p.contains("a gate rolls on its own chart 'g'")),
            "{found:?}"
        );
    }
}
