//! `orders.yaml`: ordering rules (turn order, initiative, placement turns).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// An ordering rule of a book (`orders.yaml`): turn order, initiative, placement turns.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderRule {
    /// The rule's id, as `flipbook order ID` takes it.
    pub id: String,
    /// The rule's title.
    pub title: String,
    /// Where the rule is printed.
    pub printed: String,
    /// How the values order the players.
    pub kind: OrderKind,
    /// What each player gives (`--player NAME=VALUES`); none for a rule of seats alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<OrderValue>,
    /// How many values each player gives, by the number of players ("3-4": 2); default one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values_per_player: Vec<PerPlayers>,
    /// The players a game takes, as a range ("3-8").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<String>,
    /// A player's several values count as their lowest (`min`) or highest (`max`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combine: Option<Combine>,
    /// No value may be held by two players (strategy cards).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unique: bool,
    /// A token that gives its holder a fixed value (`--set KEY=PLAYER`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<OrderToken>,
    /// The game ends when a player's value reaches this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<i64>,
    /// Notes shown with the order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// How an ordering rule orders the players by their values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderKind {
    /// Highest first; a player passes only those he exceeds, so ties keep the order given.
    Descending,
    /// Lowest first.
    Ascending,
    /// One each in seat order from the first, then the last places all and the others follow
    /// back the other way.
    Snake,
}

/// How a player's several values count as one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Combine {
    /// The lowest of them.
    Min,
    /// The highest of them.
    Max,
}

/// What each player gives an ordering rule: a named value in a range.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderValue {
    /// What the value is ("Global Influence", "strategy card").
    pub name: String,
    /// The smallest value a player may give.
    pub min: i64,
    /// The largest value a player may give.
    pub max: i64,
    /// Names of values ("1": Leadership).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<i64, String>,
}

/// How many values each player gives, for a range of player counts.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerPlayers {
    /// A range of player counts ("3-4").
    pub players: String,
    /// How many values each player gives then.
    pub values: u32,
}

/// A token that gives its holder a fixed value (the Naalu "0" token).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderToken {
    /// The `--set` key that names the holder (`--set KEY=PLAYER`).
    pub key: String,
    /// The token's name, as shown.
    pub name: String,
    /// The value it gives its holder.
    pub value: i64,
}
