//! The game log on disk: only ever appended to. A roll or a chit is a line; an undo is a line
//! too (`{"undo": [ids]}`), naming the entries it takes back by their `id`, so that no writer
//! ever rewrites a line another wrote (a `flipbook roll` beside an open `play`). Readers fold
//! the undo lines into the entries (`undone`), streaming: the file is read line by line, twice,
//! never held whole.

use super::Journal;
use crate::error::{Error, Result};
use crate::play::state::LogEntry;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::io::BufRead;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// An undo line: the ids of the entries it takes back.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Undo {
    undo: Vec<String>,
}

/// A fresh entry id, unique among the writers of a log: the process, the time, a counter.
pub(super) fn new_id() -> String {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    format!("{:x}-{nanos:x}-{n}", std::process::id())
}

/// The log's entries one at a time, undo lines folded in; lines that cannot be read (cut short
/// by a crash) are counted in [`LogReader::broken`], never fatal.
pub(crate) struct LogReader {
    lines: Option<std::io::Split<std::io::BufReader<std::fs::File>>>,
    undone: HashSet<String>,
    broken: usize,
}

impl LogReader {
    /// Lines that could not be read so far (all of them once the reader is exhausted).
    pub(crate) fn broken(&self) -> usize {
        self.broken
    }

    fn open(path: &Path) -> Result<LogReader> {
        let Some(file) = crate::fs::open_regular(path)? else {
            return Ok(LogReader {
                lines: None,
                undone: HashSet::new(),
                broken: 0,
            });
        };
        // First pass: the ids undone (small: one per undone entry).
        let mut undone = HashSet::new();
        for line in std::io::BufReader::new(&file).split(b'\n') {
            let line = line.map_err(|e| Error::io("read", path, e))?;
            if let Ok(u) = serde_json::from_slice::<Undo>(&line) {
                undone.extend(u.undo);
            }
        }
        let file = crate::fs::open_regular(path)?
            .ok_or_else(|| Error::io("read", path, std::io::ErrorKind::NotFound.into()))?;
        Ok(LogReader {
            lines: Some(std::io::BufReader::new(file).split(b'\n')),
            undone,
            broken: 0,
        })
    }
}

impl Iterator for LogReader {
    type Item = LogEntry;

    fn next(&mut self) -> Option<LogEntry> {
        loop {
            // A read error past the first pass ends the log there, counted as a broken line.
            let Ok(line) = self.lines.as_mut()?.next()? else {
                self.broken += 1;
                self.lines = None;
                return None;
            };
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            match serde_json::from_slice::<LogEntry>(&line) {
                Ok(mut e) => {
                    if e.id.as_ref().is_some_and(|id| self.undone.contains(id)) {
                        e.undone = true;
                    }
                    return Some(e);
                }
                Err(_) if serde_json::from_slice::<Undo>(&line).is_ok() => {}
                Err(_) => self.broken += 1,
            }
        }
    }
}

impl Journal {
    /// The log, entry by entry (undo lines folded in): read streaming, never whole.
    pub(crate) fn log_reader(&self) -> Result<LogReader> {
        LogReader::open(&self.log)
    }

    /// Every entry of the log; a line cut short by a crash is skipped, not fatal.
    pub(crate) fn read_log(&self) -> Result<Vec<LogEntry>> {
        self.read_log_counting().map(|(entries, _)| entries)
    }

    /// Every entry of the log, and how many lines could not be read (cut short by a crash,
    /// even inside a character): each line is read on its own, as bytes.
    pub(crate) fn read_log_counting(&self) -> Result<(Vec<LogEntry>, usize)> {
        let mut reader = self.log_reader()?;
        let entries = reader.by_ref().collect();
        Ok((entries, reader.broken()))
    }

    /// Append entries, each given an id if it has none, under the journal's write lock.
    pub(crate) fn append(&self, entries: &[LogEntry]) -> Result<()> {
        if entries.is_empty() {
            return Ok(());
        }
        let mut text = String::new();
        for e in entries {
            let mut e = e.clone();
            e.id.get_or_insert_with(new_id);
            text.push_str(&to_json(&e)?);
            text.push('\n');
        }
        let _held = self.write_lock()?;
        crate::fs::append(&self.log, &text)
    }

    /// Take back the last `count` entries `play` wrote and has not taken back yet (never a
    /// roll made outside `play`): one undo line naming them is appended.
    pub(crate) fn mark_undone(&self, count: usize) -> Result<()> {
        if count == 0 {
            return Ok(());
        }
        let mut last: std::collections::VecDeque<String> = std::collections::VecDeque::new();
        for e in self.log_reader()? {
            if let (false, false, Some(id)) = (e.outside, e.undone, e.id) {
                last.push_back(id);
                if last.len() > count {
                    last.pop_front();
                }
            }
        }
        if last.is_empty() {
            return Ok(());
        }
        let line = to_json(&Undo {
            undo: last.into_iter().collect(),
        })?;
        let _held = self.write_lock()?;
        crate::fs::append(&self.log, &format!("{line}\n"))
    }
}

fn to_json(v: &impl Serialize) -> Result<String> {
    serde_json::to_string(v).map_err(|e| Error::Other(e.to_string()))
}
