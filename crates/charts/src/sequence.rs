//! `sequence.yaml`: a book's turn, as phases of segments, each with its instructions and charts.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A book's turn.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sequence {
    pub title: String,
    /// Turns in a game (a term).
    pub turns: u32,
    /// The last turn that can be played (a second term), if more than `turns`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_turn: Option<u32>,
    /// Shown when the last segment of the last turn that can be played is done.
    #[serde(default)]
    pub game_over: String,
    /// Shown when the last segment of turn `turns` is done and `last_turn` lets the game go on
    /// (a first term ends; a second may follow). Without it, `game_over` is shown there too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub term_over: Option<String>,
    pub phases: Vec<Phase>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chits: Vec<Chit>,
    /// What the book calls its chits, as a question names them ("Crisis chit"); "Chit" without.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chit_name: Option<String>,
    pub segments: Vec<Segment>,
    /// Answers that rarely change in a game (input keys): asked once, kept in the game's profile,
    /// given from then on; `flipbook profile` shows and edits them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub profile: Vec<String>,
    /// Inputs the walker answers itself.
    #[serde(default)]
    pub knows: Knows,
    /// Answers worked out from other answers of the turn (`"us_recon > russia_recon"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub derived: Vec<Derived>,
}

/// Inputs the walker answers itself, by key.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knows {
    /// The input that takes the current turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<String>,
    /// The input that takes the difficulty of the settings (when they set one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
}

/// A yes/no answer that holds when every comparison holds: `"us_recon > russia_recon"`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Derived {
    pub key: String,
    pub all: Vec<String>,
}

impl Derived {
    /// The comparisons as (left key, operator, right key); `None` for one that does not read.
    #[must_use]
    pub fn comparisons(&self) -> Vec<Option<(&str, &str, &str)>> {
        self.all
            .iter()
            .map(|c| {
                let mut parts = c.split_whitespace();
                let (a, op, b) = (parts.next()?, parts.next()?, parts.next()?);
                let ok = parts.next().is_none() && matches!(op, ">" | ">=" | "<" | "<=" | "==");
                ok.then_some((a, op, b))
            })
            .collect()
    }
}

/// A phase: its segments in order. In a file each entry of `segments` is a segment id, or
/// `{segment: ID, turns: [..], not_turns: [..]}` when this phase plays it only in some turns
/// (the same segment may be played in every turn of another phase).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(from = "RawPhase", into = "RawPhase")]
pub struct Phase {
    pub id: String,
    pub title: String,
    /// Segment ids, in the order they are played.
    pub segments: Vec<String>,
    /// The turns in which this phase plays a segment, by segment id, where the phase says.
    pub when: BTreeMap<String, Turns>,
}

/// Turns in which something is played: only `turns` (when given), never `not_turns`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turns {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_turns: Vec<u32>,
}

impl Turns {
    #[must_use]
    pub fn include(&self, turn: u32) -> bool {
        turn_applies(&self.turns, &self.not_turns, turn)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPhase {
    id: String,
    title: String,
    segments: Vec<PhaseEntry>,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum PhaseEntry {
    Id(String),
    With(PhaseEntryWith),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PhaseEntryWith {
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
        }
    }
}

/// A kind of chit (or card) the player draws from a cup and tells the tool about.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chit {
    pub id: String,
    pub name: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chart: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Segment {
    pub id: String,
    pub title: String,
    /// Where the rules are explained ("GM P25").
    #[serde(default, rename = "ref", skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub text: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_turns: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
    /// Draw chits: how many at most, and whether a (+) draws another.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Draw>,
    /// Ask about each item in turn, and roll for those not skipped.
    #[serde(default, rename = "loop", skip_serializing_if = "Option::is_none")]
    pub repeat: Option<Repeat>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chart: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_turns: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<String>,
    /// Remember the row this step's roll lands on, under this name, for the rest of the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remember: Option<String>,
    /// Say something according to a row remembered earlier in the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recall: Option<Recall>,
    /// When this step's roll lands on one of these rows, draw one chit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chits_on: Vec<String>,
    /// The roll this step offers must be made: leaving the segment without it asks first.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub required: bool,
    /// The step's chart is rolled more than once here (each region, each bill, each action):
    /// after its roll, `r` offers it again first and `.` rolls it again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub again: bool,
    /// Answers this step gives its chart (`kind: midterm`): never asked.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub given: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recall {
    pub key: String,
    pub rows: BTreeMap<String, String>,
    pub unknown: String,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    pub max: u32,
    pub plus: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Repeat {
    /// What an item is called ("Priority").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub items: Vec<String>,
    /// A yes/no question about the item (`{item}`).
    pub ask: String,
    /// The answer that skips the item.
    pub skip_on: bool,
    /// What to do for an item not skipped.
    pub text: String,
    pub chart: String,
    /// On a terminal, one question for all the items at once: pick those the answer
    /// `skip_on` is true for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<String>,
    /// Inputs of the chart answered for each item, kept from game to game in the profile
    /// (a counter's range).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub per_item: Vec<String>,
}

impl Repeat {
    /// What an item is called: its `name`, or "Item".
    #[must_use]
    pub fn noun(&self) -> &str {
        self.name.as_deref().unwrap_or("Item")
    }
}

impl Sequence {
    pub fn segment(&self, id: &str) -> Option<&Segment> {
        self.segments.iter().find(|s| s.id == id)
    }

    /// The last turn that can be played.
    pub fn final_turn(&self) -> u32 {
        self.last_turn.unwrap_or(self.turns).max(self.turns)
    }

    /// Whether `phase` plays `segment` in `turn`: the segment's own turns, and the phase's
    /// turns for it where the phase gives them. The one rule of which segments a turn plays.
    #[must_use]
    pub fn plays(&self, phase: &str, segment: &str, turn: u32) -> bool {
        let Some(s) = self.segment(segment) else {
            return false;
        };
        turn_applies(&s.turns, &s.not_turns, turn)
            && self
                .phases
                .iter()
                .find(|p| p.id == phase)
                .and_then(|p| p.when.get(segment))
                .is_none_or(|t| t.include(turn))
    }

    /// What to say when the last segment of `turn` is done and the walk stops there: `None`
    /// when the next turn follows.
    #[must_use]
    pub fn over_after(&self, turn: u32) -> Option<&str> {
        if turn >= self.final_turn() {
            Some(&self.game_over)
        } else if turn == self.turns {
            Some(self.term_over.as_deref().unwrap_or(&self.game_over))
        } else {
            None
        }
    }
}

/// Whether a turn passes `turns` (only these) and `not_turns`.
#[must_use]
pub fn turn_applies(turns: &[u32], not_turns: &[u32], turn: u32) -> bool {
    (turns.is_empty() || turns.contains(&turn)) && !not_turns.contains(&turn)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEQ: &str = "title: T\nturns: 2\nlast_turn: 3\ngame_over: over\nterm_over: term\nphases:\n  - {id: a, title: A, segments: [{segment: x, not_turns: [1]}, y]}\n  - {id: b, title: B, segments: [x]}\nsegments:\n  - {id: x, title: X}\n  - {id: y, title: Y, turns: [2]}\n";

    #[test]
    fn a_phase_may_play_a_segment_in_fewer_turns_than_another() {
        let s: Sequence = serde_yaml::from_str(SEQ).unwrap();
        assert!(!s.plays("a", "x", 1));
        assert!(s.plays("a", "x", 2));
        assert!(s.plays("b", "x", 1));
        assert!(!s.plays("a", "y", 1) && s.plays("a", "y", 2));
        assert!(!s.plays("a", "nope", 1));
        // The entry survives the trip through JSON (how books are embedded).
        let back: Sequence = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert!(!back.plays("a", "x", 1) && back.plays("b", "x", 1));
        assert_eq!(back.phases[0].segments, ["x", "y"]);
    }

    #[test]
    fn the_end_of_the_term_and_of_the_game_are_told_apart() {
        let s: Sequence = serde_yaml::from_str(SEQ).unwrap();
        assert_eq!(s.over_after(1), None);
        assert_eq!(s.over_after(2), Some("term"));
        assert_eq!(s.over_after(3), Some("over"));
    }
}
