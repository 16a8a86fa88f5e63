//! What moves a chart's total and what holds it: the listed DRMs, their groups and cap, and
//! the limits on the total, each held within its Bounds.

use super::Condition;
use serde::{Deserialize, Serialize};

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
