//! The placeholders of a chart's texts: each `{...}` of a result, an alternative, a gate, a note
//! on a natural roll or a look-up reads, and names only what the chart can fill in there.

use super::Check;
use crate::chart::{Chart, InputKind, ResultText, condition_keys};
use crate::expr::{Expr, placeholders};

/// Where a text is, for what it may name: a gate is decided before any roll, as soon as the
/// inputs its condition reads (these) are known, and nothing more is asked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place<'a> {
    Roll,
    Gate(&'a [&'a str]),
}

pub(super) fn check(k: &mut Check) {
    let c = k.c;
    for r in c.all_rows() {
        let texts = r.result.iter().chain(&r.results).flat_map(|t| match t {
            ResultText::Text(s) => vec![s.as_str()],
            ResultText::ByValue(map) => map.values().map(String::as_str).collect(),
        });
        let alts = r.alt.iter().map(|a| a.result.as_str());
        for t in texts.chain(alts) {
            text(k, t, Place::Roll, &[r.row.label()]);
        }
    }
    for g in &c.gates {
        let mut reads = Vec::new();
        condition_keys(&g.when, &mut reads);
        reads.sort_unstable();
        reads.dedup();
        text(k, &g.result, Place::Gate(&reads), &["gates", &g.result]);
    }
    for t in c.on_natural.iter().filter_map(|n| n.text.as_ref()) {
        text(k, t, Place::Roll, &["on_natural", t]);
    }
    if let Some(read) = c.stub.as_ref().and_then(|s| s.read.as_ref()) {
        text(k, read, Place::Roll, &["stub", "read"]);
    }
}

fn text(k: &mut Check, t: &str, place: Place<'_>, at: &[&str]) {
    for inside in placeholders(t) {
        let needle = format!("{{{inside}}}");
        let mut here: Vec<&str> = at.to_vec();
        here.push(&needle);
        let shown = short(&needle);
        let e = match Expr::parse(inside) {
            Ok(e) => e,
            Err(why) => {
                k.say(&here, format!("{shown} does not read: {why}"));
                continue;
            }
        };
        if e.names().is_empty() {
            k.say(
                &here,
                format!("{shown} names nothing to fill in: write its value as text"),
            );
        }
        if e.divides_by_written_zero() {
            k.say(
                &here,
                format!("{shown} divides by zero: a divisor must not be 0"),
            );
        }
        for name in e.names() {
            if let Some(why) = problem(k.c, name, place, e.is_name()) {
                k.say(&here, format!("{shown} names '{}': {why}", short(name)));
            }
        }
    }
}

/// Why `name` cannot be filled in at `place` (`alone`: the placeholder is the name alone).
fn problem(c: &Chart, name: &str, place: Place<'_>, alone: bool) -> Option<String> {
    let rolls = c.die.dice().is_some();
    let in_roll = place == Place::Roll;
    match name {
        "total" if in_roll => None,
        "natural" if in_roll && rolls && !c.is_opposed() => None,
        "margin" if in_roll && (c.is_opposed() || c.against.is_some()) => None,
        "winner" if in_roll && c.is_opposed() && alone => None,
        "winner" if in_roll && c.is_opposed() => Some("a side's name does not count".into()),
        "total" | "natural" | "margin" | "winner" if !in_roll => Some(format!(
            "a gate is decided before any roll, so it has no {name}; it may name the inputs its condition reads"
        )),
        "natural" | "margin" | "winner" => Some(format!(
            "only {} has a {name}",
            if name == "natural" {
                "a roll of one die (or one set of dice)"
            } else {
                "an opposed roll (or a roll `against` an input)"
            }
        )),
        _ => match c.input(name) {
            Some(i) if i.kind == InputKind::Choice && !alone => {
                Some("a choice does not count; name it alone, as {key}".into())
            }
            Some(_) => match place {
                Place::Gate(reads) if !reads.contains(&name) => Some(format!(
                    "a gate is decided as soon as the inputs its condition reads are known, and \
                     nothing more is asked, so {name} is never known here; it may name: {}",
                    reads.join(", ")
                )),
                _ => None,
            },
            None => {
                let mut can: Vec<&str> = Vec::new();
                if in_roll {
                    can.push("total");
                    if rolls && !c.is_opposed() {
                        can.push("natural");
                    }
                    if c.is_opposed() {
                        can.extend(["margin", "winner"]);
                    } else if c.against.is_some() {
                        can.push("margin");
                    }
                }
                match place {
                    Place::Gate(reads) => can.extend(reads.iter().copied()),
                    Place::Roll => can.extend(c.inputs.iter().map(|i| i.key.as_str())),
                }
                Some(format!(
                    "not an input of this chart; it may name: {}",
                    if can.is_empty() {
                        "nothing (the chart has no inputs)".to_string()
                    } else {
                        can.join(", ")
                    }
                ))
            }
        },
    }
}

/// A text of the book as a message shows it: control characters escaped, cut short.
fn short(text: &str) -> String {
    const MAX: usize = 60;
    let mut out: String = text
        .chars()
        .take(MAX)
        .flat_map(char::escape_default)
        .collect();
    if text.chars().count() > MAX {
        out.push('…');
    }
    out
}
