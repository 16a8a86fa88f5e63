//! `sequence.yaml`: a book's turn, as phases of segments, each with its instructions and charts.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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

/// A phase: its segments in order. In a file each entry of `segments` is a segment id, or
/// `{segment: ID, turns: [..], not_turns: [..]}` when this phase plays it only in some turns
/// (the same segment may be played in every turn of another phase).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(from = "RawPhase", into = "RawPhase")]
pub struct Phase {
    /// The phase's id (`final`, `1`).
    pub id: String,
    /// The phase's title, as shown.
    pub title: String,
    /// Segment ids, in the order they are played.
    pub segments: Vec<String>,
    /// The turns in which this phase plays a segment, by segment id, where the phase says.
    pub when: BTreeMap<String, Turns>,
    /// Played once for each of the sequence's `sides`, with the phases marked so beside it.
    pub each_side: bool,
}

/// What joins a phase's id to a side's name in a turn played by sides (`fire@Axis`).
pub const SIDE_MARK: char = '@';

/// The side whose turn a phase of a played sequence is (`fire@Axis`: Axis), if any.
#[must_use]
pub fn side_of(phase: &str) -> Option<&str> {
    phase.split_once(SIDE_MARK).map(|(_, side)| side)
}

/// The phase's id as the book writes it (`fire@Axis`: fire).
#[must_use]
pub fn phase_of(phase: &str) -> &str {
    phase.split_once(SIDE_MARK).map_or(phase, |(p, _)| p)
}

/// Turns in which something is played: only `turns` (when given), never `not_turns`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turns {
    /// Only in these turns, when given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<u32>,
    /// Never in these turns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_turns: Vec<u32>,
}

impl Turns {
    /// Whether `turn` is one of these turns.
    #[must_use]
    pub fn include(&self, turn: u32) -> bool {
        turn_applies(&self.turns, &self.not_turns, turn)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPhase {
    id: String,
    title: String,
    segments: Vec<PhaseEntry>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    each_side: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum PhaseEntry {
    Id(String),
    With(PhaseEntryWith),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PhaseEntryWith {
    segment: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    turns: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    not_turns: Vec<u32>,
}

impl From<RawPhase> for Phase {
    fn from(raw: RawPhase) -> Phase {
        let mut segments = Vec::new();
        let mut when = BTreeMap::new();
        for e in raw.segments {
            match e {
                PhaseEntry::Id(id) => segments.push(id),
                PhaseEntry::With(w) => {
                    let turns = Turns {
                        turns: w.turns,
                        not_turns: w.not_turns,
                    };
                    when.insert(w.segment.clone(), turns);
                    segments.push(w.segment);
                }
            }
        }
        Phase {
            id: raw.id,
            title: raw.title,
            segments,
            when,
            each_side: raw.each_side,
        }
    }
}

impl From<Phase> for RawPhase {
    fn from(p: Phase) -> RawPhase {
        let segments = p
            .segments
            .into_iter()
            .map(|s| match p.when.get(&s) {
                Some(t) => PhaseEntry::With(PhaseEntryWith {
                    segment: s,
                    turns: t.turns.clone(),
                    not_turns: t.not_turns.clone(),
                }),
                None => PhaseEntry::Id(s),
            })
            .collect();
        RawPhase {
            id: p.id,
            title: p.title,
            segments,
            each_side: p.each_side,
        }
    }
}

/// A kind of chit (or card) the player draws from a cup and tells the tool about.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chit {
    /// The chit's id, as the player names it when drawn.
    pub id: String,
    /// The chit's name, as shown.
    pub name: String,
    /// What the chit means, as shown when it is drawn.
    pub text: String,
    /// The chart a drawn chit rolls on, if it rolls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chart: Option<String>,
    /// Natural rolls of the chit's chart that are set aside and rolled again ("roll again on a
    /// 1"): the log keeps each, marked as rolled again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reroll: Vec<i64>,
}

/// A segment of the turn: its instructions, the steps and charts it offers, its chits or loop.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Segment {
    /// The segment's id (`fni`, `draw-chits`), as `play --goto` takes it.
    pub id: String,
    /// The segment's title, as shown.
    pub title: String,
    /// Where the rules are explained ("GM P25").
    #[serde(default, rename = "ref", skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// The segment's instructions, a paragraph each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub text: Vec<String>,
    /// Show back the answers kept for the items of another segment's loop (its `per_item`) and
    /// ask whether any changed: those picked are asked again at their next roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<String>,
    /// Only in these turns, when given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<u32>,
    /// Never in these turns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_turns: Vec<u32>,
    /// The segment's steps, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
    /// Draw chits: how many at most, and whether a (+) draws another.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Draw>,
    /// Ask about each item in turn, and roll for those not skipped.
    #[serde(default, rename = "loop", skip_serializing_if = "Option::is_none")]
    pub repeat: Option<Repeat>,
    /// Played only when the board says so: a yes/no question, asked when the walk reaches it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<OnlyIf>,
    /// The board values (input keys) this segment moves, somewhere in it: an answer given
    /// before it or in it is asked fresh once the walk has come into or gone past it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// The segment may move any board value (its results are printed elsewhere: cards, the
    /// action aids): no answer given before it, or in it, is kept past it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moves_any: bool,
}

impl Segment {
    /// Every board value this segment moves, by itself or by one of its steps (a step's values
    /// move somewhere in the segment too: a step without a roll has no moment of its own).
    pub fn moved(&self) -> impl Iterator<Item = &String> {
        self.moves
            .iter()
            .chain(self.steps.iter().flat_map(|s| &s.moves))
    }
}

/// A yes/no question about the board that decides whether a segment or a step is played (an
/// extra action round): asked once a turn, its answer kept under `key` for the rest of the turn
/// (another segment or step with the same key reads the same answer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnlyIf {
    /// The answer's name (`snake_case`), shared by every question of that key.
    pub key: String,
    /// The question, as the walker asks it.
    pub ask: String,
    /// The answer that plays it: yes (the default) or no.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub answer: bool,
    /// A step's question asked afresh each time its segment is played (the board may have
    /// moved since: a Rogue State placed between two phases), not once a turn; its answer is
    /// kept for that segment only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub each_time: bool,
    /// A step's second question, asked only once this one's answer plays the step: the step
    /// is played when both answers play it (bills pending and Congress split). Each keeps its
    /// own `key`, `answer` and `each_time`; a segment's question takes none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub and: Option<Box<OnlyIf>>,
}

impl OnlyIf {
    /// This question and those it is joined to by `and`, in the order they are asked.
    pub fn chain(&self) -> impl Iterator<Item = &OnlyIf> {
        std::iter::successors(Some(self), |q| q.and.as_deref())
    }
}

/// A question about the board whose answer is how many rolls a step is made by ("How many
/// bills passed?"): 0 to `max`, asked each time the segment is played, once the required
/// steps before it are done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Count {
    /// The answer's name (`snake_case`).
    pub key: String,
    /// The question, as the walker asks it.
    pub ask: String,
    /// The most it may be (1 to 99).
    pub max: u32,
    /// Read from the segment's own rolls, never asked: the rolls there on a chart that landed
    /// on some rows ("a D5 for each bill passed": the attempts that passed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<CountFrom>,
}

/// Where a count is read from: how many of the segment's rolls on `chart` landed on one of
/// `rows` (a row's label, as written).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountFrom {
    /// The chart of an earlier required step of the same segment.
    pub chart: String,
    /// The rows counted.
    pub rows: Vec<String>,
}

/// A yes/no question of a step whose yes ends the game ("Does a player have 20 VP?").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepGameOver {
    /// The question, as the walker asks it.
    pub ask: String,
    /// What to say when the answer is yes and the game ends.
    pub text: String,
}

fn yes() -> bool {
    true
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_yes(b: &bool) -> bool {
    *b
}

/// One step of a segment: an instruction, a chart to roll, or both; in some turns or phases only.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The instruction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The chart this step rolls on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chart: Option<String>,
    /// Only in these turns, when given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<u32>,
    /// Never in these turns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_turns: Vec<u32>,
    /// Only in these phases (ids), when given.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<String>,
    /// Remember the row this step's roll lands on, under this name, for the rest of the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remember: Option<String>,
    /// Say something according to a row remembered earlier in the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recall: Option<Recall>,
    /// When this step's roll lands on one of these rows, draw one chit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chits_on: Vec<String>,
    /// The roll this step offers must be made: leaving the segment without it asks first.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub required: bool,
    /// A required step is required only when the row remembered this turn under `key` (a
    /// step's `remember`) is one of `rows`: a second FNI roll when two counters were placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required_when: Option<Remembered>,
    /// A required step made by this many rolls, not one (each of the eight regions): open until
    /// they are all made, and counted on the checklist.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<u32>,
    /// A required step made by as many rolls as the board's answer to this question (a roll
    /// for each bill passed, each Civil War counter): 0 makes none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<Count>,
    /// Other charts whose roll does this step too (the chart of whichever group was drawn).
    #[serde(default, rename = "or", skip_serializing_if = "Vec::is_empty")]
    pub or_charts: Vec<String>,
    /// The step's charts (`chart` and `or`) are chits drawn and not put back this turn (the
    /// Ally chits, "one of the remaining"): once one is rolled here the others are not offered
    /// here, and one rolled in this segment's earlier phases is not offered again this turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
    /// The step's chart is rolled more than once here (each region, each bill, each action):
    /// after its roll, `r` offers it again first and `.` rolls it again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub again: bool,
    /// Answers this step gives its chart (`kind: midterm`): never asked. Several steps on one
    /// chart give theirs in turn: the first roll takes the first step's, and so on.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub given: BTreeMap<String, String>,
    /// Played only when the board says so (see [`OnlyIf`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_if: Option<OnlyIf>,
    /// A question whose yes ends the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_over: Option<StepGameOver>,
    /// The board values (input keys) this step's result moves: once its roll is made, an answer
    /// given before it is asked fresh (its segment moves them too, for the walk around it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
}

/// The most rolls one step may ask for (`times`).
pub(crate) const MAX_TIMES: u32 = 99;

impl Step {
    /// The rolls this step is made by: its `times`, else one.
    #[must_use]
    pub fn rolls(&self) -> usize {
        self.times.map_or(1, |t| t as usize)
    }
}

/// Rows remembered under a key this turn.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Remembered {
    /// The key a step's `remember` keeps its row under.
    pub key: String,
    /// The rows that make the step required.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<String>,
    /// Required too when no row was remembered this turn (the roll was made on paper, or the
    /// walk came by `goto`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unknown: bool,
}

/// What a step says according to a row remembered earlier in the turn.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recall {
    /// The name the row was remembered under (a step's `remember`).
    pub key: String,
    /// What to say for each row label.
    pub rows: BTreeMap<String, String>,
    /// What to say when no row was remembered this turn.
    pub unknown: String,
}

/// How chits are drawn in a segment.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    /// The most chits drawn.
    pub max: u32,
    /// A chit marked (+) draws another (up to `max`).
    pub plus: bool,
}

/// A loop over items (counters, units, …): a question for each, and a roll for those not skipped.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Repeat {
    /// What an item is called ("Item", "Unit").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The items, in order.
    pub items: Vec<String>,
    /// A yes/no question about the item (`{item}`).
    pub ask: String,
    /// The answer that skips the item.
    pub skip_on: bool,
    /// What to do for an item not skipped.
    pub text: String,
    /// The chart rolled for an item not skipped.
    pub chart: String,
    /// On a terminal, one question for all the items at once: pick those the answer
    /// `skip_on` is true for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pick: Option<String>,
    /// Inputs of the chart answered for each item, kept from game to game in the profile
    /// (a counter's range).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub per_item: Vec<String>,
    /// Of the `per_item` choices, those no two items share (one focus per item): a choice
    /// another item holds is not offered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub distinct: Vec<String>,
}

impl Repeat {
    /// What an item is called: its `name`, or "Item".
    #[must_use]
    pub fn noun(&self) -> &str {
        self.name.as_deref().unwrap_or("Item")
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
