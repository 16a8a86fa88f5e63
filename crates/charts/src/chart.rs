//! A chart: a die-rolled table, a value-indexed table or a calculator, as a chart file says it.

use crate::die::{Band, Die, Span};
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

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_one(n: &u32) -> bool {
    *n == 1
}

fn one() -> u32 {
    1
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

/// A question a chart needs answered from the board.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Input {
    /// The input's key, as `--set KEY=VALUE` and the conditions name it.
    pub key: String,
    /// The question, as the prompt asks it.
    pub ask: String,
    /// A short name used when a modifier shows its source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// `number`, `yesno` or `choice`.
    #[serde(rename = "type")]
    pub kind: InputKind,
    /// The smallest number taken (number inputs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// The largest number taken (number inputs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// The choices (choice inputs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<ChoiceOption>,
    /// Ask only when this holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ask_if: Option<Condition>,
    /// Ask only after the roll, and only when it lands on one of these rows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub only_rows: Vec<String>,
    /// A value of the thing this one roll is for (the region's Stability, the bill's box), not
    /// one value of the board: asked at every roll, never kept from another roll.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub each_roll: bool,
}

/// What an input takes: a number, yes or no, or one of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InputKind {
    /// A whole number, between `min` and `max`.
    Number,
    /// Yes or no.
    Yesno,
    /// One of the input's `options`.
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
            InputKind::Choice => (
                0,
                i64::try_from(self.options.len().saturating_sub(1)).unwrap_or(i64::MAX),
            ),
        }
    }
}

/// A choice: a value typed after `--set key=` and the label shown in menus.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ChoiceOption {
    /// A value that is its own label.
    Plain(String),
    /// A value with a label of its own.
    Labelled {
        /// The value, as `--set` takes it.
        value: String,
        /// The label, as a menu shows it.
        label: String,
    },
}

impl ChoiceOption {
    /// The value, as `--set` takes it.
    pub fn value(&self) -> &str {
        match self {
            ChoiceOption::Plain(v) => v,
            ChoiceOption::Labelled { value, .. } => value,
        }
    }
    /// The label, as a menu shows it.
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
    /// The choice or yes/no input whose value picks the column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// The number inputs whose sum is read against the columns' bands.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sum: Vec<String>,
    /// What the column headings mean, as printed ("Sum of 4 ratings").
    pub title: String,
    /// Two number inputs whose ratio (the first to the second) picks an odds column, the
    /// columns labelled as printed ratios (`1:2`, `1:1`, `3:2`, `2:1`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ratio: Vec<String>,
    /// How a ratio between two listed columns is read: `down` to the next lower column (in the
    /// second input's favour), or `up` to the next higher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<Round>,
    /// What happens, instead of a roll, when the ratio is below the first column; without it the
    /// first column is read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub below: Option<String>,
}

/// How a ratio between two odds columns is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Round {
    /// To the next lower column: 5:2 on a table of 2:1 and 3:1 reads 2:1.
    Down,
    /// To the next higher column: 5:2 reads 3:1.
    Up,
}

/// A printed odds column's ratio (`3:2`): both whole numbers, the first above 0 or both.
#[must_use]
pub fn parse_ratio(label: &str) -> Option<(i64, i64)> {
    let (a, b) = label.trim().split_once(':')?;
    let a: i64 = a.trim().parse().ok()?;
    let b: i64 = b.trim().parse().ok()?;
    (a > 0 && b > 0 && a <= 1000 && b <= 1000).then_some((a, b))
}

/// A modifier that moves the column, not the total: `value` columns right (left when
/// negative), held at the table's edges.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shift {
    /// The shift's source, as shown ("Leader").
    pub label: String,
    /// Columns to the right (a negative value: to the left).
    pub value: i64,
    /// Only when this holds; always when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
}

/// A column: its printed heading, the choice value that selects it, and maybe rows of its own.
/// In a file it is a heading alone (`"19-23"`) or a map (`{label, value, rows}`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(from = "RawColumn", into = "RawColumn")]
pub struct Column {
    /// The heading, as printed.
    pub label: String,
    /// The value of the `column_by` input that selects this column.
    pub value: Option<String>,
    /// The column's own rows; empty when it reads the chart's shared rows.
    pub rows: Vec<Row>,
    /// The heading read as a band of sums ("19-23"), for columns chosen by a sum.
    pub band: Option<Span>,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum RawColumn {
    Label(String),
    Full(FullColumn),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FullColumn {
    label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    rows: Vec<Row>,
}

impl From<RawColumn> for Column {
    fn from(raw: RawColumn) -> Column {
        let (label, value, rows) = match raw {
            RawColumn::Label(l) => (l, None, Vec::new()),
            RawColumn::Full(f) => (f.label, f.value, f.rows),
        };
        Column {
            band: Span::parse(&label),
            label,
            value,
            rows,
        }
    }
}

impl From<Column> for RawColumn {
    fn from(c: Column) -> RawColumn {
        if c.value.is_none() && c.rows.is_empty() {
            RawColumn::Label(c.label)
        } else {
            RawColumn::Full(FullColumn {
                label: c.label,
                value: c.value,
                rows: c.rows,
            })
        }
    }
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
}

/// A listed DRM (or, on a table without a die, a term of its value).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drm {
    /// The modifier's source, as shown ("Veteran crew").
    pub label: String,
    /// The modifier (per unit of `per`, when given).
    pub value: i64,
    /// Multiply the value by this input ("+1 per level 3 or 4 Terror Group").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per: Option<String>,
    /// Only when this holds; always when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Condition>,
    /// Only on these columns (labels); every column when empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<String>,
    /// On an opposed roll: the side (one of the chart's `opposed` names) it adds to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// The group (one of the chart's `groups`) whose bounds hold it with the group's others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// A lowest and a highest value, either left open: what a group, a cap and a limit hold a sum
/// or a total within. Their fields stay `min` and `max` in the file (serde's `flatten` would
/// drop `deny_unknown_fields`); each gives its bounds as one of these, clamped in one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Bounds {
    /// Never below this.
    pub min: Option<i64>,
    /// Never above this.
    pub max: Option<i64>,
}

impl Bounds {
    /// `value` held within the bounds.
    #[must_use]
    pub fn clamp(self, value: i64) -> i64 {
        let lo = self.min.unwrap_or(i64::MIN);
        // A book may give min above max (`check` refuses it): the lower bound wins, as before.
        let hi = self.max.unwrap_or(i64::MAX).max(lo);
        value.clamp(lo, hi)
    }

    /// Both ends, those given.
    pub fn ends(self) -> impl Iterator<Item = i64> {
        [self.min, self.max].into_iter().flatten()
    }
}

/// A group of DRMs whose sum is held within bounds of its own, before the chart's cap.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrmGroup {
    /// The name DRMs give as their `group`.
    pub id: String,
    /// The group's sum is never below this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// The group's sum is never above this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// As printed: "Ops never above 4".
    pub printed: String,
}

impl DrmGroup {
    /// What the group's sum is held within.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        Bounds {
            min: self.min,
            max: self.max,
        }
    }
}

/// A cap on the listed DRMs together: their sum is kept between `min` and `max`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cap {
    /// The lowest the listed DRMs may add up to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// The highest the listed DRMs may add up to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// As printed: "+/-2 Max".
    pub printed: String,
}

impl Cap {
    /// What the listed DRMs' sum is held within.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        Bounds {
            min: self.min,
            max: self.max,
        }
    }
}

/// A bound on the total that applies when a condition holds.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limit {
    /// When the bound applies.
    pub when: Condition,
    /// The total is raised to this at least.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// The total is lowered to this at most.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// Why, as shown with the roll.
    pub note: String,
}

impl Limit {
    /// What the total is held within when the limit holds.
    #[must_use]
    pub fn bounds(&self) -> Bounds {
        Bounds {
            min: self.min,
            max: self.max,
        }
    }
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

#[cfg(test)]
mod tests {
    use super::Bounds;

    #[test]
    fn bounds_clamp_at_each_end_and_leave_an_open_end_open() {
        let b = Bounds {
            min: Some(-2),
            max: Some(2),
        };
        assert_eq!([-3, -2, 0, 2, 3].map(|v| b.clamp(v)), [-2, -2, 0, 2, 2]);
        let low = Bounds {
            min: Some(1),
            max: None,
        };
        assert_eq!([0, 1, i64::MAX].map(|v| low.clamp(v)), [1, 1, i64::MAX]);
        assert_eq!(Bounds::default().clamp(i64::MIN), i64::MIN);
        // min above max (refused by `check`) does not panic: the lower bound wins.
        let crossed = Bounds {
            min: Some(3),
            max: Some(1),
        };
        assert_eq!([0, 2, 5].map(|v| crossed.clamp(v)), [3, 3, 3]);
        assert_eq!(crossed.ends().collect::<Vec<_>>(), [3, 1]);
    }
}
