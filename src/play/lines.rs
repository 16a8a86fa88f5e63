//! The line front end of `play`, for scripts: each line is a command or the answer to the
//! question waiting. A bad line is reported on stderr and the walk goes on; the exit code
//! says whether any line was rejected.

use super::Walk;
use super::events::Action;
use crate::error::{Error, Result};
use crate::prompt::LinePrompter;
use crate::text::quoted;
use crate::verbs::line_words;
use std::io::{BufRead, Read};

/// The longest line a script may hand `play` (a command, an answer): a longer one is refused,
/// never gathered (`play < /dev/zero` must not fill the memory).
const MAX_LINE: usize = 64 * 1024;

pub(super) fn run(walk: &mut Walk, reader: Box<dyn BufRead>) -> Result<()> {
    let mut reader: Box<dyn BufRead> = Box::new(Bounded {
        inner: reader,
        since_newline: 0,
    });
    walk.show(false);
    let mut rejected = 0;
    loop {
        walk.rejected = 0;
        let mut line = String::new();
        let n = reader.read_line(&mut line).map_err(|e| {
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
        let done = command(walk, line.trim(), &mut reader);
        rejected += walk.rejected;
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

/// One line; `false` to stop.
fn command(walk: &mut Walk, line: &str, reader: &mut Box<dyn BufRead>) -> Result<bool> {
    if line.is_empty() || line.starts_with('#') {
        return Ok(true);
    }
    let (cmd, arg) = match line.split_once(char::is_whitespace) {
        Some((c, a)) => (c, Some(a.trim())),
        None => (line, None),
    };
    // The question waiting takes its answer before any command ("n" is "no" here).
    if let Some((q, _)) = walk.game.question().filter(|_| !is_command(cmd)) {
        let text = walk.game.question_text(&q);
        // Echoed first, so the transcript reads question, answer, then what follows from it.
        walk.say(&format!("  ? {text} {line}"));
        let events = walk.act(Action::Answer(line.to_string()), false)?;
        // A segment entered shows its own question.
        if !events
            .iter()
            .any(|e| matches!(e, super::events::Event::Entered))
        {
            ask_again(walk);
        }
        return Ok(true);
    }
    match cmd {
        "next" | "n" => {
            // A script is not asked: it leaves, told what it leaves open.
            walk.act(Action::Next { force: true }, false)?;
        }
        "back" | "b" => {
            walk.act(Action::Back, false)?;
        }
        "roll" | "r" | "again" | "." => {
            let (named, extras) = roll_words(arg.unwrap_or_default())?;
            let chart = match named {
                Some(c) => walk.game.book.entry(c)?.id.to_string(),
                None if matches!(cmd, "again" | ".") => walk.again_chart().ok_or_else(|| {
                    Error::usage("nothing to roll again here: `again` repeats a chart rolled more than once in a segment")
                })?,
                None => walk.default_chart().ok_or_else(|| {
                    Error::usage("nothing to roll in this segment: `roll CHART` rolls any chart")
                })?,
            };
            roll(walk, &chart, false, reader, &extras)?;
            ask_again(walk);
        }
        "odds" | "o" => {
            for l in walk.odds_lines(arg)? {
                walk.say(&l);
            }
        }
        "reroll" => match walk.game.mark.state.rerollable.clone() {
            Some(c) => {
                walk.say(&format!(
                    "  {} (final): {c}",
                    walk.game.book.reroll_announced()
                ));
                roll(walk, &c, true, reader, &[])?;
            }
            None => walk.say("  Nothing to roll again: only a roll the book allows it on, once."),
        },
        "undo" | "u" => {
            walk.act(Action::Undo, false)?;
        }
        "goto" | "g" => {
            let mut words = arg.unwrap_or_default().split_whitespace();
            let segment = words
                .next()
                .ok_or_else(|| Error::usage("goto takes a segment id (and a turn and a phase)"))?;
            let turn = words
                .next()
                .map(|t| {
                    t.parse::<u32>()
                        .map_err(|_| Error::usage(format!("goto: '{}' is not a turn", quoted(t))))
                })
                .transpose()?;
            let action = Action::Goto {
                segment: segment.to_string(),
                turn,
                phase: words.next().map(String::from),
            };
            walk.act(action, false)?;
        }
        "where" | "log" | "l" | "track" | "t" | "profile" | "p" => look(walk, cmd)?,
        "dice" | "d" => {
            let hand = !walk.dicer.by_hand();
            walk.set_dice(hand)?;
            walk.say(if hand {
                "  Dice: typed in, for the rest of the game: the line after a roll's answers gives them (empty: the tool rolls)."
            } else {
                "  Dice: the tool rolls them, for the rest of the game."
            });
        }
        "play" if arg == Some("on") => {
            walk.act(Action::PlayOn, false)?;
        }
        "help" | "h" | "?" => {
            walk.say(&format!("  Commands: {}.", line_words()));
            walk.say("  `roll CHART --drm N` adds an ad-hoc modifier (a card or counter the chart does not list; repeatable), shown as extra.");
            walk.say("  An answer to the question shown (?) is typed as it is. Every step is saved; quit and come back any time.");
        }
        "quit" | "q" | "exit" => return Ok(false),
        _ => {
            return Err(Error::usage(format!(
                "'{}' is not a command of play ({})",
                quoted(line),
                line_words()
            )));
        }
    }
    Ok(true)
}

/// `roll [CHART] [--drm N]...`: the chart named, if one is, and the ad-hoc modifiers, as
/// `flipbook roll` takes them (`--drm 1`, `--drm=-1`, `--drm -1`).
fn roll_words(arg: &str) -> Result<(Option<&str>, Vec<i64>)> {
    let mut chart = None;
    let mut extras = Vec::new();
    let mut words = arg.split_whitespace();
    while let Some(w) = words.next() {
        let value = if w == "--drm" {
            words
                .next()
                .ok_or_else(|| Error::usage("roll: --drm takes a number (`roll CHART --drm -1`)"))?
        } else if let Some(v) = w.strip_prefix("--drm=") {
            v
        } else if w.starts_with('-') || chart.is_some() {
            return Err(Error::usage(format!(
                "roll: '{}' is not understood; it takes a chart and --drm N",
                quoted(w)
            )));
        } else {
            chart = Some(w);
            continue;
        };
        let max = crate::rules::MAX_DRM;
        let n = value
            .parse::<i64>()
            .ok()
            .filter(|n| n.abs() <= max)
            .ok_or_else(|| {
                Error::usage(format!(
                    "roll: --drm takes a number from -{max} to {max}, not '{}'",
                    quoted(value)
                ))
            })?;
        extras.push(n);
    }
    Ok((chart, extras))
}

fn is_command(word: &str) -> bool {
    matches!(
        word,
        "next"
            | "back"
            | "b"
            | "roll"
            | "r"
            | "again"
            | "."
            | "track"
            | "t"
            | "profile"
            | "p"
            | "dice"
            | "d"
            | "reroll"
            | "odds"
            | "o"
            | "undo"
            | "u"
            | "goto"
            | "g"
            | "where"
            | "log"
            | "l"
            | "play"
            | "help"
            | "h"
            | "?"
            | "quit"
            | "q"
            | "exit"
    )
}

/// What a script may look at: where the bookmark stands, the log, the track, the profile.
fn look(walk: &mut Walk, cmd: &str) -> Result<()> {
    match cmd {
        "where" => {
            let (g, m) = (&walk.game, &walk.game.mark);
            let w = format!(
                "  Turn {} · {} · {} ({})",
                m.turn,
                g.phase_title(),
                g.segment().title,
                m.segment
            );
            walk.say(&w);
        }
        "log" | "l" => {
            let text = walk.log_text()?;
            for l in text.lines() {
                walk.say(l);
            }
        }
        "track" | "t" => {
            for l in walk.track_lines() {
                walk.say(&l);
            }
        }
        "profile" | "p" => {
            let kept = super::answers::lines(&walk.game.profile, walk.game.book);
            if kept.is_empty() {
                walk.say("  The profile keeps nothing yet.");
            }
            for l in kept {
                walk.say(&format!("  {l}"));
            }
        }
        _ => {}
    }
    Ok(())
}

/// Roll with the script's next lines as the answers; a refused answer is that line only.
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

fn roll(
    walk: &mut Walk,
    chart: &str,
    reroll: bool,
    reader: &mut Box<dyn BufRead>,
    extras: &[i64],
) -> Result<()> {
    let mut prompter = LinePrompter::new(&mut **reader);
    prompter.echo = true;
    prompter.retry = true;
    prompter.commands = Some(is_command);
    let rolled = walk.roll_with(chart, reroll, &mut prompter, false, extras);
    walk.rejected += prompter.rejected;
    // A command where an answer was due ended the roll: it is the next line of the script.
    if let Some(line) = prompter.handed_back.take() {
        let rest = std::mem::replace(reader, Box::new(std::io::empty()));
        *reader = Box::new(std::io::Cursor::new(format!("{line}\n")).chain(rest));
        walk.rejected += 1;
        return match rolled {
            Err(Error::Cancelled) => Ok(()),
            other => other,
        };
    }
    rolled
}

/// The question waiting now, if it is asked by itself.
fn ask_again(walk: &mut Walk) {
    if let Some(q) = super::view::question_line(&walk.game, false) {
        walk.say(&q);
    }
}
