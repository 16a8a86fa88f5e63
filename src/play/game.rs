//! The turn engine: where the player stands and what the segment has seen, moved by typed
//! actions that return what happened. No terminal and no files: the front ends turn input into
//! actions and show the events; the walker writes the journal.

use super::events::{Action, Event, RESULT_ENDED, Undid};
use super::nav::{self, ENDED, applies, step_from};
use super::state::{Bookmark, Memo, Profile, SegmentState, Step, new_id};
use crate::error::{Error, Result};
use crate::library::Book;
use crate::rules::Outcome;
use flipbook_charts::{Segment, Sequence};

/// The game: the sequence, the position and what the segment has seen.
pub(crate) struct Game<'a> {
    pub(crate) book: &'a Book,
    pub(crate) seq: Sequence,
    pub(crate) mark: Bookmark,
    /// Answers kept for the game (`sequence.yaml`: `profile`).
    pub(crate) profile: Profile,
    /// The difficulty the settings set, if they set one.
    pub(crate) difficulty: Option<String>,
    /// The steps of this game undo takes back, the last on top: those of this session, and
    /// those the walker reads back from the log when it runs out (`push_step`).
    undo: Vec<Step>,
    /// What the last action did to `undo`, so that the walker can put it back when the log
    /// could not be written.
    last: LastChange,
}

/// What the last action did to the undo history.
enum LastChange {
    None,
    /// A step was kept (on top).
    Kept,
    /// A step was taken back (here it is).
    Popped(Box<Step>),
}

/// The most steps kept for undo; the oldest go first.
const MAX_UNDO: usize = 1000;

impl<'a> Game<'a> {
    /// A game at `mark`, which must point at a segment of `seq`.
    #[cfg(test)]
    pub(crate) fn new(book: &'a Book, seq: Sequence, mark: Bookmark) -> Result<Game<'a>> {
        Game::with(book, seq, mark, Profile::new(), None)
    }

    /// A game with the profile kept so far and the settings' difficulty.
    pub(crate) fn with(
        book: &'a Book,
        seq: Sequence,
        mark: Bookmark,
        profile: Profile,
        difficulty: Option<String>,
    ) -> Result<Game<'a>> {
        if seq.segment(&mark.segment).is_none() {
            return Err(Error::Broken(format!(
                "segment '{}' is not in the sequence",
                mark.segment
            )));
        }
        Ok(Game {
            book,
            seq,
            mark,
            profile,
            difficulty,
            undo: Vec::new(),
            last: LastChange::None,
        })
    }

    pub(crate) fn segment(&self) -> &Segment {
        // `new` and every move keep the mark on a segment of the sequence.
        self.seq
            .segment(&self.mark.segment)
            .unwrap_or(&self.seq.segments[0])
    }

    pub(crate) fn phase_title(&self) -> &str {
        self.seq
            .phases
            .iter()
            .find(|p| p.id == self.mark.phase)
            .map_or("", |p| p.title.as_str())
    }

    /// Apply an action; on bad input an error, and nothing changed.
    pub(crate) fn apply(&mut self, action: Action) -> Result<Vec<Event>> {
        self.last = LastChange::None;
        if self.mark.over.is_some()
            && !matches!(
                action,
                Action::PlayOn | Action::Back | Action::Goto { .. } | Action::Rolled { .. }
            )
        {
            let why = self.mark.over.clone().unwrap_or_default();
            return Ok(vec![self.over(why)]);
        }
        match action {
            Action::Next { force } => {
                let open = self.open_items();
                let mut events = Vec::new();
                if force && !open.is_empty() {
                    events.push(Event::LeftOpen(open));
                }
                events.extend(self.next(force)?);
                Ok(events)
            }
            Action::Back => Ok(self.back()),
            Action::Goto {
                segment,
                turn,
                phase,
            } => self.goto(&segment, turn, phase.as_deref()),
            Action::PlayOn => Ok(self.play_on()),
            Action::Undo => Ok(self.undo()),
            Action::Aside => {
                self.mark.state.aside = true;
                Ok(vec![Event::PutAside])
            }
            Action::Answer(text) => {
                let before = (self.mark.clone(), self.profile.clone());
                let mut events = self.answer(&text)?;
                self.keep(before, &mut events);
                Ok(events)
            }
            Action::Pick(skipped) => {
                let before = (self.mark.clone(), self.profile.clone());
                let mut events = self.pick(&skipped);
                self.keep(before, &mut events);
                Ok(events)
            }
            Action::Rolled { outcome, reroll } => {
                let before = (self.mark.clone(), self.profile.clone());
                let chart = outcome
                    .chart
                    .as_deref()
                    .and_then(|c| self.book.find(c))
                    .and_then(|e| e.chart().ok());
                let kept = chart.is_some_and(|c| self.keep_profile(&c, &outcome));
                // What the step this roll is for moves, and the rows it landed on: forgotten
                // once its answers are kept.
                let mut moved = outcome
                    .chart
                    .as_deref()
                    .and_then(|c| self.step_for(c))
                    .map(|s| s.moves.clone())
                    .unwrap_or_default();
                self.rows_moved(&outcome, &mut moved);
                let mut events = self.record(&outcome, reroll);
                self.forget_moved(&moved);
                // What the result gives is known from here (the Evaluation's Legacy Points).
                self.rows_give(&outcome);
                if kept {
                    events.push(Event::ProfileChanged);
                }
                if self.mark.over.is_some() {
                    // A roll asked for after the end (a script's): rolled, shown and logged.
                    events.push(Event::RolledAfterOver);
                } else {
                    self.check_over(&outcome, &mut events);
                }
                self.keep(before, &mut events);
                Ok(events)
            }
        }
    }

    /// Keep the game as it was before a step for undo, with what the step wrote (its log
    /// entries, given their ids here) and was.
    fn keep(&mut self, (mark, profile): (Bookmark, Profile), events: &mut [Event]) {
        let mut logged = Vec::new();
        for e in events.iter_mut() {
            if let Event::Log(entry) = e {
                logged.push(entry.id.get_or_insert_with(new_id).clone());
            }
        }
        let what = events
            .iter()
            .find_map(|e| match e {
                Event::Rolled(o) => Some(Undid::Roll(o.chart.clone())),
                Event::ChitDrawn { name, .. } => Some(Undid::Chit(name.clone())),
                _ => None,
            })
            .unwrap_or(Undid::Answer);
        let dice = events
            .iter()
            .find_map(|e| match e {
                Event::Rolled(o) if !o.hand && o.sides.is_empty() && o.set_aside.is_empty() => {
                    Some(if o.dice.is_empty() {
                        o.natural.into_iter().collect()
                    } else {
                        o.dice.clone()
                    })
                }
                _ => None,
            })
            .unwrap_or_default();
        let extra = events
            .iter()
            .find_map(|e| match e {
                Event::Rolled(o) => Some(
                    o.modifiers
                        .iter()
                        .filter(|m| m.source == crate::rules::EXTRA)
                        .map(|m| m.value)
                        .collect(),
                ),
                _ => None,
            })
            .unwrap_or_default();
        if self.undo.len() >= MAX_UNDO {
            self.undo.remove(0);
        }
        self.undo.push(Step {
            id: new_id(),
            logged,
            what,
            dice,
            extra,
            before: mark,
            profile,
        });
        self.last = LastChange::Kept;
    }

    /// The step the last action kept, if it kept one: for the log.
    pub(crate) fn kept_step(&self) -> Option<&Step> {
        matches!(self.last, LastChange::Kept)
            .then(|| self.undo.last())
            .flatten()
    }

    /// Whether undo has a step of this session to take back.
    pub(crate) fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// A step read back from the log, for undo to take back next.
    pub(crate) fn push_step(&mut self, step: Step) {
        self.undo.push(step);
    }

    /// The game as it was before the last action (its bookmark and profile, and the undo
    /// history as it was): the walker could not write what it did to the log.
    pub(crate) fn put_back(&mut self, (mark, profile): (Bookmark, Profile)) {
        match std::mem::replace(&mut self.last, LastChange::None) {
            LastChange::Kept => {
                self.undo.pop();
            }
            LastChange::Popped(step) => self.undo.push(*step),
            LastChange::None => {}
        }
        self.mark = mark;
        self.profile = profile;
    }

    /// Take back the last step of the game: the walk goes back to the segment it was made in,
    /// as it was before it.
    fn undo(&mut self) -> Vec<Event> {
        let Some(step) = self.undo.pop() else {
            return vec![Event::NothingToUndo];
        };
        let moved = (step.before.turn, &step.before.phase, &step.before.segment)
            != (self.mark.turn, &self.mark.phase, &self.mark.segment);
        let mut events = Vec::new();
        if self.profile != step.profile {
            self.profile.clone_from(&step.profile);
            events.push(Event::ProfileChanged);
        }
        self.mark.clone_from(&step.before);
        if moved {
            events.push(Event::Entered);
        }
        let mut ids = step.logged.clone();
        ids.push(step.id.clone());
        // Said under the segment it goes back to.
        events.push(Event::Undone {
            logged: step.logged.len(),
            what: step.what.clone(),
            dice: step.dice.clone(),
            extra: step.extra.clone(),
            ids,
        });
        self.last = LastChange::Popped(Box::new(step));
        events
    }

    /// A new game at `mark`: nothing of the last one can be undone.
    pub(crate) fn begin(&mut self, mark: Bookmark) {
        self.mark = mark;
        self.undo.clear();
    }

    /// The segment's state is kept for this turn; the next one starts as it was left, or fresh.
    fn go(&mut self, phase: String, segment: String, turn: u32) {
        // What the segment left and the one entered move (somewhere in them) is asked fresh.
        let left = self.mark.segment.clone();
        self.forget_moved_by(&left);
        self.forget_moved_by(&segment);
        let key = self.key();
        self.mark.state.left_open = !self.open_items().is_empty();
        self.mark.state.left = true;
        let state = std::mem::take(&mut self.mark.state);
        self.mark.visited.insert(key, state);
        // The turn before is kept too: `b` from a turn's first segment finds the last one as it
        // was left (its rolls, its checklist); older turns go.
        if turn != self.mark.turn {
            self.mark.visited.retain(|k, _| {
                super::state::visited_turn(k).is_some_and(|t| t + 1 >= turn && t <= turn + 1)
            });
        }
        self.mark.phase = phase;
        self.mark.segment = segment;
        self.mark.turn = turn;
        self.mark.state = self.mark.visited.remove(&self.key()).unwrap_or_default();
    }

    fn key(&self) -> String {
        super::state::visited_key(self.mark.turn, &self.mark.phase, &self.mark.segment)
    }

    pub(super) fn next(&mut self, force: bool) -> Result<Vec<Event>> {
        let open = self.open_items();
        if !open.is_empty() && !force {
            return Ok(vec![Event::Open(open)]);
        }
        if let Some(why) = self.ended_before_finale() {
            self.mark.over = Some(why.clone());
            return Ok(vec![self.over(why)]);
        }
        if let Some((p, s)) = step_from(&self.seq, &self.mark, 1) {
            let t = self.mark.turn;
            self.go(p, s, t);
            return Ok(vec![Event::Entered]);
        }
        let turn = self.mark.turn;
        if let Some(why) = self.seq.over_after(turn).map(String::from) {
            self.mark.over = Some(why.clone());
            return Ok(vec![self.over(why)]);
        }
        // The end of a term is not the end of the game: the next term follows (a result that
        // ended the game earlier stopped the walk at the finale).
        let mut events: Vec<Event> = self
            .seq
            .term_ends(turn)
            .filter(|t| !t.is_empty())
            .map(|t| Event::TermOver(t.to_string()))
            .into_iter()
            .collect();
        let first = &self.seq.phases[0];
        let (p, s) = (first.id.clone(), first.segments[0].clone());
        self.go(p, s, turn + 1);
        events.push(Event::TurnBegins(turn + 1));
        if nav::plays(
            &self.seq,
            &self.mark,
            &self.mark.phase,
            &self.mark.segment,
            self.mark.turn,
        ) {
            events.push(Event::Entered);
        } else {
            events.extend(self.next(true)?);
        }
        Ok(events)
    }

    fn play_on(&mut self) -> Vec<Event> {
        let Some(why) = self.mark.over.take() else {
            return vec![Event::NotOver];
        };
        // Kept for the story: the end met, and played on past.
        let past = Memo {
            turn: self.mark.turn,
            value: why,
        };
        if !self.mark.played_past.contains(&past) {
            self.mark.played_past.push(past);
        }
        // Played on: the end met earlier in the turn no longer ends it at the final scoring.
        self.mark.memory.remove(ENDED);
        if self.mark.turn >= self.seq.final_turn() {
            self.mark.over = Some(self.seq.game_over.clone());
            return vec![Event::LastTurn(self.seq.final_turn())];
        }
        vec![Event::PlayingOn]
    }

    fn back(&mut self) -> Vec<Event> {
        // The game over stands on the segment it ended in, the last one played (the Legacy
        // Point Total): back is that segment again, as it was left, not the one before it.
        if self.mark.over.take().is_some() {
            return vec![Event::Entered];
        }
        if let Some((p, s)) = step_from(&self.seq, &self.mark, -1) {
            let t = self.mark.turn;
            self.go(p, s, t);
            return vec![Event::Entered];
        }
        if self.mark.turn > 1 {
            let t = self.mark.turn - 1;
            if let Some((p, s)) = nav::last_of_turn(&self.seq, &self.mark, t) {
                self.go(p, s, t);
                return vec![Event::Entered];
            }
        }
        vec![Event::AtStart]
    }

    /// Jump to a segment, in a given phase and turn or the nearest that has it.
    pub(crate) fn goto(
        &mut self,
        segment: &str,
        turn: Option<u32>,
        phase: Option<&str>,
    ) -> Result<Vec<Event>> {
        let (phase, turn) = nav::locate(&self.seq, &self.mark, segment, turn, phase)?;
        self.mark.over = None;
        // A jump passes segments the walk did not play: what they moved is not known, so no
        // answer is kept past it.
        self.mark.answers.clear();
        self.go(phase, segment.to_string(), turn);
        // A jump starts the segment afresh; back and next find it as it was left.
        self.mark.state = SegmentState::default();
        Ok(vec![Event::Entered])
    }

    /// A result that ends the game makes the game over.
    ///
    /// (Its reason begins with [`RESULT_ENDED`].)
    fn check_over(&mut self, outcome: &Outcome, events: &mut Vec<Event>) {
        fn ends(o: &Outcome) -> Option<String> {
            if o.game_over {
                return Some(o.result.clone().unwrap_or_default());
            }
            o.then.iter().find_map(ends)
        }
        if let Some(why) = ends(outcome) {
            self.end(format!("{RESULT_ENDED}{why}"), events);
        }
    }

    /// The game ends, and why: at once, or once the finale this turn still plays is scored.
    pub(super) fn end(&mut self, why: String, events: &mut Vec<Event>) {
        if let Some((phase, segment)) = self.finale_ahead() {
            let title = self.seq.segment(&segment).map_or("", |s| s.title.as_str());
            events.push(Event::EndsAfter {
                why: why.clone(),
                finale: title.to_string(),
            });
            let memo = Memo {
                turn: self.mark.turn,
                value: why,
            };
            self.mark.memory.insert(ENDED.into(), memo);
            let turn = self.mark.turn;
            self.go(phase, segment, turn);
            events.push(Event::Entered);
            return;
        }
        self.mark.over = Some(why.clone());
        events.push(self.over(why));
    }

    /// The game is over, and why: with whether the book has turns left to play on.
    fn over(&self, why: String) -> Event {
        Event::Over {
            why,
            play_on: self.mark.turn < self.seq.final_turn(),
        }
    }

    /// The book's finale (the final scoring) when this turn plays it later than here.
    fn finale_ahead(&self) -> Option<(String, String)> {
        let finale = self.seq.finale.as_deref()?;
        let all = nav::order(&self.seq);
        let here = all
            .iter()
            .position(|(p, s)| *p == self.mark.phase && *s == self.mark.segment)?;
        all.into_iter()
            .skip(here + 1)
            .find(|(p, s)| s == finale && applies(&self.seq, p, s, self.mark.turn))
    }

    /// Why the game ended, when it ended earlier this turn and this is the finale being left.
    fn ended_before_finale(&self) -> Option<String> {
        let memo = self.mark.memory.get(ENDED)?;
        (self.seq.finale.as_deref() == Some(self.mark.segment.as_str())
            && memo.turn == self.mark.turn)
            .then(|| memo.value.clone())
    }
}

impl Game<'_> {
    /// The roll the rules name next: the first that a result or a chit of this segment named
    /// and that is not rolled yet (the Chaos result names the conflict, then the Chaos
    /// procedure; a chit names its chart). Not one rolled here already that no result makes
    /// due: a result that mentions a table done before ("beside D2") does not call for it
    /// again, and the roll held open comes first (with its "(r)").
    pub(crate) fn next_named_roll(&self) -> Option<&str> {
        let st = &self.mark.state;
        st.named
            .iter()
            .find(|c| st.due.contains(c) || !st.rolled.iter().any(|r| r.chart == **c))
            .map(String::as_str)
    }

    /// The natural rolls a roll on `chart` sets aside and rolls again: those of the drawn chit
    /// it resolves ("roll again on a 1"), if it resolves one.
    pub(crate) fn rolls_again_on(&self, chart: &str) -> Vec<i64> {
        let st = &self.mark.state;
        (0..st.chits.len())
            .find(|&i| self.chit_unrolled(i).as_deref() == Some(chart))
            .and_then(|i| st.chits.get(i))
            .and_then(|d| self.seq.chits.iter().find(|c| c.id == d.chit))
            .map(|c| c.reroll.clone())
            .unwrap_or_default()
    }

    /// The rolls named next once `o` is rolled: those its results name (a row's `next`, a chart
    /// named in the text), then those named before, less every chart this roll rolled; and of
    /// them the rolls due (the rows' `next`, open until rolled).
    pub(super) fn named_after(&self, o: &Outcome) -> (Vec<String>, Vec<String>) {
        struct Seen {
            rolled: Vec<String>,
            named: Vec<String>,
            due: Vec<String>,
        }
        fn walk(g: &Game, o: &Outcome, seen: &mut Seen) {
            seen.rolled.extend(o.chart.clone());
            seen.named.extend(o.next.iter().cloned());
            seen.due.extend(o.next.iter().cloned());
            seen.named
                .extend(o.result.iter().flat_map(|r| g.named_in(r)));
            for t in o.set_aside.iter().chain(&o.then) {
                walk(g, t, seen);
            }
        }
        let mut seen = Seen {
            rolled: Vec::new(),
            named: Vec::new(),
            due: Vec::new(),
        };
        walk(self, o, &mut seen);
        let st = &self.mark.state;
        let unique = |new: Vec<String>, old: &[String]| {
            let mut out: Vec<String> = Vec::new();
            for c in new.into_iter().chain(old.iter().cloned()) {
                if !seen.rolled.contains(&c) && !out.contains(&c) {
                    out.push(c);
                }
            }
            out
        };
        (
            unique(seen.named.clone(), &st.named),
            unique(seen.due.clone(), &st.due),
        )
    }
}
