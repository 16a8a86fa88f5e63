//! `play`: the turn sequence, segment by segment, with a bookmark that survives anything and a
//! log of every roll. The tool keeps only what the flipbook tracks: where you are, the turn, who
//! acted in Phase 1, the chits drawn in this segment, and the answers given this turn.

mod journal;
mod keys;
mod nav;
mod roll;
mod segment;

pub(crate) use journal::{Bookmark, Journal, LogEntry};
pub(crate) use nav::start;

use journal::SegmentState;
use nav::{applies, order, step_from};

use crate::error::{Error, Result};
use crate::library::Book;
use crate::rules::{Dicer, Options};
use console::style;
use flipbook_charts::{Segment, Sequence};
use std::io::{BufRead, Write};

/// A question the current segment is waiting on.
#[derive(Debug, Clone, PartialEq)]
enum Question {
    Chit { n: u32, max: u32 },
    Plus,
    Item(usize),
}

/// How the player talks to the walk: keys and menus on a terminal, or one line at a time.
pub(crate) enum Io {
    Term(console::Term),
    Lines(Box<dyn BufRead>),
}

/// The walk through the turn.
pub(crate) struct Walk<'a> {
    pub(crate) book: &'a Book,
    pub(crate) seq: Sequence,
    pub(crate) mark: Bookmark,
    pub(crate) journal: Journal,
    pub(crate) dicer: Dicer,
    pub(crate) opts: Options,
    pub(crate) io: Io,
    pub(crate) out: Box<dyn Write + 'a>,
}

const COMMANDS: &str = "next, back, roll [CHART], reroll, goto SEGMENT, where, log, help, quit";

impl Walk<'_> {
    pub(super) fn segment(&self) -> &Segment {
        self.seq
            .segment(&self.mark.segment)
            .expect("bookmark checked against the sequence")
    }

    pub(super) fn phase_title(&self) -> String {
        self.seq
            .phases
            .iter()
            .find(|p| p.id == self.mark.phase)
            .map(|p| p.title.clone())
            .unwrap_or_default()
    }

    pub(super) fn say(&mut self, text: impl AsRef<str>) {
        let _ = writeln!(self.out, "{}", text.as_ref());
    }

    pub(super) fn save(&self) -> Result<()> {
        self.journal.save(&self.mark)
    }

    /// Save the bookmark now (after an error too).
    pub(crate) fn save_now(&mut self) -> Result<()> {
        let _ = self.out.flush();
        self.save()
    }

    /// Move to another segment; the new one starts fresh.
    pub(super) fn go(&mut self, phase: String, segment: String, turn: u32) {
        self.mark.phase = phase;
        self.mark.segment = segment;
        self.mark.turn = turn;
        self.mark.state = SegmentState::default();
    }

    pub(super) fn next(&mut self) -> Result<bool> {
        if let Some((p, s)) = step_from(&self.seq, &self.mark, 1) {
            let t = self.mark.turn;
            self.go(p, s, t);
            return Ok(true);
        }
        let turn = self.mark.turn;
        if let Some(msg) = self.seq.over_after(turn) {
            let msg = msg.to_string();
            self.say(format!("\n{}", style(msg).bold()));
            return Ok(false);
        }
        let first = &self.seq.phases[0];
        let (p, s) = (first.id.clone(), first.segments[0].clone());
        self.go(p, s, turn + 1);
        self.say(format!(
            "\n{}",
            style(format!("— Turn {} begins —", turn + 1)).bold()
        ));
        if !applies(
            &self.seq,
            &self.mark.phase,
            &self.mark.segment,
            self.mark.turn,
        ) {
            return self.next();
        }
        Ok(true)
    }

    pub(super) fn back(&mut self) -> bool {
        if let Some((p, s)) = step_from(&self.seq, &self.mark, -1) {
            let t = self.mark.turn;
            self.go(p, s, t);
            return true;
        }
        if self.mark.turn > 1 {
            let all = order(&self.seq);
            let t = self.mark.turn - 1;
            if let Some((p, s)) = all
                .iter()
                .rev()
                .find(|(p, s)| applies(&self.seq, p, s, t))
                .cloned()
            {
                self.go(p, s, t);
                return true;
            }
        }
        self.say("  This is the start of the game.");
        false
    }

    /// Jump to a segment, in a given phase and turn or the nearest that has it.
    pub(crate) fn goto(
        &mut self,
        segment: &str,
        turn: Option<u32>,
        phase: Option<&str>,
    ) -> Result<()> {
        let all = order(&self.seq);
        if !all.iter().any(|(_, s)| s == segment) {
            let ids: Vec<&str> = self.seq.segments.iter().map(|s| s.id.as_str()).collect();
            let near = crate::library::suggest(segment, ids.iter().copied());
            return Err(Error::usage(format!(
                "unknown segment '{segment}'{}; segments: {}",
                crate::library::did_you_mean(&near),
                ids.join(", ")
            )));
        }
        let turn = turn.unwrap_or(self.mark.turn);
        if turn == 0 || turn > self.seq.final_turn() {
            return Err(Error::usage(format!(
                "turn {turn} is not a turn of this game (1-{})",
                self.seq.final_turn()
            )));
        }
        let phases: Vec<&String> = all
            .iter()
            .filter(|(_, s)| s == segment)
            .map(|(p, _)| p)
            .collect();
        let phase = match phase {
            Some(p) => {
                if !phases.iter().any(|x| x.as_str() == p) {
                    let list: Vec<&str> = phases.iter().map(|s| s.as_str()).collect();
                    return Err(Error::usage(format!(
                        "segment '{segment}' is not in phase {p}; it is in: {}",
                        list.join(", ")
                    )));
                }
                p.to_string()
            }
            None if phases.iter().any(|p| **p == self.mark.phase) => self.mark.phase.clone(),
            None => phases[0].clone(),
        };
        self.go(phase, segment.to_string(), turn);
        Ok(())
    }

    pub(super) fn help(&mut self) {
        self.say(format!("  Commands: {COMMANDS}."));
        self.say("  An answer to the question shown (?) is typed as it is. Every step is saved; quit and come back any time.");
    }

    pub(super) fn show_log(&mut self) -> Result<()> {
        let entries = self.journal.read_log()?;
        let turn = self.mark.turn;
        let mut text = String::new();
        crate::ui::render::log(&mut text, &entries, Some(turn), false);
        let _ = write!(self.out, "{text}");
        Ok(())
    }

    /// One command; `false` to stop.
    pub(super) fn command(&mut self, line: &str) -> Result<bool> {
        let line = line.trim();
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, Some(a.trim())),
            None => (line, None),
        };
        if line.starts_with('#') {
            // A comment in a script.
            return Ok(true);
        }
        match cmd {
            "" => {}
            "next" | "n" => {
                if !self.next()? {
                    return Ok(false);
                }
                self.save()?;
                self.show();
            }
            "back" | "b" => {
                if self.back() {
                    self.save()?;
                    self.show();
                }
            }
            "roll" | "r" => {
                self.roll(arg, false)?;
                self.save()?;
                if let Some(q) = self.question() {
                    let t = self.question_text(&q);
                    self.say(format!("  {} {t}", style("?").yellow().bold()));
                }
            }
            "reroll" => match self.mark.state.rerollable.clone() {
                Some(c) => {
                    self.say(format!("  Re-roll for 1 AP (final): {c}"));
                    self.roll(Some(&c), true)?;
                    self.save()?;
                }
                None => self.say("  Nothing to re-roll: only a Master Action roll, once."),
            },
            "goto" | "g" => {
                let Some(seg) = arg else {
                    return Err(Error::usage("goto takes a segment id"));
                };
                self.goto(seg, None, None)?;
                self.save()?;
                self.show();
            }
            "where" => {
                let w = format!(
                    "  Turn {} · phase {} · {}",
                    self.mark.turn, self.mark.phase, self.mark.segment
                );
                self.say(w);
            }
            "log" | "l" => self.show_log()?,
            "help" | "h" | "?" => self.help(),
            "quit" | "q" | "exit" => return Ok(false),
            _ => match self.question() {
                Some(q) => {
                    self.answer(&q, line)?;
                    self.save()?;
                    if let Some(q) = self.question() {
                        let t = self.question_text(&q);
                        self.say(format!("  {} {t}", style("?").yellow().bold()));
                    }
                }
                None => {
                    return Err(Error::usage(format!(
                        "unknown command '{line}' ({COMMANDS})"
                    )));
                }
            },
        }
        Ok(true)
    }

    /// Walk until the player quits or the input ends. The bookmark is saved after every step.
    pub(crate) fn run(&mut self) -> Result<()> {
        self.save()?;
        self.show();
        if matches!(self.io, Io::Term(_)) {
            self.say(format!(
                "  {}",
                style("Keys: [n]ext [r]oll [b]ack [g]oto [l]og [h]elp [q]uit, [m]enu").dim()
            ));
            return self.run_term();
        }
        loop {
            let mut line = String::new();
            let n = match &mut self.io {
                Io::Lines(r) => r
                    .read_line(&mut line)
                    .map_err(|e| Error::io("read", "standard input", e))?,
                Io::Term(_) => unreachable!(),
            };
            if n == 0 {
                break;
            }
            if !self.command(&line)? {
                break;
            }
        }
        self.save()
    }
}

fn yes_no(text: &str) -> Result<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" => Ok(true),
        "no" | "n" | "false" => Ok(false),
        t => Err(Error::usage(format!("answer yes or no, not '{t}'"))),
    }
}
