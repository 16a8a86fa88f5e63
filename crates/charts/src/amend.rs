//! `amend.yaml`: what a book that `extends` another changes in it, without copying it: a row of
//! a chart replaced or added, a step of a segment replaced, added or removed. (Charts are added
//! or replaced by chart files of the book's own, as any book's.)

use crate::chart::{Chart, Row};
use crate::validate::{self, Problem};
use serde::{Deserialize, Serialize};
use serde_yaml::Value;

/// The file of a book's amendments.
pub const AMEND_FILE: &str = "amend.yaml";

/// How many books deep `extends` may go (a book extending a book extending … a book).
pub const MAX_EXTENDS: usize = 4;

/// A book's amendments to the book it extends.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Amendments {
    /// Rows of the base book's charts replaced or added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<RowChange>,
    /// Steps of the base book's segments replaced, added or removed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<StepChange>,
}

/// A row of a chart replaced (`row` and `with`) or added (`add`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowChange {
    /// The chart's id.
    pub chart: String,
    /// The row replaced, by its label as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<String>,
    /// The row that replaces it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with: Option<Row>,
    /// A row added, in its place among the others.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add: Option<Row>,
}

/// A step of a segment replaced (`step` and `with`), added (`add`, after step `after` or at
/// the end) or removed (`remove`); steps are counted from 1, as the book lists them.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepChange {
    /// The segment's id.
    pub segment: String,
    /// The step replaced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<usize>,
    /// The step that replaces it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with: Option<Value>,
    /// A step added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add: Option<Value>,
    /// The step the added one follows (0: first); without it, the added step comes last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<usize>,
    /// The step removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove: Option<usize>,
}

impl Amendments {
    /// Read `amend.yaml`'s text; a problem at its place when it does not read.
    ///
    /// # Errors
    /// The problem, in `file`.
    pub fn parse(file: &str, text: &str) -> Result<Amendments, Problem> {
        if let Some(p) = validate::depth_problem(file, text) {
            return Err(p);
        }
        if let Some(p) = validate::hidden_problem(file, text) {
            return Err(p);
        }
        if text.trim().is_empty() {
            return Ok(Amendments::default());
        }
        serde_yaml::from_str(text).map_err(|e| validate::yaml_problem(file, text, 0, &e))
    }

    /// The place of each row change (or step change) in the file, in one pass: its chart's
    /// (its segment's) name, found after those of the entries before it.
    #[must_use]
    pub fn places(&self, text: &str, steps: bool) -> Vec<(usize, usize)> {
        let names: Vec<&str> = if steps {
            self.steps.iter().map(|s| s.segment.as_str()).collect()
        } else {
            self.rows.iter().map(|r| r.chart.as_str()).collect()
        };
        let mut pos = text
            .find(if steps { "steps:" } else { "rows:" })
            .unwrap_or(0);
        let mut line = text[..pos].matches('\n').count() + 1;
        let mut line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
        let mut out = Vec::with_capacity(names.len());
        for name in names {
            if let Some(i) = text[pos..].find(name) {
                let at = pos + i;
                let between = &text[pos..at];
                line += between.matches('\n').count();
                if let Some(nl) = between.rfind('\n') {
                    line_start = pos + nl + 1;
                }
                pos = at;
            }
            out.push((line, text[line_start..pos].chars().count() + 1));
        }
        out
    }
}

impl RowChange {
    /// Apply the change to its chart: what it changed, in a few words, or why it cannot.
    ///
    /// # Errors
    /// A row named that the chart has not, or a change that is neither a replacement nor an
    /// addition.
    pub fn apply(&self, chart: &mut Chart) -> Result<String, String> {
        let labels = chart
            .rows
            .iter()
            .map(|r| r.row.label().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        match (&self.row, &self.with, &self.add) {
            (Some(label), Some(with), None) => {
                let Some(slot) = chart.rows.iter_mut().find(|r| r.row.label() == label) else {
                    return Err(format!(
                        "chart '{}' has no row '{}'; its rows: {}",
                        chart.id,
                        clip(label),
                        labels
                    ));
                };
                *slot = with.clone();
                Ok(format!("chart {}: row {label} replaced", chart.id))
            }
            (None, None, Some(add)) => {
                if chart.rows.is_empty() {
                    return Err(format!(
                        "chart '{}' has no rows shared by its columns to add one to",
                        chart.id
                    ));
                }
                let lo = add.row.span().lo.unwrap_or(i64::MIN);
                let at = chart
                    .rows
                    .iter()
                    .position(|r| r.row.span().lo.unwrap_or(i64::MIN) > lo)
                    .unwrap_or(chart.rows.len());
                chart.rows.insert(at, add.clone());
                Ok(format!("chart {}: row {} added", chart.id, add.row.label()))
            }
            _ => Err(
                "a row change is `row` with `with` (a row replaced) or `add` alone (a row added)"
                    .into(),
            ),
        }
    }
}

impl StepChange {
    /// Apply the change to the sequence (as YAML): what it changed, or why it cannot.
    ///
    /// # Errors
    /// A segment or a step named that the sequence has not, or a change of no one kind.
    pub fn apply(&self, sequence: &mut Value) -> Result<String, String> {
        let id = &self.segment;
        let segments = sequence
            .get_mut("segments")
            .and_then(Value::as_sequence_mut)
            .ok_or("the book extended has no segments to change")?;
        let known: Vec<String> = segments
            .iter()
            .filter_map(|s| s.get("id").and_then(Value::as_str).map(String::from))
            .collect();
        let Some(segment) = segments
            .iter_mut()
            .find(|s| s.get("id").and_then(Value::as_str) == Some(id.as_str()))
        else {
            return Err(format!(
                "no segment '{}' in the book extended; segments: {}",
                clip(id),
                known.join(", ")
            ));
        };
        let Some(map) = segment.as_mapping_mut() else {
            return Err(format!("segment '{id}' is not a map"));
        };
        let steps = map
            .entry(Value::from("steps"))
            .or_insert_with(|| Value::Sequence(Vec::new()));
        let Some(steps) = steps.as_sequence_mut() else {
            return Err(format!("segment '{id}': its steps are not a list"));
        };
        let count = steps.len();
        let no_step = |n: usize| format!("segment '{id}' has no step {n}; it has {count} (from 1)");
        match (&self.step, &self.with, &self.add, &self.after, &self.remove) {
            (Some(n), Some(with), None, None, None) => {
                let slot = steps.get_mut(n.wrapping_sub(1)).ok_or_else(|| no_step(*n))?;
                *slot = with.clone();
                Ok(format!("segment {id}: step {n} replaced"))
            }
            (None, None, Some(add), after, None) => {
                let at = after.unwrap_or(count);
                if at > count {
                    return Err(no_step(at));
                }
                steps.insert(at, add.clone());
                Ok(match after {
                    Some(0) => format!("segment {id}: a step added first"),
                    Some(a) => format!("segment {id}: a step added after step {a}"),
                    None => format!("segment {id}: a step added last"),
                })
            }
            (None, None, None, None, Some(n)) => {
                if *n == 0 || *n > count {
                    return Err(no_step(*n));
                }
                steps.remove(n - 1);
                Ok(format!("segment {id}: step {n} removed"))
            }
            _ => Err("a step change is `step` with `with` (replaced), `add` (with `after` if you like) or `remove`".into()),
        }
    }
}

/// A name of the player's, echoed: escaped and cut short.
fn clip(name: &str) -> String {
    let shown: String = name
        .chars()
        .take(40)
        .flat_map(char::escape_default)
        .collect();
    if name.chars().count() > 40 {
        format!("{shown}…")
    } else {
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(seq: &Value) -> Vec<String> {
        seq["segments"][0]["steps"]
            .as_sequence()
            .unwrap()
            .iter()
            .map(|s| s["text"].as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn steps_are_replaced_added_and_removed_in_their_places() {
        let mut seq: Value =
            serde_yaml::from_str("segments:\n  - {id: s, steps: [{text: a}, {text: b}]}\n")
                .unwrap();
        let change = |t: &str| serde_yaml::from_str::<StepChange>(t).unwrap();
        change("{segment: s, add: {text: first}, after: 0}")
            .apply(&mut seq)
            .unwrap();
        change("{segment: s, add: {text: last}}")
            .apply(&mut seq)
            .unwrap();
        change("{segment: s, step: 2, with: {text: A}}")
            .apply(&mut seq)
            .unwrap();
        change("{segment: s, remove: 3}").apply(&mut seq).unwrap();
        assert_eq!(steps(&seq), ["first", "A", "last"]);
        for bad in [
            "{segment: s, remove: 0}",
            "{segment: s, remove: 4}",
            "{segment: s, add: {text: x}, after: 9}",
            "{segment: s, step: 18446744073709551615, with: {text: x}}",
            "{segment: s, remove: 1, step: 1}",
            "{segment: t, remove: 1}",
        ] {
            assert!(change(bad).apply(&mut seq).is_err(), "{bad}");
        }
        assert_eq!(steps(&seq), ["first", "A", "last"]);
    }

    #[test]
    fn a_row_added_takes_its_place_among_the_others() {
        let mut chart: Chart = serde_yaml::from_str(
            "id: c\ntitle: C\nprinted: p\ndie: d6\nrows:\n  - {row: \"1-2\", result: a}\n  - {row: \"5-6\", result: c}\n",
        )
        .unwrap();
        let change: RowChange =
            serde_yaml::from_str("{chart: c, add: {row: \"3-4\", result: b}}").unwrap();
        change.apply(&mut chart).unwrap();
        let labels: Vec<&str> = chart.rows.iter().map(|r| r.row.label()).collect();
        assert_eq!(labels, ["1-2", "3-4", "5-6"]);
        let missing: RowChange =
            serde_yaml::from_str("{chart: c, row: \"9\", with: {row: \"9\", result: x}}").unwrap();
        assert!(
            missing
                .apply(&mut chart)
                .unwrap_err()
                .contains("no row '9'")
        );
    }
}
