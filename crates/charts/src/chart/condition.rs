//! Conditions: the tests on a chart's inputs (and on the dice, and on how far a roll fails),
//! and the inputs a condition reads.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The words of a condition that read the dice themselves, not an input: `natural` (the sum
/// of the dice, compared with a number or a number input), `doubles` (every die the same) and
/// `die` (some one die shows this, or a number within bounds).
pub const DICE_WORDS: [&str; 3] = ["natural", "doubles", "die"];

/// Whether a condition reads the dice (one of [`DICE_WORDS`]), in `any` too.
#[must_use]
pub fn reads_dice(cond: &Condition) -> bool {
    cond.iter().any(|(key, test)| match test {
        Test::Any(list) => list.iter().any(reads_dice),
        _ => DICE_WORDS.contains(&key.as_str()),
    })
}

/// The word of a condition that reads a roll `against` an input: how far the total is above it
/// (`fails_by: {above: experience}`: "fails by more than the experience rating"; 0 or less is a
/// pass). Known once the row is read.
pub const FAILS_BY: &str = "fails_by";

/// Whether a condition reads [`FAILS_BY`], in `any` too.
#[must_use]
pub fn reads_fails_by(cond: &Condition) -> bool {
    cond.iter().any(|(key, test)| match test {
        Test::Any(list) => list.iter().any(reads_fails_by),
        _ => key == FAILS_BY,
    })
}

/// All of its tests must hold. The key `any` holds a list of conditions of which one must hold.
pub type Condition = BTreeMap<String, Test>;

/// A test on one input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Test {
    /// The yes/no input is this.
    Bool(bool),
    /// The number input is this.
    Int(i64),
    /// The choice input is this value.
    Text(String),
    // Before Range: serde would read a list into the struct's fields.
    /// The choice input is one of these values.
    OneOf(Vec<String>),
    /// The number input is within bounds.
    Range(RangeTest),
    /// One of these conditions holds (under the key `any`).
    Any(Vec<Condition>),
}

/// Bounds on a number input; each one given must hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeTest {
    /// At least this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<Operand>,
    /// At most this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<Operand>,
    /// Strictly less than ("US Cyber below Russia's").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below: Option<Operand>,
    /// Strictly more than.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub above: Option<Operand>,
}

impl RangeTest {
    /// Every bound it names.
    pub fn operands(&self) -> impl Iterator<Item = &Operand> {
        self.min
            .iter()
            .chain(&self.max)
            .chain(&self.below)
            .chain(&self.above)
    }
}

/// A bound: a number, or the value of another input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Operand {
    /// A number.
    Int(i64),
    /// The value of this input (its key).
    Input(String),
}

/// Every input a condition reads, in order: its keys, the inputs it compares with, those of
/// `any` (a key may come twice).
pub fn condition_keys<'a>(cond: &'a Condition, out: &mut Vec<&'a str>) {
    for (key, test) in cond {
        match test {
            Test::Any(list) => list.iter().for_each(|c| condition_keys(c, out)),
            Test::Range(r) => {
                out.push(key);
                for o in r.operands() {
                    if let Operand::Input(k) = o {
                        out.push(k);
                    }
                }
            }
            _ => out.push(key),
        }
    }
}
