//! The journal of a game on disk: the bookmark (where the player stands, written whole or not at
//! all) and the log of rolls and chits (one JSON line each). Nobody else builds their paths.

use crate::error::{Error, Result};
use crate::rules::{Modifier, Value};
use flipbook_charts::Sequence;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

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
    /// The segments of this turn already left, as they were (`turn/phase/segment`): going back
    /// shows what was done there, and nothing is rolled again.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) visited: BTreeMap<String, SegmentState>,
    /// Why the game is over, once it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) over: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(crate) struct Memo {
    pub(crate) turn: u32,
    pub(crate) value: String,
}

/// What a segment has seen: its checklist as far as it has gone.
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
    /// The last roll may be re-rolled for 1 AP (a Master Action roll not yet re-rolled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) rerollable: Option<String>,
    /// The question waiting now was put aside (Esc): it is not asked again by itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) aside: bool,
    /// Charts the last result or chit names ("roll on WD1"): offered first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) named: Vec<String>,
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
#[derive(Debug, Clone, Serialize, Deserialize)]
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
    /// Taken back with undo: kept in the log, marked, never deleted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) undone: bool,
    /// Rolled with `flipbook roll` while the game was open, not in `play`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) outside: bool,
}

/// Answers kept with a game and given from then on (`sequence.yaml`: `profile`), by input key
/// (a loop's item-by-item answers as `key#item`), as typed.
pub(crate) type Profile = BTreeMap<String, String>;

/// The bookmark, log and profile files of a book's game.
pub(crate) struct Journal {
    bookmark: PathBuf,
    log: PathBuf,
    profile: PathBuf,
}

impl Journal {
    pub(crate) fn new(data: &Path, book: &str) -> Journal {
        let dir = data.join(book);
        Journal {
            bookmark: dir.join("bookmark.json"),
            log: dir.join("log.jsonl"),
            profile: dir.join("profile.json"),
        }
    }

    /// The bookmark, or `None` before the first game; a bookmark that cannot be used is an
    /// error that says how to go on.
    pub(crate) fn load(&self, seq: &Sequence) -> Result<Option<Bookmark>> {
        let Some(text) = crate::fs::read_optional(&self.bookmark)? else {
            return Ok(None);
        };
        let way_on = "start again with `flipbook play --restart`, or go on with `flipbook play --goto SEGMENT --turn N`";
        let b: Bookmark = serde_json::from_str(&text).map_err(|e| {
            Error::Broken(format!(
                "the bookmark {} cannot be read ({e}): {way_on}",
                self.bookmark.display()
            ))
        })?;
        let known = seq
            .phases
            .iter()
            .any(|p| p.id == b.phase && p.segments.contains(&b.segment));
        if !known || b.turn == 0 || b.turn > seq.final_turn() {
            return Err(Error::Broken(format!(
                "the bookmark points at turn {} phase {} segment '{}', which this book does not have: {way_on}",
                b.turn, b.phase, b.segment
            )));
        }
        Ok(Some(b))
    }

    pub(crate) fn save(&self, b: &Bookmark) -> Result<()> {
        let json = serde_json::to_string_pretty(b).map_err(|e| Error::Other(e.to_string()))?;
        crate::fs::write_atomic(&self.bookmark, json.as_bytes())
    }

    /// Every entry of the log; a line cut short by a crash is skipped, not fatal.
    pub(crate) fn read_log(&self) -> Result<Vec<LogEntry>> {
        let Some(text) = crate::fs::read_optional(&self.log)? else {
            return Ok(Vec::new());
        };
        Ok(text
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect())
    }

    pub(crate) fn append(&self, entries: &[LogEntry]) -> Result<()> {
        if entries.is_empty() {
            return Ok(());
        }
        let mut text = String::new();
        for e in entries {
            text.push_str(&serde_json::to_string(e).map_err(|e| Error::Other(e.to_string()))?);
            text.push('\n');
        }
        crate::fs::append(&self.log, &text)
    }

    /// Mark the last `count` lines of the log as undone (the log is written anew, whole).
    pub(crate) fn mark_undone(&self, count: usize) -> Result<()> {
        if count == 0 {
            return Ok(());
        }
        let mut entries = self.read_log()?;
        let from = entries.len().saturating_sub(count);
        for e in &mut entries[from..] {
            e.undone = true;
        }
        let mut text = String::new();
        for e in &entries {
            text.push_str(&serde_json::to_string(e).map_err(|e| Error::Other(e.to_string()))?);
            text.push('\n');
        }
        crate::fs::write_atomic(&self.log, text.as_bytes())
    }

    /// The game's profile; empty before anything was kept.
    pub(crate) fn load_profile(&self) -> Result<Profile> {
        let Some(text) = crate::fs::read_optional(&self.profile)? else {
            return Ok(Profile::new());
        };
        serde_json::from_str(&text).map_err(|e| {
            Error::Broken(format!(
                "the profile {} cannot be read ({e}): fix it with `flipbook profile`, or delete it",
                self.profile.display()
            ))
        })
    }

    pub(crate) fn save_profile(&self, profile: &Profile) -> Result<()> {
        let json =
            serde_json::to_string_pretty(profile).map_err(|e| Error::Other(e.to_string()))?;
        crate::fs::write_atomic(&self.profile, json.as_bytes())
    }

    /// A new game: the old log is kept as `log.previous.jsonl`.
    pub(crate) fn restart(&self) -> Result<()> {
        if self.log.is_file() {
            let previous = self.log.with_file_name("log.previous.jsonl");
            std::fs::rename(&self.log, &previous)
                .map_err(|e| Error::io("keep the old log as", previous, e))?;
        }
        Ok(())
    }
}
