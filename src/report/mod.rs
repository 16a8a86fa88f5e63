//! A game's story, from its log read as a stream (never the whole log in memory): per turn
//! the values the player gave, the rolls and the chits; the numbers asked in two turns or more
//! as series to plot; what the dice did. Pure but for the reading of the log; nothing in it
//! names a game.

mod cache;
pub(crate) mod dice;
mod fold;
pub(crate) mod html;
mod read;
pub(crate) mod stats;
pub(crate) mod svg;

use crate::library::Book;
use crate::rules::Value;
use dice::DieReport;
use fold::Fold;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::rc::Rc;

/// The story of a game.
#[derive(Debug, Serialize)]
pub(crate) struct Story {
    pub(crate) book: String,
    #[serde(skip)]
    pub(crate) title: String,
    /// The game's number (`flipbook games`).
    pub(crate) game: u32,
    /// Only this turn's story and dice (`--turn`); the plots are always the whole game's.
    pub(crate) turn: Option<u32>,
    pub(crate) turns: Vec<TurnStory>,
    /// Every number asked in two turns or more: its value in each turn (the last one given),
    /// or of each stretch of turns past 1,200 values (`Series::stretch`).
    pub(crate) series: Vec<Series>,
    /// What the dice did, per die and per source (the tool's dice, or dice typed in).
    pub(crate) dice: Vec<DieReport>,
    pub(crate) end: End,
    /// Lines of the log that could not be read (cut short by a crash, or too long).
    pub(crate) unreadable: usize,
    /// Entries taken back with undo, left out.
    pub(crate) undone: usize,
    /// Entries (rolls, chits, values given) of the earliest turns not told: the story tells
    /// at most 20,000 entries, those of the latest turns (`fold::MAX_TOLD`). The series and
    /// the dice still count the whole log.
    #[serde(skip_serializing_if = "is_zero")]
    pub(crate) untold: usize,
    /// The turns left out of `turns` whole for them.
    #[serde(skip_serializing_if = "is_zero")]
    pub(crate) untold_turns: usize,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_one(n: &u64) -> bool {
    *n == 1
}

/// How the game stands at the end of its log.
#[derive(Debug, Default, Serialize)]
pub(crate) struct End {
    /// The last turn the log reaches.
    pub(crate) turn: Option<u32>,
    /// Why the game is over, once it is (the bookmark says).
    pub(crate) over: Option<String>,
    /// The ends the game met and was played on past (`play on`), in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) played_past: Vec<PlayedPast>,
}

/// An end of the game met and played on past.
#[derive(Debug, Serialize)]
pub(crate) struct PlayedPast {
    pub(crate) turn: u32,
    pub(crate) why: String,
}

#[derive(Debug, Serialize)]
pub(crate) struct TurnStory {
    pub(crate) turn: u32,
    /// The values the player gave, each input once, in the order first asked.
    pub(crate) values: Vec<Given>,
    pub(crate) rolls: Vec<RollLine>,
    pub(crate) chits: Vec<Sym>,
}

/// An input and the values given in a turn (an answer repeated at once is kept once).
#[derive(Debug, Serialize)]
pub(crate) struct Given {
    /// The chart it was first given to.
    pub(crate) chart: String,
    /// How that chart declares it: inputs of one key declared alike are one value.
    #[serde(skip)]
    pub(crate) kind: String,
    pub(crate) key: String,
    /// The side that gave them, in a turn played by sides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) side: Option<String>,
    /// Its label, with the chart's title when another chart declares the same key otherwise,
    /// and its side ("Morale (Axis)").
    pub(crate) label: String,
    pub(crate) values: Vec<Value>,
    /// Each value as the player reads it: a choice by its option's label ("Improve Economy").
    #[serde(skip)]
    pub(crate) shown: Vec<String>,
}

#[derive(Debug, Serialize)]
pub(crate) struct RollLine {
    pub(crate) chart: Sym,
    /// The chart's title, as the book gives it (the id when the book no longer has it): what
    /// the text says.
    pub(crate) title: Sym,
    pub(crate) natural: Option<i64>,
    pub(crate) total: Option<i64>,
    pub(crate) row: Option<Sym>,
    pub(crate) result: Option<Sym>,
    /// The dice were typed in, not rolled by flipbook.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) hand: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) reroll: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) outside: bool,
    /// An opposed roll's sides, each with its natural roll (`natural` is then none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) sides: Vec<SideRolled>,
}

/// One side of an opposed roll in the story: whose, and its natural roll.
#[derive(Debug, Serialize)]
pub(crate) struct SideRolled {
    pub(crate) name: Sym,
    pub(crate) natural: i64,
}

/// A number's value turn by turn.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Series {
    /// The chart that first asked it.
    pub(crate) chart: String,
    pub(crate) key: String,
    /// The side whose answers these are, in a turn played by sides (one series a side).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) side: Option<String>,
    /// Its label, with the chart's title when another chart declares the same key otherwise,
    /// and its side ("Morale (Axis)").
    pub(crate) label: String,
    /// Each point is the last value of a stretch of this many turns: 1 (every turn) until a
    /// number was given in more than 1,200 turns (`fold::MAX_POINTS`), thinned as it was read.
    #[serde(skip_serializing_if = "is_one")]
    pub(crate) stretch: u64,
    pub(crate) points: Vec<Point>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub(crate) struct Point {
    pub(crate) turn: u32,
    pub(crate) value: i64,
}

/// A text the log repeats (a chart's id, a row, a result), kept once however often it comes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Sym(Rc<str>);

impl std::ops::Deref for Sym {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Sym {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Sym {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

/// What a story is read with: the book (labels, dice), the input the walker fills with the turn
/// (never asked, never plotted), the turn to tell.
pub(crate) struct Reading<'a> {
    pub(crate) book: &'a Book,
    pub(crate) knows_turn: Option<&'a str>,
    pub(crate) turn: Option<u32>,
}

impl Reading<'_> {
    /// Read the log at `log` and tell its story (`game` numbers it; `over` is why it ended):
    /// a first pass finds the appended undo records (only their lines are parsed), a second
    /// folds each entry into the story as it comes. Neither keeps the log.
    pub(crate) fn story(
        &self,
        log: &Path,
        game: u32,
        over: Option<String>,
    ) -> crate::error::Result<Story> {
        let mut taken_back: HashSet<String> = HashSet::new();
        read::lines(log, |line| {
            // Only a line that names `undo` (its key may be escaped: `\u0075ndo`) is parsed.
            if (contains(line, b"undo") || contains(line, b"\\u"))
                && let Ok(l) = serde_json::from_slice::<Line>(line)
                && l.is_undo_record()
            {
                taken_back.extend(l.undo.unwrap_or_default());
            }
        })?;
        let mut fold = Fold::new(self, taken_back);
        let too_long = read::lines(log, |line| fold.line(line))?;
        Ok(fold.finish(game, over, too_long))
    }
}

/// One line of the log as the story reads it, borrowing its text where it can: an entry (a
/// roll or a chit), or an undo record naming the entries it takes back (`{"undo": [ids]}`).
/// The fields the story does not need are skipped unread.
#[derive(Deserialize)]
#[allow(clippy::struct_excessive_bools)] // the flags of a line of the log, each its own key
struct Line<'a> {
    #[serde(default)]
    turn: Option<u32>,
    #[serde(default, borrow)]
    chart: Option<Cow<'a, str>>,
    #[serde(default, borrow)]
    chit: Option<Cow<'a, str>>,
    #[serde(default, borrow)]
    inputs: BTreeMap<Cow<'a, str>, Value>,
    #[serde(default)]
    natural: Option<i64>,
    #[serde(default)]
    total: Option<i64>,
    #[serde(default, borrow)]
    row: Option<Cow<'a, str>>,
    #[serde(default, borrow)]
    result: Option<Cow<'a, str>>,
    #[serde(default)]
    hand: bool,
    #[serde(default)]
    reroll: bool,
    /// Set aside and rolled again ("roll again on a 1"): its die counts, it has no result.
    #[serde(default)]
    rolled_again: bool,
    #[serde(default)]
    outside: bool,
    #[serde(default)]
    undone: bool,
    /// The entry's id (the journal's: text), named by an undo line that takes it back.
    #[serde(default, borrow)]
    id: Option<Cow<'a, str>>,
    #[serde(default)]
    undo: Option<Vec<String>>,
    /// A step of `play` undo can take back (the journal's line, not an entry).
    #[serde(default, rename = "undoable")]
    undoable: Option<serde::de::IgnoredAny>,
    /// An opposed roll's sides: each side's die counts.
    #[serde(default)]
    sides: Vec<SideLine>,
    /// The phase it was made in: in a turn played by sides, `PHASE@SIDE` names the side.
    #[serde(default, borrow)]
    phase: Option<Cow<'a, str>>,
}

/// One side of an opposed roll, as the story reads it: its natural roll.
#[derive(Deserialize)]
struct SideLine {
    #[serde(default)]
    name: String,
    natural: i64,
}

impl Line<'_> {
    /// An undo line, as every reader of the log takes one (`play::Journal`'s `undo_ids` is the
    /// same rule): an `undo` list and no `turn` (a line with a turn is an entry).
    fn is_undo_record(&self) -> bool {
        self.undo.is_some() && self.turn.is_none()
    }

    /// A line of the game's journal (a step of `play`), not an entry: passed over.
    fn is_journal(&self) -> bool {
        self.undoable.is_some() && self.turn.is_none()
    }
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

#[cfg(test)]
mod tests;
