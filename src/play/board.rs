//! The board's questions: a segment or a step played only when a yes/no answer says so
//! (`only_if`), and a step whose yes ends the game (`game_over`). Each is asked once when the
//! walk reaches it; its answer is kept in the bookmark for the rest of the turn.

use super::checklist::{Question, yes_no};
use super::events::Event;
use super::game::Game;
use super::nav::board_answer;
use super::state::Memo;
use crate::error::Result;
use flipbook_charts::Step;

impl Game<'_> {
    /// The board's answer under `key` this turn, if it was given.
    pub(super) fn board(&self, key: &str) -> Option<bool> {
        board_answer(&self.mark, key, self.mark.turn)
    }

    /// Whether the board's answers this turn leave the step in (its `only_if` unanswered, or
    /// answered its way).
    pub(crate) fn board_keeps(&self, st: &Step) -> bool {
        st.only_if
            .as_ref()
            .is_none_or(|q| self.board(&q.key).is_none_or(|yes| yes == q.answer))
    }

    /// The key a step's `game_over` answer is kept under: its place in the segment.
    fn over_key(&self, i: usize) -> String {
        format!("#over/{}/{}/{i}", self.mark.phase, self.mark.segment)
    }

    /// The board's question waiting here: the segment's, then each step's in order.
    pub(crate) fn board_question(&self) -> Option<Question> {
        let seg = self.segment();
        if let Some(q) = &seg.only_if
            && self.board(&q.key).is_none()
        {
            return Some(Question::OnlyIf(None));
        }
        for (i, st) in seg.steps.iter().enumerate() {
            if !self.step_applies(st) {
                continue;
            }
            if let Some(q) = &st.only_if
                && self.board(&q.key).is_none()
            {
                return Some(Question::OnlyIf(Some(i)));
            }
            if st.game_over.is_some() && self.board(&self.over_key(i)).is_none() {
                return Some(Question::Ends(i));
            }
        }
        None
    }

    /// The board question's text, as the book asks it.
    pub(crate) fn board_text(&self, q: &Question) -> String {
        let seg = self.segment();
        let step = |i: &usize| seg.steps.get(*i);
        match q {
            Question::OnlyIf(None) => seg.only_if.as_ref().map(|q| q.ask.clone()),
            Question::OnlyIf(Some(i)) => step(i)
                .and_then(|s| s.only_if.as_ref())
                .map(|q| q.ask.clone()),
            Question::Ends(i) => step(i)
                .and_then(|s| s.game_over.as_ref())
                .map(|g| g.ask.clone()),
            _ => None,
        }
        .unwrap_or_default()
    }

    /// Take the answer to a board question: a segment skipped moves the walk on, a step
    /// answered out is hidden, a yes to `game_over` ends the game.
    pub(crate) fn board_answer(&mut self, q: &Question, text: &str) -> Result<Vec<Event>> {
        let yes = yes_no(text)?;
        let memo = Memo {
            turn: self.mark.turn,
            value: if yes { "yes" } else { "no" }.into(),
        };
        let seg = self.segment().clone();
        match q {
            Question::OnlyIf(None) => {
                let Some(only) = &seg.only_if else {
                    return Ok(vec![]);
                };
                self.mark.board.insert(only.key.clone(), memo);
                let played = yes == only.answer;
                let mut events = vec![Event::SegmentPlayed {
                    title: seg.title.clone(),
                    played,
                }];
                if played {
                    return Ok(events);
                }
                events.extend(self.next(true)?);
                Ok(events)
            }
            Question::OnlyIf(Some(i)) => {
                let Some(only) = seg.steps.get(*i).and_then(|s| s.only_if.as_ref()) else {
                    return Ok(vec![]);
                };
                self.mark.board.insert(only.key.clone(), memo);
                Ok(vec![Event::StepPlayed(yes == only.answer)])
            }
            Question::Ends(i) => {
                let Some(g) = seg.steps.get(*i).and_then(|s| s.game_over.as_ref()) else {
                    return Ok(vec![]);
                };
                let key = self.over_key(*i);
                self.mark.board.insert(key, memo);
                let mut events = Vec::new();
                if yes {
                    self.end(format!("The game is over: {}", g.text), &mut events);
                } else {
                    events.push(Event::GoesOn);
                }
                Ok(events)
            }
            _ => Ok(vec![]),
        }
    }
}
