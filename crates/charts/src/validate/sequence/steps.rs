//! A segment's steps: the fields that make a step required or rolled more than once
//! (`required_when`, `count`, `times`), and the turns and phases it is played in.

use super::Say;
use crate::{Segment, Sequence, Step};

/// A step's fields, each against the others it needs.
pub(super) fn fields(k: &mut Say, seq: &Sequence, s: &Segment, st: &Step, at: &[String]) {
    required_when(k, seq, s, st, at);
    count(k, s, st, at);
    count_from(k, s, st, at);
    times(k, s, st, at);
    if st.required && st.chart.is_none() {
        k.say(
            at.to_vec(),
            format!("segment '{}': a required step needs a chart", s.id),
        );
    }
    if !st.chits_on.is_empty() && st.chart.is_none() {
        k.say(
            at.to_vec(),
            format!("segment '{}': chits_on needs a chart", s.id),
        );
    }
}

/// `required_when`: on a required step, naming what a step remembers and its rows (or
/// `unknown`).
fn required_when(k: &mut Say, seq: &Sequence, s: &Segment, st: &Step, at: &[String]) {
    let Some(w) = &st.required_when else { return };
    let remembered = seq
        .segments
        .iter()
        .flat_map(|t| &t.steps)
        .any(|t| t.remember.as_deref() == Some(w.key.as_str()));
    if !st.required || !remembered || (w.rows.is_empty() && !w.unknown) {
        k.say(
            at.to_vec(),
            format!(
                "segment '{}': required_when needs a required step, a step that remembers '{}' and its rows (or unknown)",
                s.id, w.key
            ),
        );
    }
}

/// `count` (rolls made by the board's count): a required step without `times`, a `snake_case`
/// key, a question and a bounded max.
fn count(k: &mut Say, s: &Segment, st: &Step, at: &[String]) {
    let Some(c) = &st.count else { return };
    let bounded = (1..=crate::sequence::MAX_TIMES).contains(&c.max);
    if !st.required
        || st.times.is_some()
        || !super::snake_case(&c.key)
        || !bounded
        || c.ask.trim().is_empty()
    {
        k.say(
            at.to_vec(),
            format!(
                "segment '{}': count needs a required step without times, a snake_case key, a question and a max of 1 to {}",
                s.id,
                crate::sequence::MAX_TIMES
            ),
        );
    }
}

/// A count's `from`: read from an earlier required step's rolls, so that it is known once the
/// walk reaches this step.
fn count_from(k: &mut Say, s: &Segment, st: &Step, at: &[String]) {
    let Some(f) = st.count.as_ref().and_then(|c| c.from.as_ref()) else {
        return;
    };
    let earlier = s
        .steps
        .iter()
        .take_while(|t| !std::ptr::eq(*t, st))
        .any(|t| t.required && t.chart.as_deref() == Some(f.chart.as_str()));
    if !earlier || f.rows.is_empty() {
        k.say(
            at.to_vec(),
            format!(
                "segment '{}': count's from needs the chart of an earlier required step of the segment and some of its rows",
                s.id
            ),
        );
    }
}

/// `times`: on a required step, 2 to the most.
fn times(k: &mut Say, s: &Segment, st: &Step, at: &[String]) {
    if let Some(t) = st.times
        && (!st.required || !(2..=crate::sequence::MAX_TIMES).contains(&t))
    {
        k.say(
            at.to_vec(),
            format!(
                "segment '{}': times needs a required step, and 2 to {}",
                s.id,
                crate::sequence::MAX_TIMES
            ),
        );
    }
}

/// A step's `turns` and `not_turns` name turns of the game, and its `phases` phases of the
/// sequence.
pub(super) fn turns_and_phases(k: &mut Say, seq: &Sequence, s: &Segment, st: &Step, at: &[String]) {
    let what = format!("a step of segment '{}'", s.id);
    super::segments::turns_of(k, seq, &st.turns, &st.not_turns, at, &what);
    for p in st
        .phases
        .iter()
        .filter(|p| !seq.phases.iter().any(|x| &x.id == *p))
    {
        let ids: Vec<&str> = seq.phases.iter().map(|x| x.id.as_str()).collect();
        let mut at = at.to_vec();
        at.extend(["phases".to_string(), p.clone()]);
        k.say(
            at,
            format!(
                "{what} names phase '{p}', which is not a phase: {}",
                ids.join(", ")
            ),
        );
    }
}
