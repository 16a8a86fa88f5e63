//! `play`: the turn sequence, segment by segment. A pure turn engine (`game`, `checklist`,
//! `answers`, `nav`) moves the game's `state` by actions and returns typed `events`; the walker
//! here keeps the journal (bookmark, log, profile) after each one and shows what happened
//! (`view`); two front ends turn input into actions and word what is theirs to say: keys and
//! menus on a terminal (`keys`), lines from a script (`lines`).

mod answers;
mod board;
mod checklist;
mod events;
mod game;
mod journal;
mod keys;
mod lines;
mod lock;
mod nav;
mod odds;
pub(crate) mod profile;
mod review;
mod state;
mod steps;
pub(crate) mod track;
mod view;

pub(crate) use journal::Journal;
pub(crate) use state::{Bookmark, LogEntry};
pub(crate) use view::{LogNames, log_text, track_text};

/// The bookmark's memory key for the dice chosen in play (`d`): "hand" or "tool".
const DICE: &str = "dice";

pub(crate) use events::RESULT_ENDED;
pub(crate) use nav::start;

use crate::error::{Error, Result};
use crate::rules::{Dicer, Options, Prompter, Roller};
use events::{Action, Event};
use game::Game;
use std::io::Write;

use view::words;

/// How the player talks to the walk.
pub(crate) enum Io {
    /// Keys and menus on a terminal (stderr).
    Term(console::Term),
    /// One line at a time (a script).
    Lines(Box<dyn std::io::BufRead>),
}

/// The walk through the turn: the game, its journal, the dice.
pub(crate) struct Walk<'a> {
    game: Game<'a>,
    journal: Journal,
    dicer: Dicer,
    opts: Options,
    out: Box<dyn Write + 'a>,
    width: usize,
    /// In key mode, the terminal to clear when a segment is entered (its header on top).
    clear: Option<console::Term>,
    /// A line to say under the first screen (what a new game carried over).
    notice: Option<String>,
    /// A roll was just made: the next Enter is not taken for "next segment".
    just_rolled: bool,
    /// Script lines refused during the last command (answers a roll asked again).
    rejected: usize,
    /// Extra DRMs for the next roll (key `x`): shown as "extra", as `flipbook roll --drm` does.
    extra: Vec<i64>,
    /// The extra DRMs the last roll took: its re-roll takes them again (the same roll, again).
    last_extra: Vec<i64>,
    /// The dice of a roll taken back, and its chart: the next roll, on that chart, uses them.
    use_again: Option<(String, Vec<i64>)>,
    /// The last key did nothing: the status under the screen is not drawn again.
    hold_status: bool,
    /// The key that closed a view (the track, the log, the keys): done next, unread.
    after_view: Option<console::Key>,
    /// Where the key mode last showed every key (turn/phase/segment): after that, on a short
    /// terminal, one line of the commonest.
    keys_shown: Option<String>,
    /// The Roll line as shown in a segment (turn/phase/segment), its charts in their numbers'
    /// order: while the walk is there, a chart keeps its number and a new one (a chit's, a
    /// result's) comes at the end.
    roll_line: Option<(String, Vec<String>)>,
    /// The rows said since the screen was last cleared (key mode: what is above the status).
    rows_said: usize,
    /// The page of the segment shown (key `s`), on a terminal too short for all of it.
    page: usize,
    /// The page was drawn and nothing rolled since: the answers to its questions may be cleared
    /// to draw it again whole, its heading in sight.
    page_drawn: bool,
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
            clear: None,
            notice: None,
            just_rolled: false,
            keys_shown: None,
            roll_line: None,
            rejected: 0,
            extra: Vec::new(),
            last_extra: Vec::new(),
            use_again: None,
            hold_status: false,
            after_view: None,
            rows_said: 0,
            page: 0,
            page_drawn: false,
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

    /// Walk until the player quits or the input ends; whatever happens, the position is kept.
    pub(crate) fn run(&mut self, io: Io) -> Result<()> {
        self.journal.save(&self.game.mark)?;
        let result = match io {
            Io::Term(term) => keys::run(self, &term),
            Io::Lines(reader) => lines::run(self, reader),
        };
        let _ = self.out.flush();
        let saved = self.journal.save(&self.game.mark);
        result.and(saved)
    }

    fn say(&mut self, line: &str) {
        if self.clear.is_some() {
            // On a terminal, the width it has now: it may have been resized.
            self.width = view::width();
        }
        for l in view::wrap(line, self.width) {
            let _ = writeln!(self.out, "{l}");
            self.rows_said += 1;
        }
    }

    /// In key mode, a clean screen: what is said next begins at its top.
    fn clear_screen(&mut self) {
        if let Some(term) = &self.clear {
            let _ = term.clear_screen();
            self.rows_said = 0;
        }
    }

    /// A line to say under the first screen.
    pub(crate) fn notice(&mut self, line: String) {
        self.notice = Some(line);
    }

    /// Show the segment (and the notice waiting, once). On a terminal too short for all of it
    /// with the status under it, its page `self.page`: the heading and the first step always
    /// on the first (`view::pages`), the rest one key away (`s`).
    fn show(&mut self, keys: bool) {
        let notice = self.notice.take().map(|n| format!("  {n}"));
        let lines = if keys && self.clear.is_some() {
            let width = view::width();
            let under = keys::status_parts(self);
            let notice_rows = notice.as_ref().map_or(0, |n| view::wrap(n, width).len());
            // Under the page: the status, the Roll line, the keys (the short line, when it
            // must be cut) and the prompt's row.
            let room = keys::rows().saturating_sub(
                self.rows_said
                    + notice_rows
                    + under.head.len()
                    + under.roll.len()
                    + under.common.len()
                    + 1,
            );
            let pages = view::pages(&self.game, keys, room, width);
            let n = pages.len();
            pages.into_iter().nth(self.page % n).unwrap_or_default()
        } else {
            view::screen(&self.game, keys)
        };
        for l in lines {
            self.say(&l);
        }
        if let Some(n) = notice {
            self.say(&n);
        }
        self.page_drawn = keys && self.clear.is_some();
    }

    /// The segment's page again from the top (key `s`): its next part when it is cut in
    /// several, else the whole of it.
    fn turn_page(&mut self) {
        self.page += 1;
        self.clear_screen();
        self.show(true);
        if self.page_count() <= 1 {
            self.page = 0;
        }
    }

    /// How many pages the segment has on this terminal (key mode).
    fn page_count(&mut self) -> usize {
        let width = view::width();
        let under = keys::status_parts(self);
        let room = keys::rows()
            .saturating_sub(under.head.len() + under.roll.len() + under.common.len() + 1);
        view::pages(&self.game, true, room, width).len()
    }

    /// Apply an action, keep the journal, show what happened; the events, for the front end.
    ///
    /// The log is written first (the step's entries and the step undo can take back, or the
    /// undo line), then the profile, then the bookmark naming that line: a crash between them
    /// is settled at the next start (`Journal::reconcile`). What could not be written to the
    /// log is not done: the game is put back as it was.
    fn act(&mut self, action: Action, keys: bool) -> Result<Vec<Event>> {
        if matches!(action, Action::Undo) && !self.game.can_undo() {
            // The undo history lives in the log: a step an earlier `play` made.
            if let Some(step) = self.journal.last_step()? {
                self.game.push_step(step);
            }
        }
        let before = (self.game.mark.clone(), self.game.profile.clone());
        let events = self.game.apply(action)?;
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
        for e in &events {
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
                    self.use_again = match what {
                        events::Undid::Roll(Some(chart)) if !dice.is_empty() => {
                            Some((chart.clone(), dice.clone()))
                        }
                        _ => None,
                    };
                }
                Event::ProfileChanged => self.journal.save_profile(&self.game.profile)?,
                _ => {}
            }
        }
        self.journal.save(&self.game.mark)?;
        let entered = events.iter().any(|e| matches!(e, Event::Entered));
        if entered {
            self.page = 0;
            self.clear_screen();
        }
        let book = &self.game.book;
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
                self.show(keys);
            }
        }
        Ok(events)
    }

    /// Roll on a chart in this segment, with what the walker knows given and the last answers
    /// offered; then record it.
    fn roll(
        &mut self,
        chart: &str,
        reroll: bool,
        prompter: &mut dyn Prompter,
        keys: bool,
    ) -> Result<()> {
        self.roll_with(chart, reroll, prompter, keys, &[])
    }

    /// A roll with the player's ad-hoc modifiers (`roll CHART --drm N`): shown as "extra",
    /// inside the chart's printed cap, logged with the roll; a selection roll takes none.
    fn roll_with(
        &mut self,
        chart: &str,
        reroll: bool,
        prompter: &mut dyn Prompter,
        keys: bool,
        extras: &[i64],
    ) -> Result<()> {
        // A result is said under the page: from now on it stays in view (no redraw).
        self.page_drawn = false;
        let chart = self.game.for_item(self.game.book.entry(chart)?.chart()?);
        // A roll for a step the board's question decides waits for its answer (a second
        // capability roll is only at SoE 5+).
        if let Some(q) = self
            .game
            .step_for(&chart.id)
            .and_then(|st| st.only_if.as_ref())
            .and_then(|q| self.game.only_if_waiting(q))
        {
            return Err(Error::usage(format!(
                "answer first: {} ({})",
                q.ask,
                words(keys).answer_aside()
            )));
        }
        // So does a roll whose step's count waits for the board's answer (how many DARPA/RC
        // counters): which step the roll is for depends on it.
        if let Some(checklist::Question::Count(i)) = self.game.board_question()
            && let Some(st) = self.game.segment().steps.get(i)
            && (st.chart.as_deref() == Some(chart.id.as_str()) || st.or_charts.contains(&chart.id))
        {
            let ask = st.count.as_ref().map(|c| c.ask.clone()).unwrap_or_default();
            return Err(Error::usage(format!(
                "answer first: {ask} ({})",
                words(keys).answer_aside()
            )));
        }
        crate::rules::refuse_drm(&chart, extras)?;
        if chart.selection && !self.extra.is_empty() {
            return Err(Error::usage(format!(
                "{} is a selection roll (it picks one of a list): it takes no extra DRM (x, then an empty line, drops it)",
                chart.title
            )));
        }
        let prepared = self.game.prepare(&chart)?;
        if !prepared.kept.is_empty() {
            let kept: Vec<String> = prepared
                .kept
                .iter()
                .map(|(name, v)| format!("{name} {v}"))
                .collect();
            self.say(&format!(
                "  Kept from earlier (nothing has moved it since): {}",
                kept.join(", ")
            ));
        }
        let mut opts = self.opts.clone();
        let mut extra: Vec<i64> = extras.iter().chain(&self.extra).copied().collect();
        if reroll {
            // A re-roll is the same roll again: the modifiers the player added to it stand.
            extra.extend(self.last_extra.iter().copied());
        }
        opts.extra.extend_from_slice(&extra);
        // With the player's dice, a chart the tool only says where to read takes no die typed
        // in: one key rolls it, by hand (a script gives its dice on its lines, as always).
        if keys
            && self.dicer.by_hand()
            && !reroll
            && crate::rules::look_up_only(&chart, &opts)
            && self.game.book.reroll_for(&chart).is_none()
        {
            let again = self.game.rolls_again_on(&chart.id);
            let outcome = crate::rules::look_up_by_hand(&chart, &again);
            return self.rolled(outcome, reroll, extra, keys);
        }
        // The roll taken back is made again with its dice; another roll drops them.
        match self.use_again.take() {
            Some((c, dice)) if c == chart.id && !reroll => self.dicer.use_again(&dice),
            _ => self.dicer.use_again(&[]),
        }
        // Nothing is offered back to confirm (no `fresh`): what nothing has moved is given (and
        // said here), what was moved is asked fresh.
        let mut roller = Roller::new(
            self.game.book,
            &mut self.dicer,
            prompter,
            opts,
            prepared.values,
        );
        roller.defaults = prepared.defaults;
        let again = self.game.rolls_again_on(&chart.id);
        let book = self.game.book;
        let outcome = roller.resolve_again(&chart, &again).map_err(|e| match e {
            // In the game's words: the chart's title and the questions, not their keys.
            Error::Missing { chart: id, keys } => {
                let inputs = book
                    .entry(&id)
                    .and_then(crate::library::Entry::chart)
                    .and_then(|c| book.inputs_of(&c).map(|i| (c.title.clone(), i)));
                let (title, asks) = match inputs {
                    Ok((title, inputs)) => {
                        let asks: Vec<String> = keys
                            .iter()
                            .map(|k| {
                                inputs
                                    .iter()
                                    .find(|i| i.key == *k)
                                    .map_or_else(|| k.clone(), |i| i.ask.clone())
                            })
                            .collect();
                        (title, asks)
                    }
                    Err(_) => (id.clone(), keys),
                };
                Error::usage(format!(
                    "{title} needs an answer to: {} (give it on the line after `roll {id}`)",
                    asks.join(" ")
                ))
            }
            other => other,
        })?;
        self.rolled(outcome, reroll, extra, keys)
    }

    /// A roll made: acted on, and the extra DRMs it was made with kept for `.` (the next roll's
    /// are cleared).
    fn rolled(
        &mut self,
        outcome: crate::rules::Outcome,
        reroll: bool,
        extra: Vec<i64>,
        keys: bool,
    ) -> Result<()> {
        self.act(
            Action::Rolled {
                outcome: Box::new(outcome),
                reroll,
            },
            keys,
        )?;
        self.just_rolled = true;
        self.extra.clear();
        self.last_extra = extra;
        Ok(())
    }

    /// The chart a roll takes when none is named: the one the rules name next (a result's, a
    /// chit's), else the chart just rolled when its step is rolled again and again (each
    /// region's Stability), else the first open item (a drawn chit's chart, the loop item's, a
    /// step not yet rolled, required ones first), else the segment's first.
    fn default_chart(&self) -> Option<String> {
        let g = &self.game;
        let step_charts: Vec<String> = g.steps().iter().filter_map(|s| s.chart.clone()).collect();
        let st = &g.mark.state;
        g.next_named_roll()
            .map(String::from)
            .or_else(|| self.repeating_chart())
            .or_else(|| {
                g.recalled_charts()
                    .into_iter()
                    .find(|c| !st.rolled.iter().any(|r| r.chart == *c))
            })
            .or_else(|| g.unrolled_chit_charts().first().cloned())
            .or_else(|| {
                g.segment()
                    .repeat
                    .as_ref()
                    .filter(|_| g.ready_item().is_some())
                    .map(|r| r.chart.clone())
            })
            .or_else(|| g.next_step_chart())
            .or_else(|| step_charts.first().cloned())
    }

    /// The chart just rolled, while it is still rolled again and again here: not once a count
    /// of rolls is all made (the eighth region's Stability), the next open item then.
    fn repeating_chart(&self) -> Option<String> {
        self.again_chart()
            .filter(|c| self.game.rolled_already(c).is_none())
    }

    /// The chart just rolled, when its step is rolled more than once here (`again`) or while
    /// a roll on it is still held open (a second step on it: FNI's second counter); else the
    /// last chart rolled here whose rolls the rules still want (its count not reached: the
    /// Congressional Drama's second roll, asked for by a yes in between).
    fn again_chart(&self) -> Option<String> {
        let rolled = &self.game.mark.state.rolled;
        let last = rolled.last()?;
        let again = self
            .game
            .steps()
            .iter()
            .any(|s| s.again && s.chart.as_deref() == Some(last.chart.as_str()));
        let held = || self.game.open_items().iter().any(|o| o.wants(&last.chart));
        if again || held() {
            return Some(last.chart.clone());
        }
        rolled
            .iter()
            .rev()
            .map(|r| &r.chart)
            .find(|c| {
                self.game
                    .chart_count(c)
                    .is_some_and(|(made, of)| made > 0 && made < of)
            })
            .cloned()
    }

    /// The charts this segment offers, numbered as the Roll line shows them: those it showed
    /// here keep their numbers (a chart a chit or a result adds never moves another), the new
    /// ones after them.
    fn roll_choices(&self) -> Vec<String> {
        let m = &self.game.mark;
        let here = state::visited_key(m.turn, &m.phase, &m.segment);
        let mut line = match &self.roll_line {
            Some((at, line)) if *at == here => line.clone(),
            _ => Vec::new(),
        };
        for c in self.offered() {
            if !line.contains(&c) {
                line.push(c);
            }
        }
        line
    }

    /// The charts offered now, each with its number on the Roll line (from 1): a drawn chit's
    /// chart not offered now (an Ally group not drawn) is left out and keeps its number, unshown.
    fn numbered_choices(&self) -> Vec<(usize, String)> {
        let drawn = self.game.not_offered();
        self.roll_choices()
            .into_iter()
            .enumerate()
            .filter(|(_, c)| !drawn.contains(c))
            .map(|(i, c)| (i + 1, c))
            .collect()
    }

    /// The Roll line as it is shown now: its numbers stay while the walk is in this segment.
    fn pin_roll_line(&mut self) {
        let line = self.roll_choices();
        let m = &self.game.mark;
        self.roll_line = Some((state::visited_key(m.turn, &m.phase, &m.segment), line));
    }

    /// The charts this segment offers, in one fixed order: the segment's own in the book's
    /// order, the loop's, then those a drawn chit or a result named, as they came (with the
    /// drawn chits' charts not offered now, in their places).
    fn offered(&self) -> Vec<String> {
        let g = &self.game;
        // A step's chart and the others that do it too (the acting peer's, either one).
        // Only the steps the page lists: not the peer that does not act now (Phase 3).
        let steps = g.steps();
        let mut out: Vec<String> = (0..steps.len())
            .filter(|&i| g.step_listed(&steps, i))
            .flat_map(|i| steps[i].chart.iter().chain(&steps[i].or_charts).cloned())
            .collect();
        out.extend(g.recalled_charts());
        out.extend(g.segment().repeat.as_ref().map(|r| r.chart.clone()));
        out.extend(g.chit_charts());
        out.extend(g.mark.state.named.iter().cloned());
        // A drawn chit's chart not offered now (the Ally groups not drawn, or drawn in an
        // earlier phase) keeps its place: the Roll line leaves it out, and the others keep
        // their numbers whatever was drawn, here, in an earlier phase or before a resume.
        let mut seen = Vec::new();
        out.retain(|c| {
            let new = !seen.contains(c);
            seen.push(c.clone());
            new
        });
        out
    }

    /// A new game from turn 1 (the earlier games' logs are kept).
    fn restart(&mut self) -> Result<()> {
        let said = new_game(&self.journal, &self.game.seq)?;
        self.game.profile = self.journal.load_profile()?;
        self.notice = Some(said);
        let book = self.game.book.id.clone();
        self.game.begin(start(&self.game.seq, &book));
        self.journal.save(&self.game.mark)?;
        self.page = 0;
        self.clear_screen();
        self.show(self.clear.is_some());
        Ok(())
    }

    /// The player rolls and types the dice from now on in this game, or the tool rolls them.
    fn set_dice(&mut self, hand: bool) -> Result<()> {
        self.dicer.set_by_hand(hand);
        let memo = state::Memo {
            turn: self.game.mark.turn,
            value: if hand { "hand" } else { "tool" }.into(),
        };
        self.game.mark.memory.insert(DICE.into(), memo);
        self.journal.save(&self.game.mark)
    }

    /// The turn track of this turn, as lines.
    fn track_lines(&self) -> Vec<String> {
        let g = &self.game;
        let t = track::of(&g.seq, Some(&g.mark), g.mark.turn);
        let mut text = String::new();
        track_text(&mut text, &t, self.width);
        text.lines().map(String::from).collect()
    }

    fn log_text(&self) -> Result<String> {
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
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod required_tests;
