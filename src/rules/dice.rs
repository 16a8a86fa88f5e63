//! Dice: the seeded generator, dice the player rolled by hand, and the exact odds of a sum.

use super::SideRoll;
use super::ask::Prompter;
use crate::error::{Error, Result};
use flipbook_charts::Dice;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Where the dice come from: the `--roll` values first, then the player (by hand, on a terminal),
/// then the seeded generator. `ChaCha8` from a `u64` seed gives the same dice on every machine.
pub(crate) struct Dicer {
    rng: ChaCha8Rng,
    given: VecDeque<i64>,
    given_count: usize,
    by_hand: bool,
    /// The last roll's dice were typed in (`--roll`, or by hand), not rolled here.
    typed: bool,
    /// Dice this tool rolled for a roll taken back, used again first: a die is not rolled anew
    /// because an answer was mended.
    again: VecDeque<i64>,
    /// Dice typed by hand ahead of their roll (the other sides' of an opposed roll, typed on
    /// the first side's line), taken before asking again.
    ahead: VecDeque<i64>,
    /// Rolls left that the player let the tool roll when asked for every side at once.
    unasked: usize,
    /// The last roll's dice were rolled here although `--roll` values were given: they ran
    /// out before it (a follow-up's roll), and the roll says so.
    ran_out: bool,
}

impl Dicer {
    pub(crate) fn new(seed: Option<u64>, given: Vec<i64>, by_hand: bool) -> Dicer {
        let seed = seed.unwrap_or_else(rand::random);
        Dicer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            given_count: given.len(),
            given: given.into(),
            by_hand,
            typed: false,
            again: VecDeque::new(),
            ahead: VecDeque::new(),
            unasked: 0,
            ran_out: false,
        }
    }

    /// The next roll takes these dice first (those of a roll taken back, as they fell).
    pub(crate) fn use_again(&mut self, dice: &[i64]) {
        self.again = dice.iter().copied().collect();
    }

    /// Whether the player rolls and types the dice (on a terminal).
    pub(crate) fn by_hand(&self) -> bool {
        self.by_hand
    }

    /// The player rolls and types the dice from now on, or the tool rolls them.
    pub(crate) fn set_by_hand(&mut self, by_hand: bool) {
        self.by_hand = by_hand;
    }

    /// One die of `sides` sides from the generator.
    pub(crate) fn random_die(&mut self, sides: u32) -> i64 {
        self.rng.random_range(1..=i64::from(sides))
    }

    /// Roll `dice` for `what` (a chart's title; empty for plain dice): each die from `--roll` if
    /// one is left, else asked or rolled.
    pub(crate) fn roll(
        &mut self,
        dice: Dice,
        what: &str,
        prompter: &mut dyn Prompter,
    ) -> Result<Vec<i64>> {
        let mut out = Vec::with_capacity(dice.count as usize);
        // Dice kept from a roll taken back fit only a roll of the same dice; else they go.
        let again = std::mem::take(&mut self.again);
        if again.len() == dice.count as usize
            && again
                .iter()
                .all(|v| (1..=i64::from(dice.sides)).contains(v))
        {
            out.extend(again);
        }
        let kept = out.len();
        let mut from_given = 0;
        while out.len() < dice.count as usize {
            let Some(v) = self.given.pop_front() else {
                break;
            };
            if !(1..=i64::from(dice.sides)).contains(&v) {
                let n = dice.sides;
                let rolls = match (what.is_empty(), dice.count) {
                    (true, 1) => format!("a d{n} rolls 1 to {n}"),
                    (true, _) => format!("{dice}: each die is a d{n}, 1 to {n}"),
                    (false, 1) => format!("{what} rolls a d{n} (1 to {n})"),
                    (false, _) => format!("{what} rolls {dice}: each die is a d{n} (1 to {n})"),
                };
                return Err(Error::usage(format!("--roll {v} cannot be: {rolls}")));
            }
            out.push(v);
            from_given += 1;
        }
        // `--roll` values that run out part-way through a roll's dice: a die left out is a typo,
        // not a die for the tool to make up.
        if from_given > 0 && out.len() < dice.count as usize {
            return Err(Error::usage(part_way(dice, what)));
        }
        while out.len() < dice.count as usize {
            let Some(v) = self.ahead.pop_front() else {
                break;
            };
            out.push(v);
        }
        let unasked = self.unasked > 0;
        self.unasked = self.unasked.saturating_sub(1);
        if out.len() < dice.count as usize && self.by_hand && !unasked {
            let left = Dice {
                count: dice.count - out.len() as u32,
                sides: dice.sides,
            };
            if let Some(hand) = prompter.die(left, what)? {
                out.extend(hand);
            }
        }
        self.typed = out.len() > kept;
        self.ran_out = self.given_count > 0 && !self.typed && kept == 0;
        while out.len() < dice.count as usize {
            out.push(self.random_die(dice.sides));
        }
        Ok(out)
    }

    /// Before an opposed roll of `sides` sides of `dice` each: when the player types the dice
    /// and none is given or kept, ask once for every side's dice (one line may hold them all);
    /// the sides' rolls then take them in turn.
    pub(crate) fn ask_sides(
        &mut self,
        dice: Dice,
        sides: usize,
        what: &str,
        prompter: &mut dyn Prompter,
    ) -> Result<()> {
        self.ahead.clear();
        self.unasked = 0;
        if !self.by_hand || !self.given.is_empty() || !self.again.is_empty() {
            return Ok(());
        }
        match prompter.dice_of_sides(dice, sides, what)? {
            Some(hand) => self.ahead.extend(hand),
            None => self.unasked = sides,
        }
        Ok(())
    }

    /// Whether the last roll's dice were typed in rather than rolled by the tool.
    pub(crate) fn typed(&self) -> bool {
        self.typed
    }

    /// Whether the last roll's dice were this tool's although `--roll` values were given (they
    /// ran out before it).
    pub(crate) fn ran_out(&self) -> bool {
        self.ran_out
    }

    /// How many `--roll` values are still to be used.
    pub(crate) fn left(&self) -> usize {
        self.given.len()
    }

    /// The `--roll` values that no die used.
    pub(crate) fn unused(&self) -> Option<String> {
        if self.given.is_empty() {
            return None;
        }
        let used = self.given_count - self.given.len();
        Some(format!(
            "{} --roll value{} given, but the roll used only {}; not used: {}",
            self.given_count,
            if self.given_count == 1 { "" } else { "s" },
            used,
            self.given
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }
}

/// The line refusing `--roll` values that run out part-way through the dice of one roll.
fn part_way(dice: Dice, what: &str) -> String {
    let all = if dice.count == 2 {
        "both dice".to_string()
    } else {
        format!("all {} dice", dice.count)
    };
    let example: Vec<String> = (0..dice.count.min(4))
        .map(|i| format!("--roll {}", ((i + 2) % dice.sides) + 1))
        .collect();
    let whose = if what.is_empty() {
        format!("{dice}")
    } else {
        format!("{what} rolls {dice}")
    };
    format!("{whose}: give {all}, e.g. {}", example.join(" "))
}

/// One side of an opposed roll as the log keeps it: whose, and the natural roll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SideNatural {
    pub(crate) name: String,
    pub(crate) natural: i64,
}

impl From<&SideRoll> for SideNatural {
    fn from(side: &SideRoll) -> SideNatural {
        SideNatural {
            name: side.name.clone(),
            natural: side.natural,
        }
    }
}

/// How many ways each sum of `dice` can come up, from `dice.min()` upward, and the number of ways
/// in all.
pub(crate) fn distribution(dice: Dice) -> (Vec<u128>, u128) {
    let mut ways = vec![1u128];
    for _ in 0..dice.count {
        let mut next = vec![0u128; ways.len() + dice.sides as usize - 1];
        for (i, w) in ways.iter().enumerate() {
            for face in 0..dice.sides as usize {
                next[i + face] += w;
            }
        }
        ways = next;
    }
    let total = u128::from(dice.sides).pow(dice.count);
    (ways, total)
}

/// How often each natural roll of a chart comes up: `ways[i]` of `out_of` for the natural roll
/// `min + i`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Spread {
    pub(crate) ways: Vec<u128>,
    pub(crate) min: i64,
    pub(crate) out_of: u128,
}

impl Spread {
    /// The sums of `dice`.
    pub(crate) fn of(dice: Dice) -> Spread {
        let (ways, out_of) = distribution(dice);
        Spread {
            ways,
            min: dice.min(),
            out_of,
        }
    }

    /// An opposed roll: one roll of `dice` minus another. `None` when the count of outcomes is
    /// too large to hold.
    pub(crate) fn opposed(dice: Dice) -> Option<Spread> {
        let (ways, out_of) = distribution(dice);
        let out_of = out_of.checked_mul(out_of)?;
        let n = ways.len();
        let mut diff = vec![0u128; 2 * n - 1];
        for (i, a) in ways.iter().enumerate() {
            for (j, b) in ways.iter().enumerate() {
                // first = min + i, second = min + j: the difference i - j sits at (n - 1) + i - j.
                let slot = &mut diff[n - 1 + i - j];
                *slot = slot.checked_add(a.checked_mul(*b)?)?;
            }
        }
        Some(Spread {
            ways: diff,
            min: dice.min() - dice.max(),
            out_of,
        })
    }

    /// The spread of a chart's natural roll: `None` without a die (or too many outcomes).
    pub(crate) fn of_chart(chart: &flipbook_charts::Chart) -> Option<Spread> {
        let dice = chart.die.dice()?;
        if chart.is_opposed() {
            Spread::opposed(dice)
        } else {
            Some(Spread::of(dice))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opposed_spread_counts_every_pair() {
        let d6 = Dice { count: 1, sides: 6 };
        let s = Spread::opposed(d6).unwrap();
        assert_eq!(s.min, -5);
        assert_eq!(s.out_of, 36);
        // -5 only as 1-6; 0 as six doubles; 5 only as 6-1.
        assert_eq!(s.ways, vec![1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
        let huge = Dice {
            count: 10,
            sides: 100,
        };
        assert_eq!(Spread::opposed(huge), None, "100^20 outcomes do not fit");
    }
    use crate::rules::ask::NoPrompt;

    #[test]
    fn a_seed_gives_the_same_dice_on_every_machine() {
        // Pinned: if this changes, every recorded game with a seed would replay differently.
        let mut d = Dicer::new(Some(42), vec![], false);
        let got: Vec<i64> = (0..12).map(|_| d.random_die(10)).collect();
        assert_eq!(got, PINNED_SEED_42_D10);
        let mut again = Dicer::new(Some(42), vec![], false);
        let twice: Vec<i64> = (0..12).map(|_| again.random_die(10)).collect();
        assert_eq!(got, twice);
    }

    const PINNED_SEED_42_D10: [i64; 12] = [7, 10, 5, 7, 3, 2, 4, 9, 8, 3, 6, 10];

    #[test]
    fn dice_used_again_come_once_as_the_tools_and_only_where_they_fit() {
        let d10 = Dice {
            count: 1,
            sides: 10,
        };
        let mut d = Dicer::new(Some(42), vec![], false);
        d.use_again(&[3]);
        assert_eq!(d.roll(d10, "t", &mut NoPrompt).unwrap(), vec![3]);
        assert!(!d.typed(), "the tool's die, not typed in");
        // Used once: the next die is the generator's first.
        assert_eq!(d.roll(d10, "t", &mut NoPrompt).unwrap(), vec![7]);
        // Dice that do not fit the roll (two for one, or off the die) are dropped.
        d.use_again(&[3, 4]);
        assert_eq!(d.roll(d10, "t", &mut NoPrompt).unwrap(), vec![10]);
        d.use_again(&[12]);
        assert_eq!(d.roll(d10, "t", &mut NoPrompt).unwrap(), vec![5]);
    }

    #[test]
    fn given_dice_come_first_then_the_generator() {
        let mut d = Dicer::new(Some(1), vec![3, 4], false);
        let two = Dice { count: 2, sides: 6 };
        assert_eq!(d.roll(two, "test", &mut NoPrompt).unwrap(), vec![3, 4]);
        let next = d
            .roll(
                Dice {
                    count: 1,
                    sides: 10,
                },
                "test",
                &mut NoPrompt,
            )
            .unwrap();
        assert!((1..=10).contains(&next[0]));
        assert!(d.unused().is_none());
    }

    #[test]
    fn a_given_die_outside_the_die_is_refused() {
        let mut d = Dicer::new(Some(1), vec![11], false);
        let err = d
            .roll(
                Dice {
                    count: 1,
                    sides: 10,
                },
                "State of the Union",
                &mut NoPrompt,
            )
            .unwrap_err();
        assert!(matches!(err, Error::Usage(_)), "{err}");
        assert_eq!(
            err.to_string(),
            "--roll 11 cannot be: State of the Union rolls a d10 (1 to 10)"
        );
    }

    #[test]
    fn unused_dice_are_reported() {
        let mut d = Dicer::new(Some(1), vec![2, 5], false);
        d.roll(
            Dice {
                count: 1,
                sides: 10,
            },
            "t",
            &mut NoPrompt,
        )
        .unwrap();
        assert_eq!(
            d.unused().unwrap(),
            "2 --roll values given, but the roll used only 1; not used: 5"
        );
    }

    #[test]
    fn two_d6_has_the_triangle() {
        let (ways, total) = distribution(Dice { count: 2, sides: 6 });
        assert_eq!(total, 36);
        assert_eq!(ways, vec![1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]);
        let (ways, total) = distribution(Dice {
            count: 1,
            sides: 10,
        });
        assert_eq!((ways, total), (vec![1; 10], 10));
    }
}
