//! The inputs a sequence names: those it keeps (`profile`, the player's, a loop's `per_item`),
//! knows, derives and moves are asked by some chart of the book.

use super::{BookNames, Say};
use crate::{Derived, Sequence};
use std::collections::BTreeSet;

/// The inputs the sequence keeps, knows and derives are asked by some chart.
pub(super) fn check(k: &mut Say, seq: &Sequence, names: &BookNames) {
    kept(k, seq, names);
    known(k, seq, names);
    for d in &seq.derived {
        derived(k, d, names);
    }
    per_item(k, seq, names);
}

/// The profile keeps inputs some chart asks; the player's answers are kept by the profile.
fn kept(k: &mut Say, seq: &Sequence, names: &BookNames) {
    for key in seq
        .profile
        .iter()
        .filter(|key| !names.inputs.contains(*key))
    {
        k.say(
            vec!["\nprofile:".into(), key.clone()],
            format!("the profile keeps '{key}', which no chart of the book asks"),
        );
    }
    for key in seq.player.iter().filter(|key| !seq.profile.contains(key)) {
        k.say(
            vec!["\nplayer:".into(), key.clone()],
            format!("'{key}' is the player's, but the profile does not keep it"),
        );
    }
}

/// What the sequence knows (the turn, the difficulty) is an input some chart asks.
fn known(k: &mut Say, seq: &Sequence, names: &BookNames) {
    for (what, key) in [
        ("turn", &seq.knows.turn),
        ("difficulty", &seq.knows.difficulty),
    ] {
        if let Some(key) = key.as_ref().filter(|key| !names.inputs.contains(*key)) {
            k.say(
                vec!["\nknows:".into(), format!("{what}:")],
                format!("knows {what} as '{key}', which no chart of the book asks"),
            );
        }
    }
}

/// A derived input: asked by some chart, its comparisons in one of `all` or `no_if`, each
/// reading as KEY OP KEY of inputs some chart asks (or numbers).
fn derived(k: &mut Say, d: &Derived, names: &BookNames) {
    let input_ok = |key: &str| names.inputs.contains(key);
    let at = vec!["\nderived:".into(), format!("key: {}", d.key)];
    if !input_ok(&d.key) {
        k.say(
            at.clone(),
            format!("derives '{}', which no chart of the book asks", d.key),
        );
    }
    if d.all.is_empty() == d.no_if.is_empty() {
        k.say(
            at.clone(),
            format!(
                "derived '{}' needs its comparisons in one of all (a yes when they hold) or no_if (a no when they hold)",
                d.key
            ),
        );
    }
    for (c, read) in d.texts().zip(d.comparisons()) {
        let mut at = at.clone();
        at.push(c.clone());
        let Some((a, _, b)) = read else {
            k.say(
                at,
                format!(
                    "derived '{}': '{c}' does not read as KEY OP KEY (OP one of >, >=, <, <=, ==)",
                    d.key
                ),
            );
            continue;
        };
        for key in [a, b] {
            if key.parse::<i64>().is_err() && !input_ok(key) {
                k.say(
                    at.clone(),
                    format!(
                        "derived '{}': '{c}' compares '{key}', which no chart of the book asks",
                        d.key
                    ),
                );
            }
        }
    }
}

/// What a loop keeps for each item is an input some chart asks.
fn per_item(k: &mut Say, seq: &Sequence, names: &BookNames) {
    for s in &seq.segments {
        let Some(r) = &s.repeat else { continue };
        for key in r.per_item.iter().filter(|key| !names.inputs.contains(*key)) {
            k.say(
                vec![format!("id: {}", s.id), "per_item".into(), key.clone()],
                format!(
                    "segment '{}' keeps '{key}' for each item, which no chart of the book asks",
                    s.id
                ),
            );
        }
    }
}

/// What a segment or a step `moves`: each an input key some chart of the book asks (a value
/// the walk keeps and must forget once it is moved), each named once.
pub(super) fn movers(k: &mut Say, seq: &Sequence, names: &BookNames) {
    for s in &seq.segments {
        let lists = std::iter::once(&s.moves).chain(s.steps.iter().map(|st| &st.moves));
        for moves in lists {
            let mut seen = BTreeSet::new();
            for key in moves {
                let at = vec![format!("id: {}", s.id), "moves".into(), key.clone()];
                if !names.inputs.contains(key) {
                    k.say(
                        at,
                        format!(
                            "segment '{}' moves '{key}', which no chart of the book asks: `moves` names input keys",
                            s.id
                        ),
                    );
                } else if !seen.insert(key) {
                    k.say(
                        at,
                        format!("segment '{}' names '{key}' twice in one `moves`", s.id),
                    );
                }
            }
        }
    }
}
