//! `search`: the charts and segments that mention every word.

use super::{Body, Report};
use crate::config::Config;
use crate::error::Result;
use crate::rules::by_value;
use flipbook_charts::{Chart, ResultText};
use serde::Serialize;

#[derive(Serialize)]
pub(crate) struct SearchReport {
    pub(crate) book: String,
    pub(crate) matches: Vec<Match>,
    /// The words looked for, as the text says when nothing is found.
    #[serde(skip)]
    pub(crate) wanted: Vec<String>,
}

#[derive(Serialize)]
pub(crate) struct Match {
    pub(crate) id: String,
    pub(crate) title: String,
    /// The texts that matched.
    pub(crate) found: Vec<String>,
}

pub(super) fn execute(cfg: &Config, words: &[String]) -> Result<Report> {
    let book = cfg.open()?.book;
    let words: Vec<String> = words
        .iter()
        .flat_map(|w| w.split_whitespace().map(str::to_lowercase))
        .collect();
    let mut matches = Vec::new();
    for e in &book.entries {
        let chart = e.chart()?;
        let (names, texts) = chart_texts(&chart);
        if let Some(found) = matching(&names, &texts, &words) {
            matches.push(Match {
                id: chart.id.clone(),
                title: chart.title.clone(),
                found,
            });
        }
    }
    // Segments of the turn sequence, for `play --goto`.
    if let Ok(seq) = book.sequence() {
        for seg in &seq.segments {
            let mut names = vec![seg.id.clone(), seg.title.clone()];
            names.extend(seg.reference.iter().cloned());
            let mut texts = seg.text.clone();
            texts.extend(seg.steps.iter().filter_map(|s| s.text.clone()));
            if let Some(found) = matching(&names, &texts, &words) {
                matches.push(Match {
                    id: format!("segment {}", seg.id),
                    title: seg.title.clone(),
                    found,
                });
            }
        }
    }
    Ok(Body::Search(SearchReport {
        book: book.id,
        matches,
        wanted: words,
    })
    .into())
}

/// When the names and texts together hold every word: the first few texts that hold one (the
/// names - id, title, page - are the heading of the hit, not hits of their own).
fn matching(names: &[String], texts: &[String], words: &[String]) -> Option<Vec<String>> {
    let all = format!("{}\n{}", names.join("\n"), texts.join("\n")).to_lowercase();
    if !words.iter().all(|w| all.contains(w.as_str())) {
        return None;
    }
    let found = texts
        .iter()
        .filter(|t| {
            let l = t.to_lowercase();
            words.iter().any(|w| l.contains(w.as_str()))
        })
        .take(3)
        .cloned()
        .collect();
    Some(found)
}

/// Everything a chart says that a player might remember it by: its names (id, title, where it
/// is printed, aliases, the booklet), then what it says.
fn chart_texts(c: &Chart) -> (Vec<String>, Vec<String>) {
    let mut names = vec![c.id.clone(), c.title.clone(), c.printed.clone()];
    names.extend(c.aliases.iter().cloned());
    if let Some(s) = &c.stub {
        names.push(format!("{} {} ({})", s.code, s.table, s.booklet));
    }
    let mut t: Vec<String> = c.drms.iter().map(|d| format!("DRM: {}", d.label)).collect();
    t.extend(c.inputs.iter().map(|i| i.ask.clone()));
    for r in c.all_rows() {
        for res in r.result.iter().chain(r.results.iter()) {
            match res {
                ResultText::Text(x) => t.push(format!("{}: {x}", r.row)),
                ResultText::ByValue(map) => t.extend(
                    by_value(c, map)
                        .into_iter()
                        .map(|(label, x)| format!("{}, {label}: {x}", r.row)),
                ),
            }
        }
        t.extend(r.alt.iter().map(|a| format!("{}: {}", r.row, a.result)));
    }
    t.extend(c.columns.iter().map(|col| col.label.clone()));
    t.extend(c.notes.iter().cloned());
    (names, t)
}
