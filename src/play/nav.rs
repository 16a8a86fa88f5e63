//! Moving through a turn sequence: the first segment, the next and previous that a turn plays,
//! and a jump to a named segment.

use super::state::{Bookmark, Memo, SegmentState};
use crate::error::{Error, Result};
use crate::library::{did_you_mean, suggest};
use flipbook_charts::Sequence;
use std::collections::BTreeMap;

/// The first segment of turn 1.
pub(crate) fn start(seq: &Sequence, book: &str) -> Bookmark {
    let first = &seq.phases[0];
    let mut b = Bookmark {
        book: book.into(),
        turn: 1,
        phase: first.id.clone(),
        segment: first.segments[0].clone(),
        state: SegmentState::default(),
        memory: BTreeMap::new(),
        answers: BTreeMap::new(),
        visited: BTreeMap::new(),
        over: None,
        played_past: Vec::new(),
        board: BTreeMap::new(),
        at: None,
    };
    if !applies(seq, &b.phase, &b.segment, 1)
        && let Some((p, s)) = step_from(seq, &b, 1)
    {
        b.phase = p;
        b.segment = s;
    }
    b
}

/// Whether `phase` plays `segment` in `turn` (the book's rule: `Sequence::plays`).
pub(crate) fn applies(seq: &Sequence, phase: &str, segment: &str, turn: u32) -> bool {
    seq.plays(phase, segment, turn)
}

/// The memory key that keeps why the game ended before its finale (the final scoring).
pub(crate) const ENDED: &str = "#ended";

/// The key an answer given in `phase` is kept under: its own, or with the side whose turn the
/// phase is (`morale@Axis`), so that one side's answers are never another's.
pub(crate) fn scoped(phase: &str, key: &str) -> String {
    match flipbook_charts::side_of(phase) {
        Some(side) => format!("{key}{}{side}", flipbook_charts::SIDE_MARK),
        None => key.to_string(),
    }
}

/// The answer kept under `key` for `phase`: the side's own of this turn, else one given this
/// turn outside the sides' phases (it holds for every side), else the side's own of an earlier
/// turn. Without sides, the one kept under `key`.
pub(crate) fn lookup<'m>(
    map: &'m BTreeMap<String, Memo>,
    phase: &str,
    key: &str,
    turn: u32,
) -> Option<&'m Memo> {
    let own = map.get(&scoped(phase, key));
    if flipbook_charts::side_of(phase).is_none() {
        return own;
    }
    match own {
        Some(m) if m.turn == turn => Some(m),
        _ => map.get(key).filter(|m| m.turn == turn).or(own),
    }
}

/// The key an answer is kept under without its side (`morale@Axis`: morale).
pub(crate) fn unscoped(key: &str) -> &str {
    flipbook_charts::phase_of(key)
}

/// Whether the walk plays `segment` in `turn`: the book's rule, no answer of the board this
/// turn (`only_if`) that skips it, and the finale only at the game's end.
pub(crate) fn plays(seq: &Sequence, b: &Bookmark, phase: &str, segment: &str, turn: u32) -> bool {
    applies(seq, phase, segment, turn)
        && !skipped(seq, b, phase, segment, turn)
        && (seq.finale.as_deref() != Some(segment) || at_the_end(seq, b, turn))
}

/// Whether the game ends in `turn`: its last turn, or a result ended it earlier that turn (the
/// finale, the final scoring, is played only then).
pub(crate) fn at_the_end(seq: &Sequence, b: &Bookmark, turn: u32) -> bool {
    turn >= seq.final_turn() || b.memory.get(ENDED).is_some_and(|m| m.turn == turn)
}

/// Whether the board's answer this turn skips `segment` in `phase` (its `only_if` answered
/// the other way, by the phase's side where the turn is played by sides).
pub(crate) fn skipped(seq: &Sequence, b: &Bookmark, phase: &str, segment: &str, turn: u32) -> bool {
    let Some(q) = seq.segment(segment).and_then(|s| s.only_if.as_ref()) else {
        return false;
    };
    lookup(&b.board, phase, &q.key, turn)
        .filter(|m| m.turn == turn)
        .is_some_and(|m| (m.value == "yes") != q.answer)
}

/// Every (phase, segment) of a turn, in order.
pub(crate) fn order(seq: &Sequence) -> Vec<(String, String)> {
    seq.phases
        .iter()
        .flat_map(|p| p.segments.iter().map(|s| (p.id.clone(), s.clone())))
        .collect()
}

/// The next (dir 1) or previous (dir -1) segment that applies in the bookmark's turn.
pub(super) fn step_from(seq: &Sequence, b: &Bookmark, dir: i32) -> Option<(String, String)> {
    let all = order(seq);
    let here = all
        .iter()
        .position(|(p, s)| *p == b.phase && *s == b.segment)?;
    let mut i = here as i64;
    loop {
        i += i64::from(dir);
        if i < 0 || i as usize >= all.len() {
            return None;
        }
        let (p, s) = &all[i as usize];
        if plays(seq, b, p, s, b.turn) {
            return Some((p.clone(), s.clone()));
        }
    }
}

/// The last segment a turn plays.
pub(super) fn last_of_turn(seq: &Sequence, b: &Bookmark, turn: u32) -> Option<(String, String)> {
    order(seq)
        .into_iter()
        .rev()
        .find(|(p, s)| plays(seq, b, p, s, turn))
}

/// Where a jump to `segment` lands: its phase (the one asked, the current one if it has the
/// segment, else the first that does) and its turn (the one asked, or the current one).
pub(super) fn locate(
    seq: &Sequence,
    mark: &Bookmark,
    segment: &str,
    turn: Option<u32>,
    phase: Option<&str>,
) -> Result<(String, u32)> {
    let all = order(seq);
    if !all.iter().any(|(_, s)| s == segment) {
        let ids: Vec<&str> = seq.segments.iter().map(|s| s.id.as_str()).collect();
        let near = suggest(segment, ids.iter().copied());
        return Err(Error::usage(format!(
            "unknown segment '{segment}'{}; segments: {}",
            did_you_mean(&near),
            ids.join(", ")
        )));
    }
    let turn = turn.unwrap_or(mark.turn);
    if turn == 0 || turn > seq.final_turn() {
        return Err(Error::usage(format!(
            "turn {turn} is not a turn of this game (1-{})",
            seq.final_turn()
        )));
    }
    let phases: Vec<&String> = all
        .iter()
        .filter(|(_, s)| s == segment)
        .map(|(p, _)| p)
        .collect();
    // A phase played by sides named as the book writes it (`fire`): the side's whose turn it
    // is, or the first side's.
    let by_side = phase
        .filter(|p| !phases.iter().any(|x| x.as_str() == *p))
        .and_then(|p| {
            let mine = phases.iter().filter(|x| flipbook_charts::phase_of(x) == p);
            mine.clone()
                .find(|x| flipbook_charts::side_of(x) == flipbook_charts::side_of(&mark.phase))
                .or_else(|| mine.clone().next())
                .map(|x| (*x).clone())
        });
    let phase = match phase {
        _ if by_side.is_some() => by_side.unwrap_or_default(),
        Some(p) => {
            if !phases.iter().any(|x| x.as_str() == p) {
                let list: Vec<&str> = phases.iter().map(|s| s.as_str()).collect();
                return Err(Error::usage(format!(
                    "segment '{segment}' is not in phase {p}; it is in: {}",
                    list.join(", ")
                )));
            }
            p.to_string()
        }
        None if phases.iter().any(|p| **p == mark.phase) => mark.phase.clone(),
        None => phases[0].clone(),
    };
    Ok((phase, turn))
}
