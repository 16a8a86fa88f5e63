//! Answers typed as text, read: the dice rolled at the table (one side's, or every side's of an
//! opposed roll), and a refusal said in the player's words.

use crate::error::Result;
use flipbook_charts::{Dice, Input};

/// A refusal in the player's words: the question's label, without its internal key
/// ("Stability must be 0 to 8", not "Stability [stability] must be...").
pub(super) fn without_key(input: &Input, message: &str) -> String {
    message.replace(&format!(" [{}]", input.key), "")
}

/// The dice asked for: "d10" for plain dice, "d10 for State of the Union" for a chart's.
pub(super) fn dice_for(dice: Dice, what: &str) -> String {
    if what.is_empty() {
        dice.to_string()
    } else {
        format!("{dice} for {what}")
    }
}

/// The dice typed for an opposed roll of `sides` sides of `dice` each: every side's dice on one
/// line, a number a die (one typed number is never split among the sides, nor its digits taken
/// apart), or the first side's alone as [`parse_dice_answer`] reads it.
pub(super) fn parse_sides_answer(
    dice: Dice,
    sides: usize,
    text: &str,
) -> Result<Option<Vec<i64>>, String> {
    let all = (dice.count as usize).saturating_mul(sides);
    let parts = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|s| !s.is_empty())
        .count();
    if sides > 1 && parts == all && parts > dice.count as usize {
        let each = Dice {
            count: 1,
            sides: dice.sides,
        };
        let mut out = Vec::with_capacity(all);
        for part in text
            .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
            .filter(|s| !s.is_empty())
        {
            out.extend(parse_dice_answer(each, part)?.unwrap_or_default());
        }
        return Ok(Some(out));
    }
    parse_dice_answer(dice, text).map_err(|e| {
        if sides > 1 && parts > dice.count as usize {
            format!("{e} (or {all}, every side's dice)")
        } else {
            e
        }
    })
}

/// "4", "3 5" (one number a die) or "8" for the sum of 2d6; empty lets the tool roll.
pub(super) fn parse_dice_answer(dice: Dice, text: &str) -> Result<Option<Vec<i64>>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let nums: Vec<i64> = t
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<i64>()
                .map_err(|_| format!("'{}' is not a die roll", crate::text::quoted(t)))
        })
        .collect::<Result<_, _>>()?;
    let sides = i64::from(dice.sides);
    if nums.len() == dice.count as usize {
        // A d10's face 0 is its 10, as most ten-sided dice are printed.
        let nums: Vec<i64> = nums
            .into_iter()
            .map(|n| if sides == 10 && n == 0 { 10 } else { n })
            .collect();
        if let Some(bad) = nums.iter().find(|n| !(1..=sides).contains(*n)) {
            return Err(format!("{bad} is not a d{sides} (1-{sides})"));
        }
        return Ok(Some(nums));
    }
    if nums.len() == 1 && dice.count > 1 {
        // The sum of several dice: split it into dice that add up to it.
        let sum = nums[0];
        if !(dice.min()..=dice.max()).contains(&sum) {
            return Err(format!(
                "{sum} is not a roll of {dice} ({}-{})",
                dice.min(),
                dice.max()
            ));
        }
        let mut left = sum;
        let mut out = Vec::new();
        for i in (0..i64::from(dice.count)).rev() {
            let d = (left - i).min(sides);
            out.push(d);
            left -= d;
        }
        return Ok(Some(out));
    }
    Err(format!("{dice} takes {} number(s), got '{t}'", dice.count))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_answers() {
        let d10 = Dice {
            count: 1,
            sides: 10,
        };
        let two = Dice { count: 2, sides: 6 };
        assert_eq!(parse_dice_answer(d10, "4"), Ok(Some(vec![4])));
        assert_eq!(parse_dice_answer(d10, ""), Ok(None));
        assert!(parse_dice_answer(d10, "11").is_err());
        assert!(parse_dice_answer(d10, "x").is_err());
        assert_eq!(parse_dice_answer(two, "3 5"), Ok(Some(vec![3, 5])));
        let split = parse_dice_answer(two, "9").unwrap().unwrap();
        assert_eq!(split.iter().sum::<i64>(), 9);
        assert!(split.iter().all(|d| (1..=6).contains(d)));
        assert!(parse_dice_answer(two, "13").is_err());
        // An opposed roll: every side's dice on one line, or the first side's alone; one
        // number is never split among the sides, nor its digits taken apart.
        let d6 = Dice { count: 1, sides: 6 };
        assert_eq!(parse_sides_answer(d6, 2, "2 5"), Ok(Some(vec![2, 5])));
        assert_eq!(parse_sides_answer(d6, 2, "4"), Ok(Some(vec![4])));
        assert_eq!(parse_sides_answer(d6, 2, ""), Ok(None));
        assert!(parse_sides_answer(d6, 2, "25").is_err());
        assert!(parse_sides_answer(d6, 2, "2 5 3").is_err());
        assert_eq!(
            parse_sides_answer(two, 2, "3 5 1 6"),
            Ok(Some(vec![3, 5, 1, 6]))
        );
        assert_eq!(parse_sides_answer(two, 2, "3 5"), Ok(Some(vec![3, 5])));
        assert!(parse_sides_answer(two, 2, "9 8").is_err());
        // A d10's 0 is its 10; a d6 has no 0.
        assert_eq!(parse_dice_answer(d10, "0"), Ok(Some(vec![10])));
        assert!(parse_dice_answer(Dice { count: 1, sides: 6 }, "0").is_err());
        let d10s = Dice {
            count: 2,
            sides: 10,
        };
        assert_eq!(parse_dice_answer(d10s, "0 3"), Ok(Some(vec![10, 3])));
    }
}
