//! The log read from its end, a bounded part of it: what undo takes back next, and what a start
//! finds written after the bookmark (a crash between the two). Neither ever reads the whole
//! log, however long the game.
//!
//! The order of truth: `play` writes a step's lines to the log first (its entries, then the
//! step with the game as it was before it, or an undo line naming the step it takes back),
//! then the profile, then the bookmark, which names the last journal line it includes (`at`).
//! A crash anywhere leaves the log ahead of the bookmark by at most that, and a start settles
//! it ([`Journal::reconcile`]): a step the bookmark lacks is taken back in the log (the player
//! never saw it), an undo the bookmark lacks is done to the bookmark.

use super::Journal;
use super::log::{is_step, undo_ids};
use crate::error::{Error, Result};
use crate::play::state::{Bookmark, Profile, Step};
use serde::Deserialize;
use std::collections::HashSet;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// How far back from its end the log is read, at most: undo and a start stop there. A crash
/// leaves its lines at the very end; undo reaches back a thousand steps and more.
const MAX_BACK: u64 = 8 * 1024 * 1024;
/// The longest line read back; a longer one is passed over (no line of ours is near it).
pub(super) const MAX_LINE: usize = 1024 * 1024;
const CHUNK: usize = 64 * 1024;

/// The log's lines, last first.
pub(super) struct Tail {
    file: std::fs::File,
    /// Where the bytes not yet read end.
    pos: u64,
    /// Bytes read; those before `end` not yet given as lines.
    carry: Vec<u8>,
    end: usize,
    /// The line being read is longer than [`MAX_LINE`]: passed over.
    skipping: bool,
    /// The first line of the file was given.
    done: bool,
    path: std::path::PathBuf,
}

impl Tail {
    /// The log from its end, or `None` when there is none. Only a regular file is read (of any
    /// length: only its end is read), never a FIFO or a device.
    pub(super) fn open(path: &Path) -> Result<Option<Tail>> {
        let Some(file) = crate::fs::open_stream(path)? else {
            return Ok(None);
        };
        let len = file
            .metadata()
            .map_err(|e| Error::io("read", path, e))?
            .len();
        Ok(Some(Tail {
            file,
            pos: len,
            carry: Vec::new(),
            end: 0,
            skipping: false,
            done: false,
            path: path.to_path_buf(),
        }))
    }

    /// The line before the last one given (without its newline), or `None` at the start of the
    /// file or [`MAX_BACK`] bytes from its end.
    pub(super) fn prev(&mut self) -> Result<Option<Vec<u8>>> {
        loop {
            if let Some(i) = self.carry[..self.end].iter().rposition(|b| *b == b'\n') {
                let line = self.carry[i + 1..self.end].to_vec();
                self.end = i;
                return Ok(Some(line));
            }
            let len = self.file.metadata().map_or(0, |m| m.len());
            if self.pos == 0 || len.saturating_sub(self.pos) >= MAX_BACK {
                if self.done || self.pos != 0 {
                    return Ok(None);
                }
                self.done = true;
                let line = self.carry[..self.end].to_vec();
                self.end = 0;
                return Ok(Some(line));
            }
            let n = (CHUNK as u64).min(self.pos);
            self.pos -= n;
            let mut chunk = vec![0u8; n as usize];
            self.file
                .seek(SeekFrom::Start(self.pos))
                .and_then(|_| self.file.read_exact(&mut chunk))
                .map_err(|e| Error::io("read", &self.path, e))?;
            if self.skipping {
                // The rest of a line too long: only what comes before its start is kept.
                if let Some(i) = chunk.iter().rposition(|b| *b == b'\n') {
                    chunk.truncate(i + 1);
                    self.skipping = false;
                    self.end = chunk.len();
                    self.carry = chunk;
                }
                continue;
            }
            chunk.extend_from_slice(&self.carry[..self.end]);
            self.end = chunk.len();
            self.carry = chunk;
            // The last line not given, too long: its text goes, an empty line stands for it.
            let start = self
                .carry
                .iter()
                .rposition(|b| *b == b'\n')
                .map_or(0, |i| i + 1);
            if self.carry.len() - start > MAX_LINE {
                self.carry.truncate(start);
                self.end = start;
                self.skipping = start == 0;
            }
        }
    }
}

/// A journal line read back: a step (its id), an undo (the step it takes back), or neither.
#[derive(Deserialize)]
struct Probe {
    #[serde(rename = "undoable")]
    step: Option<String>,
    of: Option<String>,
    id: Option<String>,
}

enum Line {
    Step(String),
    Undo {
        id: Option<String>,
        of: Option<String>,
        ids: Vec<String>,
    },
}

fn journal_line(line: &[u8]) -> Option<Line> {
    if line.trim_ascii_start().first() != Some(&b'{') {
        return None;
    }
    if let Some(ids) = undo_ids(line) {
        let p = serde_json::from_slice::<Probe>(line).ok()?;
        return Some(Line::Undo {
            id: p.id,
            of: p.of,
            ids,
        });
    }
    if is_step(line) {
        return serde_json::from_slice::<Probe>(line)
            .ok()?
            .step
            .map(Line::Step);
    }
    None
}

/// What a start found written after its bookmark, and did: the bookmark and the profile to go
/// on with.
struct Reconciled {
    mark: Bookmark,
    /// The profile to keep, when a step taken back had changed it.
    profile: Option<Profile>,
}

impl Journal {
    /// The bookmark a `play` starts from, settled with the log (see [`Journal::reconcile`]):
    /// the profile and the bookmark written again when they changed.
    pub(crate) fn resume(&self, mark: Bookmark) -> Result<Bookmark> {
        let was = mark.clone();
        let settled = self.reconcile(mark)?;
        if let Some(profile) = settled.profile
            && profile != self.load_profile().unwrap_or_default()
        {
            self.save_profile(&profile)?;
        }
        if settled.mark != was {
            self.save(&settled.mark)?;
        }
        Ok(settled.mark)
    }

    /// A bookmark begun afresh (no bookmark, or one that could not be read, replaced): it names
    /// the log's last journal line, so that no step written before it is taken for one it
    /// lacks.
    pub(crate) fn fresh(&self, mut mark: Bookmark) -> Result<Bookmark> {
        mark.at = None;
        if let Some(mut tail) = Tail::open(&self.log)? {
            while let Some(line) = tail.prev()? {
                match journal_line(&line) {
                    Some(Line::Step(id) | Line::Undo { id: Some(id), .. }) => mark.at = Some(id),
                    _ => continue,
                }
                break;
            }
        }
        Ok(mark)
    }

    /// The step undo takes back next: the last step of `play` in the log no undo line names,
    /// read from the log's end. `None` when there is none within reach.
    pub(crate) fn last_step(&self) -> Result<Option<Step>> {
        let Some(mut tail) = Tail::open(&self.log)? else {
            return Ok(None);
        };
        let mut undone: HashSet<String> = HashSet::new();
        while let Some(line) = tail.prev()? {
            match journal_line(&line) {
                Some(Line::Undo { ids, .. }) => undone.extend(ids),
                Some(Line::Step(id)) if !undone.contains(&id) => {
                    return Ok(serde_json::from_slice::<Step>(&line).ok());
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// Settle the log and the bookmark after a crash between their writes: the journal lines
    /// written after the bookmark's `at` are read from the log's end. A step the bookmark lacks
    /// is taken back in the log (an undo line); an undo the bookmark lacks is done to it (the
    /// game as it was before the step taken back). The bookmark then names the log's last
    /// journal line. A bookmark whose `at` the log's end does not reach is left as it is.
    fn reconcile(&self, mark: Bookmark) -> Result<Reconciled> {
        let mut out = Reconciled {
            mark,
            profile: None,
        };
        let Some(mut tail) = Tail::open(&self.log)? else {
            return Ok(out);
        };
        // The journal lines after `at`, last first, each with its line.
        let mut after: Vec<(Line, Vec<u8>)> = Vec::new();
        // The line `at` names, once found: the step an undo after it may take back.
        let mut found: Option<Vec<u8>> = None;
        // The entries the steps read so far wrote.
        let mut logged: HashSet<String> = HashSet::new();
        while let Some(line) = tail.prev()? {
            let Some(j) = journal_line(&line) else {
                // Without `at`, an entry of play's no step read wrote is older than the journal
                // (a log of old): nothing before it is read.
                if out.mark.at.is_none() && own_entry(&line).is_some_and(|id| !logged.contains(&id))
                {
                    break;
                }
                continue;
            };
            if let Line::Step(_) = &j
                && let Ok(step) = serde_json::from_slice::<Step>(&line)
            {
                logged.extend(step.logged);
            }
            let id = match &j {
                Line::Step(id) => Some(id),
                Line::Undo { id, .. } => id.as_ref(),
            };
            if id.is_some() && id == out.mark.at.as_ref() {
                found = Some(line);
                break;
            }
            after.push((j, line));
        }
        // No `at`: a bookmark written before the game's first step; every line is after it.
        if after.is_empty() || (found.is_none() && out.mark.at.is_some()) {
            return Ok(out);
        }
        let undone: HashSet<&String> = after
            .iter()
            .filter_map(|(j, _)| match j {
                Line::Undo { ids, .. } => Some(ids),
                Line::Step(_) => None,
            })
            .flatten()
            .collect();
        let steps_after: HashSet<&String> = after
            .iter()
            .filter_map(|(j, _)| match j {
                Line::Step(id) => Some(id),
                Line::Undo { .. } => None,
            })
            .collect();
        let mut take_back: Vec<Step> = Vec::new();
        let mut last_id = None;
        for (j, line) in after.iter().rev() {
            match j {
                Line::Step(id) => {
                    last_id = Some(id.clone());
                    if !undone.contains(id)
                        && let Ok(step) = serde_json::from_slice::<Step>(line)
                    {
                        if take_back.is_empty() {
                            out.profile = Some(step.profile.clone());
                        }
                        take_back.push(step);
                    }
                }
                Line::Undo { id, of, .. } => {
                    last_id = id.clone().or(last_id);
                    // An undo of a step the bookmark includes: the game as it was before it.
                    let at_step = found
                        .as_deref()
                        .and_then(|l| serde_json::from_slice::<Step>(l).ok())
                        .filter(|s| Some(&s.id) == of.as_ref());
                    let step = match of.as_ref().filter(|of| !steps_after.contains(of)) {
                        Some(_) if at_step.is_some() => at_step,
                        Some(of) => find_step(&mut tail, of)?,
                        None => None,
                    };
                    if let Some(step) = step {
                        out.mark = step.before;
                        out.profile = Some(step.profile);
                    }
                }
            }
        }
        for step in &take_back {
            let mut ids = step.logged.clone();
            ids.push(step.id.clone());
            last_id = self.write(&[], None, Some(&ids))?.or(last_id);
        }
        out.mark.at = last_id;
        Ok(out)
    }
}

/// The id of an entry `play` wrote (not a roll made outside it), if `line` is one.
fn own_entry(line: &[u8]) -> Option<String> {
    #[derive(Deserialize)]
    struct Entry {
        /// Only an entry has one.
        #[serde(rename = "turn")]
        _turn: serde::de::IgnoredAny,
        #[serde(default)]
        outside: bool,
        #[serde(default)]
        id: Option<String>,
    }
    if line.trim_ascii_start().first() != Some(&b'{') {
        return None;
    }
    let e = serde_json::from_slice::<Entry>(line).ok()?;
    (!e.outside).then(|| e.id.unwrap_or_default())
}

/// The step line of id `id`, read on back from where `tail` stands.
fn find_step(tail: &mut Tail, id: &str) -> Result<Option<Step>> {
    while let Some(line) = tail.prev()? {
        if let Some(Line::Step(s)) = journal_line(&line)
            && s == id
        {
            return Ok(serde_json::from_slice::<Step>(&line).ok());
        }
    }
    Ok(None)
}
