//! `report`: a game's story from its log (the turns, the plots, what the dice did), as text,
//! JSON, an SVG of the plots or a self-contained HTML page.

use super::log::game_journal;
use super::{Body, Report};
use crate::cli::ReportArgs;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::report::{Reading, Story, html, svg};
use serde::Serialize;
use std::path::{Path, PathBuf};

#[derive(Serialize)]
pub(crate) struct StoryReport {
    #[serde(flatten)]
    pub(crate) story: Story,
    /// The files written (`--svg`, `--html`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) written: Vec<PathBuf>,
}

pub(super) fn execute(cfg: &Config, a: &ReportArgs) -> Result<Report> {
    let book = cfg.open()?.book;
    // The files are looked at before anything is read: a bad path is one line, at once.
    let ours: Vec<&Path> = cfg.data_dir().into_iter().chain(cfg.config_dir()).collect();
    let stdout = |p: &Option<PathBuf>| p.as_deref() == Some(Path::new("-"));
    if stdout(&a.svg) && stdout(&a.html) {
        return Err(Error::usage(
            "--svg - and --html - both ask for standard output: give one of them a file",
        ));
    }
    for path in a.svg.iter().chain(&a.html).filter(|p| *p != Path::new("-")) {
        writable(path, &ours)?;
    }
    let (game, journal) = game_journal(cfg, &book.id, a.game)?;
    let seq = match book.sequence_text()? {
        Some(_) => Some(book.sequence()?),
        None => None,
    };
    let reading = Reading {
        book: &book,
        knows_turn: seq.as_ref().and_then(|s| s.knows.turn.as_deref()),
        turn: a.turn,
    };
    let mut story = reading.story(journal.log_path(), game, journal.over())?;
    story.end.played_past = journal
        .played_past()
        .into_iter()
        .map(|(turn, why)| crate::report::PlayedPast { turn, why })
        .collect();
    let mut warnings = Vec::new();
    if story.unreadable > 0 {
        warnings.push(format!(
            "{} line{} of the log could not be read (cut short by a crash?) and {} left out",
            story.unreadable,
            if story.unreadable == 1 { "" } else { "s" },
            if story.unreadable == 1 { "is" } else { "are" }
        ));
    }
    if story.untold > 0 {
        warnings.push(format!(
            "the story tells the latest turns only: {} entries of the {} earliest turns are left \
             out (at most 20,000 are told); the numbers turn by turn and the dice count the whole log",
            story.untold, story.untold_turns
        ));
    }
    let title = format!("{} - game {}", book.title, game);
    let plots = if a.svg.is_some() || a.html.is_some() {
        svg::plots(&title, &story.series)?
    } else {
        None
    };
    let mut written = Vec::new();
    let mut printed = None;
    if let Some(path) = &a.svg {
        let Some(svg) = &plots else {
            return Err(Error::usage(
                "nothing to plot: no number was given in two turns or more",
            ));
        };
        if stdout(&a.svg) {
            printed = Some(svg.clone());
        } else {
            crate::fs::write_atomic(path, svg.as_bytes())?;
            written.push(path.clone());
        }
    }
    if let Some(path) = &a.html {
        let page = html::page(&story, plots.as_deref());
        if stdout(&a.html) {
            printed = Some(page);
        } else {
            crate::fs::write_atomic(path, page.as_bytes())?;
            written.push(path.clone());
        }
    }
    // `-`: the page or the plots on standard output, the only thing printed there.
    if let Some(text) = printed {
        return Ok(Report::from(Body::Text(text)).warn(warnings));
    }
    Ok(Report::from(Body::Story(Box::new(StoryReport { story, written }))).warn(warnings))
}

/// A file `report` may write: not in flipbook's own folders, not a folder, FIFO or device, in
/// a folder that exists.
fn writable(path: &Path, ours: &[&Path]) -> Result<()> {
    let shown = crate::text::quoted(&path.display().to_string());
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.is_file() => {
            return Err(Error::usage(format!(
                "{shown} exists and is not a regular file: give a file to write"
            )));
        }
        Ok(_) | Err(_) => {}
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Ok(parent) = parent.canonicalize() else {
        return Err(Error::usage(format!(
            "cannot write {shown}: its folder does not exist"
        )));
    };
    if !parent.is_dir() {
        return Err(Error::usage(format!(
            "cannot write {shown}: its folder is not a folder"
        )));
    }
    if let Some(dir) = crate::fs::ours_at(path, ours) {
        return Err(Error::usage(format!(
            "{shown} is flipbook's own folder {} or inside it: write it elsewhere",
            crate::text::quoted(&dir.display().to_string())
        )));
    }
    Ok(())
}
