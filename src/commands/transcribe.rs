//! `transcribe`: a chart the flipbook only names, typed in from the player's own booklet (at
//! the prompt, or from a file), checked as the shipped charts are, and written whole into the
//! player's book folder; `--list` what is still to transcribe, `--export` the player's
//! transcriptions as one file another player reads with `--from`. The arguments are read here;
//! the rows, the files and the checks are `transcription/`'s, the questions `prompt/`'s.

use super::{Body, Report};
use crate::cli::TranscribeArgs;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::library::user_books_dir;
use crate::prompt::Transcriber;
use crate::settings::HOME_ENV;
use crate::transcription::{self as tr, TranscribeReport, Transcription};
use flipbook_charts::Chart;
use std::path::Path;

pub(super) fn execute(cfg: &Config, a: &TranscribeArgs) -> Result<Report> {
    let book = cfg.open()?.book;
    if a.list {
        return Ok(Body::Named(tr::list(&book)?).into());
    }
    if let Some(to) = &a.export {
        if let Some(path) = to {
            let ours: Vec<&Path> = [cfg.config_dir(), cfg.data_dir().ok()]
                .into_iter()
                .flatten()
                .collect();
            crate::fs::export_target(path, &ours)?;
        }
        let e = tr::export(&book, to.as_deref())?;
        let body = match to {
            None => Body::Text(e.text),
            Some(path) => {
                crate::fs::write_atomic(path, e.text.as_bytes())?;
                Body::Transcribe(e.report)
            }
        };
        return Ok(Report::from(body).warn(e.warnings));
    }
    let folder = cfg
        .config_dir()
        .map(|c| user_books_dir(c).join(&book.id))
        .ok_or_else(|| Error::Other(format!("no config folder for your charts: set {HOME_ENV}")))?;
    let plans: Vec<(Chart, Transcription)> = match (&a.id, &a.from) {
        (Some(id), Some(file)) => tr::from_file(&book, file, Some(&tr::named(&book, id)?))?,
        (None, Some(file)) => tr::from_file(&book, file, None)?,
        (Some(id), None) if cfg.can_ask => {
            let named = tr::named(&book, id)?;
            let old = tr::own(&book, &named)?;
            let given = tr::given(&book, &named);
            let known = tr::known_charts(&book);
            let t = Transcriber::new().rows(&named, old.as_ref(), &given, &known)?;
            vec![(named, t)]
        }
        (Some(id), None) => {
            tr::named(&book, id)?;
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
    // Every chart is made and checked before any file is written: nothing is half done. A
    // temporary chart file a write cut short left (`.NAME.yaml.tmp`) is nobody's: it goes.
    crate::fs::clean_stale(&folder);
    let mut charts = Vec::new();
    for (path, text, written) in tr::ready(&book, &folder, &plans)? {
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
