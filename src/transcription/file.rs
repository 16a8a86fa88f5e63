//! The rows of a file as the player types them: `[id]` sections, `die:` and `columns:` lines,
//! one row a line; read, then checked as a whole (sorted once, O(n log n)).

use super::{MAX_ROWS, RowEntry, Transcription, hi, lo, parse_columns, parse_dice, spans_text};
use flipbook_charts::Dice;

/// A row line split into its range (`1-3`, `9+`, `2 or less`) and the rest.
fn split_row(line: &str) -> (String, &str) {
    let t = line.trim();
    let word_end = |s: &str| s.find(char::is_whitespace).unwrap_or(s.len());
    let first = word_end(t);
    let after = t[first..].trim_start();
    let lower = after.to_ascii_lowercase();
    for tail in ["or less", "or more"] {
        if lower.starts_with(tail)
            && lower[tail.len()..]
                .chars()
                .next()
                .is_none_or(char::is_whitespace)
        {
            let label = format!("{} {}", &t[..first], &after[..tail.len()]);
            return (label, after[tail.len()..].trim_start());
        }
    }
    (t[..first].to_string(), after)
}

/// The rows of one chart in a file, as read, before they are checked.
#[derive(Debug, Default)]
pub(crate) struct Section {
    /// `[id]` and its line, when the file names the chart.
    pub(crate) id: Option<(String, usize)>,
    die: Option<(String, usize)>,
    columns: Option<(String, usize)>,
    rows: Vec<(usize, String)>,
}

/// A file of rows: one chart's, or several under `[id]` headings. Only the form is read here.
pub(crate) fn parse_file(file: &str, text: &str) -> Result<Vec<Section>, String> {
    let mut sections: Vec<Section> = vec![Section::default()];
    // A line ends at LF or CRLF; a file with no LF at all ends its lines with CR (an old Mac's).
    let lines: Vec<&str> = if text.contains('\n') {
        text.lines().collect()
    } else {
        text.split('\r').collect()
    };
    for (i, raw) in lines.into_iter().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        let at = |m: String| format!("{file}:{line}: {m}");
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if let Some(id) = t.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            let id = id.trim();
            if id.is_empty() {
                return Err(at("[ ] needs a chart id, like [scandal]".into()));
            }
            let first = &sections[0];
            if sections.len() == 1 && first.id.is_none() && !first.rows.is_empty() {
                return Err(at(format!(
                    "[{id}] comes after rows that name no chart: put a [chart] heading before them"
                )));
            }
            if sections.len() == 1 && first.id.is_none() {
                sections.clear();
            }
            sections.push(Section {
                id: Some((id.to_string(), line)),
                ..Section::default()
            });
            continue;
        }
        let cur = sections.last_mut().expect("a section");
        let lower = t.to_ascii_lowercase();
        for (key, slot) in [("die:", &mut cur.die), ("columns:", &mut cur.columns)] {
            if let Some(v) = lower.strip_prefix(key) {
                if !cur.rows.is_empty() {
                    return Err(at(format!("'{key}' comes before the rows")));
                }
                let v = &t[t.len() - v.len()..];
                *slot = Some((v.trim().to_string(), line));
            }
        }
        if lower.starts_with("die:") || lower.starts_with("columns:") {
            continue;
        }
        cur.rows.push((line, t.to_string()));
    }
    Ok(sections)
}

impl Section {
    /// The rows checked, each error naming `file:line`: ranges, results, follow-ups, overlaps,
    /// and at the end every roll of the die covered.
    pub(crate) fn transcription(
        &self,
        file: &str,
        dice: Dice,
        known: &dyn Fn(&str) -> Result<(), String>,
    ) -> Result<Transcription, String> {
        let dice = match &self.die {
            Some((d, line)) => parse_dice(d).map_err(|m| format!("{file}:{line}: {m}"))?,
            None => dice,
        };
        let columns = match &self.columns {
            Some((c, line)) => parse_columns(c).map_err(|m| format!("{file}:{line}: {m}"))?,
            None => Vec::new(),
        };
        if self.rows.len() > MAX_ROWS {
            return Err(format!(
                "{file}: {} rows are more than a chart file may hold (at most {MAX_ROWS})",
                self.rows.len()
            ));
        }
        let mut t = Transcription::new(dice, columns);
        // Each row read on its own, then all sorted once and told from their neighbours:
        // O(n log n), however many rows a file holds.
        let mut rows = Vec::with_capacity(self.rows.len());
        for (line, text) in &self.rows {
            let at = |m: String| format!("{file}:{line}: {m}");
            let (label, rest) = split_row(text);
            let band = t.check_band(&label).map_err(at)?;
            if rest.is_empty() {
                return Err(at(format!("row '{band}' has no result")));
            }
            let (results, then) = t.check_rest(rest, known).map_err(at)?;
            rows.push(RowEntry {
                band,
                results,
                then,
                line: *line,
            });
        }
        rows.sort_by_key(|r| (lo(r.band.span()), r.line));
        for w in rows.windows(2) {
            if lo(w[1].band.span()) <= hi(w[0].band.span()) {
                let (early, late) = if w[0].line < w[1].line {
                    (&w[0], &w[1])
                } else {
                    (&w[1], &w[0])
                };
                return Err(format!(
                    "{file}:{}: row '{}' overlaps row '{}' (line {})",
                    late.line, late.band, early.band, early.line
                ));
            }
        }
        t.rows = rows;
        let missing = t.missing();
        let Some(&(_, b)) = missing.first() else {
            return Ok(t);
        };
        let line = t
            .rows
            .iter()
            .find(|r| lo(r.band.span()) == b.saturating_add(1))
            .or_else(|| t.rows.iter().max_by_key(|r| r.line))
            .map_or_else(|| self.id.as_ref().map_or(1, |(_, l)| *l), |r| r.line);
        let what = if t.rows.is_empty() {
            "no rows".to_string()
        } else {
            format!("no row for {}", spans_text(&missing))
        };
        Err(format!(
            "{file}:{line}: {what}: every roll of the {} ({}-{}) needs one",
            t.dice,
            t.dice.min(),
            t.dice.max()
        ))
    }
}
