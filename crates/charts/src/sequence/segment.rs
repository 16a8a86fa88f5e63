//! A segment of the turn: its instructions and steps, the chits drawn in it and its loop over
//! items.

use super::{OnlyIf, Step};
use serde::{Deserialize, Serialize};

/// A kind of chit (or card) the player draws from a cup and tells the tool about.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chit {
    /// The chit's id, as the player names it when drawn.
    pub id: String,
    /// The chit's name, as shown.
    pub name: String,
    /// What the chit means, as shown when it is drawn.
    pub text: String,
    /// The chart a drawn chit rolls on, if it rolls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chart: Option<String>,
    /// Natural rolls of the chit's chart that are set aside and rolled again ("roll again on a
    /// 1"): the log keeps each, marked as rolled again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reroll: Vec<i64>,
}

/// A segment of the turn: its instructions, the steps and charts it offers, its chits or loop.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Segment {
    /// The segment's id (`fni`, `draw-chits`), as `play --goto` takes it.
    pub id: String,
    /// The segment's title, as shown.
    pub title: String,
    /// Where the rules are explained ("GM P25").
    #[serde(default, rename = "ref", skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// The segment's instructions, a paragraph each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub text: Vec<String>,
    /// Show back the answers kept for the items of another segment's loop (its `per_item`) and
    /// ask whether any changed: those picked are asked again at their next roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<String>,
    /// Only in these turns, when given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<u32>,
    /// Never in these turns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_turns: Vec<u32>,
    /// The segment's steps, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
    /// Draw chits: how many at most, and whether a (+) draws another.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Draw>,
    /// Ask about each item in turn, and roll for those not skipped.
    #[serde(default, rename = "loop", skip_serializing_if = "Option::is_none")]
    pub repeat: Option<Repeat>,
    /// Played only when the board says so: a yes/no question, asked when the walk reaches it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<OnlyIf>,
    /// The board values (input keys) this segment moves, somewhere in it: an answer given
    /// before it or in it is asked fresh once the walk has come into or gone past it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// The segment may move any board value (its results are printed elsewhere: cards, the
    /// action aids): no answer given before it, or in it, is kept past it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moves_any: bool,
}

impl Segment {
    /// Every board value this segment moves, by itself or by one of its steps (a step's values
    /// move somewhere in the segment too: a step without a roll has no moment of its own).
    pub fn moved(&self) -> impl Iterator<Item = &String> {
        self.moves
            .iter()
            .chain(self.steps.iter().flat_map(|s| &s.moves))
    }
}

/// How chits are drawn in a segment.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    /// The most chits drawn.
    pub max: u32,
    /// A chit marked (+) draws another (up to `max`).
    pub plus: bool,
}

/// A loop over items (counters, units, …): a question for each, and a roll for those not skipped.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Repeat {
    /// What an item is called ("Item", "Unit").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The items, in order.
    pub items: Vec<String>,
    /// A yes/no question about the item (`{item}`).
    pub ask: String,
    /// The answer that skips the item.
    pub skip_on: bool,
    /// What to do for an item not skipped.
    pub text: String,
    /// The chart rolled for an item not skipped.
    pub chart: String,
    /// On a terminal, one question for all the items at once: pick those the answer
    /// `skip_on` is true for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<String>,
    /// Inputs of the chart answered for each item, kept from game to game in the profile
    /// (a counter's range).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub per_item: Vec<String>,
    /// Of the `per_item` choices, those no two items share (one focus per item): a choice
    /// another item holds is not offered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub distinct: Vec<String>,
}

impl Repeat {
    /// What an item is called: its `name`, or "Item".
    #[must_use]
    pub fn noun(&self) -> &str {
        self.name.as_deref().unwrap_or("Item")
    }
}
