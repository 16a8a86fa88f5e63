//! What a roll gives: its natural, modifiers, total, row and result, the rolls it called for,
//! and for an opposed roll each side's roll and the winner. Made by the roller, read by the
//! tables (the winner) and by every front end.

use super::Value;
use super::modifiers::Modifier;
use flipbook_charts::Die;
use serde::Serialize;
use std::collections::BTreeMap;

/// One roll (or one look-up in a table without a die), with its follow-ups.
#[allow(clippy::struct_excessive_bools)] // the flags of a roll, each its own key in the JSON
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Outcome {
    /// The chart's id; `None` for plain dice.
    pub(crate) chart: Option<String>,
    pub(crate) die: Die,
    /// The natural roll (the sum of the dice); `None` for a table without a die.
    pub(crate) natural: Option<i64>,
    pub(crate) modifiers: Vec<Modifier>,
    /// The total read on the rows; `None` (null) when a gate forbids the roll: 0 is a real
    /// total on many charts.
    pub(crate) total: Option<i64>,
    /// The column's label as printed; `None` for a one-column chart.
    pub(crate) column: Option<String>,
    /// The row's label as printed.
    pub(crate) row: Option<String>,
    pub(crate) result: Option<String>,
    /// The total was beyond the printed rows, and the nearest row was read.
    pub(crate) clamped: bool,
    /// This result (or one it called for) ends the game.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) game_over: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) title: Option<String>,
    /// Each die, where there are several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) dice: Vec<i64>,
    /// The dice were typed in (by hand or `--roll`), not rolled by flipbook: the log keeps it.
    #[serde(skip)]
    pub(crate) hand: bool,
    /// Natural rolls ignored and rolled again.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) rerolled: Vec<i64>,
    /// The rolls the rules name next, that the player makes when ready (the row's `next`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) next: Vec<String>,
    /// This roll was set aside and rolled again ("roll again on a 1").
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) rolled_again: bool,
    /// The rolls set aside before this one, in order (each `rolled_again`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) set_aside: Vec<Outcome>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) inputs: BTreeMap<String, Value>,
    /// How the column was found, limits that applied, why there was no roll.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) notes: Vec<String>,
    /// The rolls this result called for, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) then: Vec<Outcome>,
    /// An opposed roll: each side's roll, the first side first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) sides: Vec<SideRoll>,
    /// An opposed roll: how far apart the sides' totals are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) margin: Option<i64>,
    /// An opposed roll: the side with the higher total, or a tie (null in the JSON).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) winner: Option<Winner>,
    /// The column shifts that moved the column, each with its source (columns to the right).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) shifts: Vec<Modifier>,
    /// A roll `against` an input: the value the rows read, the total minus the input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) read: Option<i64>,
    /// A roll `against` an input: the input's name and value, for the total's line.
    #[serde(skip)]
    pub(crate) against: Option<(String, i64)>,
    /// The "winner:" line is printed (the chart's `show_winner` is not false).
    #[serde(skip)]
    pub(crate) show_winner: bool,
    /// An opposed roll's tie, as the chart's `tie` says it (what `{winner}` gives on a tie).
    #[serde(skip)]
    pub(crate) tie: Option<String>,
}

/// Who won an opposed roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Winner {
    Side(String),
    Tie,
}

impl Serialize for Winner {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            Winner::Side(name) => s.serialize_str(name),
            Winner::Tie => s.serialize_none(),
        }
    }
}

/// One side of an opposed roll: its die, its own modifiers and its total.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SideRoll {
    pub(crate) name: String,
    pub(crate) natural: i64,
    pub(crate) modifiers: Vec<Modifier>,
    pub(crate) total: i64,
    /// Each die, where the side rolls several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) dice: Vec<i64>,
}
