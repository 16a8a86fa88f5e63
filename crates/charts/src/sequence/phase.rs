//! A phase of the turn: its segments, some played only in some turns, as a file writes them;
//! a phase played once for each side.

use super::turn_applies;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A phase: its segments in order. In a file each entry of `segments` is a segment id, or
/// `{segment: ID, turns: [..], not_turns: [..]}` when this phase plays it only in some turns
/// (the same segment may be played in every turn of another phase).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(from = "RawPhase", into = "RawPhase")]
pub struct Phase {
    /// The phase's id (`final`, `1`).
    pub id: String,
    /// The phase's title, as shown.
    pub title: String,
    /// Segment ids, in the order they are played.
    pub segments: Vec<String>,
    /// The turns in which this phase plays a segment, by segment id, where the phase says.
    pub when: BTreeMap<String, Turns>,
    /// Played once for each of the sequence's `sides`, with the phases marked so beside it.
    pub each_side: bool,
}

/// What joins a phase's id to a side's name in a turn played by sides (`fire@Axis`).
pub const SIDE_MARK: char = '@';

/// The side whose turn a phase of a played sequence is (`fire@Axis`: Axis), if any.
#[must_use]
pub fn side_of(phase: &str) -> Option<&str> {
    phase.split_once(SIDE_MARK).map(|(_, side)| side)
}

/// The phase's id as the book writes it (`fire@Axis`: fire).
#[must_use]
pub fn phase_of(phase: &str) -> &str {
    phase.split_once(SIDE_MARK).map_or(phase, |(p, _)| p)
}

/// Turns in which something is played: only `turns` (when given), never `not_turns`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turns {
    /// Only in these turns, when given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<u32>,
    /// Never in these turns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_turns: Vec<u32>,
}

impl Turns {
    /// Whether `turn` is one of these turns.
    #[must_use]
    pub fn include(&self, turn: u32) -> bool {
        turn_applies(&self.turns, &self.not_turns, turn)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPhase {
    id: String,
    title: String,
    segments: Vec<PhaseEntry>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    each_side: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum PhaseEntry {
    Id(String),
    With(PhaseEntryWith),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PhaseEntryWith {
    segment: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    turns: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    not_turns: Vec<u32>,
}

impl From<RawPhase> for Phase {
    fn from(raw: RawPhase) -> Phase {
        let mut segments = Vec::new();
        let mut when = BTreeMap::new();
        for e in raw.segments {
            match e {
                PhaseEntry::Id(id) => segments.push(id),
                PhaseEntry::With(w) => {
                    let turns = Turns {
                        turns: w.turns,
                        not_turns: w.not_turns,
                    };
                    when.insert(w.segment.clone(), turns);
                    segments.push(w.segment);
                }
            }
        }
        Phase {
            id: raw.id,
            title: raw.title,
            segments,
            when,
            each_side: raw.each_side,
        }
    }
}

impl From<Phase> for RawPhase {
    fn from(p: Phase) -> RawPhase {
        let segments = p
            .segments
            .into_iter()
            .map(|s| match p.when.get(&s) {
                Some(t) => PhaseEntry::With(PhaseEntryWith {
                    segment: s,
                    turns: t.turns.clone(),
                    not_turns: t.not_turns.clone(),
                }),
                None => PhaseEntry::Id(s),
            })
            .collect();
        RawPhase {
            id: p.id,
            title: p.title,
            segments,
            each_side: p.each_side,
        }
    }
}
