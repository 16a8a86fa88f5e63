//! The port the engine asks the player through; the terminal and line front ends implement it
//! (`prompt`), and tests script it.

use super::Value;
use crate::error::Result;
use flipbook_charts::{Dice, Input};

pub(crate) trait Prompter {
    /// The value of an input, or `None` when this prompter does not ask.
    fn ask(&mut self, input: &Input, default: Option<&Value>) -> Result<Option<Value>>;
    /// The dice the player rolled by hand, or `None` to let the tool roll them.
    fn die(&mut self, dice: Dice, what: &str) -> Result<Option<Vec<i64>>>;
    /// The dice of every side of an opposed roll (`sides` of `dice` each, named in `what`),
    /// typed on one line: all the sides' dice, or the first side's alone (the others asked
    /// after), or `None` to let the tool roll.
    fn dice_of_sides(&mut self, dice: Dice, _sides: usize, what: &str) -> Result<Option<Vec<i64>>> {
        self.die(dice, what)
    }
    /// Whether this prompter asks at all.
    fn asks(&self) -> bool {
        true
    }
    /// Answers kept from earlier rolls (each question with the answer it had), offered together
    /// before a roll that asks them all: `Some(true)` when they all still hold, `Some(false)` to
    /// ask each again (its kept answer offered), `None` when this prompter asks one at a time.
    fn keep(&mut self, _kept: &[(&Input, &Value)]) -> Result<Option<bool>> {
        Ok(None)
    }
    /// The dice have landed on `row` of the chart titled `title` and a question about that row
    /// follows: a prompter that asks says the dice first, so that the player can read the board
    /// there ("Region 9", then "did it reach MAJOR CRISIS?").
    fn landed(&mut self, _title: &str, _dice: &[i64], _total: i64, _row: &str) -> Result<()> {
        Ok(())
    }
}

/// Asks nothing: for stdin that is not a terminal, and for `--json`.
pub(crate) struct NoPrompt;

impl Prompter for NoPrompt {
    fn ask(&mut self, _: &Input, _: Option<&Value>) -> Result<Option<Value>> {
        Ok(None)
    }
    fn die(&mut self, _: Dice, _: &str) -> Result<Option<Vec<i64>>> {
        Ok(None)
    }
    fn asks(&self) -> bool {
        false
    }
}

/// Answers given in advance, with a record of what was asked.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Scripted {
    pub(crate) answers: std::collections::VecDeque<String>,
    pub(crate) asked: Vec<String>,
    /// The answer to kept answers offered together; `None`: asked one at a time.
    pub(crate) keeps: Option<bool>,
}

#[cfg(test)]
impl Scripted {
    pub(crate) fn new(answers: &[&str]) -> Self {
        Scripted {
            answers: answers.iter().map(ToString::to_string).collect(),
            asked: Vec::new(),
            keeps: None,
        }
    }
}

#[cfg(test)]
impl Prompter for Scripted {
    fn ask(&mut self, input: &Input, default: Option<&Value>) -> Result<Option<Value>> {
        self.asked.push(input.key.clone());
        match self.answers.pop_front() {
            None => Ok(None),
            Some(s) if s.is_empty() => Ok(default.cloned()),
            Some(s) => super::parse_value(input, &s)
                .map(Some)
                .map_err(crate::error::Error::Usage),
        }
    }
    fn die(&mut self, _: Dice, what: &str) -> Result<Option<Vec<i64>>> {
        self.asked.push(format!("die:{what}"));
        Ok(None)
    }
    fn keep(&mut self, kept: &[(&Input, &Value)]) -> Result<Option<bool>> {
        if self.keeps.is_some() {
            let keys: Vec<&str> = kept.iter().map(|(i, _)| i.key.as_str()).collect();
            self.asked.push(format!("keep:{}", keys.join(",")));
        }
        Ok(self.keeps)
    }
}
