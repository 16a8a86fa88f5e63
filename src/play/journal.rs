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
    /// The last answer to each question, with its turn: offered again within the same turn.
    #[serde(default)]
    pub(crate) answers: BTreeMap<String, Memo>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(crate) struct Memo {
    pub(crate) turn: u32,
    pub(crate) value: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub(crate) struct SegmentState {
    /// Chits drawn in this segment, each with whether it had a (+).
    #[serde(default)]
    pub(crate) drawn: Vec<(String, bool)>,
    /// Waiting for the (+) answer of the last chit.
    #[serde(default)]
    pub(crate) awaiting_plus: bool,
    /// A draw a roll called for (End Turn 5-10).
    #[serde(default)]
    pub(crate) extra_draw: Option<(u32, bool)>,
    /// The chart the last chit drawn calls for, until it is rolled.
    #[serde(default)]
    pub(crate) chit_chart: Option<String>,
    /// The item of a loop being asked about, and whether it is waiting for its roll.
    #[serde(default)]
    pub(crate) item: usize,
    #[serde(default)]
    pub(crate) item_ready: bool,
    /// Charts rolled in this segment.
    #[serde(default)]
    pub(crate) rolled: Vec<String>,
    /// The last roll may be re-rolled for 1 AP (a Master Action roll not yet re-rolled).
    #[serde(default)]
    pub(crate) rerollable: Option<String>,
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
