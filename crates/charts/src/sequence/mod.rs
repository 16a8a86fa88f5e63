//! `sequence.yaml`: a book's turn, as phases of segments, each with its instructions and charts.
//! Here the turn itself and what it answers alone, and which segments a turn plays; its phases,
//! segments and steps each in a file of their own.

mod phase;
mod segment;
mod step;

pub use phase::{Phase, SIDE_MARK, Turns, phase_of, side_of};
pub(crate) use phase::{PhaseEntryWith, RawPhase};
pub use segment::{Chit, Draw, Repeat, Segment};
pub(crate) use step::MAX_TIMES;
pub use step::{Count, CountFrom, OnlyIf, Recall, Remembered, Step, StepGameOver};

use serde::{Deserialize, Serialize};

/// A book's turn.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sequence {
    /// The turn's title, as shown at the top of `play`.
    pub title: String,
    /// Turns in a game (a term).
    pub turns: u32,
    /// The last turn that can be played (a second term), if more than `turns`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_turn: Option<u32>,
    /// Shown when the last segment of the last turn that can be played is done.
    #[serde(default)]
    pub game_over: String,
    /// Said when the last segment of turn `turns` is done and `last_turn` lets the game go on:
    /// a first term ends, and the walk goes on into the second (the end of a term is not the
    /// end of the game; a result that ended it earlier is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub term_over: Option<String>,
    /// The segment a game ends with (the final scoring): a result that ends the game earlier in
    /// a turn that plays this segment goes on to it, and the game is over once it is left. It is
    /// played only at the game's end: in the last turn, or in a turn a result ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finale: Option<String>,
    /// The sides that each play their own turn within a game turn (`[Allied, Axis]`): a run of
    /// phases marked `each_side` is played once for each, in this order (see
    /// [`Sequence::with_sides`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<String>,
    /// The phases of a turn, in order.
    pub phases: Vec<Phase>,
    /// The kinds of chits (or cards) drawn during the turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chits: Vec<Chit>,
    /// What the book calls its chits, as a question names them ("War card"); "Chit" without.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chit_name: Option<String>,
    /// Every segment of the turn; the phases list them in order.
    pub segments: Vec<Segment>,
    /// Answers that rarely change in a game (input keys): asked once, kept in the game's profile,
    /// given from then on; `flipbook profile` shows and edits them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub profile: Vec<String>,
    /// The profile's answers that are the player's, not the game's (the difficulty): a new game
    /// carries them over; every other answer starts empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub player: Vec<String>,
    /// Inputs the walker answers itself.
    #[serde(default)]
    pub knows: Knows,
    /// Answers worked out from other answers of the turn (`"us_recon > russia_recon"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub derived: Vec<Derived>,
}

/// Inputs the walker answers itself, by key.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Knows {
    /// The input that takes the current turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<String>,
    /// The input that takes the difficulty of the settings (when they set one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
}

/// A yes/no answer worked out from the turn's numbers: yes when every comparison of `all` holds
/// (`"us_recon > russia_recon"`), else no; or, with `no_if`, no when every comparison of it
/// holds, and asked otherwise (the comparisons tell only one side of the answer).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Derived {
    /// The answer's key: an input key of the charts.
    pub key: String,
    /// The comparisons, each `"KEY OP KEY"`, that must all hold for a yes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub all: Vec<String>,
    /// The comparisons that, all holding, make the answer no (else it is asked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_if: Vec<String>,
}

impl Derived {
    /// The comparisons (of `all`, then of `no_if`) as text.
    pub fn texts(&self) -> impl Iterator<Item = &String> {
        self.all.iter().chain(&self.no_if)
    }

    /// The comparisons (of `all`, then of `no_if`) as (left key, operator, right key); `None`
    /// for one that does not read.
    #[must_use]
    pub fn comparisons(&self) -> Vec<Option<(&str, &str, &str)>> {
        self.texts()
            .map(|c| {
                let mut parts = c.split_whitespace();
                let (a, op, b) = (parts.next()?, parts.next()?, parts.next()?);
                let ok = parts.next().is_none() && matches!(op, ">" | ">=" | "<" | "<=" | "==");
                ok.then_some((a, op, b))
            })
            .collect()
    }
}

impl Sequence {
    /// The turn as it is played: each run of phases marked `each_side` played once for each of
    /// the `sides` in order, each copy's id `PHASE@SIDE` and its title `SIDE: TITLE` (a book
    /// without sides is played as written). A segment is written once and played in each.
    #[must_use]
    pub fn with_sides(mut self) -> Sequence {
        if self.sides.is_empty() {
            return self;
        }
        let mut played = Vec::new();
        let mut run: Vec<Phase> = Vec::new();
        let flush = |run: &mut Vec<Phase>, played: &mut Vec<Phase>, sides: &[String]| {
            for side in sides {
                for p in run.iter() {
                    played.push(Phase {
                        id: format!("{}{SIDE_MARK}{side}", p.id),
                        title: format!("{side}: {}", p.title),
                        ..p.clone()
                    });
                }
            }
            run.clear();
        };
        for p in std::mem::take(&mut self.phases) {
            if p.each_side {
                run.push(p);
            } else {
                flush(&mut run, &mut played, &self.sides);
                played.push(p);
            }
        }
        flush(&mut run, &mut played, &self.sides);
        self.phases = played;
        self
    }

    /// The segment with this id.
    pub fn segment(&self, id: &str) -> Option<&Segment> {
        self.segments.iter().find(|s| s.id == id)
    }

    /// The last turn that can be played.
    pub fn final_turn(&self) -> u32 {
        self.last_turn.unwrap_or(self.turns).max(self.turns)
    }

    /// Whether `phase` plays `segment` in `turn`: the segment's own turns, and the phase's
    /// turns for it where the phase gives them. The one rule of which segments a turn plays.
    #[must_use]
    pub fn plays(&self, phase: &str, segment: &str, turn: u32) -> bool {
        let Some(s) = self.segment(segment) else {
            return false;
        };
        turn_applies(&s.turns, &s.not_turns, turn)
            && self
                .phases
                .iter()
                .find(|p| p.id == phase)
                .and_then(|p| p.when.get(segment))
                .is_none_or(|t| t.include(turn))
    }

    /// What to say when the last segment of `turn` is done and the walk stops there (the last
    /// turn that can be played): `None` when the next turn follows.
    #[must_use]
    pub fn over_after(&self, turn: u32) -> Option<&str> {
        (turn >= self.final_turn()).then_some(self.game_over.as_str())
    }

    /// What to say when the last segment of `turn` ends a term and the next term follows (the
    /// end of a term is not the end of the game): `term_over`, after turn `turns` when
    /// `last_turn` lets the game go on.
    #[must_use]
    pub fn term_ends(&self, turn: u32) -> Option<&str> {
        (turn == self.turns && turn < self.final_turn())
            .then(|| self.term_over.as_deref().unwrap_or_default())
    }
}

/// Whether a turn passes `turns` (only these) and `not_turns`.
#[must_use]
pub fn turn_applies(turns: &[u32], not_turns: &[u32], turn: u32) -> bool {
    (turns.is_empty() || turns.contains(&turn)) && !not_turns.contains(&turn)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEQ: &str = "title: T\nturns: 2\nlast_turn: 3\ngame_over: over\nterm_over: term\nphases:\n  - {id: a, title: A, segments: [{segment: x, not_turns: [1]}, y]}\n  - {id: b, title: B, segments: [x]}\nsegments:\n  - {id: x, title: X}\n  - {id: y, title: Y, turns: [2]}\n";

    #[test]
    fn a_phase_may_play_a_segment_in_fewer_turns_than_another() {
        let s: Sequence = serde_yaml::from_str(SEQ).unwrap();
        assert!(!s.plays("a", "x", 1));
        assert!(s.plays("a", "x", 2));
        assert!(s.plays("b", "x", 1));
        assert!(!s.plays("a", "y", 1) && s.plays("a", "y", 2));
        assert!(!s.plays("a", "nope", 1));
        // The entry survives the trip through JSON (how books are embedded).
        let back: Sequence = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert!(!back.plays("a", "x", 1) && back.plays("b", "x", 1));
        assert_eq!(back.phases[0].segments, ["x", "y"]);
    }

    #[test]
    fn each_sides_phases_are_played_in_turn_then_the_phases_played_once() {
        let text = "title: T\nturns: 1\nsides: [Red, Blue]\nphases:\n  - {id: a, title: A, each_side: true, segments: [x]}\n  - {id: b, title: B, each_side: true, segments: [{segment: y, not_turns: [1]}]}\n  - {id: c, title: C, segments: [x]}\n  - {id: d, title: D, each_side: true, segments: [y]}\nsegments:\n  - {id: x, title: X}\n  - {id: y, title: Y}\n";
        let s: Sequence = serde_yaml::from_str(text).unwrap();
        // Through JSON (how books are embedded) and back: the sides and each_side survive.
        let s: Sequence = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        let played = s.with_sides();
        let ids: Vec<&str> = played.phases.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(
            ids,
            ["a@Red", "b@Red", "a@Blue", "b@Blue", "c", "d@Red", "d@Blue"]
        );
        assert_eq!(played.phases[2].title, "Blue: A");
        assert_eq!(played.phases[4].title, "C");
        // A phase's turns go with each side's copy.
        assert!(!played.plays("b@Blue", "y", 1));
        assert!(played.plays("d@Blue", "y", 1));
        assert_eq!(side_of("b@Blue"), Some("Blue"));
        assert_eq!(phase_of("b@Blue"), "b");
        assert_eq!(side_of("c"), None);
        assert_eq!(phase_of("c"), "c");
    }

    #[test]
    fn the_end_of_the_term_and_of_the_game_are_told_apart() {
        let s: Sequence = serde_yaml::from_str(SEQ).unwrap();
        assert_eq!(s.over_after(1), None);
        assert_eq!(
            s.over_after(2),
            None,
            "the end of a term is not the end of the game"
        );
        assert_eq!(s.term_ends(2), Some("term"));
        assert_eq!(s.term_ends(1), None);
        assert_eq!(s.over_after(3), Some("over"));
        assert_eq!(s.term_ends(3), None);
    }
}
