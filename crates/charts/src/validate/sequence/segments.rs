//! Each segment of the sequence: written once, offering charts of the book, listed by a phase,
//! played on turns of the game; its steps are checked in steps.rs.

use super::{BookNames, Say};
use crate::{Segment, Sequence};
use std::collections::BTreeSet;

/// Each segment written once, offering charts of the book, drawing at least one chit.
pub(super) fn check(k: &mut Say, seq: &Sequence, names: &BookNames) {
    let mut ids = BTreeSet::new();
    for s in &seq.segments {
        let at = vec![format!("id: {}", s.id)];
        if !ids.insert(s.id.as_str()) {
            k.say(at.clone(), format!("segment '{}' is written twice", s.id));
        }
        offered_charts(k, s, names, &at);
        drawn_alone(k, s, &at);
        review(k, seq, s, &at);
        for st in &s.steps {
            super::steps::fields(k, seq, s, st, &at);
        }
        if s.draw.is_some_and(|d| d.max == 0) {
            k.say(
                at.clone(),
                format!("segment '{}' draws at most 0 chits", s.id),
            );
        }
        unlisted(k, seq, s, &at);
        turns_of(
            k,
            seq,
            &s.turns,
            &s.not_turns,
            &at,
            &format!("segment '{}'", s.id),
        );
        for st in &s.steps {
            super::steps::turns_and_phases(k, seq, s, st, &at);
        }
    }
}

/// The charts a segment offers (its steps', their `or`s', its loop's) are in the book.
fn offered_charts(k: &mut Say, s: &Segment, names: &BookNames, at: &[String]) {
    let charts = s
        .steps
        .iter()
        .filter_map(|st| st.chart.as_deref())
        .chain(
            s.steps
                .iter()
                .flat_map(|st| st.or_charts.iter().map(String::as_str)),
        )
        .chain(s.repeat.as_ref().map(|r| r.chart.as_str()));
    for c in charts {
        if !names.has_chart(c) {
            k.say(
                at.to_vec(),
                format!(
                    "segment '{}' offers chart '{c}', which is not in the book",
                    s.id
                ),
            );
        }
    }
}

/// `drawn` is for a step of one chart among several (`or`).
fn drawn_alone(k: &mut Say, s: &Segment, at: &[String]) {
    for st in s
        .steps
        .iter()
        .filter(|st| st.drawn && st.or_charts.is_empty())
    {
        let mut here = at.to_vec();
        here.push("drawn".into());
        k.say(
            here,
            format!(
                "segment '{}': drawn is for a step of one chart among several (`or`: the chits one is drawn from){}",
                s.id,
                st.chart.as_deref().map(|c| format!(", not '{c}' alone")).unwrap_or_default()
            ),
        );
    }
}

/// A segment reviews a segment with `per_item` answers.
fn review(k: &mut Say, seq: &Sequence, s: &Segment, at: &[String]) {
    let Some(r) = &s.review else { return };
    let per_item = seq
        .segment(r)
        .and_then(|t| t.repeat.as_ref())
        .is_some_and(|l| !l.per_item.is_empty());
    if !per_item {
        k.say(
            at.to_vec(),
            format!(
                "segment '{}' reviews '{r}', which is not a segment with per_item answers",
                s.id
            ),
        );
    }
}

/// A segment written is listed by some phase, or it is never played. A phase naming a segment
/// not written is likely this one misspelt: said there alone.
fn unlisted(k: &mut Say, seq: &Sequence, s: &Segment, at: &[String]) {
    let misspelt = seq
        .phases
        .iter()
        .flat_map(|p| &p.segments)
        .any(|x| seq.segment(x).is_none());
    if !misspelt && !seq.phases.iter().any(|p| p.segments.contains(&s.id)) {
        k.say(
            at.to_vec(),
            format!(
                "segment '{}' is written but no phase lists it, so it is never played",
                s.id
            ),
        );
    }
}

/// `turns` and `not_turns` name turns of the game.
pub(super) fn turns_of(
    k: &mut Say,
    seq: &Sequence,
    turns: &[u32],
    not_turns: &[u32],
    at: &[String],
    what: &str,
) {
    let last = seq.final_turn();
    for (field, list) in [("turns", turns), ("not_turns", not_turns)] {
        for &n in list.iter().filter(|&&n| n == 0 || n > last) {
            let mut at = at.to_vec();
            at.extend([format!("{field}:"), n.to_string()]);
            k.say(
                at,
                format!(
                    "{what}: {field} names turn {n}, which is not a turn of the game (1-{last})"
                ),
            );
        }
    }
}
