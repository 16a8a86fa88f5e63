//! `check`: a player's book folder or chart file, every problem with its file, line and column.

use super::{Body, Report};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::library::Book;
use flipbook_charts::{BookDir, SourcedChart, validate};
use serde::Serialize;
use std::path::Path;

#[derive(Serialize)]
pub(crate) struct CheckReport {
    /// How many charts were read.
    pub(crate) charts: usize,
    pub(crate) path: String,
    pub(crate) problems: Vec<String>,
    /// The book the folder extends, if it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) extends: Option<String>,
    /// What it changes in the book it extends, a line each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) changes: Vec<String>,
}

pub(super) fn execute(cfg: &Config, path: &Path) -> Result<Report> {
    let dir = if path.is_dir() {
        BookDir::read(path)?
    } else if path.is_file() {
        BookDir::read_file(path)?
    } else {
        return Err(Error::usage(format!(
            "{}: no such file or folder",
            path.display()
        )));
    };
    if let Some(base) = dir.meta.as_ref().and_then(|m| m.extends.clone()) {
        return extending(cfg, path, &dir, base);
    }
    // A folder with its own book.yaml is a book of its own; anything else adds to the book
    // chosen with --book, and is checked together with the charts it keeps.
    let (kept, options) = match &dir.meta {
        Some(meta) => (Vec::new(), meta.options.clone()),
        None if dir.has_meta => (Vec::new(), Vec::new()),
        None => {
            let book = cfg.open()?.book;
            let kept: Vec<SourcedChart> = book
                .sourced(&dir.charts)?
                .into_iter()
                .filter(|sc| book.find(&sc.chart.id).is_some_and(|e| !e.transcribed))
                .collect();
            (kept, book.options)
        }
    };
    let mut problems = if path.is_dir() {
        dir.problems(&kept, &options)
    } else {
        dir.chart_problems(&kept, &options)
    };
    if path.is_dir() {
        problems.extend(reroll_problems(&dir, path)?);
    }
    let report = CheckReport {
        charts: dir.charts.len(),
        path: path.display().to_string(),
        problems: problems.iter().map(ToString::to_string).collect(),
        extends: None,
        changes: Vec::new(),
    };
    Ok(Report {
        body: Body::Check(report),
        warnings: Vec::new(),
        error: validate::report(&problems).map(Error::Broken),
    })
}

/// A book that extends another: read with it, as `play` would read it (the amendments applied,
/// its own charts laid over, the turn and the ordering rules made); what it changes.
fn extending(cfg: &Config, path: &Path, dir: &BookDir, base: String) -> Result<Report> {
    let mut problems: Vec<String> = Vec::new();
    let mut broken = |e: Error| match e {
        Error::Broken(r) => {
            problems.extend(r.lines().map(String::from));
            Ok(())
        }
        e => Err(e),
    };
    let mut changes = Vec::new();
    match Book::open_folder(path, cfg.config_dir()) {
        Ok(book) => {
            if let Err(e) = book.sequence_text() {
                broken(e)?;
            }
            if let Err(e) = book.orders() {
                broken(e)?;
            }
            changes = book.changes;
        }
        Err(e) => broken(e)?,
    }
    let error = (!problems.is_empty()).then(|| Error::Broken(problems.join("\n")));
    Ok(Report {
        body: Body::Check(CheckReport {
            charts: dir.charts.len(),
            path: path.display().to_string(),
            problems,
            extends: Some(base),
            changes,
        }),
        warnings: Vec::new(),
        error,
    })
}

/// The charts of the book's re-roll rule (`book.yaml`: `reroll`) that the folder has not.
fn reroll_problems(dir: &BookDir, path: &Path) -> Result<Vec<validate::Problem>> {
    let Some(rule) = dir.meta.as_ref().and_then(|m| m.reroll.as_ref()) else {
        return Ok(Vec::new());
    };
    let file = path.join("book.yaml");
    let text = crate::fs::read_optional(&file)?.unwrap_or_default();
    let ids: Vec<&str> = dir.charts.iter().map(|c| c.chart.id.as_str()).collect();
    Ok(rule
        .charts
        .iter()
        .filter(|c| !ids.contains(&c.as_str()) && !dir.unread.contains(&c.to_ascii_lowercase()))
        .map(|c| {
            let needles = ["reroll:".to_string(), c.clone()];
            let (line, column) = validate::locate(&text, 0, &needles);
            validate::Problem {
                file: file.display().to_string(),
                line,
                column,
                message: format!(
                    "reroll: '{}' is not a chart of this book; charts: {}",
                    crate::text::quoted(c),
                    ids.join(", ")
                ),
            }
        })
        .collect())
}
