//! Conditions on inputs: what is known of each at a point of a roll, and whether a condition
//! holds (or cannot be told yet).

use super::{Value, Values};
use flipbook_charts::{Chart, Condition, DICE_WORDS, FAILS_BY, Input, Operand, Test};

/// What is known of an input at this point of a roll.
pub(crate) enum Known {
    Value(Value),
    /// Its question does not apply (its `ask_if` fails, or the roll missed its rows).
    NotApplicable,
    Unknown,
}

/// The inputs of one chart as far as they are known, and the row once the die is rolled.
pub(crate) struct Scope<'a> {
    pub(crate) chart: &'a Chart,
    pub(crate) values: &'a Values,
    pub(crate) row: Option<&'a str>,
    /// Each die once they are rolled (one for a single die); empty before the roll: a
    /// condition on the dice (`natural`, `doubles`, `die`) cannot be told then.
    pub(crate) dice: &'a [i64],
    /// On a roll `against` an input, once the row is read: the total minus the input
    /// (`fails_by`); `None` before.
    pub(crate) read: Option<i64>,
}

impl Scope<'_> {
    pub(crate) fn input(&self, key: &str) -> Option<&Input> {
        self.chart.input(key)
    }

    pub(crate) fn known(&self, key: &str) -> Known {
        let Some(input) = self.input(key) else {
            return match self.values.get(key) {
                Some(v) => Known::Value(v.clone()),
                None => Known::NotApplicable,
            };
        };
        // A question that does not apply stays out, even when its answer was given.
        if let Some(cond) = &input.ask_if
            && self.holds(cond) == Some(false)
        {
            return Known::NotApplicable;
        }
        if let Some(v) = self.values.get(key) {
            return Known::Value(v.clone());
        }
        if !input.only_rows.is_empty() {
            match self.row {
                Some(r) if !input.only_rows.iter().any(|l| l == r) => return Known::NotApplicable,
                None => return Known::Unknown,
                _ => {}
            }
        }
        Known::Unknown
    }

    pub(crate) fn number(&self, key: &str) -> Option<i64> {
        match self.known(key) {
            Known::Value(v) => self.input(key).map(|i| v.as_num(i)),
            _ => None,
        }
    }

    /// Whether the condition holds: `None` while an input it needs is unknown.
    pub(crate) fn holds(&self, cond: &Condition) -> Option<bool> {
        let mut unknown = false;
        for (key, test) in cond {
            let r = if key == "any" {
                match test {
                    Test::Any(list) => {
                        let rs: Vec<Option<bool>> = list.iter().map(|c| self.holds(c)).collect();
                        if rs.contains(&Some(true)) {
                            Some(true)
                        } else if rs.contains(&None) {
                            None
                        } else {
                            Some(false)
                        }
                    }
                    _ => Some(false),
                }
            } else if DICE_WORDS.contains(&key.as_str()) && self.input(key).is_none() {
                self.dice_test(key, test)
            } else if key == FAILS_BY && self.input(key).is_none() {
                self.read.and_then(|r| self.test(&Value::Num(r), test))
            } else {
                match self.known(key) {
                    Known::NotApplicable => Some(false),
                    Known::Unknown => None,
                    Known::Value(v) => self.test(&v, test),
                }
            };
            match r {
                Some(false) => return Some(false),
                None => unknown = true,
                Some(true) => {}
            }
        }
        if unknown { None } else { Some(true) }
    }

    /// A test on the dice themselves: `None` before they are rolled.
    fn dice_test(&self, key: &str, test: &Test) -> Option<bool> {
        if self.dice.is_empty() {
            return None;
        }
        let natural = super::values::sum(self.dice.iter().copied());
        match (key, test) {
            ("doubles", Test::Bool(b)) => {
                Some((self.dice.len() > 1 && self.dice.iter().all(|d| *d == self.dice[0])) == *b)
            }
            ("natural", Test::Text(other)) => Some(self.number(other)? == natural),
            ("natural", t) => self.test(&Value::Num(natural), t),
            ("die", t) => {
                let each: Vec<Option<bool>> = self
                    .dice
                    .iter()
                    .map(|d| self.test(&Value::Num(*d), t))
                    .collect();
                if each.contains(&Some(true)) {
                    Some(true)
                } else if each.contains(&None) {
                    None
                } else {
                    Some(false)
                }
            }
            _ => Some(false),
        }
    }

    fn test(&self, v: &Value, test: &Test) -> Option<bool> {
        let operand = |o: &Operand| match o {
            Operand::Int(n) => Some(*n),
            Operand::Input(k) => self.number(k),
        };
        Some(match (v, test) {
            (Value::Bool(b), Test::Bool(t)) => b == t,
            (Value::Bool(b), Test::Text(t)) => (t == "yes") == *b,
            (Value::Num(n), Test::Int(t)) => n == t,
            (Value::Num(n), Test::Range(r)) => {
                let bound = |o: &Option<Operand>| match o {
                    Some(o) => operand(o).map(Some),
                    None => Some(None),
                };
                let (lo, hi) = (bound(&r.min)?, bound(&r.max)?);
                let (below, above) = (bound(&r.below)?, bound(&r.above)?);
                lo.is_none_or(|lo| *n >= lo)
                    && hi.is_none_or(|hi| *n <= hi)
                    && below.is_none_or(|b| *n < b)
                    && above.is_none_or(|a| *n > a)
            }
            (Value::Choice(c), Test::Text(t)) => c == t,
            (Value::Choice(c), Test::OneOf(list)) => list.contains(c),
            _ => false,
        })
    }
}
