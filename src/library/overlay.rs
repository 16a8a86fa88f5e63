//! The player's charts laid over the book's: validated with the charts they keep, put in place;
//! a transcription that cannot be used set aside (and said); where `transcribe` writes.

use super::{BOOKS, Book, DEFAULT_BOOK, Entry};
use crate::error::{Error, Result};
use flipbook_charts::{BookDir, Chart, SourcedChart, validate};
use std::path::PathBuf;

/// The end of a transcription's file name in a book of the player's own (`ID.transcribed.yaml`).
const TRANSCRIBED: &str = ".transcribed";

impl Book {
    /// The charts of the book as validation sees them, less those replaced by `except`.
    pub(crate) fn sourced(&self, except: &[SourcedChart]) -> Result<Vec<SourcedChart>> {
        let replaced = |id: &str| except.iter().any(|c| c.chart.id == id);
        self.entries
            .iter()
            .filter(|e| !replaced(&e.id))
            .map(|e| {
                Ok(SourcedChart {
                    file: "<embedded>".into(),
                    doc: 0,
                    chart: e.chart()?,
                })
            })
            .collect()
    }

    /// Add the player's charts, replacing charts of the same id, after validation together with
    /// the charts they keep (follow-up rolls may name either).
    pub(super) fn overlay(&mut self) -> Result<()> {
        let Some(dir) = &self.user else {
            return Ok(());
        };
        if dir.charts.is_empty() && dir.problems.is_empty() {
            return Ok(());
        }
        let kept = self.sourced(&dir.charts)?;
        let problems = dir.chart_problems(&kept, &self.options);
        let mut usable: Vec<&SourcedChart> = dir.charts.iter().collect();
        if let Some(r) = validate::report(&problems) {
            // When every problem is in a transcription of the player's own, the book opens
            // without those files, and says so; anything else is a broken book.
            let aside = self.transcriptions(&problems)?.ok_or(Error::Broken(r))?;
            usable.retain(|c| {
                !aside
                    .iter()
                    .any(|(f, _, _)| f.as_os_str() == c.file.as_str())
            });
            // A stub of the player's own whose transcription is set aside stands again.
            usable.extend(
                dir.transcribed_stubs
                    .iter()
                    .filter(|s| aside.iter().any(|(_, id, _)| *id == s.chart.id)),
            );
            let again = BookDir {
                charts: usable.iter().map(|c| (*c).clone()).collect(),
                ..BookDir::default()
            };
            let kept = self.sourced(&again.charts)?;
            if let Some(r) = validate::report(&again.chart_problems(&kept, &self.options)) {
                return Err(Error::Broken(r));
            }
            self.set_aside = aside;
        }
        let charts: Vec<Chart> = usable.iter().map(|sc| sc.chart.clone()).collect();
        for chart in charts {
            let entry = Entry::user(chart);
            match self.entries.iter_mut().find(|e| e.id == entry.id) {
                Some(slot) => *slot = entry,
                None => self.entries.push(entry),
            }
        }
        Ok(())
    }

    /// The files the problems are in, when each is a transcription of a chart the flipbook
    /// only names (a file `ID.yaml` of that chart alone): each with its chart and first problem.
    fn transcriptions(
        &self,
        problems: &[validate::Problem],
    ) -> Result<Option<Vec<(PathBuf, String, String)>>> {
        let Some(dir) = &self.user else {
            return Ok(None);
        };
        let mut out: Vec<(PathBuf, String, String)> = Vec::new();
        for p in problems {
            let file = PathBuf::from(&p.file);
            if out.iter().any(|(f, _, _)| *f == file) {
                continue;
            }
            let stem = file
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            let stem = stem.strip_suffix(TRANSCRIBED).unwrap_or(stem);
            // Only a file as `transcribe` writes it: named by the chart's id.
            let Some(named) = self.named(stem)?.filter(|n| n.id == stem) else {
                return Ok(None);
            };
            let others = dir
                .charts
                .iter()
                .any(|c| c.file == p.file && c.chart.id != named.id);
            if others {
                return Ok(None);
            }
            out.push((file, named.id, p.message.clone()));
        }
        Ok(Some(out))
    }

    /// A warning for each transcription set aside, with the way to mend it.
    pub(crate) fn set_aside_warnings(&self) -> Vec<String> {
        let book = if self.id == DEFAULT_BOOK {
            String::new()
        } else {
            format!("--book {} ", self.id)
        };
        self.set_aside
            .iter()
            .map(|(file, id, why)| {
                format!(
                    "your transcription {} cannot be used ({why}): the book opens without it; `flipbook {book}transcribe {id}` replaces it",
                    file.display()
                )
            })
            .collect()
    }

    /// Where `transcribe` writes a chart of this book: `ID.yaml` for a shipped book's, and
    /// `ID.transcribed.yaml` beside the stub for a book of the player's own (whose stub may be
    /// `ID.yaml` itself).
    pub(crate) fn transcription_file(&self, id: &str) -> String {
        if BOOKS.iter().any(|b| b.id == self.id) {
            format!("{id}.yaml")
        } else {
            format!("{id}{TRANSCRIBED}.yaml")
        }
    }

    /// The file of the player's folder that holds this chart, and how many charts it holds.
    pub(crate) fn user_file(&self, id: &str) -> Option<(PathBuf, usize)> {
        let dir = self.user.as_ref()?;
        let file = &dir
            .charts
            .iter()
            .find(|c| c.chart.id == id && c.chart.stub.is_none())?
            .file;
        let count = dir.charts.iter().filter(|c| &c.file == file).count();
        Some((PathBuf::from(file), count))
    }
}
