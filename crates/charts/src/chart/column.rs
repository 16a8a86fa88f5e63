//! A chart's columns: how one is chosen (by an input, a sum or odds), the shifts that move it,
//! and a column as a file writes it (a heading alone, or a map).

use super::{Condition, Row};
use crate::die::Span;
use serde::{Deserialize, Serialize};

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
