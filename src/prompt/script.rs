//! `LinePrompter`: a roll's questions answered a line at a time from any reader (scripts, stdin
//! not a terminal), a command line of the script's own handed back.

use super::answers::{dice_for, parse_dice_answer, parse_sides_answer, without_key};
use crate::error::{Error, Result};
use crate::rules::{Prompter, Value, parse_value};
use flipbook_charts::{Dice, Input};
use std::io::{BufRead, Write};

/// A line's first word.
fn command_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or_default()
}

/// Reads one answer a line from any reader: for scripted play with stdin not a terminal.
pub(crate) struct LinePrompter<R: BufRead> {
    reader: R,
    /// Print each question with its answer on stdout.
    pub(crate) echo: bool,
    /// A refused answer is said on stderr and the next line answers the question again
    /// (`play`'s scripts), instead of ending the roll.
    pub(crate) retry: bool,
    /// Answers refused so far.
    pub(crate) rejected: usize,
    /// A refused line this says is a command of the script's own ends the roll (nothing rolled)
    /// and is handed back in `handed_back`, to be taken as the command it is.
    pub(crate) commands: Option<fn(&str) -> bool>,
    /// The command line that ended the roll.
    pub(crate) handed_back: Option<String>,
}

impl<R: BufRead> LinePrompter<R> {
    /// The dice of a script's line, read by `parse` (an empty line: the tool rolls them), and
    /// echoed when the script's answers are.
    fn dice_line(
        &mut self,
        dice: Dice,
        what: &str,
        parse: impl Fn(&str) -> std::result::Result<Option<Vec<i64>>, String>,
    ) -> Result<Option<Vec<i64>>> {
        let dice_read = match self.line()? {
            None => return Ok(None),
            Some(s) => parse(&s).map_err(Error::Usage)?,
        };
        if self.echo {
            let _ = writeln!(
                std::io::stdout(),
                "  ? I rolled ({}): {}",
                dice_for(dice, what),
                dice_read
                    .as_ref()
                    .map_or_else(|| "roll for me".into(), |d| format!("{d:?}"))
            );
        }
        Ok(dice_read)
    }

    pub(crate) fn new(reader: R) -> Self {
        LinePrompter {
            reader,
            echo: false,
            retry: false,
            rejected: 0,
            commands: None,
            handed_back: None,
        }
    }

    fn line(&mut self) -> Result<Option<String>> {
        let mut s = String::new();
        let read = self
            .reader
            .read_line(&mut s)
            .map_err(|e| Error::io("read", "standard input", e))?;
        if read == 0 {
            return Ok(None);
        }
        Ok(Some(s.trim().to_string()))
    }
}

impl<R: BufRead> Prompter for LinePrompter<R> {
    fn ask(&mut self, input: &Input, default: Option<&Value>) -> Result<Option<Value>> {
        let answer = loop {
            let refused = match self.line()? {
                None => return Ok(None),
                Some(s) if s.is_empty() => match default {
                    Some(d) => break Some(d.clone()),
                    None => format!("{} needs an answer: {}", input.name(), input.ask),
                },
                Some(s) => match parse_value(input, &s) {
                    Ok(v) => break Some(v),
                    Err(_) if self.commands.is_some_and(|is| is(command_word(&s))) => {
                        crate::text::warn(&format!(
                            "'{}' is not an answer to \"{}\": the roll is left (nothing rolled), and the line taken as a command",
                            crate::text::quoted(&s),
                            input.ask
                        ));
                        self.handed_back = Some(s);
                        return Err(Error::Cancelled);
                    }
                    Err(e) => without_key(input, &e),
                },
            };
            // In a script, a refused answer is that line only: the next line answers again.
            if !self.retry {
                return Err(Error::Usage(refused));
            }
            self.rejected += 1;
            crate::text::warn(&format!(
                "answer rejected: {refused} (the next line answers it again)"
            ));
        };
        // Echo the question and the answer, so that a scripted session reads like one at a table.
        if self.echo {
            let shown = answer.as_ref().map(Value::text).unwrap_or_default();
            let _ = writeln!(std::io::stdout(), "  ? {} {shown}", input.ask);
        }
        Ok(answer)
    }
    fn die(&mut self, dice: Dice, what: &str) -> Result<Option<Vec<i64>>> {
        self.dice_line(dice, what, |s| parse_dice_answer(dice, s))
    }
    fn dice_of_sides(&mut self, dice: Dice, sides: usize, what: &str) -> Result<Option<Vec<i64>>> {
        self.dice_line(dice, what, |s| parse_sides_answer(dice, sides, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_prompter_reads_answers_and_ends() {
        let input: Input =
            serde_yaml::from_str("{key: n, ask: N?, type: number, min: 0, max: 5}").unwrap();
        let mut p = LinePrompter::new(std::io::Cursor::new("3\n\n"));
        assert_eq!(p.ask(&input, None).unwrap(), Some(Value::Num(3)));
        assert_eq!(
            p.ask(&input, Some(&Value::Num(2))).unwrap(),
            Some(Value::Num(2))
        );
        assert_eq!(p.ask(&input, None).unwrap(), None);
    }
}
