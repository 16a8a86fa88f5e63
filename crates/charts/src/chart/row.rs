//! A chart's printed rows: a row's result, its alternatives, when it ends the game, and the
//! rolls on other charts it calls for.

use super::{Condition, SetValue, is_false};
use crate::die::Band;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_one(n: &u32) -> bool {
    *n == 1
}

fn one() -> u32 {
    1
}

/// One printed row: its label ("1-2", "9+", "2 or less") and what it says.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// The row's printed label and the totals it covers.
    pub row: Band,
    /// The result, for a one-column chart or a column's own rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultText>,
    /// One result per column, in column order, for rows shared by every column.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<ResultText>,
    /// Another result when a condition holds ("no effect at 60% approval or more").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alt: Vec<Alt>,
    /// Rolls on other charts that this row calls for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<Follow>,
    /// The rolls the rules name next, in order, that the player makes when ready (not rolled
    /// at once like `then`): a walk offers them first until they are rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub next: Vec<String>,
    /// This row's result ends the game (an auto-loss, an auto-victory): always, or only when a
    /// condition holds and in some columns. An alternative result (`alt`) does not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_over: Option<GameOver>,
    /// The board values (input keys of the book) this result moves, in every column: a walk
    /// forgets their answers once the roll lands here (`sequence.yaml`'s `moves`, for a result).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// The answers this result gives (input keys of the book, each with its value: "-1 Legacy
    /// Point" gives the Legacy total's `final_evaluation: -1`), in every column: a walk keeps
    /// them as the player's own for the rest of the turn, until something moves them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub gives: BTreeMap<String, String>,
}

/// When a row's result ends the game: `true`, or `{when: ..., columns: [...]}`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum GameOver {
    /// `true`: the result always ends the game (`false`: never).
    Always(bool),
    /// Only when a condition holds, and in some columns.
    When(GameOverWhen),
}

/// When a row's result ends the game.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameOverWhen {
    /// Only when this holds; always when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// Only in these columns (labels); every column when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<String>,
}

/// A result: one text, or one per value of the chart's `result_by` input.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ResultText {
    /// One text for every value.
    Text(String),
    /// A text for each value of the `result_by` input.
    ByValue(BTreeMap<String, String>),
}

/// Another result for a row, when a condition holds.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alt {
    /// When the other result applies.
    pub when: Condition,
    /// The other result.
    pub result: String,
    /// Only in these columns (labels); every column when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<String>,
    /// The alternative result ends the game (the row's own `game_over` does not hold for it).
    #[serde(default, skip_serializing_if = "is_false")]
    pub game_over: bool,
    /// The rolls named next with this result, in place of the row's `next` (a Major Crisis
    /// reached: its table is due).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub next: Vec<String>,
}

/// A follow-up roll on another chart.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Follow {
    /// The chart rolled on, by id or alias.
    pub chart: String,
    /// Only when this holds; always when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// Only from these columns (labels); every column when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<String>,
    /// How many results to find on that chart.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub times: u32,
    /// Natural rolls to ignore and roll again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reroll: Vec<i64>,
    /// With `times` > 1: a row already found is rolled again.
    #[serde(default, skip_serializing_if = "is_false")]
    pub distinct: bool,
    /// Give this roll's total to the chart followed as the answer to this input (a sum of
    /// parts looked up on a table of totals).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_as: Option<String>,
    /// Answers given to the chart followed for this follow-up only ("a morale check at +1":
    /// `set: {penalty: 1}`): restored after it, never kept for a later roll.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub set: BTreeMap<String, SetValue>,
}
