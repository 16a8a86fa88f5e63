//! Input values: what `--set key=value` or a prompt gives, read and checked against the input.

use crate::error::{Error, Result};
use flipbook_charts::{ChoiceOption, Input, InputKind};
use serde::Serialize;
use std::collections::BTreeMap;

/// The value of one input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(untagged)]
pub(crate) enum Value {
    Num(i64),
    Bool(bool),
    Choice(String),
}

impl Value {
    /// As a number: yes is 1, no is 0, a choice is its position.
    pub(crate) fn as_num(&self, input: &Input) -> i64 {
        match self {
            Value::Num(n) => *n,
            Value::Bool(b) => i64::from(*b),
            Value::Choice(c) => input
                .options
                .iter()
                .position(|o| o.value() == c)
                .unwrap_or(0) as i64,
        }
    }

    pub(crate) fn text(&self) -> String {
        match self {
            Value::Num(n) => n.to_string(),
            Value::Bool(true) => "yes".into(),
            Value::Bool(false) => "no".into(),
            Value::Choice(c) => c.clone(),
        }
    }
}

pub(crate) type Values = BTreeMap<String, Value>;

/// An input as the player knows it, by its printed name (its label, or else its question
/// without the question mark), with the key a script gives to `--set` in brackets:
/// "Media Relations [media]".
fn printed(input: &Input) -> String {
    let name = input
        .label
        .as_deref()
        .unwrap_or_else(|| input.ask.trim_end_matches('?'));
    format!("{name} [{}]", input.key)
}

/// Read a value as typed after `--set key=` or at a prompt.
pub(crate) fn parse_value(input: &Input, text: &str) -> std::result::Result<Value, String> {
    let t = text.trim();
    match input.kind {
        InputKind::Number => {
            let n: i64 = t
                .strip_prefix('+')
                .unwrap_or(t)
                .parse()
                .map_err(|_| format!("{} takes a number, not '{t}'", printed(input)))?;
            let (lo, hi) = input.span();
            if !(lo..=hi).contains(&n) {
                return Err(format!("{} must be {lo} to {hi}, not {n}", printed(input)));
            }
            Ok(Value::Num(n))
        }
        InputKind::Yesno => match t.to_ascii_lowercase().as_str() {
            "yes" | "y" | "true" | "1" => Ok(Value::Bool(true)),
            "no" | "n" | "false" | "0" => Ok(Value::Bool(false)),
            _ => Err(format!("{} takes yes or no, not '{t}'", printed(input))),
        },
        InputKind::Choice => input
            .options
            .iter()
            .find(|o| o.value().eq_ignore_ascii_case(t) || o.label().eq_ignore_ascii_case(t))
            .map(|o| Value::Choice(o.value().to_string()))
            .ok_or_else(|| {
                let opts: Vec<&str> = input.options.iter().map(ChoiceOption::value).collect();
                format!(
                    "{} takes one of {}, not '{t}'",
                    printed(input),
                    opts.join(", ")
                )
            }),
    }
}

/// Read `--set KEY=VALUE` values against the inputs they may name (those of `chart` and of
/// the charts it rolls on).
pub(crate) fn from_sets(chart: &str, inputs: &[Input], sets: &[String]) -> Result<Values> {
    let mut values = Values::new();
    for s in sets {
        let Some((k, v)) = s.split_once('=') else {
            return Err(Error::usage(format!("--set takes KEY=VALUE, not '{s}'")));
        };
        let k = k.trim();
        let Some(input) = inputs.iter().find(|i| i.key == k) else {
            let keys: Vec<&str> = inputs.iter().map(|i| i.key.as_str()).collect();
            let has = if keys.is_empty() {
                "it takes no inputs".to_string()
            } else {
                format!("its inputs: {}", keys.join(", "))
            };
            return Err(Error::usage(format!("{chart} has no input '{k}'; {has}")));
        };
        values.insert(k.to_string(), parse_value(input, v).map_err(Error::Usage)?);
    }
    Ok(values)
}

/// A sum (of dice, of modifiers) that holds at the ends of the number line instead of wrapping: the values
/// a book may hold are bounded by validation, and this keeps a hostile one harmless.
pub(crate) fn sum(values: impl Iterator<Item = i64>) -> i64 {
    values.fold(0, i64::saturating_add)
}
