//! Moving through a turn sequence: the first segment, the next and previous that a turn plays,
//! and a jump to a named segment.

use super::journal::{Bookmark, SegmentState};
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
    };
    if !applies(seq, &b.phase, &b.segment, 1) {
        if let Some((p, s)) = step_from(seq, &b, 1) {
            b.phase = p;
            b.segment = s;
        }
    }
    b
}

/// Whether `phase` plays `segment` in `turn` (the book's rule: `Sequence::plays`).
pub(super) fn applies(seq: &Sequence, phase: &str, segment: &str, turn: u32) -> bool {
    seq.plays(phase, segment, turn)
}

/// Every (phase, segment) of a turn, in order.
pub(super) fn order(seq: &Sequence) -> Vec<(String, String)> {
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
        if applies(seq, p, s, b.turn) {
            return Some((p.clone(), s.clone()));
        }
    }
}
