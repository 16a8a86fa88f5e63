//! The game's state, apart from where it is kept: the bookmark (where the player stands and
//! what the segment has seen), the answers remembered, the profile, and a line of the log. The
//! engine (`game`, `checklist`, …) moves it; the journal reads and writes it. Their serde
//! shapes are the files' (`bookmark.json`, `log.jsonl`, `profile.json`).

use crate::rules::{Modifier, Outcome, Value};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Where the player stands, and what the current segment has seen so far.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(crate) struct Bookmark {
    pub(crate) book: String,
    pub(crate) turn: u32,
    pub(crate) phase: String,
    pub(crate) segment: String,
    #[serde(default)]
    pub(crate) state: SegmentState,
    /// Rows remembered this turn (who acted in Phase 1).
    #[serde(default)]
    pub(crate) memory: BTreeMap<String, Memo>,
    /// The last answer to each question, with its turn: offered again as the default.
    #[serde(default)]
    pub(crate) answers: BTreeMap<String, Memo>,
    /// The segments of this turn and the one before already left, as they were (by
    /// [`visited_key`]): going back shows what was done there, and nothing is rolled again.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) visited: BTreeMap<String, SegmentState>,
    /// Why the game is over, once it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) over: Option<String>,
    /// The ends the game met and played on past (`play on`), each with its turn: `report`
    /// tells them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) played_past: Vec<Memo>,
    /// The answers to the board's questions (`only_if`, a step's `game_over`), with their turn:
    /// "yes" or "no", good for that turn only.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) board: BTreeMap<String, Memo>,
    /// The last line of the log's journal (a step, an undo) this bookmark includes, by its id:
    /// the log is written first, and a start reconciles a bookmark behind it (`journal::tail`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) at: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(crate) struct Memo {
    pub(crate) turn: u32,
    pub(crate) value: String,
}

/// What a segment has seen: its checklist as far as it has gone.
// Its flags are independent facts the bookmark file keeps, each skipped when false.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct SegmentState {
    /// Chits drawn here, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) chits: Vec<Drawn>,
    /// A draw a roll called for (End Turn 5-10): at most, and whether a (+) draws again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) extra_draw: Option<(u32, bool)>,
    /// The answers to a loop's items, in order: `true` skips the item.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) items: Vec<bool>,
    /// Rolls made here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) rolled: Vec<Rolled>,
    /// The last roll may be rolled again (the book's re-roll rule names its chart; not yet
    /// rolled again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) rerollable: Option<String>,
    /// The segment was left with something still open (the track shows it open, not done).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) left_open: bool,
    /// The question waiting now was put aside (Esc): it is not asked again by itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) aside: bool,
    /// Charts the last result or chit names ("roll on WD1"): offered first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) named: Vec<String>,
    /// Rolls a result made due (a row's `next`: after Chaos, the conflict and the Chaos
    /// procedure), open until rolled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) due: Vec<String>,
    /// The answers kept for another segment's loop were shown back and checked (`review`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) reviewed: bool,
    /// The segment was played and left (the track shows it done; one a jump went past is not).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) left: bool,
    /// The board's questions of a step answered here, by the key their answer is kept under:
    /// the Roll line numbers the charts as the segment showed them before (a chart keeps its
    /// number after a restart).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) asked: Vec<String>,
}

/// A chit drawn: its id, and whether it had a (+) once that is told.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(crate) struct Drawn {
    pub(crate) chit: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) plus: Option<bool>,
}

/// A roll made in a segment, in short: what a checklist shows of it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(crate) struct Rolled {
    pub(crate) chart: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) row: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) result: Option<String>,
    /// The chit (by its place in `chits`) or the loop item this roll resolved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) chit: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) item: Option<usize>,
}

/// One line of the game log.
#[allow(clippy::struct_excessive_bools)] // the flags of a line of the log, each its own key
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub(crate) struct LogEntry {
    pub(crate) turn: u32,
    pub(crate) phase: String,
    pub(crate) segment: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) chit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) plus: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) chart: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) inputs: BTreeMap<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) natural: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) modifiers: Vec<Modifier>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) total: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) column: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) row: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) result: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) reroll: bool,
    /// The dice were typed in (rolled by hand, or `--roll`), not rolled by flipbook.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) hand: bool,
    /// The entry's id, named by the undo line that takes it back (older logs have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) id: Option<String>,
    /// Taken back with undo: kept in the log, marked by an undo line appended after it (an
    /// older log marked the entry itself), never deleted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) undone: bool,
    /// Rolled with `flipbook roll` while the game was open, not in `play`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) outside: bool,
    /// Set aside and rolled again ("roll again on a 1", an Ally found twice).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) rolled_again: bool,
    /// An opposed roll's sides, each with its natural roll (`natural` is then absent).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) sides: Vec<crate::rules::SideNatural>,
    /// What the roll was for in `play`: its step's text, a loop's item or a chit (two rolls on
    /// one chart in a segment told apart; older logs have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) step: Option<String>,
}

/// A step of the game undo can take back (a roll, a chit, an answer), as the log keeps it: the
/// game as it was before it, what it wrote, what it was. The undo history lives in the log, so
/// a `play` resumed after a quit or a crash can take back what an earlier one did.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Step {
    /// The step's id: the undo line that takes it back names it (`of`). Its key is its own
    /// (`undoable`): an entry's `step` is what a roll was for.
    #[serde(rename = "undoable")]
    pub(crate) id: String,
    /// The ids of the log entries it wrote.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) logged: Vec<String>,
    pub(crate) what: Undid,
    /// The dice of a roll the tool made (none when typed in, or for a roll of several parts).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) dice: Vec<i64>,
    /// The extra DRMs (`x`) the roll was made with: they go back with its die.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) extra: Vec<i64>,
    /// The bookmark before it.
    pub(crate) before: Bookmark,
    /// The profile before it.
    #[serde(default)]
    pub(crate) profile: Profile,
}

/// A fresh id for a line of the log, unique among its writers: the process, the time, a counter.
pub(crate) fn new_id() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    format!("{:x}-{nanos:x}-{n}", std::process::id())
}

/// Answers kept with a game and given from then on (`sequence.yaml`: `profile`), by input key
/// (a loop's item-by-item answers as `key#item`), as typed.
pub(crate) type Profile = BTreeMap<String, String>;

impl LogEntry {
    /// The log lines of a roll and of the rolls it called for, in order, at a position. Plain
    /// dice have no chart: their `chart` is the dice (`d10`).
    pub(crate) fn of_outcome(
        o: &Outcome,
        at: (u32, &str, &str),
        reroll: bool,
        out: &mut Vec<LogEntry>,
    ) {
        for s in &o.set_aside {
            LogEntry::of_outcome(s, at, reroll, out);
        }
        out.push(LogEntry {
            turn: at.0,
            phase: at.1.to_string(),
            segment: at.2.to_string(),
            chart: Some(o.chart.clone().unwrap_or_else(|| o.die.to_string())),
            rolled_again: o.rolled_again,
            inputs: o.inputs.clone(),
            natural: o.natural,
            modifiers: o.modifiers.clone(),
            total: o.total,
            column: o.column.clone(),
            row: o.row.clone(),
            result: o.result.clone(),
            reroll,
            hand: o.hand,
            sides: o.sides.iter().map(Into::into).collect(),
            ..LogEntry::default()
        });
        for t in &o.then {
            LogEntry::of_outcome(t, at, false, out);
        }
    }
}

/// The key a segment's state is kept under in a bookmark's `visited`: `turn/phase/segment`.
pub(crate) fn visited_key(turn: u32, phase: &str, segment: &str) -> String {
    format!("{turn}/{phase}/{segment}")
}

/// The turn a `visited` key names.
pub(crate) fn visited_turn(key: &str) -> Option<u32> {
    key.split('/').next()?.parse().ok()
}

/// What undo took back.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) enum Undid {
    /// A roll, on a chart (plain dice have none).
    Roll(Option<String>),
    /// A chit drawn, by its name.
    Chit(String),
    /// An answer.
    Answer,
}
