//! The book and chart model: what a chart file says, as serde types.
//!
//! This file is shared with `build.rs` (which validates the shipped books and embeds them as JSON),
//! so it depends on nothing but `serde` and `std`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// `book.yaml`: what a book is.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BookMeta {
    pub id: String,
    pub title: String,
    /// The game and its publisher, as a player would name it.
    pub game: String,
    /// Which source text the book was written from.
    pub source: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One chart: a die-rolled table, a value-indexed table or a calculator.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chart {
    pub id: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    pub title: String,
    /// Where the chart is printed: page and booklet code, e.g. "Flipbook p4; GM p25".
    pub printed: String,
    /// `d6`, `d10`, `2d6`, ... or `none` for a table indexed by a computed value.
    pub die: String,
    /// The optional new-player DRM (-1) applies to this chart.
    #[serde(default, skip_serializing_if = "is_false")]
    pub new_player: bool,
    /// A Master Action roll: the player may pay 1 AP to re-roll it once (the re-roll is final).
    #[serde(default, skip_serializing_if = "is_false")]
    pub reroll_for_ap: bool,
    /// A random selection roll (which region, which ally...): never takes the new-player DRM.
    #[serde(default, skip_serializing_if = "is_false")]
    pub selection: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<Input>,
    /// Conditions under which there is no roll at all, with what happens instead.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gates: Vec<Gate>,
    /// How the column is chosen (by a choice or yes/no input, or by a sum); absent for one column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column_by: Option<ColumnBy>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<ColumnDef>,
    /// The chart's listed DRMs (for a table without a die: the terms of its value).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drms: Vec<Drm>,
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
    /// A chart the seed only names: roll, then read the printed chart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stub: Option<Stub>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

fn one() -> u32 {
    1
}

/// A question a chart needs answered from the board.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub key: String,
    /// The question, as the prompt asks it.
    pub ask: String,
    /// A short name used when a modifier shows its source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// `number`, `yesno` or `choice`.
    #[serde(rename = "type")]
    pub kind: InputKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<ChoiceOption>,
    /// Ask only when this holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ask_if: Option<Condition>,
    /// Ask only after the roll, and only when it lands on one of these rows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only_rows: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InputKind {
    Number,
    Yesno,
    Choice,
}

impl Input {
    /// The short name of the input, for modifier sources and tables.
    pub fn name(&self) -> &str {
        self.label.as_deref().unwrap_or(&self.key)
    }

    /// The smallest and largest value the input can take, as a number.
    pub fn span(&self) -> (i64, i64) {
        match self.kind {
            InputKind::Number => (self.min.unwrap_or(0), self.max.unwrap_or(0)),
            InputKind::Yesno => (0, 1),
            InputKind::Choice => (0, self.options.len().saturating_sub(1) as i64),
        }
    }
}

/// A choice: a value typed after `--set key=` and the label shown in menus.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ChoiceOption {
    Plain(String),
    Labelled { value: String, label: String },
}

impl ChoiceOption {
    pub fn value(&self) -> &str {
        match self {
            ChoiceOption::Plain(v) => v,
            ChoiceOption::Labelled { value, .. } => value,
        }
    }
    pub fn label(&self) -> &str {
        match self {
            ChoiceOption::Plain(v) => v,
            ChoiceOption::Labelled { label, .. } => label,
        }
    }
}

/// How the column is chosen: by a choice input, or by the sum of number inputs against bands.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnBy {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sum: Vec<String>,
    /// What the column headings mean, as printed ("Sum of 4 ratings").
    pub title: String,
}

/// A column: its printed heading, the choice value that selects it, and maybe rows of its own.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ColumnDef {
    Label(String),
    Full(Column),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Column {
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<Row>,
}

impl ColumnDef {
    pub fn label(&self) -> &str {
        match self {
            ColumnDef::Label(l) => l,
            ColumnDef::Full(c) => &c.label,
        }
    }
    pub fn value(&self) -> Option<&str> {
        match self {
            ColumnDef::Label(_) => None,
            ColumnDef::Full(c) => c.value.as_deref(),
        }
    }
    pub fn own_rows(&self) -> &[Row] {
        match self {
            ColumnDef::Label(_) => &[],
            ColumnDef::Full(c) => &c.rows,
        }
    }
}

/// One printed row: its label ("1-2", "9+", "2 or less") and what it says.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub row: String,
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
}

/// A result: one text, or one per value of the chart's `result_by` input.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ResultText {
    Text(String),
    ByValue(BTreeMap<String, String>),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alt {
    pub when: Condition,
    pub result: String,
    /// Only in these columns (labels); every column when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<String>,
}

/// A follow-up roll on another chart.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Follow {
    pub chart: String,
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
}

/// A listed DRM (or, on a table without a die, a term of its value).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drm {
    pub label: String,
    pub value: i64,
    /// Multiply the value by this input ("+1 per level 3 or 4 Terror Group").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// Only on these columns (labels); every column when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cap {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// As printed: "+/-2 Max".
    pub printed: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limit {
    pub when: Condition,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    pub note: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gate {
    pub when: Condition,
    pub result: String,
    /// Rolls on other charts instead ("roll on WM4").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<Follow>,
}

/// A note added to the result when the natural roll is one of `naturals`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnNatural {
    pub naturals: Vec<i64>,
    pub text: String,
}

/// Where to read a chart the seed only names.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stub {
    /// The booklet code, e.g. "D9".
    pub code: String,
    /// The chart's printed name.
    pub table: String,
    pub booklet: String,
    /// What to tell the player instead of "look up N on CODE": `{total}` is the roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read: Option<String>,
}

/// All of its tests must hold. The key `any` holds a list of conditions of which one must hold.
pub type Condition = BTreeMap<String, Test>;

/// A test on one input.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Test {
    Bool(bool),
    Int(i64),
    Text(String),
    // Before Range: serde would read a list into the struct's fields.
    OneOf(Vec<String>),
    Range(RangeTest),
    Any(Vec<Condition>),
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeTest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<Operand>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<Operand>,
}

/// A bound: a number, or the value of another input.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Operand {
    Int(i64),
    Input(String),
}

/// The dice a chart rolls: `count` dice of `sides` sides, summed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
}

impl Dice {
    pub const MAX_COUNT: u32 = 10;
    pub const MAX_SIDES: u32 = 100;

    /// Parse `d6`, `d10`, `2d6`, `1d20`. `None` when it is not a dice expression we roll.
    pub fn parse(text: &str) -> Option<Dice> {
        let t = text.trim().to_ascii_lowercase();
        let (count, sides) = t.split_once('d')?;
        let count: u32 = if count.is_empty() {
            1
        } else {
            count.parse().ok()?
        };
        let sides: u32 = sides.parse().ok()?;
        if !(1..=Self::MAX_COUNT).contains(&count) || !(2..=Self::MAX_SIDES).contains(&sides) {
            return None;
        }
        Some(Dice { count, sides })
    }

    pub fn min(&self) -> i64 {
        self.count as i64
    }

    pub fn max(&self) -> i64 {
        (self.count * self.sides) as i64
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count == 1 {
            write!(f, "d{}", self.sides)
        } else {
            write!(f, "{}d{}", self.count, self.sides)
        }
    }
}

/// The span of a row or a column band: `lo..=hi`, where `None` is open-ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub lo: Option<i64>,
    pub hi: Option<i64>,
}

impl Span {
    /// Parse a printed label: `1-2`, `-3--1`, `9+`, `2 or less`, `18 or Less`, `10`, `any`.
    pub fn parse(label: &str) -> Option<Span> {
        let t = label.trim();
        let lower = t.to_ascii_lowercase();
        if lower == "any" {
            return Some(Span { lo: None, hi: None });
        }
        if let Some(n) = lower.strip_suffix("or less") {
            return Some(Span {
                lo: None,
                hi: Some(n.trim().parse().ok()?),
            });
        }
        if let Some(n) = lower.strip_suffix("or more") {
            return Some(Span {
                lo: Some(n.trim().parse().ok()?),
                hi: None,
            });
        }
        if let Some(n) = t.strip_suffix('+') {
            return Some(Span {
                lo: Some(n.trim().parse().ok()?),
                hi: None,
            });
        }
        if let Ok(n) = t.parse::<i64>() {
            return Some(Span {
                lo: Some(n),
                hi: Some(n),
            });
        }
        // A range: the dash that separates is the first one after the first character.
        let bytes = t.as_bytes();
        let dash = (1..bytes.len()).find(|&i| bytes[i] == b'-')?;
        let lo: i64 = t[..dash].trim().parse().ok()?;
        let hi: i64 = t[dash + 1..].trim().parse().ok()?;
        (lo <= hi).then_some(Span {
            lo: Some(lo),
            hi: Some(hi),
        })
    }

    pub fn contains(&self, n: i64) -> bool {
        self.lo.is_none_or(|lo| n >= lo) && self.hi.is_none_or(|hi| n <= hi)
    }
}

/// One chart file may hold several charts as YAML documents separated by `---`.
pub fn parse_yaml_documents<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Vec<(usize, Result<T, YamlError>)> {
    // The YAML parser panics on some malformed files (an alias to an anchor of another
    // document): catch it, quietly, and report it as an error of the file.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let parsed = std::panic::catch_unwind(|| parse_documents::<T>(text));
    std::panic::set_hook(previous);
    match parsed {
        Ok(docs) => docs
            .into_iter()
            .map(|(i, r)| (i, r.map_err(YamlError::Yaml)))
            .collect(),
        Err(_) => vec![(0, Err(YamlError::Crashed))],
    }
}

/// Why a YAML document could not be read.
#[derive(Debug)]
pub enum YamlError {
    Yaml(serde_yaml::Error),
    /// The parser gave up on the file (for example an alias to another document's anchor).
    Crashed,
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            YamlError::Yaml(e) => e.fmt(f),
            YamlError::Crashed => {
                f.write_str("this YAML cannot be read (an alias to an anchor of another document?)")
            }
        }
    }
}

fn parse_documents<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Vec<(usize, Result<T, serde_yaml::Error>)> {
    let mut out = Vec::new();
    let mut last_error: Option<String> = None;
    for (i, doc) in serde_yaml::Deserializer::from_str(text).enumerate() {
        let parsed = T::deserialize(doc);
        if let Err(e) = &parsed {
            // After a syntax error the stream repeats it without end: stop at the repeat.
            let msg = e.to_string();
            if last_error.as_ref() == Some(&msg) {
                break;
            }
            last_error = Some(msg);
        }
        out.push((i, parsed));
    }
    out
}

/// `sequence.yaml`: a book's turn, as phases of segments, each with its instructions and charts.
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
pub fn turn_applies(turns: &[u32], not_turns: &[u32], turn: u32) -> bool {
    (turns.is_empty() || turns.contains(&turn)) && !not_turns.contains(&turn)
}

/// An ordering rule of a book (`orders.yaml`): turn order, initiative, placement turns.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderRule {
    pub id: String,
    pub title: String,
    pub printed: String,
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
    #[serde(default, skip_serializing_if = "is_false")]
    pub unique: bool,
    /// A token that gives its holder a fixed value (`--set KEY=PLAYER`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<OrderToken>,
    /// The game ends when a player's value reaches this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Combine {
    Min,
    Max,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderValue {
    /// What the value is ("Global Influence", "strategy card").
    pub name: String,
    pub min: i64,
    pub max: i64,
    /// Names of values ("1": Leadership).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<i64, String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerPlayers {
    /// A range of player counts ("3-4").
    pub players: String,
    pub values: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderToken {
    pub key: String,
    pub name: String,
    pub value: i64,
}
