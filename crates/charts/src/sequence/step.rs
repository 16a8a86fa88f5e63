//! A step of a segment: an instruction, a chart to roll, or both; the board's questions that
//! decide it (`OnlyIf`, `Count`, `StepGameOver`) and the rows a turn remembers for it.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A yes/no question about the board that decides whether a segment or a step is played (an
/// extra action round): asked once a turn, its answer kept under `key` for the rest of the turn
/// (another segment or step with the same key reads the same answer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnlyIf {
    /// The answer's name (`snake_case`), shared by every question of that key.
    pub key: String,
    /// The question, as the walker asks it.
    pub ask: String,
    /// The answer that plays it: yes (the default) or no.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub answer: bool,
    /// A step's question asked afresh each time its segment is played (the board may have
    /// moved since: a Rogue State placed between two phases), not once a turn; its answer is
    /// kept for that segment only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub each_time: bool,
    /// A step's second question, asked only once this one's answer plays the step: the step
    /// is played when both answers play it (bills pending and Congress split). Each keeps its
    /// own `key`, `answer` and `each_time`; a segment's question takes none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub and: Option<Box<OnlyIf>>,
}

impl OnlyIf {
    /// This question and those it is joined to by `and`, in the order they are asked.
    pub fn chain(&self) -> impl Iterator<Item = &OnlyIf> {
        std::iter::successors(Some(self), |q| q.and.as_deref())
    }
}

/// A question about the board whose answer is how many rolls a step is made by ("How many
/// bills passed?"): 0 to `max`, asked each time the segment is played, once the required
/// steps before it are done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Count {
    /// The answer's name (`snake_case`).
    pub key: String,
    /// The question, as the walker asks it.
    pub ask: String,
    /// The most it may be (1 to 99).
    pub max: u32,
    /// Read from the segment's own rolls, never asked: the rolls there on a chart that landed
    /// on some rows ("a D5 for each bill passed": the attempts that passed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<CountFrom>,
}

/// Where a count is read from: how many of the segment's rolls on `chart` landed on one of
/// `rows` (a row's label, as written).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountFrom {
    /// The chart of an earlier required step of the same segment.
    pub chart: String,
    /// The rows counted.
    pub rows: Vec<String>,
}

/// A yes/no question of a step whose yes ends the game ("Does a player have 20 VP?").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepGameOver {
    /// The question, as the walker asks it.
    pub ask: String,
    /// What to say when the answer is yes and the game ends.
    pub text: String,
}

fn yes() -> bool {
    true
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_yes(b: &bool) -> bool {
    *b
}

/// One step of a segment: an instruction, a chart to roll, or both; in some turns or phases only.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The instruction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The chart this step rolls on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chart: Option<String>,
    /// Only in these turns, when given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<u32>,
    /// Never in these turns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_turns: Vec<u32>,
    /// Only in these phases (ids), when given.
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
    /// A required step is required only when the row remembered this turn under `key` (a
    /// step's `remember`) is one of `rows`: a second FNI roll when two counters were placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required_when: Option<Remembered>,
    /// A required step made by this many rolls, not one (each of the eight regions): open until
    /// they are all made, and counted on the checklist.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<u32>,
    /// A required step made by as many rolls as the board's answer to this question (a roll
    /// for each bill passed, each Civil War counter): 0 makes none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    /// Other charts whose roll does this step too (the chart of whichever group was drawn).
    #[serde(default, rename = "or", skip_serializing_if = "Vec::is_empty")]
    pub or_charts: Vec<String>,
    /// The step's charts (`chart` and `or`) are chits drawn and not put back this turn (the
    /// Ally chits, "one of the remaining"): once one is rolled here the others are not offered
    /// here, and one rolled in this segment's earlier phases is not offered again this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
    /// The step's chart is rolled more than once here (each region, each bill, each action):
    /// after its roll, `r` offers it again first and `.` rolls it again, until its `times` or
    /// its answered `count` of rolls is made (with neither, for as long as the segment lasts).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub again: bool,
    /// Answers this step gives its chart (`kind: midterm`): never asked. Several steps on one
    /// chart give theirs in turn: the first roll takes the first step's, and so on.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub given: BTreeMap<String, String>,
    /// Played only when the board says so (see [`OnlyIf`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<OnlyIf>,
    /// A question whose yes ends the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_over: Option<StepGameOver>,
    /// The board values (input keys) this step's result moves: once its roll is made, an answer
    /// given before it is asked fresh (its segment moves them too, for the walk around it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
}

/// The most rolls one step may ask for (`times`).
pub(crate) const MAX_TIMES: u32 = 99;

impl Step {
    /// The rolls this step is made by: its `times`, else one.
    #[must_use]
    pub fn rolls(&self) -> usize {
        self.times.map_or(1, |t| t as usize)
    }
}

/// Rows remembered under a key this turn.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Remembered {
    /// The key a step's `remember` keeps its row under.
    pub key: String,
    /// The rows that make the step required.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<String>,
    /// Required too when no row was remembered this turn (the roll was made on paper, or the
    /// walk came by `goto`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unknown: bool,
}

/// What a step says according to a row remembered earlier in the turn.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recall {
    /// The name the row was remembered under (a step's `remember`).
    pub key: String,
    /// What to say for each row label.
    pub rows: BTreeMap<String, String>,
    /// What to say when no row was remembered this turn.
    pub unknown: String,
}
