//! The placeholders of a chart's texts: each `{...}` of a result, an alternative, a gate, a note
//! on a natural roll or a look-up reads, and names only what the chart can fill in there.

use super::Check;
use super::MAX_VALUE;
use crate::chart::{Chart, InputKind, ResultText, condition_keys};
use crate::expr::{Expr, Stop, placeholders};

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
    // A placeholder in double braces is filled by no roll: the braces would be shown as written.
    if let Some(i) = t.find("{{").or_else(|| t.find("}}")) {
        let mut here: Vec<&str> = at.to_vec();
        let end = t[i..].find("}}").map_or(t.len(), |j| i + j + 2);
        let doubled = &t[i..end];
        here.push(doubled);
        k.say(
            &here,
            format!(
                "{} is in double braces, which no roll fills in: a placeholder is one pair, {{total}}",
                short(doubled)
            ),
        );
    }
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
        } else {
            // What a roll would stop at, for some values its names may take, is refused here.
            match e.range(&|n| bounds(k.c, n)) {
                Err(Stop::Overflow) => k.say(
                    &here,
                    format!(
                        "{shown} can overflow: with values its names may take (an input within its min and max, else ±{MAX_VALUE}) a step is beyond a whole number's range"
                    ),
                ),
                Err(Stop::DivideByZero) => k.say(
                    &here,
                    format!(
                        "{shown} can divide by zero: its divisor may be 0 (give the input a min of 1, or divide by max(…, 1))"
                    ),
                ),
                _ => {}
            }
        }
        for name in e.names() {
            if let Some(why) = problem(k.c, name, place, e.is_name()) {
                k.say(&here, format!("{shown} names '{}': {why}", short(name)));
            }
        }
    }
}

/// The least and the most a name may be: a natural roll within its die's, an input within
/// its `min` and `max`, anything else within the values flipbook takes (±[`MAX_VALUE`]).
fn bounds(c: &Chart, name: &str) -> (i64, i64) {
    let any = (-MAX_VALUE, MAX_VALUE);
    match name {
        "natural" | "margin" => c.natural_range().unwrap_or(any),
        _ => c
            .input(name)
            .map_or(any, |i| (i.min.unwrap_or(any.0), i.max.unwrap_or(any.1))),
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

#[cfg(test)]
mod tests {
    use super::super::tests::problems;

    const HEAD: &str = "id: t\ntitle: T\nprinted: p\ndie: d6\ninputs:\n  - {key: a, ask: A?, type: number, min: 0, max: 1000000}\n";

    #[test]
    fn check_refuses_what_a_roll_could_not_count() {
        // a = 10^6: a^4 is past a whole number's range.
        let over = format!("{HEAD}rows:\n  - {{row: \"1-6\", result: \"{{a * a * a * a}}\"}}\n");
        let p = problems(&over);
        assert!(
            p.len() == 1 && p[0].contains("{a * a * a * a} can overflow"),
            "{p:?}"
        );
        assert!(problems(&over.replace("a * a * a * a", "a * a")).is_empty());
        // a may be 0: a note on a natural roll and a look-up's read that divide by it.
        for zero in [
            format!(
                "{HEAD}stub: {{code: X, table: T, booklet: B, read: \"Read {{total / a}}\"}}\n"
            ),
            format!(
                "{HEAD}on_natural:\n  - {{naturals: [6], text: \"{{12 / a}} more\"}}\nrows:\n  - {{row: \"1-6\", result: x}}\n"
            ),
        ] {
            let p = problems(&zero);
            assert!(p.len() == 1 && p[0].contains("can divide by zero"), "{p:?}");
            let fixed = problems(&zero.replace("min: 0", "min: 1"));
            assert!(fixed.is_empty(), "{fixed:?}");
        }
        // Double braces are filled by no roll.
        let doubled =
            format!("{HEAD}rows:\n  - {{row: \"1-6\", result: \"got {{{{total}}}} here\"}}\n");
        let p = problems(&doubled);
        assert!(
            p.len() == 1 && p[0].contains("{{total}} is in double braces"),
            "{p:?}"
        );
    }
}
