//! The exact odds of each row of a column under a given modifier, and percentages that add up.

use super::dice::Spread;
use super::table;
use flipbook_charts::{Dice, Row, Span};

/// For each row: in how many of `out_of` equally likely rolls it is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Odds {
    pub(crate) ways: Vec<u128>,
    pub(crate) out_of: u128,
}

/// The odds of each of `rows` with the natural rolls of `spread` plus `modifier`, then `limit`
/// on the total.
pub(crate) fn row_odds(
    spread: &Spread,
    rows: &[Row],
    modifier: i64,
    limit: impl Fn(i64) -> i64,
) -> Odds {
    row_odds_decided(spread, rows, modifier, limit, |_| None)
}

/// The same where a natural roll may decide the row whatever the total: `decide` gives that
/// row's place among `rows` (`None`: the total decides).
pub(crate) fn row_odds_decided(
    spread: &Spread,
    rows: &[Row],
    modifier: i64,
    limit: impl Fn(i64) -> i64,
    decide: impl Fn(i64) -> Option<usize>,
) -> Odds {
    let spans = table::spans(rows);
    let mut ways = vec![0u128; rows.len()];
    for (i, w) in spread.ways.iter().enumerate() {
        let natural = spread
            .min
            .saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
        let row = decide(natural).unwrap_or_else(|| {
            let total = limit(natural.saturating_add(modifier));
            Span::nearest(&spans, total).0
        });
        ways[row] += w;
    }
    Odds {
        ways,
        out_of: spread.out_of,
    }
}

/// The odds counted die by die, each of the `sides^count` outcomes once, where the single dice
/// may decide the row (`decide`: doubles, a die showing 6) or the modifier (`modifier`: a DRM
/// on doubles); `None` when there are more than
/// `MAX_DICE_OUTCOMES` outcomes (`check` refuses such a chart).
pub(crate) fn face_odds(
    dice: Dice,
    rows: &[Row],
    modifier: impl Fn(&[i64]) -> i64,
    limit: impl Fn(i64) -> i64,
    decide: impl Fn(&[i64]) -> Option<usize>,
) -> Option<Odds> {
    let sides = u128::from(dice.sides);
    let out_of = sides
        .checked_pow(dice.count)
        .filter(|n| *n <= flipbook_charts::validate::MAX_DICE_OUTCOMES && sides > 0)?;
    let spans = table::spans(rows);
    let mut ways = vec![0u128; rows.len()];
    let mut faces = vec![0i64; dice.count as usize];
    for mut n in 0..out_of {
        for f in &mut faces {
            *f = i64::try_from(n % sides).unwrap_or(0) + 1;
            n /= sides;
        }
        let natural = faces.iter().sum::<i64>();
        let row = decide(&faces).unwrap_or_else(|| {
            let total = limit(natural.saturating_add(modifier(&faces)));
            Span::nearest(&spans, total).0
        });
        ways[row] += 1;
    }
    Some(Odds { ways, out_of })
}

impl Odds {
    /// Percentages to one decimal place that add up to exactly 100.0 (largest remainders).
    /// Counted exactly for any count of outcomes a `u128` holds (opposed 9d100: 10^36).
    pub(crate) fn percents(&self) -> Vec<f64> {
        const UNITS: u128 = 1000;
        let exact: Vec<(u128, u128)> = self
            .ways
            .iter()
            .map(|w| mul_div(*w, UNITS, self.out_of))
            .collect();
        let mut units: Vec<u128> = exact.iter().map(|(q, _)| *q).collect();
        let short = UNITS - units.iter().sum::<u128>();
        let mut order: Vec<usize> = (0..units.len()).collect();
        order.sort_by(|&a, &b| exact[b].1.cmp(&exact[a].1).then(a.cmp(&b)));
        for &i in order.iter().take(short as usize) {
            units[i] += 1;
        }
        units.iter().map(|u| *u as f64 / 10.0).collect()
    }
}

/// `a * by / over` and its remainder, exactly, with `a <= over` and a small `by`: the product, which
/// may not fit in a `u128`, is divided a bit at a time (a remainder always below `over`).
fn mul_div(a: u128, by: u128, over: u128) -> (u128, u128) {
    if over == 0 {
        return (0, 0);
    }
    if let Some(p) = a.checked_mul(by) {
        return (p / over, p % over);
    }
    // a * by as two halves: high and low 128 bits.
    let (a_hi, a_lo) = (a >> 64, a & u128::from(u64::MAX));
    let lo = a_lo * by;
    let mid = a_hi * by + (lo >> 64);
    let (high, low) = (mid >> 64, (mid << 64) | (lo & u128::from(u64::MAX)));
    let (mut quot, mut rem) = (0u128, 0u128);
    for i in (0..256).rev() {
        let bit = if i >= 128 {
            (high >> (i - 128)) & 1
        } else {
            (low >> i) & 1
        };
        // rem < over: rem * 2 + bit < 2 over, one subtraction at most; a carry past 128 bits
        // is one too.
        let carry = rem >> 127;
        rem = (rem << 1) | bit;
        if carry == 1 || rem >= over {
            rem = rem.wrapping_sub(over);
            if i < 128 {
                quot |= 1 << i;
            }
        }
    }
    (quot, rem)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(labels: &[&str]) -> Vec<Row> {
        labels
            .iter()
            .map(|l| serde_yaml::from_str(&format!("{{row: '{l}', result: x}}")).unwrap())
            .collect()
    }

    #[test]
    fn odds_follow_the_modifier_and_clamp() {
        let d10 = Dice {
            count: 1,
            sides: 10,
        };
        let r = rows(&["1-2", "3-5", "6-8", "9+"]);
        assert_eq!(
            row_odds(&Spread::of(d10), &r, 0, |t| t).ways,
            vec![2, 3, 3, 2]
        );
        // -3: naturals 1-5 land at -2..2 and all read 1-2.
        assert_eq!(
            row_odds(&Spread::of(d10), &r, -3, |t| t).ways,
            vec![5, 3, 2, 0]
        );
        assert_eq!(
            row_odds(&Spread::of(d10), &r, 4, |t| t).ways,
            vec![0, 1, 3, 6]
        );
    }

    #[test]
    fn percents_add_up_to_100() {
        let o = Odds {
            ways: vec![1, 1, 1],
            out_of: 3,
        };
        let p = o.percents();
        assert!((p.iter().sum::<f64>() - 100.0).abs() < 1e-9);
        assert_eq!(p, vec![33.4, 33.3, 33.3]);
        let two = Dice { count: 2, sides: 6 };
        let o = row_odds(&Spread::of(two), &rows(&["2-4", "5-9", "10+"]), 0, |t| t);
        assert_eq!(o.ways, vec![6, 24, 6]);
        let total: f64 = o.percents().iter().sum();
        assert!((total - 100.0).abs() < 1e-9);
    }

    #[test]
    fn odds_of_big_opposed_dice_are_exact() {
        // 9d100 against 9d100: 10^36 outcomes, past what u128 can multiply by a thousand.
        let nine = Dice {
            count: 9,
            sides: 100,
        };
        let s = Spread::opposed(nine).unwrap();
        let zero = usize::try_from(-s.min).unwrap();
        let lose: u128 = s.ways[..zero].iter().sum();
        let odds = Odds {
            ways: vec![lose, s.ways[zero], s.out_of - lose - s.ways[zero]],
            out_of: s.out_of,
        };
        // Exactly 49.83…, 0.33…, 49.83…: the tenth left over goes to the first of the two alike.
        assert_eq!(mul_div(lose, 1000, s.out_of).0, 498);
        assert_eq!(odds.percents(), vec![49.9, 0.3, 49.8]);
        assert_eq!(mul_div(u128::MAX, 1000, u128::MAX), (1000, 0));
        assert_eq!(
            mul_div(u128::MAX - 1, 1000, u128::MAX),
            (999, u128::MAX - 1000)
        );
    }
}
