//! A transcription written: the chart file made from the rows and checked as the library will
//! check it, every file against the book's limits before any is written; and `--export`, the
//! player's transcriptions as one file of rows.

use super::Transcription;
use crate::error::{Error, Result};
use crate::library::Book;
use flipbook_charts::{BookDir, Chart, validate};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What `transcribe` wrote (into the player's book folder) or exported.
#[derive(Serialize)]
pub(crate) struct TranscribeReport {
    pub(crate) book: String,
    /// `written` or `exported`.
    pub(crate) action: &'static str,
    pub(crate) charts: Vec<Written>,
}

#[derive(Serialize)]
pub(crate) struct Written {
    pub(crate) id: String,
    pub(crate) title: String,
    /// Where it is printed: the booklet's code (D14).
    pub(crate) code: String,
    pub(crate) die: String,
    pub(crate) rows: usize,
    pub(crate) file: String,
    /// The player's earlier transcription was replaced.
    pub(crate) replaced: bool,
}

/// A chart file ready to be written: its path, its text, and what the report says of it.
pub(crate) type Ready = (PathBuf, String, Written);

/// Every chart made and checked before any file is written: nothing is half done.
pub(crate) fn ready(
    book: &Book,
    folder: &Path,
    plans: &[(Chart, Transcription)],
) -> Result<Vec<Ready>> {
    let mut ready = Vec::new();
    for (named, t) in plans {
        ready.push(prepare(book, folder, named, t)?);
    }
    fits_the_book(folder, &ready)?;
    Ok(ready)
}

/// The chart made from the rows, as the YAML file it will be, validated as the library will
/// validate it; nothing is written here.
fn prepare(book: &Book, folder: &Path, named: &Chart, t: &Transcription) -> Result<Ready> {
    let id = &named.id;
    let (path, replaced) = match book.user_file(id) {
        Some((f, 1)) => (f, true),
        Some((f, n)) => {
            return Err(Error::usage(format!(
                "your {id} is one of {n} charts in {}: edit it there, or move it to a file of its \
                 own and transcribe it again",
                f.display()
            )));
        }
        None => {
            let p = folder.join(book.transcription_file(id));
            // A transcription of this chart the book set aside (it could not be used) is
            // replaced; any other file is the player's to move.
            let aside = book.set_aside.iter().any(|(f, _, _)| *f == p);
            if aside {
                (p, true)
            } else if p.exists() {
                return Err(Error::usage(format!(
                    "{} is there already and holds no {id}: move it aside first",
                    p.display()
                )));
            } else {
                (p, false)
            }
        }
    };
    // Each row takes at least its range, its results and `- row: \n  result: \n` as YAML:
    // rows that could never fit the reader's limit are refused before the chart is made.
    let least = t.rows.iter().fold(0u64, |n, r| {
        let text: usize = r.results.iter().map(String::len).sum();
        n.saturating_add((r.band.label().len() + text + 16) as u64)
    });
    if least > flipbook_charts::MAX_FILE_BYTES {
        return Err(Error::usage(format!(
            "the transcription of {id} would be more than {least} bytes, more than a chart file may hold ({}): nothing was written",
            flipbook_charts::MAX_FILE_BYTES
        )));
    }
    let chart = t.chart(named);
    let yaml = serde_yaml::to_string(&chart)
        .map_err(|e| Error::Other(format!("the chart {id} as YAML: {e}")))?;
    let stub = named.stub.as_ref();
    let text = format!(
        "# {} ({}), your transcription from your own copy of the {}.\n\
         # Written by `flipbook transcribe {id}`: run it again to edit, or edit this file.\n{yaml}",
        stub.map_or(id.as_str(), |s| s.code.as_str()),
        stub.map_or(named.title.as_str(), |s| s.table.as_str()),
        stub.map_or("game", |s| s.booklet.as_str()),
    );
    let name = path.display().to_string();
    // The reader's limit before anything is parsed: a file it would refuse is never written.
    if text.len() as u64 > flipbook_charts::MAX_FILE_BYTES {
        return Err(Error::usage(format!(
            "the transcription of {id} would be {} bytes in {name}, more than a chart file may hold ({}): nothing was written",
            text.len(),
            flipbook_charts::MAX_FILE_BYTES
        )));
    }
    let (charts, problems) = validate::parse_chart_file(&name, &text);
    let dir = BookDir {
        charts,
        problems,
        texts: BTreeMap::from([(name.clone(), text.clone())]),
        ..BookDir::default()
    };
    let kept = book.sourced(&dir.charts)?;
    if let Some(r) = validate::report(&dir.chart_problems(&kept, &book.options)) {
        return Err(Error::Broken(format!(
            "the transcription of {id} does not validate, so nothing was written:\n{r}"
        )));
    }
    let written = Written {
        id: id.clone(),
        title: named.title.clone(),
        code: stub.map(|s| s.code.clone()).unwrap_or_default(),
        die: t.dice.to_string(),
        rows: t.rows.len(),
        file: name,
        replaced,
    };
    Ok((path, text, written))
}

/// `--export`: the text of the file, what the report says of it, and the warnings.
pub(crate) struct Export {
    pub(crate) text: String,
    pub(crate) report: TranscribeReport,
    pub(crate) warnings: Vec<String>,
}

/// The player's transcriptions as one file of rows (`to`: where it will be written, for the
/// report); nothing is written here.
pub(crate) fn export(book: &Book, to: Option<&Path>) -> Result<Export> {
    let mut out = format!(
        "# flipbook transcriptions of {} ({}), each from the player's own copy of the game.\n\
         # Read them with: flipbook --book {} transcribe --from FILE\n\n",
        book.title, book.id, book.id
    );
    let mut warnings = Vec::new();
    let mut charts = Vec::new();
    for n in book.all_named()? {
        let Some(e) = book.find(&n.id).filter(|e| e.transcribed && !e.stub) else {
            continue;
        };
        let (t, lost) = Transcription::of(&e.chart()?);
        let Some(t) = t else {
            warnings.push(format!("{}: not exported: {}", n.id, lost.join("; ")));
            continue;
        };
        if !lost.is_empty() {
            warnings.push(format!(
                "{}: exported without what its rows' text cannot say: {}",
                n.id,
                lost.join("; ")
            ));
        }
        let heading = n.stub.as_ref().map_or_else(
            || n.title.clone(),
            |s| format!("{}: {} ({})", s.code, s.table, s.booklet),
        );
        out.push_str(&t.text(&n.id, &heading));
        out.push('\n');
        charts.push(Written {
            id: n.id.clone(),
            title: n.title.clone(),
            code: n.stub.map(|s| s.code).unwrap_or_default(),
            die: t.dice.to_string(),
            rows: t.rows.len(),
            file: to.map(|p| p.display().to_string()).unwrap_or_default(),
            replaced: false,
        });
    }
    if charts.is_empty() {
        return Err(Error::usage(format!(
            "you have no transcriptions in {} to export (`flipbook transcribe --list`)",
            book.id
        )));
    }
    if out.len() as u64 > flipbook_charts::MAX_FILE_BYTES {
        return Err(Error::usage(format!(
            "the export would be {} bytes, more than `transcribe --from` reads ({}): nothing was exported",
            out.len(),
            flipbook_charts::MAX_FILE_BYTES
        )));
    }
    Ok(Export {
        text: out,
        report: TranscribeReport {
            book: book.id.clone(),
            action: "exported",
            charts,
        },
        warnings,
    })
}

/// The files about to be written (each within a file's limit: `prepare`), against what the
/// book's reader accepts in all: the book's chart files, those replaced counted as they will be. Nothing is written past
/// them: a book too big to open would lock the player out of every command, this one too.
fn fits_the_book(folder: &Path, ready: &[Ready]) -> Result<()> {
    use flipbook_charts::MAX_BOOK_BYTES;
    let others: u64 = match flipbook_charts::chart_files(folder) {
        Ok(files) => files
            .iter()
            .filter(|f| !ready.iter().any(|(p, _, _)| p == *f))
            .filter_map(|f| std::fs::metadata(f).ok())
            .map(|m| m.len())
            .sum(),
        Err(_) => 0,
    };
    let new: u64 = ready.iter().map(|(_, t, _)| t.len() as u64).sum();
    let total = others.saturating_add(new);
    if total > MAX_BOOK_BYTES {
        return Err(Error::usage(format!(
            "with it, the chart files of {} would hold {total} bytes, more than a book may ({MAX_BOOK_BYTES}): nothing was written",
            folder.display()
        )));
    }
    Ok(())
}
