//! The board's questions: a segment or a step played only when a yes/no answer says so
//! (`only_if`), and a step whose yes ends the game (`game_over`). Each is asked once when the
//! walk reaches it; its answer is kept in the bookmark for the rest of the turn.

use super::checklist::{Question, yes_no};
use super::events::Event;
use super::game::Game;
use super::state::Memo;
use crate::error::Result;
use flipbook_charts::{Count, OnlyIf, Step};

impl Game<'_> {
    /// The board's answer under `key` this turn, if it was given.
    pub(super) fn board(&self, key: &str) -> Option<bool> {
        let turn = self.mark.turn;
        super::nav::lookup(&self.mark.board, &self.mark.phase, key, turn)
            .filter(|m| m.turn == turn)
            .map(|m| m.value == "yes")
    }

    /// The key an answer given here is kept under: with the side whose turn it is, where the
    /// turn is played by sides.
    pub(crate) fn scoped(&self, key: &str) -> String {
        super::nav::scoped(&self.mark.phase, key)
    }

    /// The key a step's `only_if` answer is kept under: its own, or with this segment's place
    /// when it is asked each time the segment is played (`each_time`).
    pub(crate) fn only_if_key(&self, q: &OnlyIf) -> String {
        if q.each_time {
            format!("{}@{}/{}", q.key, self.mark.phase, self.mark.segment)
        } else {
            q.key.clone()
        }
    }

    /// The board's answer to a step's `only_if` here, if it was given.
    pub(crate) fn only_if_answer(&self, q: &OnlyIf) -> Option<bool> {
        self.board(&self.only_if_key(q))
    }

    /// Whether the board's answers this turn leave the step in (each question of its
    /// `only_if` unanswered, or answered its way).
    pub(crate) fn board_keeps(&self, st: &Step) -> bool {
        st.only_if.as_ref().is_none_or(|q| {
            q.chain()
                .all(|c| self.only_if_answer(c).is_none_or(|yes| yes == c.answer))
        })
    }

    /// Whether the board's answers left the step in when the walk came to this segment: those
    /// given here (`asked`) not yet given.
    pub(crate) fn board_kept_before(&self, st: &Step) -> bool {
        let asked = &self.mark.state.asked;
        st.only_if.as_ref().is_none_or(|q| {
            q.chain().all(|c| {
                asked.contains(&self.scoped(&self.only_if_key(c)))
                    || self.only_if_answer(c).is_none_or(|yes| yes == c.answer)
            })
        })
    }

    /// The question of a step's `only_if` waiting for its answer: the first unanswered one,
    /// once those before it (`and`) are answered its way; none when all are answered, or one
    /// answered the other way leaves the step out.
    pub(crate) fn only_if_waiting<'q>(&self, q: &'q OnlyIf) -> Option<&'q OnlyIf> {
        for c in q.chain() {
            match self.only_if_answer(c) {
                None => return Some(c),
                Some(yes) if yes != c.answer => return None,
                Some(_) => {}
            }
        }
        None
    }

    /// The key a step's `count` answer is kept under: with this segment's place (asked each
    /// time the segment is played).
    fn count_key(&self, c: &Count) -> String {
        format!("#count/{}@{}/{}", c.key, self.mark.phase, self.mark.segment)
    }

    /// The board's answer to a step's `count` here (how many rolls it is made by), if given.
    pub(crate) fn counted(&self, st: &Step) -> Option<usize> {
        let c = st.count.as_ref()?;
        if let Some(f) = &c.from {
            // Read, not asked: the segment's rolls that landed there, once the walk has
            // reached the step (the rolls that feed it are made).
            let n = self
                .mark
                .state
                .rolled
                .iter()
                .filter(|r| {
                    r.chart == f.chart && r.row.as_ref().is_some_and(|w| f.rows.contains(w))
                })
                .count();
            return self.reached(st).then_some(n.min(c.max as usize));
        }
        self.mark
            .board
            .get(&self.count_key(c))
            .filter(|m| m.turn == self.mark.turn)
            .and_then(|m| m.value.parse().ok())
    }

    /// Whether the walk has reached step `st` of the steps this turn plays: the required steps
    /// before it are done (a count of bills passed is asked once the bills are tried).
    fn reached(&self, st: &Step) -> bool {
        let steps = self.steps();
        let Some(at) = steps.iter().position(|s| std::ptr::eq(*s, st)) else {
            return false;
        };
        (0..at).all(|i| {
            let s = steps[i];
            !s.required || !self.required_now(s) || self.step_done(&steps, i)
        })
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
            // A step required only after some roll (`required_when`) asks once it is.
            if st.required_when.is_some() && !self.required_now(st) {
                continue;
            }
            if let Some(q) = st.only_if.as_ref().and_then(|q| self.only_if_waiting(q)) {
                // Asked each time, it waits for the walk to reach its step (the board then).
                if q.each_time && !self.reached(st) {
                    continue;
                }
                return Some(Question::OnlyIf(Some(i)));
            }
            if st.game_over.is_some() && self.board(&self.over_key(i)).is_none() {
                return Some(Question::Ends(i));
            }
            if st.count.is_some() && self.counted(st).is_none() && self.reached(st) {
                return Some(Question::Count(i));
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
                .and_then(|q| self.only_if_waiting(q))
                .map(|q| q.ask.clone()),
            Question::Ends(i) => step(i)
                .and_then(|s| s.game_over.as_ref())
                .map(|g| g.ask.clone()),
            Question::Count(i) => step(i)
                .and_then(|s| s.count.as_ref())
                .map(|c| c.ask.clone()),
            _ => None,
        }
        .unwrap_or_default()
    }

    /// Take the answer to a board question: a segment skipped moves the walk on, a step
    /// answered out is hidden, a yes to `game_over` ends the game.
    pub(crate) fn board_answer(&mut self, q: &Question, text: &str) -> Result<Vec<Event>> {
        if let Question::Count(i) = q {
            return self.count_answer(*i, text);
        }
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
                self.mark.board.insert(self.scoped(&only.key), memo);
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
                let Some(only) = seg
                    .steps
                    .get(*i)
                    .and_then(|s| s.only_if.as_ref())
                    .and_then(|q| self.only_if_waiting(q))
                else {
                    return Ok(vec![]);
                };
                let key = self.scoped(&self.only_if_key(only));
                if !self.mark.state.asked.contains(&key) {
                    self.mark.state.asked.push(key.clone());
                }
                self.mark.board.insert(key, memo);
                // A yes that leaves a joined question (`and`) still to ask plays nothing yet.
                let played = yes == only.answer;
                if played && only.and.is_some() {
                    return Ok(vec![]);
                }
                Ok(vec![Event::StepPlayed(played)])
            }
            Question::Ends(i) => {
                let Some(g) = seg.steps.get(*i).and_then(|s| s.game_over.as_ref()) else {
                    return Ok(vec![]);
                };
                let key = self.scoped(&self.over_key(*i));
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

    /// Take the answer to a step's `count`: a whole number from 0 to its `max`.
    fn count_answer(&mut self, i: usize, text: &str) -> Result<Vec<Event>> {
        let Some(c) = self.segment().steps.get(i).and_then(|s| s.count.clone()) else {
            return Ok(vec![]);
        };
        let t = text.trim();
        let n = t
            .parse::<u32>()
            .ok()
            .filter(|n| *n <= c.max)
            .ok_or_else(|| {
                crate::error::Error::usage(format!(
                    "answer a whole number from 0 to {}, not '{}'",
                    c.max,
                    crate::text::quoted(t)
                ))
            })?;
        let memo = Memo {
            turn: self.mark.turn,
            value: n.to_string(),
        };
        let key = self.count_key(&c);
        self.mark.board.insert(key, memo);
        Ok(vec![Event::Counted(n as usize)])
    }
}
