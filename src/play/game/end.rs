//! The game's end: a result that ends it, at once or once the finale this turn still plays is
//! scored; the game over, with whether the book has turns left to play on.

use super::super::events::{Event, RESULT_ENDED};
use super::super::nav::{self, ENDED, applies};
use super::super::state::Memo;
use super::Game;
use crate::rules::Outcome;

impl Game<'_> {
    /// A result that ends the game makes the game over.
    ///
    /// (Its reason begins with [`RESULT_ENDED`].)
    pub(super) fn check_over(&mut self, outcome: &Outcome, events: &mut Vec<Event>) {
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
    pub(in crate::play) fn end(&mut self, why: String, events: &mut Vec<Event>) {
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
    pub(super) fn over(&self, why: String) -> Event {
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
    pub(super) fn ended_before_finale(&self) -> Option<String> {
        let memo = self.mark.memory.get(ENDED)?;
        (self.seq.finale.as_deref() == Some(self.mark.segment.as_str())
            && memo.turn == self.mark.turn)
            .then(|| memo.value.clone())
    }
}
