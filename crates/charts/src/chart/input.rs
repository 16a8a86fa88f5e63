//! The questions a chart asks the board (number, yes/no, choice), and the values a follow-up
//! gives them.

use super::Condition;
use serde::{Deserialize, Serialize};

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
    /// The number each of `options` keeps in a numbered menu, when some are not offered now
    /// (held by another item of a loop): the others keep theirs, all game. Empty: 1, 2, 3...
    #[serde(skip)]
    pub numbers: Vec<usize>,
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

/// A value a follow-up gives an input of the chart it rolls on: a number, yes or no, or a
/// choice's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum SetValue {
    /// A number input's value.
    Num(i64),
    /// A yes/no input's value.
    Bool(bool),
    /// A choice input's value.
    Text(String),
}

impl SetValue {
    /// The value as `--set` would type it.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            SetValue::Num(n) => n.to_string(),
            SetValue::Bool(true) => "yes".into(),
            SetValue::Bool(false) => "no".into(),
            SetValue::Text(t) => t.clone(),
        }
    }

    /// What `input` takes, when this value does not fit it (its type, its `min` and `max`,
    /// its options): "0 to 3", "a number".
    #[must_use]
    pub fn misfit(&self, input: &Input) -> Option<String> {
        match (input.kind, self) {
            (InputKind::Number, SetValue::Num(n)) => {
                let (lo, hi) = input.span();
                (!(lo..=hi).contains(n)).then(|| format!("{lo} to {hi}"))
            }
            (InputKind::Number, _) => Some("a number".into()),
            (InputKind::Yesno, SetValue::Bool(_)) => None,
            (InputKind::Yesno, _) => Some("true or false".into()),
            (InputKind::Choice, SetValue::Text(t))
                if input.options.iter().any(|o| o.value() == t) =>
            {
                None
            }
            (InputKind::Choice, _) => {
                let opts: Vec<&str> = input.options.iter().map(ChoiceOption::value).collect();
                Some(format!("one of {}", opts.join(", ")))
            }
        }
    }
}
