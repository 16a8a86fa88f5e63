//! The walk through the turn: applies an action to the game, keeps the journal (bookmark, log,
//! profile) after each one and shows what happened; its rolls (roll.rs), and a command of
//! either front end (command.rs).

use super::events::{self, Action, Event};
use super::game::Game;
use super::state::{self, Bookmark, LogEntry};
use super::view::{self, LogNames, log_text, track_text, words};
use super::{Journal, nav, odds, profile, track};
use crate::error::{Error, Result};
use crate::rules::{Dicer, Options};
use std::io::Write;

mod command;
mod roll;

pub(in crate::play) use command::{Arg, Front, run_command};

/// The bookmark's memory key for the dice chosen in play (`d`): "hand" or "tool".
const DICE: &str = "dice";

/// The walk through the turn: the game, its journal, the dice, and where it says what happened.
pub(crate) struct Walk<'a> {
    pub(super) game: Game<'a>,
    pub(super) journal: Journal,
    pub(super) dicer: Dicer,
    pub(super) opts: Options,
    pub(super) out: Box<dyn Write + 'a>,
    pub(super) width: usize,
    /// The lines are said on a terminal (the key mode): its width is measured again at each
    /// line, for it may have been resized.
    pub(super) on_term: bool,
    /// The rows said since the screen was last cleared (on a terminal: what is above the
    /// status).
    pub(super) rows_said: usize,
    /// A line to say under the first screen (what a new game carried over).
    pub(super) notice: Option<String>,
    /// Extra DRMs for the next roll (key `x`): shown as "extra", as `flipbook roll --drm` does.
    pub(super) extra: Vec<i64>,
    /// The extra DRMs the last roll took: its re-roll takes them again (the same roll, again).
    pub(super) last_extra: Vec<i64>,
    /// The dice of a roll taken back, and its chart: the next roll, on that chart, uses them.
    pub(super) use_again: Option<(String, Vec<i64>)>,
}

/// Begin a new game: the current one is kept (`flipbook games`), and the profile keeps only the
/// player's answers. The line that says what was carried over.
pub(crate) fn new_game(journal: &Journal, seq: &flipbook_charts::Sequence) -> Result<String> {
    journal.restart()?;
    // A profile that cannot be read carries nothing: the new game starts without it.
    let mut p = journal.load_profile().unwrap_or_default();
    let said = profile::carry(seq, &mut p);
    journal.save_profile(&p)?;
    Ok(said)
}

impl<'a> Walk<'a> {
    pub(crate) fn new(
        book: &'a crate::library::Book,
        mark: Bookmark,
        journal: Journal,
        dicer: Dicer,
        opts: Options,
        difficulty: Option<String>,
    ) -> Result<Walk<'a>> {
        let seq = book.sequence()?;
        let profile = journal.load_profile()?;
        let mut dicer = dicer;
        // The dice the player chose in this game (`d`) stand for the rest of it.
        if let Some(m) = mark.memory.get(DICE) {
            dicer.set_by_hand(m.value == "hand");
        }
        Ok(Walk {
            game: Game::with(book, seq, mark, profile, difficulty)?,
            journal,
            dicer,
            opts,
            out: Box::new(std::io::stdout()),
            width: view::width(),
            on_term: false,
            rows_said: 0,
            notice: None,
            extra: Vec::new(),
            last_extra: Vec::new(),
            use_again: None,
        })
    }

    /// Jump before the walk starts (`play --goto`).
    pub(crate) fn goto(
        &mut self,
        segment: &str,
        turn: Option<u32>,
        phase: Option<&str>,
    ) -> Result<()> {
        self.game.goto(segment, turn, phase).map(|_| ())
    }

    pub(super) fn say(&mut self, line: &str) {
        if self.on_term {
            // On a terminal, the width it has now: it may have been resized.
            self.width = view::width();
        }
        for l in view::wrap(line, self.width) {
            let _ = writeln!(self.out, "{l}");
            self.rows_said += 1;
        }
    }

    /// A line to say under the first screen.
    pub(crate) fn notice(&mut self, line: String) {
        self.notice = Some(line);
    }

    /// Apply an action, keep the journal, show what happened (the segment entered, as the
    /// front end shows it); the events, for the front end.
    pub(super) fn act(&mut self, action: Action, front: &mut dyn Front) -> Result<Vec<Event>> {
        if matches!(action, Action::Undo) && !self.game.can_undo() {
            // The undo history lives in the log: a step an earlier `play` made.
            if let Some(step) = self.journal.last_step()? {
                self.game.push_step(step);
            }
        }
        let before = (self.game.mark.clone(), self.game.profile.clone());
        let events = self.game.apply(action)?;
        self.write(&events, before)?;
        self.keep(&events, front.keys())?;
        self.journal.save(&self.game.mark)?;
        if events.iter().any(|e| matches!(e, Event::Entered)) {
            front.entering(self);
        }
        let keys = front.keys();
        let book = self.game.book;
        // The key mode names a chart by its title, the line mode by its `roll` command's name.
        let name = |c: &str| match book.find(c) {
            Some(e) if keys => e.title.to_string(),
            _ => c.to_string(),
        };
        for e in &events {
            for l in view::event(e, words(keys), &name) {
                self.say(&l);
            }
            if matches!(e, Event::Entered) {
                front.show(self);
            }
        }
        Ok(events)
    }

    /// The log first (the step's entries and the step undo can take back, or the undo line):
    /// what could not be written to it is not done, the game put back as it was (`before`).
    /// The profile and the bookmark naming that line follow: a crash between them is settled
    /// at the next start (`Journal::reconcile`).
    fn write(&mut self, events: &[Event], before: (Bookmark, state::Profile)) -> Result<()> {
        let logged: Vec<LogEntry> = events
            .iter()
            .filter_map(|e| match e {
                Event::Log(entry) => Some((**entry).clone()),
                _ => None,
            })
            .collect();
        let undo = events.iter().find_map(|e| match e {
            Event::Undone { ids, .. } => Some(ids.as_slice()),
            _ => None,
        });
        let step = self.game.kept_step().cloned();
        match self.journal.write(&logged, step.as_ref(), undo) {
            Ok(Some(at)) => self.game.mark.at = Some(at),
            Ok(None) => {}
            Err(e) => {
                self.game.put_back(before);
                return Err(e);
            }
        }
        Ok(())
    }

    /// What the walk keeps of the events: a roll taken back's dice and extra DRMs, the profile
    /// changed.
    fn keep(&mut self, events: &[Event], keys: bool) -> Result<()> {
        for e in events {
            match e {
                Event::Undone {
                    what, dice, extra, ..
                } => {
                    // A roll taken back gives back its extra DRMs with its die: made again, it
                    // is the same roll (x mends or drops them first). A script's roll names
                    // its own (`--drm`).
                    if keys && matches!(what, events::Undid::Roll(_)) {
                        self.extra.clone_from(extra);
                    }
                    // A die already seen is not rolled again by undoing: an undo that takes
                    // back no roll (the chit the roll was for, an answer) leaves the die kept,
                    // for the roll made again.
                    self.use_again = match what {
                        events::Undid::Roll(Some(chart)) if !dice.is_empty() => {
                            Some((chart.clone(), dice.clone()))
                        }
                        events::Undid::Roll(_) => None,
                        _ => self.use_again.take(),
                    };
                }
                Event::ProfileChanged => self.journal.save_profile(&self.game.profile)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// A new game from turn 1 (the earlier games' logs are kept); the front end shows it.
    pub(super) fn restart(&mut self) -> Result<()> {
        let said = new_game(&self.journal, &self.game.seq)?;
        self.game.profile = self.journal.load_profile()?;
        self.notice = Some(said);
        let book = self.game.book.id.clone();
        self.game.begin(nav::start(&self.game.seq, &book));
        self.journal.save(&self.game.mark)
    }

    /// The player rolls and types the dice from now on in this game, or the tool rolls them.
    pub(super) fn set_dice(&mut self, hand: bool) -> Result<()> {
        self.dicer.set_by_hand(hand);
        let memo = state::Memo {
            turn: self.game.mark.turn,
            value: if hand { "hand" } else { "tool" }.into(),
        };
        self.game.mark.memory.insert(DICE.into(), memo);
        self.journal.save(&self.game.mark)
    }

    /// The turn track of this turn, as lines.
    pub(super) fn track_lines(&self) -> Vec<String> {
        let g = &self.game;
        let t = track::of(&g.seq, Some(&g.mark), g.mark.turn);
        let mut text = String::new();
        track_text(&mut text, &t, self.width);
        text.lines().map(String::from).collect()
    }

    pub(super) fn log_text(&self) -> Result<String> {
        let entries = self.journal.read_log()?;
        let mut text = String::new();
        let names = LogNames::of(self.game.book);
        log_text(
            &mut text,
            &entries,
            Some(self.game.mark.turn),
            false,
            &names,
        );
        Ok(text)
    }

    /// What `odds [CHART]` shows: the chart named, or the one `roll` would take.
    pub(super) fn odds_lines(&self, chart: Option<&str>, keys: bool) -> Result<Vec<String>> {
        let name = match chart {
            Some(c) => self.game.book.entry(c)?.id.to_string(),
            None => self.default_chart().ok_or_else(|| {
                // Only the line mode names a chart to `odds`.
                let any = if keys {
                    ""
                } else {
                    ": `odds CHART` shows any chart's"
                };
                Error::usage(format!("nothing to roll in this segment{any}"))
            })?,
        };
        let chart = self.game.book.entry(&name)?.chart()?;
        let prepared = self.game.prepare(&chart)?;
        // The last answers, then what the walker knows (it wins): the chart's own inputs.
        let mut values: crate::rules::Values = prepared.defaults;
        values.extend(prepared.values);
        values.retain(|k, _| chart.inputs.iter().any(|i| &i.key == k));
        Ok(odds::lines(
            &chart,
            &values,
            &self.opts,
            &self.game.book.options,
            self.width,
        ))
    }
}
