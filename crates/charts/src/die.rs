//! Dice and printed ranges, parsed once when a chart is read: a chart's `die`, a row's band
//! ("1-2", "9+", "2 or less") and a column's band of sums.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The dice a chart rolls: `count` dice of `sides` sides, summed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dice {
    /// How many dice are rolled and summed.
    pub count: u32,
    /// The sides of each die.
    pub sides: u32,
}

impl Dice {
    /// The most dice a chart may roll.
    pub const MAX_COUNT: u32 = 10;
    /// The most sides a die may have.
    pub const MAX_SIDES: u32 = 100;

    /// Parse `d6`, `d10`, `2d6`, `1d20`. `None` when it is not a dice expression we roll.
    #[must_use]
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

    /// The smallest total the dice roll.
    #[must_use]
    pub fn min(&self) -> i64 {
        i64::from(self.count)
    }

    /// The largest total the dice roll.
    #[must_use]
    pub fn max(&self) -> i64 {
        i64::from(self.count) * i64::from(self.sides)
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

/// What a chart is read by: dice, or a value computed from its inputs (`die: none`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Die {
    /// Dice rolled and summed.
    Dice(Dice),
    /// A table indexed by a computed value: no roll.
    Table,
}

impl Die {
    /// The dice, for a chart that rolls.
    #[must_use]
    pub fn dice(self) -> Option<Dice> {
        match self {
            Die::Dice(d) => Some(d),
            Die::Table => None,
        }
    }
}

impl TryFrom<String> for Die {
    type Error = String;
    fn try_from(s: String) -> Result<Die, String> {
        if s.trim() == "none" {
            return Ok(Die::Table);
        }
        Dice::parse(&s).map(Die::Dice).ok_or_else(|| {
            let shown: String = s.chars().take(20).flat_map(char::escape_default).collect();
            format!(
                "die '{shown}' is not a die: write dN (one die of N sides, N from 2 to {}), \
                     MdN (M dice summed, M from 1 to {}: 2d6, 3d6), or none (a table without \
                     a die)",
                Dice::MAX_SIDES,
                Dice::MAX_COUNT
            )
        })
    }
}

impl From<Die> for String {
    fn from(d: Die) -> String {
        d.to_string()
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Die::Dice(d) => d.fmt(f),
            Die::Table => f.write_str("none"),
        }
    }
}

/// The span of a row or a column band: `lo..=hi`, where `None` is open-ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    /// The lowest value in the span; `None` when open below ("2 or less").
    pub lo: Option<i64>,
    /// The highest value in the span; `None` when open above ("9+").
    pub hi: Option<i64>,
}

impl Span {
    /// Parse a printed label: `1-2`, `-3--1`, `9+`, `2 or less`, `18 or Less`, `10`, `any`.
    #[must_use]
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

    /// Whether `n` is in the span.
    #[must_use]
    pub fn contains(&self, n: i64) -> bool {
        self.lo.is_none_or(|lo| n >= lo) && self.hi.is_none_or(|hi| n <= hi)
    }

    /// The span holding `n`, or the nearest one (and `true`: clamped) when `n` is beyond them
    /// all. `spans` run upward, as validation makes sure.
    #[must_use]
    pub fn nearest(spans: &[Span], n: i64) -> (usize, bool) {
        if let Some(i) = spans.iter().position(|s| s.contains(n)) {
            return (i, false);
        }
        let below = spans.first().and_then(|s| s.lo).is_some_and(|lo| n < lo);
        if below {
            (0, true)
        } else {
            (spans.len().saturating_sub(1), true)
        }
    }
}

/// A printed row label with its span, read once: `"9+"` is 9 and up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Band {
    label: String,
    span: Span,
}

impl Band {
    /// The label as printed.
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }

    /// The values the label covers.
    #[must_use]
    pub fn span(&self) -> Span {
        self.span
    }
}

impl TryFrom<String> for Band {
    type Error = String;
    fn try_from(label: String) -> Result<Band, String> {
        match Span::parse(&label) {
            Some(span) => Ok(Band { label, span }),
            None => Err(format!(
                "row '{label}' is not a range like 1-2, 9+, 2 or less, 10"
            )),
        }
    }
}

impl From<Band> for String {
    fn from(b: Band) -> String {
        b.label
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

impl PartialEq<str> for Band {
    fn eq(&self, other: &str) -> bool {
        self.label == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_parse_as_printed() {
        let s = |l: &str| Span::parse(l).map(|s| (s.lo, s.hi));
        assert_eq!(s("1-2"), Some((Some(1), Some(2))));
        assert_eq!(s("9+"), Some((Some(9), None)));
        assert_eq!(s("2 or less"), Some((None, Some(2))));
        assert_eq!(s("18 or Less"), Some((None, Some(18))));
        assert_eq!(s("-3 or less"), Some((None, Some(-3))));
        assert_eq!(s("-2"), Some((Some(-2), Some(-2))));
        assert_eq!(s("-3--1"), Some((Some(-3), Some(-1))));
        assert_eq!(s("10"), Some((Some(10), Some(10))));
        assert_eq!(s("5-3"), None);
        assert_eq!(s("x"), None);
    }

    #[test]
    fn dice_and_tables_read_and_print_back() {
        let d: Die = serde_yaml::from_str("2d6").unwrap();
        assert_eq!(d, Die::Dice(Dice { count: 2, sides: 6 }));
        assert_eq!(d.to_string(), "2d6");
        let t: Die = serde_yaml::from_str("none").unwrap();
        assert_eq!((t, t.to_string()), (Die::Table, "none".to_string()));
        let e = serde_yaml::from_str::<Die>("d1000")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("die 'd1000' is not a die: write dN") && e.contains("3d6"),
            "{e}"
        );
    }

    #[test]
    fn the_nearest_band_is_read_beyond_the_rows() {
        let spans: Vec<Span> = ["1-2", "3-8", "9+"]
            .iter()
            .map(|l| Span::parse(l).unwrap())
            .collect();
        assert_eq!(Span::nearest(&spans, 5), (1, false));
        assert_eq!(Span::nearest(&spans, -1), (0, true));
        assert_eq!(Span::nearest(&spans, 40), (2, false));
        let closed: Vec<Span> = ["1-2", "3-4"]
            .iter()
            .map(|l| Span::parse(l).unwrap())
            .collect();
        assert_eq!(Span::nearest(&closed, 7), (1, true));
    }
}
