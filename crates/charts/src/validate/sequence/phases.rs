//! The phases of a turn: each listed once, with segments that are written, on turns of the
//! game; the sides a turn is played by, and the phases each side plays.

use super::Say;
use crate::{Phase, Sequence};
use std::collections::BTreeSet;

/// The most sides a turn is played by.
const MAX_SIDES: usize = 8;

/// The sides, then each phase, then that there is one.
pub(super) fn check(k: &mut Say, seq: &Sequence) {
    sides(k, seq);
    let mut phase_ids = BTreeSet::new();
    for p in &seq.phases {
        if !phase_ids.insert(p.id.as_str()) {
            k.say(
                vec![format!("id: {}", p.id)],
                format!("phase '{}' is listed twice", p.id),
            );
        }
        segments(k, seq, p);
        turns(k, seq, p);
    }
    if seq.phases.is_empty() {
        k.say(vec!["phases".into()], "the sequence has no phases".into());
    }
}

/// A phase lists segments that are written, each once.
fn segments(k: &mut Say, seq: &Sequence, p: &Phase) {
    if p.segments.is_empty() {
        k.say(
            vec![format!("id: {}", p.id)],
            format!("phase '{}' has no segments", p.id),
        );
    }
    let mut seen = BTreeSet::new();
    for s in &p.segments {
        if seq.segment(s).is_none() {
            k.say(
                vec![format!("id: {}", p.id), s.clone()],
                format!("phase '{}' names segment '{s}', which is not written", p.id),
            );
        }
        if !seen.insert(s.as_str()) {
            k.say(
                vec![format!("id: {}", p.id), s.clone()],
                format!("phase '{}' lists segment '{s}' twice", p.id),
            );
        }
    }
}

/// The turns a phase plays a segment by are turns of the game.
fn turns(k: &mut Say, seq: &Sequence, p: &Phase) {
    for (s, t) in &p.when {
        let last = seq.final_turn();
        if let Some(bad) = t
            .turns
            .iter()
            .chain(&t.not_turns)
            .find(|&&n| n == 0 || n > last)
        {
            k.say(
                vec![format!("id: {}", p.id), format!("segment: {s}")],
                format!(
                    "phase '{}' plays segment '{s}' by turn {bad}, which is not a turn of the game (1-{last})",
                    p.id
                ),
            );
        }
    }
}

/// Sides in a turn: two or more names, each once, and phases played by each (`each_side`);
/// `each_side` only where the sequence names its sides.
fn sides(k: &mut Say, seq: &Sequence) {
    let mark = crate::sequence::SIDE_MARK;
    if seq.sides.is_empty() {
        for p in seq.phases.iter().filter(|p| p.each_side) {
            k.say(
                vec![format!("id: {}", p.id), "each_side".into()],
                format!(
                    "phase '{}' is played `each_side`, but the sequence names no `sides` \
                     (`sides: [Allied, Axis]`)",
                    p.id
                ),
            );
        }
        return;
    }
    side_names(k, seq);
    if !seq.phases.iter().any(|p| p.each_side) {
        k.say(
            vec!["sides:".into()],
            "the sequence names `sides`, but no phase is played by each (`each_side: true`)".into(),
        );
    }
    for p in seq.phases.iter().filter(|p| p.id.contains(mark)) {
        k.say(
            vec![format!("id: {}", p.id)],
            format!(
                "phase '{}': a turn played by sides names its phases without '{mark}' (the \
                 walk names a side's phase `PHASE{mark}SIDE`)",
                p.id
            ),
        );
    }
}

/// Two to [`MAX_SIDES`] sides, each a plain name, each named once.
fn side_names(k: &mut Say, seq: &Sequence) {
    let mark = crate::sequence::SIDE_MARK;
    if seq.sides.len() < 2 || seq.sides.len() > MAX_SIDES {
        k.say(
            vec!["sides:".into()],
            format!("`sides` names 2 to {MAX_SIDES} sides, each playing its own turn"),
        );
    }
    let mut seen = BTreeSet::new();
    for side in &seq.sides {
        let plain = !side.trim().is_empty()
            && side.trim() == side
            && side.chars().count() <= 40
            && !side.chars().any(|c| c == mark || c.is_control());
        if !plain {
            k.say(
                vec!["sides:".into()],
                format!(
                    "side '{}' is not a plain name (1 to 40 characters, no '{mark}', no spaces \
                     around it)",
                    side.escape_debug()
                ),
            );
        } else if !seen.insert(side.as_str()) {
            k.say(
                vec!["sides:".into(), side.clone()],
                format!("side '{side}' is named twice"),
            );
        }
    }
}
