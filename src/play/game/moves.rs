//! The walk's moves through the sequence: next (into the next turn), back, a jump (goto), play
//! on past the end; a segment's state kept as it is left, for back and next to find.

use super::super::events::Event;
use super::super::nav::{self, ENDED, step_from};
use super::super::state::{Memo, SegmentState};
use super::Game;
use crate::error::Result;

impl Game<'_> {
    /// The segment's state is kept for this turn; the next one starts as it was left, or fresh.
    pub(super) fn go(&mut self, phase: String, segment: String, turn: u32) {
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
                super::super::state::visited_turn(k).is_some_and(|t| t + 1 >= turn && t <= turn + 1)
            });
        }
        self.mark.phase = phase;
        self.mark.segment = segment;
        self.mark.turn = turn;
        self.mark.state = self.mark.visited.remove(&self.key()).unwrap_or_default();
    }

    fn key(&self) -> String {
        super::super::state::visited_key(self.mark.turn, &self.mark.phase, &self.mark.segment)
    }

    pub(in crate::play) fn next(&mut self, force: bool) -> Result<Vec<Event>> {
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

    pub(super) fn play_on(&mut self) -> Vec<Event> {
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

    pub(super) fn back(&mut self) -> Vec<Event> {
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
}
