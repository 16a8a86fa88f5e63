//! `TermPrompter`: a roll's questions on the terminal, for the engine's `Prompter` port (y/n and
//! menus through menus.rs, numbers and dice through the line reader, line.rs).

use super::answers::{dice_for, parse_dice_answer, parse_sides_answer, without_key};
use super::line::{Ask, Empty, one_digit, read_line};
use super::{fit::cut_middle, fit::fit, menus};
use crate::error::{Error, Result};
use crate::rules::{Prompter, Value, parse_value};
use flipbook_charts::{Dice, Input, InputKind};

/// A roll's questions on the terminal (stderr): y/n and menus read by `menus` (drawn as
/// dialoguer draws them), numbers typed on one line.
pub(crate) struct TermPrompter {
    term: console::Term,
}

impl Default for TermPrompter {
    fn default() -> Self {
        TermPrompter {
            term: console::Term::stderr(),
        }
    }
}

impl Prompter for TermPrompter {
    fn landed(&mut self, title: &str, dice: &[i64], total: i64, row: &str) -> Result<()> {
        let dice: Vec<String> = dice.iter().map(ToString::to_string).collect();
        // A table without a die is read by its value: no "rolled" to say.
        let rolled = if dice.is_empty() {
            String::new()
        } else {
            format!("rolled {}, ", dice.join(" "))
        };
        // A table of one row for any total ("any") has no row worth naming.
        let row = if row == "any" {
            String::new()
        } else {
            format!(" → row {row}")
        };
        let line = format!(
            "  {}: {rolled}total {total}{row}",
            crate::text::safe(title, false)
        );
        self.term
            .write_line(&console::style(line).dim().to_string())
            .map_err(crate::signals::term_error)
    }

    fn ask(&mut self, input: &Input, default: Option<&Value>) -> Result<Option<Value>> {
        let value = match input.kind {
            InputKind::Yesno => {
                let default = match default {
                    Some(Value::Bool(b)) => Some(*b),
                    _ => None,
                };
                match menus::yes_no(&self.term, &input.ask, default)? {
                    Some(b) => Value::Bool(b),
                    None => return Err(Error::Cancelled),
                }
            }
            InputKind::Choice => {
                let labels: Vec<String> = input.options.iter().map(|o| fit(o.label())).collect();
                let at = match default {
                    Some(Value::Choice(v)) => input.options.iter().position(|o| o.value() == v),
                    _ => None,
                };
                // One answer left (the last a loop's other items do not hold): taken, and said;
                // no key is asked for what is known.
                if let [only] = labels.as_slice() {
                    menus::said(
                        &self.term,
                        &input.ask,
                        &format!("{only} (the only one left)"),
                    )?;
                    return Ok(Some(Value::Choice(input.options[0].value().to_string())));
                }
                // Up to nine items are numbered: a digit takes one at once. An item keeps its
                // number when others are not offered (held by another item of a loop).
                let numbers: Vec<usize> = if input.numbers.len() == labels.len() {
                    input.numbers.clone()
                } else {
                    (1..=labels.len()).collect()
                };
                let (default, picked) = (at.unwrap_or(0), &numbers);
                match menus::select_numbered(&self.term, &input.ask, &labels, default, picked)? {
                    Some(i) => Value::Choice(input.options[i].value().to_string()),
                    None => return Err(Error::Cancelled),
                }
            }
            InputKind::Number => {
                let (lo, hi) = input.span();
                let prompt = format!("{} ({lo} to {hi})", input.ask);
                let start = match default {
                    Some(Value::Num(n)) => n.to_string(),
                    _ => String::new(),
                };
                // Every answer one digit ("0 to 8"): one key. Any other number ends with Enter.
                let ask = Ask {
                    start: &start,
                    empty: Empty::Refused,
                    keys: one_digit(lo, hi).then_some(1),
                    signed: lo < 0,
                    tens: false,
                };
                let text = read_line(&self.term, &prompt, &ask, |t| {
                    parse_value(input, t)
                        .map(|_| ())
                        .map_err(|e| without_key(input, &e))
                })?;
                parse_value(input, &text).map_err(Error::Usage)?
            }
        };
        Ok(Some(value))
    }

    /// The kept answers listed, one a line (the question and its answer), then one key: y rolls
    /// with them all, n asks each again with its answer offered (Enter does neither).
    fn keep(&mut self, kept: &[(&Input, &Value)]) -> Result<Option<bool>> {
        let room = crate::text::width().saturating_sub(4).max(20);
        let io = crate::signals::term_error;
        self.term
            .write_line(&format!("  {}", console::style("Answered before:").dim()))
            .map_err(io)?;
        for (input, value) in kept {
            let shown = match value {
                Value::Choice(c) => input
                    .options
                    .iter()
                    .find(|o| o.value() == c)
                    .map_or_else(|| c.clone(), |o| o.label().to_string()),
                v => v.text(),
            };
            // The answer is never cut: the question makes room for it, losing words in its
            // middle, so that two questions that differ at their end still read apart.
            let ask = cut_middle(
                &input.ask,
                room.saturating_sub(console::measure_text_width(&shown) + 1)
                    .max(10),
            );
            self.term
                .write_line(&format!("  · {ask} {}", console::style(shown).bold()))
                .map_err(io)?;
        }
        // No default: kept answers are rolled with only on a y, never on an Enter meant for
        // something else.
        match menus::yes_no(&self.term, "Still the same? (n: answer each again)", None)? {
            Some(b) => Ok(Some(b)),
            None => Err(Error::Cancelled),
        }
    }

    fn die(&mut self, dice: Dice, what: &str) -> Result<Option<Vec<i64>>> {
        let prompt = format!("I rolled … ({}; empty: roll for me)", dice_for(dice, what));
        // A die of ten faces or fewer is one key (a d10's 0 is its 10), with no Enter.
        let ask = Ask {
            start: "",
            empty: Empty::Checked,
            keys: (dice.sides <= 10).then_some(dice.count as usize),
            signed: false,
            tens: dice.sides == 10,
        };
        let text = read_line(&self.term, &prompt, &ask, move |s| {
            parse_dice_answer(dice, s).map(|_| ())
        })?;
        parse_dice_answer(dice, &text).map_err(Error::Usage)
    }

    fn dice_of_sides(&mut self, dice: Dice, sides: usize, what: &str) -> Result<Option<Vec<i64>>> {
        let prompt = format!(
            "I rolled … ({dice} each for {what}; all on one line or the first alone; empty: roll for me)"
        );
        // A key a die, every side's dice: the last ends the answer; Enter ends it sooner.
        let ask = Ask {
            start: "",
            empty: Empty::Checked,
            keys: (dice.sides <= 10).then_some(dice.count as usize * sides),
            signed: false,
            tens: dice.sides == 10,
        };
        let text = read_line(&self.term, &prompt, &ask, move |s| {
            parse_sides_answer(dice, sides, s).map(|_| ())
        })?;
        parse_sides_answer(dice, sides, &text).map_err(Error::Usage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prompt::keys;

    /// The answers a script of keys gives to `inputs`, asked in turn on a terminal (an error
    /// ends them: Esc's Cancelled, or the keys running out).
    fn answers(inputs: &[Input], keys: &str) -> Vec<Result<Option<Value>>> {
        let mut p = TermPrompter {
            term: keys::quiet(),
        };
        keys::scripted(keys::Script::typed(keys), || {
            inputs.iter().map(|i| p.ask(i, None)).collect()
        })
    }

    fn number(key: &str, lo: i64, hi: i64) -> Input {
        serde_yaml::from_str(&format!(
            "{{key: {key}, ask: {key}?, type: number, min: {lo}, max: {hi}}}"
        ))
        .unwrap()
    }

    fn nums(got: Vec<Result<Option<Value>>>) -> Vec<Option<i64>> {
        got.into_iter()
            .map(|r| match r {
                Ok(Some(Value::Num(n))) => Some(n),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_script_of_keys_gives_the_same_answers_every_time() {
        // Friends and Opponents (0 to 40): a number of two digits ends with Enter. An Enter on
        // an empty line and the typo 155 are refused and asked again, never carried on.
        let both = [number("friends", 0, 40), number("opponents", 0, 40)];
        for keys in ["20\r15\r", "20\r\r155\r15\r", "2\x7f20\r15\r"] {
            let first = nums(answers(&both, keys));
            assert_eq!(first, [Some(20), Some(15)], "{keys:?}");
            assert_eq!(nums(answers(&both, keys)), first, "{keys:?}");
        }
        // "155" then Esc: refused, then left; Opponents is never answered by the last 5.
        let got = answers(&both, "20\r155\x1b");
        assert!(matches!(got[1], Err(Error::Cancelled)), "{got:?}");
        // A digit after "20" with no Enter is still Friends': 205 is refused, not 20 and 5.
        assert_eq!(
            nums(answers(&both, "205\r\x7f\r15\r")),
            [Some(20), Some(15)]
        );
    }

    #[test]
    fn a_number_of_one_digit_is_one_key_and_the_enter_after_it_is_its_own() {
        let two = [number("stability", 0, 8), number("other", 0, 8)];
        // "4" answers at once; the Enter the fingers add is passed over, not the next answer.
        assert_eq!(nums(answers(&two, "4\r5")), [Some(4), Some(5)]);
        assert_eq!(nums(answers(&two, "45")), [Some(4), Some(5)]);
        // 9 is no Stability: refused at once, and the next key answers again.
        assert_eq!(nums(answers(&two, "93\r\r6")), [Some(3), Some(6)]);
        // A span with a number of two digits, or below zero, ends with Enter.
        let wide = [number("cyber", 0, 10), number("drm", -5, 10)];
        assert_eq!(nums(answers(&wide, "5\r-4\r")), [Some(5), Some(-4)]);
        assert_eq!(nums(answers(&wide, "10\r10\r")), [Some(10), Some(10)]);
    }

    #[test]
    fn a_number_of_one_digit_below_zero_is_its_minus_and_its_digit() {
        // A Pending Bills box's DRM (-3 to 3): "-2" and "3" answer at once, no Enter; the Enter
        // after the digit is its own.
        let two = [number("drm", -3, 3), number("other", -3, 3)];
        assert_eq!(nums(answers(&two, "-2\r3")), [Some(-2), Some(3)]);
        assert_eq!(nums(answers(&two, "0-1")), [Some(0), Some(-1)]);
        // -5 is no answer: refused at once (the question asked again), never carried on.
        assert_eq!(nums(answers(&two, "-5-1\r2")), [Some(-1), Some(2)]);
        // A minus alone is no answer: Backspace takes it back.
        assert_eq!(nums(answers(&two, "-\x7f1\r2")), [Some(1), Some(2)]);
    }

    #[test]
    fn a_menu_of_up_to_nine_items_is_one_key_its_number() {
        let range: Input = serde_yaml::from_str(
            "{key: range, ask: Range?, type: choice, options: ['1-1', '1-2', '1-3', '1-4']}",
        )
        .unwrap();
        let got = answers(&[range.clone(), range.clone(), range], "3\r4j\r");
        let picked: Vec<Option<String>> = got
            .into_iter()
            .map(|r| match r {
                Ok(Some(Value::Choice(c))) => Some(c),
                _ => None,
            })
            .collect();
        // 3 takes "1-3" at once and its Enter is its own; 4 takes "1-4"; j (or an arrow) still moves.
        assert_eq!(
            picked,
            [Some("1-3".into()), Some("1-4".into()), Some("1-2".into())]
        );
    }

    #[test]
    fn a_die_is_one_key_and_enter_alone_lets_the_tool_roll() {
        let mut p = TermPrompter {
            term: keys::quiet(),
        };
        let d = |count, sides| Dice { count, sides };
        let got = keys::scripted(keys::Script::typed("0\r7x3\r\r35"), || {
            [d(1, 10), d(1, 6), d(1, 10), d(2, 6)]
                .iter()
                .map(|&dice| p.die(dice, "").unwrap())
                .collect::<Vec<_>>()
        });
        // A d10's 0 is 10, and the Enter after it is its own; 7 and x are no d6: refused, 3
        // taken, its Enter its own; the next Enter alone rolls for me; 2d6 is a key a die.
        assert_eq!(got, [Some(vec![10]), Some(vec![3]), None, Some(vec![3, 5])]);
    }
}
