//! The placeholders of a chart's texts: each `{...}` of a result, an alternative, a gate, a note
//! on a natural roll or a look-up reads, and names only what the chart can fill in there.

use super::Check;
use crate::chart::{Chart, InputKind, ResultText};
use crate::expr::{Expr, placeholders};

/// Where a text is, for what it may name: a gate is decided before any roll.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Roll,
    Gate,
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
        text(k, &g.result, Place::Gate, &["gates", &g.result]);
    }
    for n in &c.on_natural {
        text(k, &n.text, Place::Roll, &["on_natural"]);
    }
    if let Some(read) = c.stub.as_ref().and_then(|s| s.read.as_ref()) {
        text(k, read, Place::Roll, &["stub", "read"]);
    }
}

fn text(k: &mut Check, t: &str, place: Place, at: &[&str]) {
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
        for name in e.names() {
            if let Some(why) = problem(k.c, name, place, e.is_name()) {
                k.say(&here, format!("{shown} names '{}': {why}", short(name)));
            }
        }
    }
}

/// Why `name` cannot be filled in at `place` (`alone`: the placeholder is the name alone).
fn problem(c: &Chart, name: &str, place: Place, alone: bool) -> Option<String> {
    let rolls = c.die.dice().is_some();
    let in_roll = place == Place::Roll;
    match name {
        "total" if in_roll => None,
        "natural" if in_roll && rolls && !c.is_opposed() => None,
        "margin" if in_roll && c.is_opposed() => None,
        "winner" if in_roll && c.is_opposed() && alone => None,
        "winner" if in_roll && c.is_opposed() => Some("a side's name does not count".into()),
        "total" | "natural" | "margin" | "winner" if !in_roll => Some(format!(
            "a gate is decided before any roll, so it has no {name}; it may name the inputs"
        )),
        "natural" | "margin" | "winner" => Some(format!(
            "only {} has a {name}",
            if name == "natural" {
                "a roll of one die (or one set of dice)"
            } else {
                "an opposed roll"
            }
        )),
        _ => match c.input(name) {
            Some(i) if i.kind == InputKind::Choice && !alone => {
                Some("a choice does not count; name it alone, as {key}".into())
            }
            Some(_) => None,
            None => {
                let mut can: Vec<&str> = Vec::new();
                if in_roll {
                    can.push("total");
                    if rolls && !c.is_opposed() {
                        can.push("natural");
                    }
                    if c.is_opposed() {
                        can.extend(["margin", "winner"]);
                    }
                }
                can.extend(c.inputs.iter().map(|i| i.key.as_str()));
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
