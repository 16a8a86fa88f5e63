//! `transcribe`: a chart the flipbook only names, typed in from the player's own booklet (at
//! the prompt, or from a file), checked as the shipped charts are, and written whole into the
//! player's book folder; `--list` what is still to transcribe, `--export` the player's
//! transcriptions as one file another player reads with `--from`.

use super::{Body, Report};
use crate::cli::TranscribeArgs;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::library::{Book, did_you_mean, suggest, user_books_dir};
use crate::prompt::Transcriber;
use crate::settings::HOME_ENV;
use crate::transcription::{
    RowEntry, Transcription, parse_columns, parse_dice, parse_file, spans_text,
};
use flipbook_charts::{BookDir, Chart, Dice, validate};
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

/// `--list`: the charts the flipbook only names, and whether the player has transcribed each.
#[derive(Serialize)]
pub(crate) struct NamedList {
    pub(crate) book: String,
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

pub(super) fn execute(cfg: &Config, a: &TranscribeArgs) -> Result<Report> {
    let book = cfg.open()?.book;
    if a.list {
        return list(&book);
    }
    if let Some(to) = &a.export {
        if let Some(path) = to {
            export_target(cfg, path)?;
        }
        return export(&book, to.as_deref());
    }
    let folder = cfg
        .config_dir()
        .map(|c| user_books_dir(c).join(&book.id))
        .ok_or_else(|| Error::Other(format!("no config folder for your charts: set {HOME_ENV}")))?;
    let plans: Vec<(Chart, Transcription)> = match (&a.id, &a.from) {
        (Some(id), Some(file)) => from_file(&book, file, Some(&named(&book, id)?))?,
        (None, Some(file)) => from_file(&book, file, None)?,
        (Some(id), None) if cfg.can_ask => {
            let named = named(&book, id)?;
            let old = own(&book, &named)?;
            let t = ask(&book, &named, old.as_ref())?;
            vec![(named, t)]
        }
        (Some(id), None) => {
            named(&book, id)?;
            return Err(Error::usage(format!(
                "transcribe asks its questions on a terminal; here give the rows with --from FILE \
                 (one `RANGE  RESULT` a line, e.g. `1-3  Scandal: -1 Public Approval`): \
                 flipbook transcribe {id} --from FILE"
            )));
        }
        (None, None) => {
            return Err(Error::usage(
                "name a chart to transcribe (`flipbook transcribe --list` lists them), or give --from FILE",
            ));
        }
    };
    // Every chart is made and checked before any file is written: nothing is half done.
    let mut ready = Vec::new();
    for (named, t) in &plans {
        ready.push(prepare(&book, &folder, named, t)?);
    }
    fits_the_book(&folder, &ready)?;
    let mut charts = Vec::new();
    for (path, text, written) in ready {
        crate::fs::write_atomic(&path, text.as_bytes())?;
        charts.push(written);
    }
    Ok(Body::Transcribe(TranscribeReport {
        book: book.id,
        action: "written",
        charts,
    })
    .into())
}

/// The embedded chart the flipbook only names, by id or alias.
fn named(book: &Book, name: &str) -> Result<Chart> {
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

fn dice_of(chart: &Chart) -> Result<Dice> {
    chart
        .die
        .dice()
        .ok_or_else(|| Error::usage(format!("'{}' has no die to transcribe rows for", chart.id)))
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
fn own(book: &Book, named: &Chart) -> Result<Option<Transcription>> {
    let Some(e) = book.find(&named.id).filter(|e| e.transcribed) else {
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
fn from_file(
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
    let known = |n: &str| known_chart(book, n);
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

/// Ask for the rows on the terminal, each answer checked as it is typed; the player's earlier
/// transcription, if any, offers each of its answers.
fn ask(book: &Book, named: &Chart, old: Option<&Transcription>) -> Result<Transcription> {
    let p = Transcriber::new();
    let (code, booklet) = named
        .stub
        .as_ref()
        .map(|s| (s.code.as_str(), s.booklet.as_str()))
        .unwrap_or_default();
    p.say(
        &format!(
            "{} ({}): {code} in your {booklet}{}",
            named.title,
            named.id,
            if old.is_some() {
                " · editing your transcription: Enter keeps each answer"
            } else {
                ""
            }
        ),
        false,
    )?;
    p.say(
        &format!("  The flipbook gives it {}.", given(book, named)),
        true,
    )?;
    p.say(
        "  Type each row as printed: its range (1-3, 9+, 2 or less), then its result in your own \
         words; end a result with -> CHART when it calls for a roll there. Esc leaves, writing nothing.",
        true,
    )?;
    let die_start = match old {
        Some(t) => t.dice,
        None => dice_of(named)?,
    }
    .to_string();
    let typed = p.answer("Die", &die_start, |t| parse_dice(t).map(|_| ()))?;
    let dice = parse_dice(&typed).map_err(Error::Usage)?;
    let columns_start = old.map(|t| t.columns.join(" | ")).unwrap_or_default();
    let columns = p.maybe(
        "Columns, as printed, separated by | (empty: one column)",
        &columns_start,
        |t| parse_columns(t).map(|_| ()),
    )?;
    let mut t = Transcription::new(dice, parse_columns(&columns).map_err(Error::Usage)?);
    let offered: &[RowEntry] = old.map(|o| o.rows.as_slice()).unwrap_or_default();
    let known = |n: &str| known_chart(book, n);
    let each = if t.columns.is_empty() {
        String::new()
    } else {
        format!(" ({})", t.columns.join(" | "))
    };
    for i in 0.. {
        p.say(&format!("  {}", t.coverage()), true)?;
        let o = offered.get(i);
        let range = p.maybe("Range", o.map_or("", |r| r.band.label()), |text| {
            if !text.trim().is_empty() {
                return t.check_range(text).map(|_| ());
            }
            match t.missing() {
                m if m.is_empty() => Ok(()),
                m => Err(format!("still missing: {}", spans_text(&m))),
            }
        })?;
        if range.trim().is_empty() {
            break;
        }
        let band = t.check_range(&range).map_err(Error::Usage)?;
        let rest = p.answer(
            &format!("Result for {band}{each}"),
            &o.map(RowEntry::rest).unwrap_or_default(),
            |text| t.check_rest(text, &known).map(|_| ()),
        )?;
        let (results, then) = t.check_rest(&rest, &known).map_err(Error::Usage)?;
        t.insert(RowEntry {
            band,
            results,
            then,
            line: 0,
        });
    }
    Ok(t)
}

/// What the flipbook already knows of a chart: its die, DRMs, cap and the book's options.
fn given(book: &Book, c: &Chart) -> String {
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

/// The chart made from the rows, as the YAML file it will be, validated as the library will
/// validate it; nothing is written here.
fn prepare(
    book: &Book,
    folder: &Path,
    named: &Chart,
    t: &Transcription,
) -> Result<(PathBuf, String, Written)> {
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
            let p = folder.join(format!("{id}.yaml"));
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

fn list(book: &Book) -> Result<Report> {
    let charts = book
        .all_named()?
        .into_iter()
        .map(|n| {
            let e = book.find(&n.id).filter(|e| e.transcribed);
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
    Ok(Body::Named(NamedList {
        book: book.id.clone(),
        charts,
    })
    .into())
}

fn export(book: &Book, to: Option<&Path>) -> Result<Report> {
    let mut out = format!(
        "# flipbook transcriptions of {} ({}), each from the player's own copy of the game.\n\
         # Read them with: flipbook --book {} transcribe --from FILE\n\n",
        book.title, book.id, book.id
    );
    let mut warnings = Vec::new();
    let mut charts = Vec::new();
    for n in book.all_named()? {
        let Some(e) = book.find(&n.id).filter(|e| e.transcribed) else {
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
    let body = match to {
        None => Body::Text(out),
        Some(path) => {
            crate::fs::write_atomic(path, out.as_bytes())?;
            Body::Transcribe(TranscribeReport {
                book: book.id.clone(),
                action: "exported",
                charts,
            })
        }
    };
    Ok(Report::from(body).warn(warnings))
}

/// The files about to be written (each within a file's limit: `prepare`), against what the
/// book's reader accepts in all: the book's chart files, those replaced counted as they will be. Nothing is written past
/// them: a book too big to open would lock the player out of every command, this one too.
fn fits_the_book(folder: &Path, ready: &[(PathBuf, String, Written)]) -> Result<()> {
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

/// Where `--export` may write: a regular file or none yet (never a link, a FIFO, a device or a
/// folder, which a rename would replace), and never inside flipbook's own folders (a chart
/// file there would become part of a book).
fn export_target(cfg: &Config, path: &Path) -> Result<()> {
    let shown = crate::text::quoted(&path.display().to_string());
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.file_type().is_file() => {
            return Err(Error::usage(format!(
                "{shown} is not a regular file (a link, a FIFO, a device or a folder): --export writes a file of its own; leave the path out to print the export"
            )));
        }
        _ => {}
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let Ok(parent) = parent.canonicalize() else {
        return Ok(());
    };
    let ours = [cfg.config_dir(), cfg.data_dir().ok()];
    for dir in ours.into_iter().flatten() {
        if dir.canonicalize().is_ok_and(|d| parent.starts_with(d)) {
            return Err(Error::usage(format!(
                "{shown} is inside flipbook's own folder {}: export somewhere else",
                dir.display()
            )));
        }
    }
    Ok(())
}
