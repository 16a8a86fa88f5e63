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
    /// Shown when the last segment of the last turn is done.
    #[serde(default)]
    pub game_over: String,
    pub phases: Vec<Phase>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chits: Vec<Chit>,
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

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    pub id: String,
    pub title: String,
    /// Segment ids, in the order they are played.
    pub segments: Vec<String>,
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

impl Sequence {
    pub fn segment(&self, id: &str) -> Option<&Segment> {
        self.segments.iter().find(|s| s.id == id)
    }

    /// The last turn that can be played.
    pub fn final_turn(&self) -> u32 {
        self.last_turn.unwrap_or(self.turns).max(self.turns)
    }
}

/// Whether a turn passes `turns` (only these) and `not_turns`.
#[must_use]
pub fn turn_applies(turns: &[u32], not_turns: &[u32], turn: u32) -> bool {
    (turns.is_empty() || turns.contains(&turn)) && !not_turns.contains(&turn)
}
