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
//! its profile), then renames that folder to `games/N/`: the profile stays, and `play` keeps of it
//! only the player's answers for the new game (`play::new_game`). A data folder of old (a `log.previous.jsonl` beside the current game) is moved into
//! the next `games/N/` the first time the games are looked at.

use super::state::{Bookmark, Profile, SegmentState};
use crate::error::{Error, Result};
use flipbook_charts::Sequence;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

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
/// A profile holds a few short answers: a file of more is not one flipbook wrote.
const MAX_PROFILE: u64 = 256 * 1024;
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
        let file = self.bookmark.display();
        let way_on = "start again with `flipbook play --restart`, or go on with `flipbook play --goto SEGMENT --turn N`";
        let b: Bookmark = serde_json::from_slice(&bytes).map_err(|e| {
            let e = crate::text::quoted(&e.to_string());
            Error::Broken(format!(
                "the bookmark {file} cannot be read ({e}): {way_on}"
            ))
        })?;
        let known = seq
            .phases
            .iter()
            .any(|p| p.id == b.phase && p.segments.contains(&b.segment));
        if !known || b.turn == 0 || b.turn > seq.final_turn() {
            return Err(Error::Broken(format!(
                "the bookmark {file} points at turn {} phase '{}' segment '{}', which this book does not have: {way_on}",
                b.turn,
                crate::text::quoted(&b.phase),
                crate::text::quoted(&b.segment)
            )));
        }
        let visited = b
            .visited
            .iter()
            .map(|(k, st)| (k.rsplit('/').next().unwrap_or(k), st));
        for (segment, state) in std::iter::once((b.segment.as_str(), &b.state)).chain(visited) {
            if let Err(why) = fits(seq, segment, state) {
                return Err(Error::Broken(format!(
                    "the bookmark {file} does not fit this book's segment '{}' ({why}): {way_on}",
                    crate::text::quoted(segment)
                )));
            }
        }
        Ok(Some(b))
    }

    pub(crate) fn save(&self, b: &Bookmark) -> Result<()> {
        let json = serde_json::to_string_pretty(b).map_err(|e| Error::Other(e.to_string()))?;
        crate::fs::write_atomic(&self.bookmark, json.as_bytes())
    }

    /// The game's profile; empty before anything was kept.
    pub(crate) fn load_profile(&self) -> Result<Profile> {
        let Some(text) = crate::fs::read_optional_within(&self.profile, MAX_PROFILE)? else {
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
        let _held = self.write_lock()?;
        crate::fs::write_atomic(&self.profile, json.as_bytes())
    }

    /// A new game: the current one (if it was begun) is kept whole as the next `games/N/`,
    /// never over another; its profile stays as the new game's defaults.
    pub(crate) fn restart(&self) -> Result<()> {
        // Under the write lock: a `flipbook roll` beside it appends before the log moves, or
        // after, to the new game's.
        let _held = self.write_lock()?;
        self.migrate()?;
        self.finish_partial()?;
        if !self.begun() {
            return Ok(());
        }
        let n = next_number(&self.kept()?)?;
        self.games_dir_ours()?;
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
            .filter_map(|e| game_number(e.file_name().to_str()?))
            .collect();
        numbers.sort_unstable();
        Ok(numbers)
    }

    /// The number of the current game: one more than the last earlier game.
    pub(crate) fn current_number(&self) -> Result<u32> {
        next_number(&self.kept()?)
    }

    /// The earlier games from one look at the folder, each with its journal, and the current
    /// game's number: `flipbook games` lists the folder once, however many games are kept.
    pub(crate) fn kept_games(&self) -> Result<(Vec<(u32, Journal)>, u32)> {
        let kept = self.kept()?;
        let current = next_number(&kept)?;
        let games = kept
            .into_iter()
            .map(|n| {
                let dir = self.games_dir().join(n.to_string());
                (n, Journal::in_folder(self.root.clone(), &dir))
            })
            .collect();
        Ok((games, current))
    }

    /// The journal of game `n`: an earlier one (read it, never write it) or the current one;
    /// `None` when there is no such game.
    pub(crate) fn game(&self, n: u32) -> Result<Option<Journal>> {
        let kept = self.kept()?;
        if kept.contains(&n) {
            let dir = self.games_dir().join(n.to_string());
            return Ok(Some(Journal::in_folder(self.root.clone(), &dir)));
        }
        Ok((n == next_number(&kept)?).then(|| self.clone()))
    }

    /// The turn the bookmark stands on, read leniently (an earlier game's bookmark may point
    /// where today's book has nothing); `None` without one.
    pub(crate) fn bookmark_turn(&self) -> Option<u32> {
        let text = crate::fs::read_optional(&self.bookmark).ok()??;
        serde_json::from_str::<Bookmark>(&text).ok().map(|b| b.turn)
    }

    /// Why the game is over, read leniently as the turn is; `None` while it goes on.
    pub(crate) fn over(&self) -> Option<String> {
        let text = crate::fs::read_optional(&self.bookmark).ok()??;
        serde_json::from_str::<Bookmark>(&text).ok()?.over
    }

    /// The ends the game met and played on past, each with its turn (the bookmark says).
    pub(crate) fn played_past(&self) -> Vec<(u32, String)> {
        let Some(text) = crate::fs::read_optional(&self.bookmark).ok().flatten() else {
            return Vec::new();
        };
        serde_json::from_str::<Bookmark>(&text)
            .map(|b| {
                b.played_past
                    .into_iter()
                    .map(|m| (m.turn, m.value))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The log's file, for a reader that streams it.
    pub(crate) fn log_path(&self) -> &Path {
        &self.log
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

    /// The games are only ever moved into a real folder of ours: a `games` that is a link
    /// (out of the data folder) or a file is refused.
    fn games_dir_ours(&self) -> Result<()> {
        let dir = self.games_dir();
        match std::fs::symlink_metadata(&dir) {
            Ok(m) if !m.is_dir() => Err(Error::Broken(format!(
                "{} is not a folder (a link or a file): the games are kept only in a folder of flipbook's own; move it away and try again",
                dir.display()
            ))),
            _ => Ok(()),
        }
    }

    /// A data folder of old: its `log.previous.jsonl` becomes the next earlier game.
    fn migrate(&self) -> Result<()> {
        let previous = self.root.join(PREVIOUS_LOG);
        if !previous.is_file() {
            return Ok(());
        }
        self.finish_partial()?;
        let games = self.games_dir();
        let last = std::fs::read_dir(&games).map_or(0, |es| {
            es.filter_map(std::result::Result::ok)
                .filter_map(|e| game_number(e.file_name().to_str()?))
                .max()
                .unwrap_or(0)
        });
        let n = next_number(&[last])?;
        self.games_dir_ours()?;
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
            if done.exists() || game_number(n).is_none() {
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

/// Whether a segment's state fits the segment as the book has it now: a loop shortened in a
/// player's own `sequence.yaml` leaves more answers than items.
fn fits(seq: &Sequence, segment: &str, st: &SegmentState) -> std::result::Result<(), String> {
    let items = seq
        .segment(segment)
        .and_then(|s| s.repeat.as_ref())
        .map_or(0, |r| r.items.len());
    if st.items.len() > items {
        return Err(format!("{} loop answers, {items} items", st.items.len()));
    }
    for r in &st.rolled {
        if r.item.is_some_and(|i| i >= st.items.len()) {
            return Err("a roll for a loop item not answered".into());
        }
        if r.chit.is_some_and(|c| c >= st.chits.len()) {
            return Err("a roll for a chit not drawn".into());
        }
    }
    Ok(())
}

/// A kept game's number from its folder's name: only the canonical form (`7`, never `07` or
/// `+7`), from 1 to one less than the largest, so that the next game's number always fits.
fn game_number(name: &str) -> Option<u32> {
    let n: u32 = name.parse().ok()?;
    (n > 0 && n < u32::MAX && n.to_string() == name).then_some(n)
}

/// The number after the last kept game (1 with none).
fn next_number(kept: &[u32]) -> Result<u32> {
    kept.last()
        .copied()
        .unwrap_or(0)
        .checked_add(1)
        .ok_or_else(|| Error::Other("no number is left for another game".into()))
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

mod log;
mod tail;

#[cfg(test)]
mod tests;
