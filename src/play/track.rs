//! The turn track: one turn as the board's Turn Sequence chart draws it. Every phase and segment
//! in order, with the turn's skips applied, and what is done, where the bookmark stands and what
//! is ahead. Pure: `flipbook track` and a key in `play` show the same `Track`.

use super::nav::{applies, order, plays};
use super::state::Bookmark;
use flipbook_charts::Sequence;
use serde::Serialize;

/// One turn of the sequence, against the bookmark.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Track {
    pub(crate) turn: u32,
    /// Where the bookmark stands, when it is in this turn.
    pub(crate) here: Option<Here>,
    pub(crate) segments: Vec<TrackSegment>,
    /// Each phase's id and title, in order (for the headings).
    #[serde(skip)]
    pub(crate) phases: Vec<(String, String)>,
    /// A game has begun (there is a bookmark).
    #[serde(skip)]
    pub(crate) started: bool,
    /// The game is over in this turn.
    #[serde(skip)]
    pub(crate) over: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Here {
    pub(crate) phase: String,
    pub(crate) segment: String,
}

/// A segment of the turn, in the place of its phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct TrackSegment {
    pub(crate) phase: String,
    pub(crate) segment: String,
    pub(crate) title: String,
    /// The turn plays it (`false`: the turn skips it; it is listed all the same).
    pub(crate) played: bool,
    /// Played, and behind the bookmark.
    pub(crate) done: bool,
    /// Behind the bookmark, but left with something still open.
    pub(crate) open: bool,
}

/// Where a segment of the track stands against the bookmark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    Done,
    Open,
    Here,
    Ahead,
    Skipped,
}

/// The track of `turn`, with the bookmark `mark` (none before the first game).
pub(crate) fn of(seq: &Sequence, mark: Option<&Bookmark>, turn: u32) -> Track {
    let all = order(seq);
    // A game that ended on leaving a segment the turn does not play (its question answered
    // out at the end of the last turn) stands past it: the turn is behind the bookmark.
    let ended_past = mark.is_some_and(|b| {
        b.turn == turn && b.over.is_some() && !plays(seq, b, &b.phase, &b.segment, turn)
    });
    // How far the turn is done: every segment before `bar` is behind the bookmark.
    let bar = match mark {
        _ if ended_past => all.len(),
        Some(b) if b.turn == turn => all
            .iter()
            .position(|(p, s)| *p == b.phase && *s == b.segment)
            .unwrap_or(0),
        Some(b) if b.turn > turn => all.len(),
        _ => 0,
    };
    let here = mark
        .filter(|b| b.turn == turn && bar < all.len())
        .map(|b| Here {
            phase: b.phase.clone(),
            segment: b.segment.clone(),
        });
    // Whether the bookmark keeps how this turn's segments were left (its turn, the one before).
    let kept = mark.is_some_and(|b| {
        b.visited
            .keys()
            .any(|k| super::state::visited_turn(k) == Some(turn))
    });
    let segments = all
        .iter()
        .enumerate()
        .map(|(i, (p, s))| {
            // The board's answers skip some; the finale is played only at the game's end.
            let played = match mark {
                Some(b) => plays(seq, b, p, s, turn),
                None => {
                    applies(seq, p, s, turn)
                        && (seq.finale.as_deref() != Some(s.as_str()) || turn >= seq.final_turn())
                }
            };
            // How the segment was left: the bookmark keeps it for its turn and the one before.
            let left = mark.and_then(|b| b.visited.get(&super::state::visited_key(turn, p, s)));
            let open = left.is_some_and(|v| v.left_open);
            // In the bookmark's turn, done is played and left: a segment a jump went past was
            // not played. (A turn older than the one before keeps no such record: behind is
            // done.)
            let passed =
                i < bar && (left.is_some() || (mark.is_some_and(|b| b.turn > turn) && !kept));
            TrackSegment {
                phase: p.clone(),
                segment: s.clone(),
                title: seq.segment(s).map(|x| x.title.clone()).unwrap_or_default(),
                played,
                done: played && passed && !open,
                open: played && passed && open,
            }
        })
        .collect();
    Track {
        turn,
        here,
        segments,
        phases: seq
            .phases
            .iter()
            .map(|p| (p.id.clone(), p.title.clone()))
            .collect(),
        started: mark.is_some(),
        over: mark.is_some_and(|b| b.turn == turn && b.over.is_some()),
    }
}

impl Track {
    /// The mark of each segment, in order.
    pub(crate) fn mark(&self, s: &TrackSegment) -> Mark {
        let is_here = self
            .here
            .as_ref()
            .is_some_and(|h| h.phase == s.phase && h.segment == s.segment);
        match (s.played, s.done, is_here) {
            (_, _, true) => Mark::Here,
            (false, _, _) => Mark::Skipped,
            (true, true, _) => Mark::Done,
            (true, false, _) if s.open => Mark::Open,
            (true, false, _) => Mark::Ahead,
        }
    }

    /// Where the bookmark stands among the segments its phase plays this turn: (n, of, the
    /// phase's title), as in "segment 4 of 9 in Activation Phase 1".
    pub(crate) fn position(&self) -> Option<(usize, usize, &str)> {
        let h = self.here.as_ref()?;
        let played: Vec<&TrackSegment> = self
            .segments
            .iter()
            .filter(|s| s.phase == h.phase && s.played)
            .collect();
        let n = played.iter().position(|s| s.segment == h.segment)? + 1;
        let title = self
            .phases
            .iter()
            .find(|(id, _)| *id == h.phase)
            .map_or(h.phase.as_str(), |(_, t)| t.as_str());
        Some((n, played.len(), title))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::start;
    use crate::play::state::SegmentState;

    const SEQ: &str = "
title: T
turns: 2
phases:
  - {id: a, title: Phase A, segments: [one, two, three]}
  - {id: b, title: Phase B, segments: [two, four]}
segments:
  - {id: one, title: One}
  - {id: two, title: Two, not_turns: [1]}
  - {id: three, title: Three}
  - {id: four, title: Four, turns: [2]}
";

    fn seq() -> Sequence {
        serde_yaml::from_str(SEQ).unwrap()
    }

    /// A bookmark at `phase`/`segment` of `turn`, every segment before it played and left.
    fn at(seq: &Sequence, turn: u32, phase: &str, segment: &str) -> Bookmark {
        let mut b = start(seq, "t");
        b.turn = turn;
        b.phase = phase.into();
        b.segment = segment.into();
        for (p, s) in order(seq) {
            if p == phase && s == segment {
                break;
            }
            let left = SegmentState {
                left: true,
                ..SegmentState::default()
            };
            b.visited
                .insert(super::super::state::visited_key(turn, &p, &s), left);
        }
        b
    }

    fn marks(t: &Track) -> Vec<Mark> {
        t.segments.iter().map(|s| t.mark(s)).collect()
    }

    #[test]
    fn the_turn_lists_every_segment_with_its_skips() {
        let seq = seq();
        let t = of(&seq, None, 1);
        let listed: Vec<(&str, &str, bool)> = t
            .segments
            .iter()
            .map(|s| (s.phase.as_str(), s.segment.as_str(), s.played))
            .collect();
        assert_eq!(
            listed,
            vec![
                ("a", "one", true),
                ("a", "two", false),
                ("a", "three", true),
                ("b", "two", false),
                ("b", "four", false),
            ]
        );
        assert_eq!(t.here, None);
        assert!(t.segments.iter().all(|s| !s.done));
        assert_eq!(t.position(), None);
        assert!(of(&seq, None, 2).segments.iter().all(|s| s.played));
    }

    #[test]
    fn the_bookmark_marks_done_here_and_ahead() {
        use Mark::{Ahead, Done, Here, Skipped};
        let seq = seq();
        let b = at(&seq, 2, "b", "two");
        let t = of(&seq, Some(&b), 2);
        assert_eq!(marks(&t), vec![Done, Done, Done, Here, Ahead]);
        assert_eq!(t.position(), Some((1, 2, "Phase B")));
        // The same segment in another phase is not here.
        assert_eq!(t.segments[1].segment, "two");
        let b = at(&seq, 1, "a", "three");
        let t = of(&seq, Some(&b), 1);
        assert_eq!(marks(&t), vec![Done, Skipped, Here, Skipped, Skipped]);
        assert_eq!(t.position(), Some((2, 2, "Phase A")));
    }

    #[test]
    fn a_segment_a_jump_went_past_is_not_done() {
        use Mark::{Ahead, Done, Here};
        let seq = seq();
        let mut b = at(&seq, 2, "b", "two");
        // `goto` from a/one to b/two: a/two and a/three were never played.
        b.visited.remove("2/a/two");
        b.visited.remove("2/a/three");
        let t = of(&seq, Some(&b), 2);
        assert_eq!(marks(&t), vec![Done, Ahead, Ahead, Here, Ahead]);
    }

    #[test]
    fn other_turns_are_all_done_or_all_ahead() {
        use Mark::{Ahead, Done, Skipped};
        let seq = seq();
        let b = at(&seq, 2, "a", "one");
        let t = of(&seq, Some(&b), 1);
        assert_eq!(t.here, None);
        assert_eq!(marks(&t), vec![Done, Skipped, Done, Skipped, Skipped]);
        let b = at(&seq, 1, "a", "three");
        let t = of(&seq, Some(&b), 2);
        assert_eq!(marks(&t), vec![Ahead; 5]);
    }
}
