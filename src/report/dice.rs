//! What the dice did: how often each natural came up against a fair die's share, the mean
//! against the die's, and a verdict in plain words that never claims more than the test says.

use super::stats::{chi_square, chi_square_p};
use crate::rules::distribution;
use flipbook_charts::Dice;
use serde::Serialize;

/// The least count each natural should be expected to reach before the test says anything.
pub(crate) const MIN_EXPECTED: f64 = 5.0;

/// The naturals of one die kind from one source, counted as they come.
pub(crate) struct DiceTally {
    pub(crate) dice: Dice,
    pub(crate) hand: bool,
    /// By natural, from `dice.min()`.
    counts: Vec<u64>,
    /// Naturals no such dice can roll (a log written by hand).
    outside: u64,
}

#[derive(Debug, Serialize)]
pub(crate) struct DieReport {
    /// `d10`, `2d6`.
    pub(crate) die: String,
    /// `tool` (flipbook rolled) or `hand` (typed in).
    pub(crate) source: &'static str,
    pub(crate) rolls: u64,
    pub(crate) faces: Vec<Face>,
    pub(crate) mean: f64,
    pub(crate) fair_mean: f64,
    /// Pearson's statistic and its p-value, once there are rolls enough to say.
    pub(crate) chi_square: Option<f64>,
    pub(crate) degrees_of_freedom: u32,
    pub(crate) p_value: Option<f64>,
    /// Rolls enough for the test: each natural expected at least five times.
    pub(crate) rolls_needed: u64,
    pub(crate) verdict: String,
    /// Naturals in the log that these dice cannot roll, left out.
    #[serde(skip_serializing_if = "is_zero")]
    pub(crate) impossible: u64,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[derive(Debug, Serialize)]
pub(crate) struct Face {
    pub(crate) natural: i64,
    pub(crate) count: u64,
    /// A fair die's share of the rolls.
    pub(crate) expected_share: f64,
    /// How many of the rolls a fair die gives this natural.
    pub(crate) expected: f64,
}

impl DiceTally {
    pub(crate) fn new(dice: Dice, hand: bool) -> DiceTally {
        let faces = (dice.max() - dice.min() + 1).max(1) as usize;
        DiceTally {
            dice,
            hand,
            counts: vec![0; faces],
            outside: 0,
        }
    }

    pub(crate) fn add(&mut self, natural: i64) {
        let i = natural - self.dice.min();
        match usize::try_from(i).ok().and_then(|i| self.counts.get_mut(i)) {
            Some(c) => *c += 1,
            None => self.outside += 1,
        }
    }

    pub(crate) fn report(&self) -> DieReport {
        let (ways, out_of) = distribution(self.dice);
        let shares: Vec<f64> = ways.iter().map(|w| *w as f64 / out_of as f64).collect();
        let rolls: u64 = self.counts.iter().sum();
        let n = rolls as f64;
        let expected: Vec<f64> = shares.iter().map(|s| s * n).collect();
        let faces = self
            .counts
            .iter()
            .zip(&shares)
            .enumerate()
            .map(|(i, (count, share))| Face {
                natural: self.dice.min() + i as i64,
                count: *count,
                expected_share: *share,
                expected: share * n,
            })
            .collect::<Vec<_>>();
        let sum: f64 = faces
            .iter()
            .map(|f| f.natural as f64 * f.count as f64)
            .sum();
        let mean = if rolls == 0 { 0.0 } else { sum / n };
        let fair_mean = (self.dice.min() + self.dice.max()) as f64 / 2.0;
        let least = shares.iter().copied().fold(f64::INFINITY, f64::min);
        let rolls_needed = (MIN_EXPECTED / least).ceil() as u64;
        let df = (shares.len() as u32).saturating_sub(1);
        let enough = rolls >= rolls_needed && df > 0;
        let stat = enough.then(|| chi_square(&self.counts, &expected));
        let p = stat.and_then(|s| chi_square_p(s, df));
        DieReport {
            die: self.dice.to_string(),
            source: if self.hand { "hand" } else { "tool" },
            rolls,
            faces,
            mean,
            fair_mean,
            chi_square: stat,
            degrees_of_freedom: df,
            p_value: p,
            rolls_needed,
            verdict: verdict(rolls, rolls_needed, p),
            impossible: self.outside,
        }
    }
}

/// The verdict in plain words: how often fair dice would be at least this uneven.
pub(crate) fn verdict(rolls: u64, needed: u64, p: Option<f64>) -> String {
    let Some(p) = p else {
        return format!("too few rolls to say ({rolls} of the {needed} a fair test needs)");
    };
    let how_often = if p >= 0.995 {
        "almost always".to_string()
    } else if p >= 0.1 {
        format!("{:.0}% of the time", p * 100.0)
    } else if p >= 0.001 {
        format!("{:.1}% of the time", p * 100.0)
    } else {
        "less than 0.1% of the time".to_string()
    };
    let opening = if p >= 0.05 {
        "nothing unusual"
    } else if p >= 0.01 {
        "somewhat uneven, not proof of anything"
    } else {
        "uneven: worth a look at the dice"
    };
    let p_text = if p < 0.001 {
        "p < 0.001".to_string()
    } else {
        format!("p = {p:.3}")
    };
    format!("{opening}: fair dice are at least this uneven {how_often} ({p_text}, {rolls} rolls)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tally_counts_faces_and_waits_for_enough_rolls() {
        let d6 = Dice { count: 1, sides: 6 };
        let mut t = DiceTally::new(d6, false);
        for n in [1, 2, 3, 4, 5, 6, 6, 9] {
            t.add(n);
        }
        let r = t.report();
        assert_eq!(r.rolls, 7);
        assert_eq!(r.impossible, 1);
        assert_eq!(
            r.faces.iter().map(|f| f.count).collect::<Vec<_>>(),
            [1, 1, 1, 1, 1, 2]
        );
        assert_eq!(r.rolls_needed, 30);
        assert_eq!(r.p_value, None);
        assert!(
            r.verdict.starts_with("too few rolls to say (7 of the 30"),
            "{}",
            r.verdict
        );
        assert!((r.mean - 27.0 / 7.0).abs() < 1e-12 && (r.fair_mean - 3.5).abs() < 1e-12);
    }

    #[test]
    fn two_dice_are_judged_by_their_sums() {
        let two = Dice { count: 2, sides: 6 };
        let mut t = DiceTally::new(two, true);
        // Exactly the fair shares: 180 rolls, each sum its ways × 5 times.
        for (i, ways) in [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1].iter().enumerate() {
            for _ in 0..ways * 5 {
                t.add(2 + i as i64);
            }
        }
        let r = t.report();
        assert_eq!((r.rolls, r.rolls_needed, r.source), (180, 180, "hand"));
        assert_eq!(r.degrees_of_freedom, 10);
        assert!(r.chi_square.unwrap().abs() < 1e-9);
        assert!((r.p_value.unwrap() - 1.0).abs() < 1e-9);
        assert!(r.verdict.starts_with("nothing unusual"), "{}", r.verdict);
    }

    #[test]
    fn a_loaded_die_is_called_uneven_without_overclaiming() {
        let d6 = Dice { count: 1, sides: 6 };
        let mut t = DiceTally::new(d6, false);
        for (face, times) in [(1, 5), (2, 5), (3, 5), (4, 5), (5, 5), (6, 35)] {
            for _ in 0..times {
                t.add(face);
            }
        }
        let r = t.report();
        // χ² = 5·(5-10)²/10 + (35-10)²/10 = 75, df 5.
        assert!((r.chi_square.unwrap() - 75.0).abs() < 1e-9);
        assert!(r.p_value.unwrap() < 1e-6);
        assert_eq!(
            r.verdict,
            "uneven: worth a look at the dice: fair dice are at least this uneven less than 0.1% of the time (p < 0.001, 60 rolls)"
        );
    }
}
