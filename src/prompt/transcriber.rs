//! Transcriber: the questions of `flipbook transcribe`, a checked line at a time on the
//! terminal, with lines of help between them.

use super::line::{Ask, read_line};
use crate::error::{Error, Result};
use crate::transcription::{
    RowEntry, Transcription, dice_of, parse_columns, parse_dice, spans_text,
};
use flipbook_charts::Chart;

/// Questions for `flipbook transcribe`: a line at a time on the terminal (stderr), each checked
/// as it is typed in, and lines of help between them.
pub(crate) struct Transcriber {
    term: console::Term,
}

impl Transcriber {
    pub(crate) fn new() -> Transcriber {
        Transcriber {
            term: console::Term::stderr(),
        }
    }

    /// A line of help or of progress, dimmed when `quiet`.
    pub(crate) fn say(&self, line: &str, quiet: bool) -> Result<()> {
        let shown = if quiet {
            console::style(line).dim().to_string()
        } else {
            line.to_string()
        };
        self.term
            .write_line(&shown)
            .map_err(crate::signals::term_error)
    }

    /// An answer that must not be empty, starting as `start` (Enter keeps it). Esc cancels.
    pub(crate) fn answer(
        &self,
        prompt: &str,
        start: &str,
        check: impl Fn(&str) -> std::result::Result<(), String>,
    ) -> Result<String> {
        read_line(&self.term, prompt, &Ask::line(start), |t| {
            if t.trim().is_empty() {
                Err("an answer is needed (Esc leaves)".into())
            } else {
                check(t)
            }
        })
    }

    /// An answer that may be empty (`check` says when it may), starting as `start`.
    pub(crate) fn maybe(
        &self,
        prompt: &str,
        start: &str,
        check: impl Fn(&str) -> std::result::Result<(), String>,
    ) -> Result<String> {
        read_line(&self.term, prompt, &Ask::line(start), check)
    }

    /// Ask for the rows of `named` on the terminal, each answer checked as it is typed; the
    /// player's earlier transcription, if any, offers each of its answers. `given` is what the
    /// flipbook already knows of the chart; `known` says whether a row may roll on a chart.
    pub(crate) fn rows(
        &self,
        named: &Chart,
        old: Option<&Transcription>,
        given: &str,
        known: &dyn Fn(&str) -> std::result::Result<(), String>,
    ) -> Result<Transcription> {
        let (code, booklet) = named
            .stub
            .as_ref()
            .map(|s| (s.code.as_str(), s.booklet.as_str()))
            .unwrap_or_default();
        self.say(
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
        self.say(&format!("  The flipbook gives it {given}."), true)?;
        self.say(
            "  Type each row as printed: its range (1-3, 9+, 2 or less), then its result in your own \
             words; end a result with -> CHART when it calls for a roll there. Esc leaves, writing nothing.",
            true,
        )?;
        let die_start = match old {
            Some(t) => t.dice,
            None => dice_of(named)?,
        }
        .to_string();
        let typed = self.answer("Die", &die_start, |t| parse_dice(t).map(|_| ()))?;
        let dice = parse_dice(&typed).map_err(Error::Usage)?;
        let columns_start = old.map(|t| t.columns.join(" | ")).unwrap_or_default();
        let columns = self.maybe(
            "Columns, as printed, separated by | (empty: one column)",
            &columns_start,
            |t| parse_columns(t).map(|_| ()),
        )?;
        let mut t = Transcription::new(dice, parse_columns(&columns).map_err(Error::Usage)?);
        let offered: &[RowEntry] = old.map(|o| o.rows.as_slice()).unwrap_or_default();
        let each = if t.columns.is_empty() {
            String::new()
        } else {
            format!(" ({})", t.columns.join(" | "))
        };
        for i in 0.. {
            self.say(&format!("  {}", t.coverage()), true)?;
            let o = offered.get(i);
            let range = self.maybe("Range", o.map_or("", |r| r.band.label()), |text| {
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
            let rest = self.answer(
                &format!("Result for {band}{each}"),
                &o.map(RowEntry::rest).unwrap_or_default(),
                |text| t.check_rest(text, known).map(|_| ()),
            )?;
            let (results, then) = t.check_rest(&rest, known).map_err(Error::Usage)?;
            t.insert(RowEntry {
                band,
                results,
                then,
                line: 0,
            });
        }
        Ok(t)
    }
}
