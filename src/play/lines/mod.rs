//! The line front end of `play`, for scripts: each line is a command or the answer to the
//! question waiting. A bad line is reported on stderr and the walk goes on; the exit code
//! says whether any line was rejected. Its lines read in parse.rs.

use super::events::{Action, Event};
use super::walk::{Arg, Front, run_command};
use super::{Walk, view};
use crate::error::{Error, Result};
use crate::prompt::LinePrompter;
use crate::verbs::{is_line_command, line_words};
use parse::{Line, parse};
use std::io::{BufRead, Read};

mod parse;

/// The longest line a script may hand `play` (a command, an answer): a longer one is refused,
/// never gathered (`play < /dev/zero` must not fill the memory).
const MAX_LINE: usize = 64 * 1024;

/// The line front end's own: the script, and its lines refused during the last command.
struct LineSession {
    reader: Box<dyn BufRead>,
    /// Script lines refused during the last command (answers a roll asked again).
    rejected: usize,
}

pub(super) fn run(walk: &mut Walk, reader: Box<dyn BufRead>) -> Result<()> {
    let mut s = LineSession {
        reader: Box::new(Bounded {
            inner: reader,
            since_newline: 0,
        }),
        rejected: 0,
    };
    s.show(walk);
    let mut rejected = 0;
    loop {
        s.rejected = 0;
        let mut line = String::new();
        let n = s.reader.read_line(&mut line).map_err(|e| {
            if e.get_ref().and_then(|e| e.downcast_ref::<TooLong>()).is_some() {
                Error::usage(format!(
                    "a line of the script is longer than {MAX_LINE} bytes: no command or answer is; the script is stopped there"
                ))
            } else {
                Error::io("read", "standard input", e)
            }
        })?;
        if n == 0 {
            break;
        }
        let done = command(walk, &mut s, line.trim());
        rejected += s.rejected;
        match done {
            Ok(true) => {}
            Ok(false) => break,
            Err(e @ (Error::Usage(_) | Error::Missing { .. })) => {
                rejected += 1;
                crate::text::warn(&format!("line rejected: {e}"));
            }
            Err(e) => return Err(e),
        }
    }
    if rejected > 0 {
        let (lines, were) = if rejected == 1 {
            ("line", "was")
        } else {
            ("lines", "were")
        };
        return Err(Error::usage(format!(
            "{rejected} {lines} of the script {were} rejected (see above); the rest was played"
        )));
    }
    Ok(())
}

/// One line; `false` to stop. The question waiting takes its answer before any command ("n" is
/// "no" here).
fn command(walk: &mut Walk, s: &mut LineSession, line: &str) -> Result<bool> {
    let waits = walk.game.question().is_some();
    match parse(line)? {
        Line::Blank => Ok(true),
        Line::Command {
            answer_first: true, ..
        }
        | Line::Other
            if waits =>
        {
            answer(walk, s, line)
        }
        Line::Other => Err(parse::not_a_command(line)),
        Line::Command { command, arg, .. } => run_command(walk, s, command, &arg),
    }
}

/// The line, as the answer to the question waiting.
fn answer(walk: &mut Walk, s: &mut LineSession, line: &str) -> Result<bool> {
    let Some((q, _)) = walk.game.question() else {
        return Ok(true);
    };
    let text = walk.game.question_text(&q);
    // Echoed first, so the transcript reads question, answer, then what follows from it.
    walk.say(&format!("  ? {text} {line}"));
    let events = walk.act(Action::Answer(line.to_string()), s)?;
    // A segment entered shows its own question.
    if !events.iter().any(|e| matches!(e, Event::Entered)) {
        ask_again(walk);
    }
    Ok(true)
}

impl Front for LineSession {
    fn keys(&self) -> bool {
        false
    }

    fn entering(&mut self, _: &mut Walk<'_>) {}

    /// The segment, and the notice waiting under it (once).
    fn show(&mut self, walk: &mut Walk<'_>) {
        let notice = walk.notice.take().map(|n| format!("  {n}"));
        for l in view::screen(&walk.game, false) {
            walk.say(&l);
        }
        if let Some(n) = notice {
            walk.say(&n);
        }
    }

    fn next(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        // A script is not asked: it leaves, told what it leaves open.
        walk.act(Action::Next { force: true }, self).map(|_| ())
    }

    fn roll(&mut self, walk: &mut Walk<'_>, arg: &Arg) -> Result<()> {
        let chart = match &arg.chart {
            Some(c) => walk.game.book.entry(c)?.id.to_string(),
            None => walk.default_chart().ok_or_else(|| {
                Error::usage("nothing to roll in this segment: `roll CHART` rolls any chart")
            })?,
        };
        self.roll_on(walk, &chart, false, &arg.drm)?;
        ask_again(walk);
        Ok(())
    }

    fn again(&mut self, walk: &mut Walk<'_>, arg: &Arg) -> Result<()> {
        let chart = match &arg.chart {
            Some(c) => walk.game.book.entry(c)?.id.to_string(),
            None => walk.again_chart().ok_or_else(|| {
                Error::usage("nothing to roll again here: `again` repeats a chart rolled more than once in a segment")
            })?,
        };
        self.roll_on(walk, &chart, false, &arg.drm)?;
        ask_again(walk);
        Ok(())
    }

    fn reroll(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        if let Some(c) = walk.game.mark.state.rerollable.clone() {
            walk.say(&format!(
                "  {} (final): {c}",
                walk.game.book.reroll_announced()
            ));
            self.roll_on(walk, &c, true, &[])
        } else {
            walk.say("  Nothing to roll again: only a roll the book allows it on, once.");
            Ok(())
        }
    }

    fn goto(&mut self, walk: &mut Walk<'_>, arg: &Arg) -> Result<()> {
        let Some((segment, turn, phase)) = arg.place.clone() else {
            return Ok(());
        };
        let action = Action::Goto {
            segment,
            turn,
            phase,
        };
        walk.act(action, self).map(|_| ())
    }

    fn track(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        for l in walk.track_lines() {
            walk.say(&l);
        }
        Ok(())
    }

    fn log(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        let text = walk.log_text()?;
        for l in text.lines() {
            walk.say(l);
        }
        Ok(())
    }

    fn profile(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        let kept = super::answers::lines(&walk.game.profile, walk.game.book);
        if kept.is_empty() {
            walk.say("  The profile keeps nothing yet.");
        }
        for l in kept {
            walk.say(&format!("  {l}"));
        }
        Ok(())
    }

    fn help(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        walk.say(&format!("  Commands: {}.", line_words()));
        walk.say("  `roll CHART --drm N` adds an ad-hoc modifier (a card or counter the chart does not list; repeatable), shown as extra.");
        walk.say("  An answer to the question shown (?) is typed as it is. Every step is saved; quit and come back any time.");
        Ok(())
    }

    fn dice_said(&self, hand: bool) -> &'static str {
        if hand {
            "  Dice: typed in, for the rest of the game: the line after a roll's answers gives them (empty: the tool rolls)."
        } else {
            "  Dice: the tool rolls them, for the rest of the game."
        }
    }
}

impl LineSession {
    /// Roll with the script's next lines as the answers; a refused answer is that line only.
    fn roll_on(
        &mut self,
        walk: &mut Walk,
        chart: &str,
        reroll: bool,
        extras: &[i64],
    ) -> Result<()> {
        let mut reader = std::mem::replace(&mut self.reader, Box::new(std::io::empty()));
        let mut prompter = LinePrompter::new(&mut *reader);
        prompter.echo = true;
        prompter.retry = true;
        prompter.commands = Some(is_line_command);
        let rolled = walk.roll_with(chart, reroll, &mut prompter, self, extras);
        self.rejected += prompter.rejected;
        let handed_back = prompter.handed_back.take();
        self.reader = reader;
        // A command where an answer was due ended the roll: it is the next line of the script.
        if let Some(line) = handed_back {
            let rest = std::mem::replace(&mut self.reader, Box::new(std::io::empty()));
            self.reader = Box::new(std::io::Cursor::new(format!("{line}\n")).chain(rest));
            self.rejected += 1;
            return match rolled {
                Err(Error::Cancelled) => Ok(()),
                other => other,
            };
        }
        rolled
    }
}

/// The question waiting now, if it is asked by itself.
fn ask_again(walk: &mut Walk) {
    if let Some(q) = view::question_line(&walk.game, false) {
        walk.say(&q);
    }
}

/// A line past [`MAX_LINE`].
#[derive(Debug)]
struct TooLong;

impl std::fmt::Display for TooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a line longer than {MAX_LINE} bytes")
    }
}

impl std::error::Error for TooLong {}

/// A reader whose lines are at most [`MAX_LINE`] bytes: past that, an error, before more is
/// gathered.
struct Bounded {
    inner: Box<dyn BufRead>,
    /// Bytes given since the last newline.
    since_newline: usize,
}

impl Read for Bounded {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let buf = self.fill_buf()?;
        let n = buf.len().min(out.len());
        out[..n].copy_from_slice(&buf[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Bounded {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let since = self.since_newline;
        let buf = self.inner.fill_buf()?;
        let upto = buf.iter().position(|b| *b == b'\n').unwrap_or(buf.len());
        if since + upto > MAX_LINE {
            return Err(std::io::Error::other(TooLong));
        }
        Ok(buf)
    }

    fn consume(&mut self, n: usize) {
        if let Ok(buf) = self.inner.fill_buf() {
            let part = &buf[..n.min(buf.len())];
            self.since_newline = match part.iter().rposition(|b| *b == b'\n') {
                Some(i) => part.len() - i - 1,
                None => self.since_newline + part.len(),
            };
        }
        self.inner.consume(n);
    }
}
