//! A chart: a die-rolled table, a value-indexed table or a calculator, as a chart file says it.
//! Here the chart itself, which of its results are better, its gates, its notes on naturals and
//! its look-ups; its parts each in a file of their own.

mod column;
mod condition;
mod drm;
mod input;
mod row;

pub(crate) use column::FullColumn;
pub use column::{Column, ColumnBy, Round, Shift, parse_ratio};
pub use condition::{
    Condition, DICE_WORDS, FAILS_BY, Operand, RangeTest, Test, condition_keys, reads_dice,
    reads_fails_by,
};
pub use drm::{Bounds, Cap, Drm, DrmGroup, Limit};
pub use input::{ChoiceOption, Input, InputKind, SetValue};
pub use row::{Alt, Follow, GameOver, GameOverWhen, ResultText, Row};

use crate::die::Die;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One chart: a die-rolled table, a value-indexed table or a calculator.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chart {
    /// The chart's id, as `flipbook roll ID` takes it.
    pub id: String,
    /// Other names the chart answers to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// The chart's title, as printed.
    pub title: String,
    /// Where the chart is printed: page and booklet code, e.g. "Flipbook p4; GM p25".
    pub printed: String,
    /// `d6`, `d10`, `2d6`, ... or `none` for a table indexed by a computed value.
    pub die: Die,
    /// The book's optional rules that apply to this chart (`book.yaml`: `options`), by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// Which results are better for the player: the rows from worst to best, or `lower` /
    /// `higher` (a lower or a higher total is better) where the rows are printed elsewhere.
    /// `play`'s re-roll offer says the chance that a re-roll lands better, the same or worse.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<Rank>,
    /// An opposed roll: two sides, by name, each rolling the chart's die with its own modifiers
    /// (a DRM's `side`); the chart's total is the first side's total minus the second's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opposed: Vec<String>,
    /// What `{winner}` says when an opposed roll is a tie (both sides' totals equal); one of
    /// the sides' names: that side wins a tie.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie: Option<String>,
    /// Which total wins an opposed roll: `higher` (the default) or `lower`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wins: Option<Better>,
    /// `false`: an opposed roll does not print its "winner:" line (the rows say who won).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub show_winner: Option<bool>,
    /// A random selection roll (which region, which ally...): never takes a book option's DRM.
    #[serde(default, skip_serializing_if = "is_false")]
    pub selection: bool,
    /// The questions the chart needs answered from the board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<Input>,
    /// Conditions under which there is no roll at all, with what happens instead.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gates: Vec<Gate>,
    /// How the column is chosen (by a choice or yes/no input, or by a sum); absent for one column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column_by: Option<ColumnBy>,
    /// The columns, in printed order; none for a one-column chart.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<Column>,
    /// Pass or fail against a number input: the rows read the total minus this input's value
    /// (`0 or less`: at most the input), and `{margin}` is how far apart they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub against: Option<String>,
    /// Modifiers that move the column instead of the total, held at the table's edges.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shifts: Vec<Shift>,
    /// The chart's listed DRMs (for a table without a die: the terms of its value).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drms: Vec<Drm>,
    /// Groups of DRMs with bounds of their own ("Ops never above 4"), named by a DRM's `group`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<DrmGroup>,
    /// A cap on the listed DRMs together ("+/-2 Max").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap: Option<Cap>,
    /// Conditional bounds on the total ("at the end of turn 1 a 35+ counts as 30-34").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub limits: Vec<Limit>,
    /// Divide the value by this, rounding down (value tables only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divide: Option<i64>,
    /// Results vary with this choice input (a map of option value to text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_by: Option<String>,
    /// Rows shared by every column (one result per column), when the columns do not have their own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<Row>,
    /// Notes on particular natural rolls ("a natural 1 or 6 ends the war").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on_natural: Vec<OnNatural>,
    /// Footnotes by their mark (`"**"`): printed with every result that carries the mark.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub footnotes: BTreeMap<String, String>,
    /// A chart the seed only names: roll, then read the printed chart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stub: Option<Stub>,
    /// Notes shown with the chart.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_false(b: &bool) -> bool {
    !*b
}

/// How a chart's results rank for the player (`rank:`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Rank {
    /// Row labels, from the worst result to the best (`[1-2, 3-5, 9, 10]`: a number is a label).
    Rows(#[serde(deserialize_with = "labels")] Vec<String>),
    /// Which way the total is better.
    Total(Better),
}

/// Row labels as YAML gives them: text, or a plain number (`9`).
fn labels<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Label {
        Text(String),
        Number(i64),
    }
    let labels = Vec::<Label>::deserialize(d)?;
    Ok(labels
        .into_iter()
        .map(|l| match l {
            Label::Text(t) => t,
            Label::Number(n) => n.to_string(),
        })
        .collect())
}

/// Which way a total is better for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Better {
    /// A lower total is the better result (`rank: lower`).
    Lower,
    /// A higher total is the better result (`rank: higher`).
    Higher,
}

/// A condition under which there is no roll, and what happens instead.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gate {
    /// When there is no roll.
    pub when: Condition,
    /// What happens instead.
    pub result: String,
    /// Rolls on other charts instead ("roll on WM4").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<Follow>,
    /// This result ends the game.
    #[serde(default, skip_serializing_if = "is_false")]
    pub game_over: bool,
}

/// What the dice themselves decide: a note added to the result, or the row read whatever the
/// total, when the natural roll is one of `naturals` and (or) the dice meet `when`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnNatural {
    /// The natural rolls it is for; any when empty (then `when` says).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub naturals: Vec<i64>,
    /// A condition on the dice (and the inputs) that must hold too: `{doubles: true}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// The row read (its label as printed) whatever the total: "an original 12 always fails".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<String>,
    /// The note added to the result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl OnNatural {
    /// Whether it holds for this natural roll, as far as `when` can be told (`when` decided by
    /// the caller, who knows the dice and the inputs).
    #[must_use]
    pub fn natural_fits(&self, natural: i64) -> bool {
        self.naturals.is_empty() || self.naturals.contains(&natural)
    }
}

/// Where to read a chart the seed only names.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stub {
    /// The booklet code, e.g. "D9".
    pub code: String,
    /// The chart's printed name.
    pub table: String,
    /// The booklet's name.
    pub booklet: String,
    /// What to tell the player instead of "look up N on CODE": `{total}` is the roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read: Option<String>,
    /// The chart's DRMs are printed with it, where it is looked up: a roll says its natural and
    /// that they are to be added there, never a total that claims to be final.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drms_printed: bool,
}

impl Chart {
    /// Every row of a chart: the shared rows and every column's own.
    pub fn all_rows(&self) -> impl Iterator<Item = &Row> {
        self.rows
            .iter()
            .chain(self.columns.iter().flat_map(|c| c.rows.iter()))
    }

    /// The rows a column reads: its own, or the chart's shared rows.
    #[must_use]
    pub fn column_rows(&self, column: Option<usize>) -> &[Row] {
        match column.and_then(|i| self.columns.get(i)) {
            Some(c) if !c.rows.is_empty() => &c.rows,
            _ => &self.rows,
        }
    }

    /// Whether every column reads the chart's shared rows (one result per column).
    #[must_use]
    pub fn shared_rows(&self) -> bool {
        self.columns.iter().all(|c| c.rows.is_empty())
    }

    /// The input of this key.
    #[must_use]
    pub fn input(&self, key: &str) -> Option<&Input> {
        self.inputs.iter().find(|i| i.key == key)
    }

    /// The charts this chart's rows and gates roll on, by name as written.
    pub fn follow_names(&self) -> impl Iterator<Item = &str> {
        self.all_rows()
            .flat_map(|r| r.then.iter())
            .chain(self.gates.iter().flat_map(|g| g.then.iter()))
            .map(|f| f.chart.as_str())
    }

    /// The lowest and highest natural roll the rows must cover: the dice's sums, or for an
    /// opposed roll the first die minus the second (`d6`: -5 to 5). `None` without a die.
    #[must_use]
    pub fn natural_range(&self) -> Option<(i64, i64)> {
        let d = self.die.dice()?;
        if self.opposed.is_empty() {
            Some((d.min(), d.max()))
        } else {
            Some((d.min() - d.max(), d.max() - d.min()))
        }
    }

    /// The lowest and highest value the rows read: the natural range, less the `against`
    /// input's span where the rows read the total minus that input. `None` without a die.
    #[must_use]
    pub fn read_range(&self) -> Option<(i64, i64)> {
        let (lo, hi) = self.natural_range()?;
        match self.against.as_deref().and_then(|k| self.input(k)) {
            Some(i) if i.kind == InputKind::Number => {
                let (min, max) = i.span();
                Some((lo.saturating_sub(max), hi.saturating_sub(min)))
            }
            _ => Some((lo, hi)),
        }
    }

    /// Whether two sides roll against each other.
    #[must_use]
    pub fn is_opposed(&self) -> bool {
        !self.opposed.is_empty()
    }

    /// The id and the aliases.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.id.as_str()).chain(self.aliases.iter().map(String::as_str))
    }
}
