//! A transcription against the player's book: the chart it names (one the flipbook only
//! names), the charts a row may roll on, the player's earlier transcription, the rows of a file
//! (read from disk here), what the flipbook already knows of a chart, and `--list`.

use super::{Transcription, parse_file};
use crate::error::{Error, Result};
use crate::library::{Book, did_you_mean, suggest};
use flipbook_charts::{Chart, Dice};
use serde::Serialize;
use std::path::Path;

/// `--list`: the charts the flipbook only names, and whether the player has transcribed each.
#[derive(Serialize)]
pub(crate) struct NamedList {
    pub(crate) book: String,
    /// `--book ID ` when the book is not the default one: how the commands shown name it.
    #[serde(skip)]
    pub(crate) book_option: String,
    pub(crate) charts: Vec<Named>,
}

#[derive(Serialize)]
pub(crate) struct Named {
    pub(crate) id: String,
    pub(crate) title: String,
    pub(crate) code: String,
    pub(crate) booklet: String,
    pub(crate) die: String,
    pub(crate) transcribed: bool,
}

/// The embedded chart the flipbook only names, by id or alias.
pub(crate) fn named(book: &Book, name: &str) -> Result<Chart> {
    if let Some(c) = book.named(name)? {
        return Ok(c);
    }
    let e = book.entry(name)?;
    Err(Error::usage(format!(
        "'{}' is not a chart the flipbook only names: its rows are there already \
         (`flipbook transcribe --list` lists those to transcribe)",
        e.id
    )))
}

pub(crate) fn dice_of(chart: &Chart) -> Result<Dice> {
    chart
        .die
        .dice()
        .ok_or_else(|| Error::usage(format!("'{}' has no die to transcribe rows for", chart.id)))
}

/// Whether a row may roll on a chart (and why not): the check the rows are read with, here
/// beside the book rather than in the command, so nothing above calls back into it.
pub(crate) fn known_charts(book: &Book) -> impl Fn(&str) -> std::result::Result<(), String> + '_ {
    move |n| known_chart(book, n)
}

/// A chart a row may roll on: one of the book's, with a die.
fn known_chart(book: &Book, name: &str) -> std::result::Result<(), String> {
    match book.find(name) {
        Some(e) if e.die.dice().is_some() => Ok(()),
        Some(e) => Err(format!("'{}' has no die to roll on", e.id)),
        None => {
            let near = suggest(
                name,
                book.entries.iter().flat_map(crate::library::Entry::names),
            );
            Err(format!(
                "'{name}' is not a chart of {}{}",
                book.id,
                did_you_mean(&near)
            ))
        }
    }
}

/// The player's transcription of this chart, to edit, when there is one.
pub(crate) fn own(book: &Book, named: &Chart) -> Result<Option<Transcription>> {
    let Some(e) = book.find(&named.id).filter(|e| e.transcribed && !e.stub) else {
        return Ok(None);
    };
    match Transcription::of(&e.chart()?) {
        (Some(t), lost) if lost.is_empty() => Ok(Some(t)),
        (_, lost) => Err(Error::usage(format!(
            "your {} says what a transcription cannot edit ({}): edit its file by hand{}",
            named.id,
            lost.join("; "),
            book.user_file(&named.id)
                .map(|(f, _)| format!(" ({})", f.display()))
                .unwrap_or_default()
        ))),
    }
}

/// The rows of a file: of `only` (a file with `[id]` headings gives its section), or of every
/// chart the file heads.
pub(crate) fn from_file(
    book: &Book,
    file: &Path,
    only: Option<&Chart>,
) -> Result<Vec<(Chart, Transcription)>> {
    let name = file.display().to_string();
    if file == Path::new("-") {
        return Err(Error::usage(
            "--from reads the rows from a file, not from standard input: save them to a file and give its path",
        ));
    }
    let text = flipbook_charts::read_text(file).map_err(|e| Error::usage(e.to_string()))?;
    let sections = parse_file(&name, &text).map_err(Error::Usage)?;
    let known = known_charts(book);
    if let Some(named) = only {
        let headed = sections.iter().any(|s| s.id.is_some());
        let section = if headed {
            let mut of_it = sections.iter().filter(|s| {
                s.id.as_ref()
                    .is_some_and(|(id, _)| named.names().any(|n| n.eq_ignore_ascii_case(id)))
            });
            let first = of_it.next().ok_or_else(|| {
                Error::usage(format!("{name}: no [{}] heading with its rows", named.id))
            })?;
            if let Some((_, line)) = of_it.next().and_then(|s| s.id.as_ref()) {
                return Err(Error::usage(format!(
                    "{name}:{line}: the rows of {} are in this file twice",
                    named.id
                )));
            }
            first
        } else {
            &sections[0]
        };
        let t = section
            .transcription(&name, dice_of(named)?, &known)
            .map_err(Error::Usage)?;
        return Ok(vec![(named.clone(), t)]);
    }
    let mut out: Vec<(Chart, Transcription)> = Vec::new();
    for s in &sections {
        let Some((id, line)) = &s.id else {
            return Err(Error::usage(format!(
                "{name}: whose rows? Name the chart (`flipbook transcribe ID --from {name}`) or head its rows with [ID]"
            )));
        };
        let named = named(book, id).map_err(|e| Error::usage(format!("{name}:{line}: {e}")))?;
        if out.iter().any(|(c, _)| c.id == named.id) {
            return Err(Error::usage(format!(
                "{name}:{line}: the rows of {} are in this file twice",
                named.id
            )));
        }
        let t = s
            .transcription(&name, dice_of(&named)?, &known)
            .map_err(Error::Usage)?;
        out.push((named, t));
    }
    Ok(out)
}

/// What the flipbook already knows of a chart: its die, DRMs, cap and the book's options.
pub(crate) fn given(book: &Book, c: &Chart) -> String {
    let mut parts = vec![format!("a {}", c.die)];
    if !c.drms.is_empty() {
        let drms: Vec<String> = c
            .drms
            .iter()
            .map(|d| format!("{} {:+}", d.label, d.value))
            .collect();
        parts.push(format!("DRMs {}", drms.join(", ")));
    }
    if let Some(cap) = &c.cap {
        parts.push(format!("cap {}", cap.printed));
    }
    for o in &c.options {
        let label = book.option(o).map_or(o.as_str(), |x| x.label.as_str());
        parts.push(format!("the optional {label} DRM"));
    }
    if c.selection {
        parts.push("no DRM (a selection roll)".into());
    }
    parts.join("; ")
}

/// The list `--list` shows, from the book and the player's overlay.
pub(crate) fn list(book: &Book) -> Result<NamedList> {
    let charts = book
        .all_named()?
        .into_iter()
        .map(|n| {
            let e = book.find(&n.id).filter(|e| e.transcribed && !e.stub);
            let (code, booklet) = n.stub.map(|s| (s.code, s.booklet)).unwrap_or_default();
            Named {
                die: e.map_or(n.die, |e| e.die).to_string(),
                transcribed: e.is_some(),
                id: n.id,
                title: n.title,
                code,
                booklet,
            }
        })
        .collect();
    Ok(NamedList {
        book_option: if book.id == crate::library::DEFAULT_BOOK {
            String::new()
        } else {
            format!("--book {} ", book.id)
        },
        book: book.id.clone(),
        charts,
    })
}
