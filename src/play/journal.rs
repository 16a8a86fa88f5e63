//! The journal of a game on disk: the bookmark (where the player stands, written whole or not at
//! all), the log of rolls and chits (one JSON line each) and the profile. Nobody else builds
//! their paths.
//!
//! The games of a book, under its data folder (`<data>/<book>/`):
//!
//! ```text
//! bookmark.json log.jsonl profile.json   the current game (where they have always been)
//! games/1/ games/2/ …                    the earlier games, the same three files each, never
//!                                        rewritten; the current game's number is the highest + 1
//! ```
//!
//! A restart moves the current game's log and bookmark into `games/N.partial/` (with a copy of
//! its profile), then renames that folder to `games/N/`: the profile stays, the defaults of the
//! new game. A data folder of old (a `log.previous.jsonl` beside the current game) is moved into
//! the next `games/N/` the first time the games are looked at.

use crate::error::{Error, Result};
use crate::rules::{Modifier, Outcome, Value};
use flipbook_charts::Sequence;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

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
    /// The segment was left with something still open (the track shows it open, not done).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) left_open: bool,
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

/// The bookmark, log and profile files of a book's game: the current one (`Journal::new`) or
/// an earlier one (`Journal::game`).
#[derive(Debug, Clone)]
pub(crate) struct Journal {
    /// The book's data folder.
    root: PathBuf,
    bookmark: PathBuf,
    log: PathBuf,
    profile: PathBuf,
}

const BOOKMARK: &str = "bookmark.json";
const LOG: &str = "log.jsonl";
const PROFILE: &str = "profile.json";
/// The one earlier log a data folder of old kept.
const PREVIOUS_LOG: &str = "log.previous.jsonl";
const GAMES: &str = "games";
const PARTIAL: &str = ".partial";

impl Journal {
    /// The current game of a book.
    pub(crate) fn new(data: &Path, book: &str) -> Journal {
        Journal::in_folder(data.join(book), &data.join(book))
    }

    /// The book's data folder.
    pub(super) fn root(&self) -> &Path {
        &self.root
    }

    fn in_folder(root: PathBuf, dir: &Path) -> Journal {
        Journal {
            root,
            bookmark: dir.join(BOOKMARK),
            log: dir.join(LOG),
            profile: dir.join(PROFILE),
        }
    }

    /// The bookmark, or `None` before the first game; a bookmark that cannot be used is an
    /// error that says how to go on.
    pub(crate) fn load(&self, seq: &Sequence) -> Result<Option<Bookmark>> {
        let Some(bytes) = crate::fs::read_bytes_optional(&self.bookmark)? else {
            return Ok(None);
        };
        let way_on = "start again with `flipbook play --restart`, or go on with `flipbook play --goto SEGMENT --turn N`";
        let b: Bookmark = serde_json::from_slice(&bytes).map_err(|e| {
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
        self.read_log_counting().map(|(entries, _)| entries)
    }

    /// Every entry of the log, and how many lines could not be read (cut short by a crash,
    /// even inside a character): each line is read on its own, as bytes.
    pub(crate) fn read_log_counting(&self) -> Result<(Vec<LogEntry>, usize)> {
        let Some(bytes) = crate::fs::read_bytes_optional(&self.log)? else {
            return Ok((Vec::new(), 0));
        };
        let mut broken = 0;
        let entries = bytes
            .split(|b| *b == b'\n')
            .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
            .filter_map(|l| {
                let e = serde_json::from_slice(l).ok();
                broken += usize::from(e.is_none());
                e
            })
            .collect();
        Ok((entries, broken))
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

    /// Mark the last `count` lines of the log not yet undone as undone (the log is written
    /// anew, whole): undoing step after step takes back line after line.
    pub(crate) fn mark_undone(&self, count: usize) -> Result<()> {
        if count == 0 {
            return Ok(());
        }
        let mut entries = self.read_log()?;
        for e in entries.iter_mut().rev().filter(|e| !e.undone).take(count) {
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

    /// A new game: the current one (if it was begun) is kept whole as the next `games/N/`,
    /// never over another; its profile stays as the new game's defaults.
    pub(crate) fn restart(&self) -> Result<()> {
        self.migrate()?;
        self.finish_partial()?;
        if !self.begun() {
            return Ok(());
        }
        let n = self.kept()?.last().copied().unwrap_or(0) + 1;
        let partial = self.games_dir().join(format!("{n}{PARTIAL}"));
        mkdir(&partial)?;
        if let Some(text) = crate::fs::read_optional(&self.profile)? {
            crate::fs::write_atomic(&partial.join(PROFILE), text.as_bytes())?;
        }
        // The log first: a crash between the two leaves a bookmark that `finish_partial` moves.
        for (from, name) in [(&self.log, LOG), (&self.bookmark, BOOKMARK)] {
            if from.is_file() {
                rename(from, &partial.join(name))?;
            }
        }
        rename(&partial, &self.games_dir().join(n.to_string()))
    }

    /// A game is open: it has a bookmark (cheap: nothing is read).
    pub(crate) fn has_bookmark(&self) -> bool {
        self.bookmark.is_file()
    }

    /// A game has begun: it has a bookmark or a log.
    pub(crate) fn begun(&self) -> bool {
        self.bookmark.is_file() || self.log.is_file()
    }

    /// The numbers of the earlier games, in order (a data folder of old is moved in first).
    pub(crate) fn kept(&self) -> Result<Vec<u32>> {
        self.migrate()?;
        let dir = self.games_dir();
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(Error::io("read", dir, e)),
        };
        let mut numbers: Vec<u32> = entries
            .filter_map(std::result::Result::ok)
            .filter(|e| e.path().is_dir())
            .filter_map(|e| e.file_name().to_str()?.parse().ok())
            .filter(|n| *n > 0)
            .collect();
        numbers.sort_unstable();
        Ok(numbers)
    }

    /// The number of the current game: one more than the last earlier game.
    pub(crate) fn current_number(&self) -> Result<u32> {
        Ok(self.kept()?.last().copied().unwrap_or(0) + 1)
    }

    /// The journal of game `n`: an earlier one (read it, never write it) or the current one;
    /// `None` when there is no such game.
    pub(crate) fn game(&self, n: u32) -> Result<Option<Journal>> {
        let kept = self.kept()?;
        if kept.contains(&n) {
            let dir = self.games_dir().join(n.to_string());
            return Ok(Some(Journal::in_folder(self.root.clone(), &dir)));
        }
        let current = kept.last().copied().unwrap_or(0) + 1;
        Ok((n == current).then(|| self.clone()))
    }

    /// The turn the bookmark stands on, read leniently (an earlier game's bookmark may point
    /// where today's book has nothing); `None` without one.
    pub(crate) fn bookmark_turn(&self) -> Option<u32> {
        let text = crate::fs::read_optional(&self.bookmark).ok()??;
        serde_json::from_str::<Bookmark>(&text).ok().map(|b| b.turn)
    }

    /// Why the game is over, if its bookmark says it is (read leniently, as the turn).
    pub(crate) fn bookmark_over(&self) -> Option<String> {
        let text = crate::fs::read_optional(&self.bookmark).ok()??;
        serde_json::from_str::<Bookmark>(&text).ok()?.over
    }

    /// When the game began and when it was last written to (the files' times), if known.
    pub(crate) fn dates(&self) -> (Option<SystemTime>, Option<SystemTime>) {
        let meta: Vec<std::fs::Metadata> = [&self.log, &self.bookmark]
            .iter()
            .filter_map(|p| std::fs::metadata(p).ok())
            .collect();
        let started = meta.iter().filter_map(|m| m.created().ok()).min();
        let last = meta.iter().filter_map(|m| m.modified().ok()).max();
        (started, last)
    }

    fn games_dir(&self) -> PathBuf {
        self.root.join(GAMES)
    }

    /// A data folder of old: its `log.previous.jsonl` becomes the next earlier game.
    fn migrate(&self) -> Result<()> {
        let previous = self.root.join(PREVIOUS_LOG);
        if !previous.is_file() {
            return Ok(());
        }
        self.finish_partial()?;
        let games = self.games_dir();
        let n = std::fs::read_dir(&games).map_or(0, |es| {
            es.filter_map(std::result::Result::ok)
                .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
                .max()
                .unwrap_or(0)
        }) + 1;
        let partial = games.join(format!("{n}{PARTIAL}"));
        mkdir(&partial)?;
        rename(&previous, &partial.join(LOG))?;
        rename(&partial, &games.join(n.to_string()))
    }

    /// A restart cut short (a crash): its `games/N.partial/` is finished, with the bookmark it
    /// left behind when the log had already moved.
    fn finish_partial(&self) -> Result<()> {
        let Ok(entries) = std::fs::read_dir(self.games_dir()) else {
            return Ok(());
        };
        for e in entries.filter_map(std::result::Result::ok) {
            let name = e.file_name().to_string_lossy().to_string();
            let Some(n) = name.strip_suffix(PARTIAL) else {
                continue;
            };
            let partial = e.path();
            let done = self.games_dir().join(n);
            if done.exists() || n.parse::<u32>().is_err() {
                continue;
            }
            if partial.join(LOG).is_file()
                && !partial.join(BOOKMARK).exists()
                && !self.log.exists()
                && self.bookmark.is_file()
            {
                rename(&self.bookmark, &partial.join(BOOKMARK))?;
            }
            rename(&partial, &done)?;
        }
        Ok(())
    }
}

fn mkdir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io("create the folder", dir, e))
}

fn rename(from: &Path, to: &Path) -> Result<()> {
    if to.exists() {
        return Err(Error::Other(format!(
            "cannot keep {} as {}: it exists already",
            from.display(),
            to.display()
        )));
    }
    std::fs::rename(from, to).map_err(|e| Error::io("move", from, e))
}

impl LogEntry {
    /// The log lines of a roll and of the rolls it called for, in order, at a position. Plain
    /// dice have no chart: their `chart` is the dice (`d10`).
    pub(crate) fn of_outcome(
        o: &Outcome,
        at: (u32, &str, &str),
        reroll: bool,
        out: &mut Vec<LogEntry>,
    ) {
        out.push(LogEntry {
            turn: at.0,
            phase: at.1.to_string(),
            segment: at.2.to_string(),
            chart: Some(o.chart.clone().unwrap_or_else(|| o.die.to_string())),
            inputs: o.inputs.clone(),
            natural: o.natural,
            modifiers: o.modifiers.clone(),
            total: Some(o.total),
            column: o.column.clone(),
            row: o.row.clone(),
            result: o.result.clone(),
            reroll,
            ..LogEntry::default()
        });
        for t in &o.then {
            LogEntry::of_outcome(t, at, false, out);
        }
    }
}

#[cfg(test)]
mod tests;
