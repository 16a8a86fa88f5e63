//! The game log on disk: only ever appended to, and the game's journal: written before the
//! bookmark. A roll or a chit is a line; a step of `play` undo can take back is a line too
//! (`{"undoable": id, "before": bookmark, …}`, after the entries it wrote), and so is an undo
//! (`{"undo": [ids], "of": step}`), naming the entries it takes back by their `id`, so that no
//! writer ever rewrites a line another wrote (a `flipbook roll` beside an open `play`). Readers
//! fold the undo lines into the entries (`undone`), streaming: the file is read line by line,
//! twice, never held whole; undo and a start read it from its end (`tail`).

use super::Journal;
use crate::error::{Error, Result};
use crate::play::state::{LogEntry, Step, new_id};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::io::BufRead;
use std::path::Path;

/// An undo line: the ids of the entries it takes back, and for one `play` wrote, the step it
/// takes back (`of`) and its own id (a bookmark names it in `at`).
#[derive(Serialize, Deserialize)]
pub(super) struct UndoLine {
    pub(super) undo: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) of: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) id: Option<String>,
}

/// An undo line, as every reader of the log takes one (`log`, `report`, undo, a start): a JSON
/// object with an `undo` list of ids and no `turn` (a line with a turn is an entry, whatever
/// else it holds); other keys are let be. `None` for any other line.
pub(super) fn undo_ids(line: &[u8]) -> Option<Vec<String>> {
    #[derive(Deserialize)]
    struct Probe {
        undo: Option<Vec<String>>,
        turn: Option<serde::de::IgnoredAny>,
    }
    match serde_json::from_slice::<Probe>(line) {
        Ok(Probe {
            undo: Some(ids),
            turn: None,
        }) => Some(ids),
        _ => None,
    }
}

/// The log's entries one at a time, undo lines folded in; lines that cannot be read (cut short
/// by a crash, or longer than any line of ours) are counted in [`LogReader::broken`], never
/// fatal. A log of any length is read, a line at a time, each line bounded.
pub(crate) struct LogReader {
    lines: Option<std::io::BufReader<std::fs::File>>,
    line: Vec<u8>,
    undone: HashSet<String>,
    broken: usize,
}

/// The longest line read; a longer one is passed over, counted as broken.
const MAX_LINE: usize = 1024 * 1024;

/// The next line of `r` into `line` (without its newline): `Some(true)`, or `Some(false)` for a
/// line past [`MAX_LINE`] (passed over, never kept whole); `None` at the end.
fn next_line(r: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
    line.clear();
    let (mut any, mut too_long) = (false, false);
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(!too_long));
        }
        any = true;
        let (part, ended) = match buf.iter().position(|b| *b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long && line.len() + part.len() > MAX_LINE {
            too_long = true;
            line.clear();
        }
        if !too_long {
            line.extend_from_slice(part);
        }
        let used = ended.unwrap_or(buf.len());
        r.consume(used);
        if ended.is_some() {
            return Ok(Some(!too_long));
        }
    }
}

impl LogReader {
    /// Lines that could not be read so far (all of them once the reader is exhausted).
    pub(crate) fn broken(&self) -> usize {
        self.broken
    }

    fn open(path: &Path) -> Result<LogReader> {
        let Some(file) = crate::fs::open_stream(path)? else {
            return Ok(LogReader {
                lines: None,
                line: Vec::new(),
                undone: HashSet::new(),
                broken: 0,
            });
        };
        // First pass: the ids undone (small: one per undone entry).
        let mut undone = HashSet::new();
        let mut reader = std::io::BufReader::new(file);
        let mut line = Vec::new();
        while let Some(whole) =
            next_line(&mut reader, &mut line).map_err(|e| Error::io("read", path, e))?
        {
            // Only a line that names `undo` (its key may be escaped: `\u0075ndo`) is parsed.
            let named = |w: &[u8]| line.windows(w.len()).any(|x| x == w);
            if whole
                && (named(b"undo") || named(b"\\u"))
                && let Some(ids) = undo_ids(&line)
            {
                undone.extend(ids);
            }
        }
        let mut file = reader.into_inner();
        std::io::Seek::rewind(&mut file).map_err(|e| Error::io("read", path, e))?;
        Ok(LogReader {
            lines: Some(std::io::BufReader::new(file)),
            line,
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
            let whole = match next_line(self.lines.as_mut()?, &mut self.line) {
                Ok(Some(whole)) => whole,
                Ok(None) => {
                    self.lines = None;
                    return None;
                }
                Err(_) => {
                    self.broken += 1;
                    self.lines = None;
                    return None;
                }
            };
            let line = &self.line;
            if !whole {
                self.broken += 1;
                continue;
            }
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            match serde_json::from_slice::<LogEntry>(line) {
                Ok(mut e) => {
                    if e.id.as_ref().is_some_and(|id| self.undone.contains(id)) {
                        e.undone = true;
                    }
                    return Some(e);
                }
                Err(_) if undo_ids(line).is_some() || is_step(line) => {}
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
        self.write(entries, None, None).map(|_| ())
    }

    /// What one step of `play` writes to the log, in one append under the write lock: its
    /// entries (each given an id if it has none), then the step undo can take back, or the
    /// undo line that takes one back (the ids it names, the step's id last). The id of the
    /// journal's line written (the step's, or the undo line's), for the bookmark's `at`.
    pub(crate) fn write(
        &self,
        entries: &[LogEntry],
        step: Option<&Step>,
        undo: Option<&[String]>,
    ) -> Result<Option<String>> {
        let mut text = String::new();
        for e in entries {
            let mut e = e.clone();
            e.id.get_or_insert_with(new_id);
            text.push_str(&to_json(&e)?);
            text.push('\n');
        }
        let mut at = None;
        if let Some(step) = step {
            text.push_str(&to_json(step)?);
            text.push('\n');
            at = Some(step.id.clone());
        }
        if let Some(ids) = undo.filter(|ids| !ids.is_empty()) {
            let id = new_id();
            text.push_str(&to_json(&UndoLine {
                undo: ids.to_vec(),
                of: ids.last().cloned(),
                id: Some(id.clone()),
            })?);
            text.push('\n');
            at = Some(id);
        }
        if text.is_empty() {
            return Ok(None);
        }
        let _held = self.write_lock()?;
        crate::fs::append(&self.log, &text)?;
        Ok(at)
    }
}

/// A step line (`{"undoable": id, …}`): the journal's, not an entry.
pub(super) fn is_step(line: &[u8]) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        #[serde(rename = "undoable")]
        step: Option<serde::de::IgnoredAny>,
        turn: Option<serde::de::IgnoredAny>,
    }
    serde_json::from_slice::<Probe>(line).is_ok_and(|p| p.step.is_some() && p.turn.is_none())
}

fn to_json(v: &impl Serialize) -> Result<String> {
    serde_json::to_string(v).map_err(|e| Error::Other(e.to_string()))
}
