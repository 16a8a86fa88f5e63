//! Books: the ones embedded at build time and the player's own, and finding a chart in them.

use crate::engine::Charts;
use crate::error::{Error, Result};
use crate::model::{BookMeta, Chart};
use crate::validate::{self, SourcedChart};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A chart as embedded by `build.rs`: its index entry and its JSON, parsed only when used.
pub struct EmbeddedChart {
    pub id: &'static str,
    pub aliases: &'static [&'static str],
    pub title: &'static str,
    pub die: &'static str,
    pub printed: &'static str,
    pub stub: bool,
    pub file: &'static str,
    pub json: &'static str,
}

pub struct EmbeddedBook {
    pub id: &'static str,
    pub title: &'static str,
    pub game: &'static str,
    pub source: &'static str,
    pub description: &'static str,
    pub sequence: Option<&'static str>,
    pub orders: Option<&'static str>,
    pub charts: &'static [EmbeddedChart],
}

include!(concat!(env!("OUT_DIR"), "/books.rs"));

pub const DEFAULT_BOOK: &str = "mr-president";

/// One chart of a book, as listed.
#[derive(Debug, Clone)]
pub struct Entry {
    pub id: String,
    pub aliases: Vec<String>,
    pub title: String,
    pub die: String,
    pub printed: String,
    pub stub: bool,
    /// The player's own transcription, from their config folder.
    pub transcribed: bool,
    source: Source,
}

#[derive(Debug, Clone)]
enum Source {
    Embedded(&'static str),
    User(Box<Chart>),
}

/// A book ready to use: its charts, embedded and the player's own.
pub struct Book {
    pub id: String,
    pub title: String,
    pub game: String,
    pub source: String,
    pub description: String,
    pub embedded: bool,
    /// The player's folder that adds to or makes up this book, if any.
    pub user_dir: Option<PathBuf>,
    pub entries: Vec<Entry>,
    /// The embedded turn sequence, if the book has one.
    embedded_sequence: Option<&'static str>,
    embedded_orders: Option<&'static str>,
}

/// A summary for `books`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct BookInfo {
    pub id: String,
    pub title: String,
    pub game: String,
    pub charts: usize,
    /// `embedded`, `user` or `embedded+user` (the player's charts added to an embedded book).
    pub origin: String,
}

impl Entry {
    fn embedded(c: &EmbeddedChart) -> Entry {
        Entry {
            id: c.id.into(),
            aliases: c.aliases.iter().map(|s| s.to_string()).collect(),
            title: c.title.into(),
            die: c.die.into(),
            printed: c.printed.into(),
            stub: c.stub,
            transcribed: false,
            source: Source::Embedded(c.json),
        }
    }

    fn user(c: Chart) -> Entry {
        Entry {
            id: c.id.clone(),
            aliases: c.aliases.clone(),
            title: c.title.clone(),
            die: c.die.clone(),
            printed: c.printed.clone(),
            stub: c.stub.is_some(),
            transcribed: true,
            source: Source::User(Box::new(c)),
        }
    }

    /// The chart itself.
    pub fn chart(&self) -> Result<Chart> {
        match &self.source {
            Source::Embedded(json) => serde_json::from_str(json)
                .map_err(|e| Error::Other(format!("embedded chart '{}': {e}", self.id))),
            Source::User(c) => Ok((**c).clone()),
        }
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.id.as_str()).chain(self.aliases.iter().map(String::as_str))
    }
}

/// The folder of the player's own books.
pub fn user_books_dir(config: &Path) -> PathBuf {
    config.join("books")
}

impl Book {
    /// Load a book by id: embedded, the player's own, or an embedded one with the player's charts.
    pub fn load(id: &str, config: Option<&Path>) -> Result<Book> {
        let user_dir = config
            .map(|c| user_books_dir(c).join(id))
            .filter(|d| d.is_dir());
        let embedded = BOOKS.iter().find(|b| b.id == id);
        let mut book = match (embedded, &user_dir) {
            (Some(b), _) => Book {
                id: b.id.into(),
                title: b.title.into(),
                game: b.game.into(),
                source: b.source.into(),
                description: b.description.into(),
                embedded: true,
                user_dir: user_dir.clone(),
                entries: b.charts.iter().map(Entry::embedded).collect(),
                embedded_sequence: b.sequence,
                embedded_orders: b.orders,
            },
            (None, Some(dir)) => {
                let meta = read_meta(dir)?;
                Book {
                    id: meta.id,
                    title: meta.title,
                    game: meta.game,
                    source: meta.source,
                    description: meta.description,
                    embedded: false,
                    user_dir: user_dir.clone(),
                    entries: Vec::new(),
                    embedded_sequence: None,
                    embedded_orders: None,
                }
            }
            (None, None) => {
                let known = list_books(config)
                    .into_iter()
                    .map(|b| b.id)
                    .collect::<Vec<_>>();
                let near = suggest(id, known.iter().map(String::as_str));
                return Err(Error::usage(format!(
                    "unknown book '{id}'{}; books: {}",
                    did_you_mean(&near),
                    known.join(", ")
                )));
            }
        };
        if let Some(dir) = &user_dir {
            book.overlay(dir)?;
        }
        Ok(book)
    }

    /// Add the player's charts from `dir`, replacing charts of the same id, after validation.
    fn overlay(&mut self, dir: &Path) -> Result<()> {
        let (charts, texts, mut problems) = read_chart_dir(dir)?;
        if charts.is_empty() && problems.is_empty() {
            return Ok(());
        }
        // Validate the player's charts together with the charts they keep, so that follow-up
        // rolls may name either; report only problems in the player's files.
        let replaced: Vec<&str> = charts.iter().map(|c| c.chart.id.as_str()).collect();
        let mut all: Vec<SourcedChart> = Vec::new();
        for e in &self.entries {
            if !replaced.contains(&e.id.as_str()) {
                all.push(SourcedChart {
                    file: "<embedded>".into(),
                    doc: 0,
                    chart: e.chart()?,
                });
            }
        }
        all.extend(charts.iter().cloned());
        problems.extend(
            validate::validate_charts(&all, &texts)
                .into_iter()
                .filter(|p| p.file != "<embedded>"),
        );
        if let Some(r) = validate::report(&problems) {
            return Err(Error::Broken(r));
        }
        for sc in charts {
            let entry = Entry::user(sc.chart);
            match self.entries.iter_mut().find(|e| e.id == entry.id) {
                Some(slot) => *slot = entry,
                None => self.entries.push(entry),
            }
        }
        Ok(())
    }

    /// The turn sequence: the player's own `sequence.yaml` first, then the embedded one.
    pub fn sequence_text(&self) -> Result<Option<String>> {
        if let Some(dir) = &self.user_dir {
            let f = dir.join("sequence.yaml");
            if f.is_file() {
                let text = std::fs::read_to_string(&f)
                    .map_err(|e| Error::Other(format!("{}: {e}", f.display())))?;
                let names = self
                    .entries
                    .iter()
                    .flat_map(|e| e.names().map(str::to_ascii_lowercase).collect::<Vec<_>>())
                    .collect();
                let problems = validate::validate_sequence(&f.display().to_string(), &text, &names);
                if let Some(r) = validate::report(&problems) {
                    return Err(Error::Broken(r));
                }
                return Ok(Some(text));
            }
        }
        Ok(self.embedded_sequence.map(str::to_string))
    }

    /// The ordering rules: the player's own `orders.yaml` first, then the embedded ones.
    pub fn orders(&self) -> Result<Vec<crate::model::OrderRule>> {
        let (file, text) = match self
            .user_dir
            .as_ref()
            .map(|d| d.join("orders.yaml"))
            .filter(|f| f.is_file())
        {
            Some(f) => {
                let t = std::fs::read_to_string(&f)
                    .map_err(|e| Error::Other(format!("{}: {e}", f.display())))?;
                (f.display().to_string(), Some(t))
            }
            None => (
                "<embedded>".to_string(),
                self.embedded_orders.map(str::to_string),
            ),
        };
        let Some(text) = text else {
            return Ok(Vec::new());
        };
        let problems = validate::validate_orders(&file, &text);
        if let Some(r) = validate::report(&problems) {
            return Err(Error::Broken(r));
        }
        serde_yaml::from_str(&text).map_err(|e| Error::Broken(format!("{file}: {e}")))
    }

    /// The chart named by an id or alias, in any case.
    pub fn find(&self, name: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.names().any(|n| n.eq_ignore_ascii_case(name)))
    }

    /// The chart named, or a clear error with the nearest names.
    pub fn entry(&self, name: &str) -> Result<&Entry> {
        self.find(name).ok_or_else(|| {
            let near = suggest(name, self.entries.iter().flat_map(|e| e.names()));
            Error::usage(format!(
                "unknown chart '{name}' in {}{}; `flipbook charts` lists them",
                self.id,
                did_you_mean(&near)
            ))
        })
    }
}

impl Charts for Book {
    fn get(&self, name: &str) -> Result<Chart> {
        self.entry(name)?.chart()
    }
}

fn read_meta(dir: &Path) -> Result<BookMeta> {
    let file = dir.join("book.yaml");
    let text = std::fs::read_to_string(&file)
        .map_err(|e| Error::Broken(format!("{}: {e}", file.display())))?;
    serde_yaml::from_str(&text).map_err(|e| {
        Error::Broken(validate::yaml_problem(&file.display().to_string(), &text, 0, &e).to_string())
    })
}

type ChartDir = (
    Vec<SourcedChart>,
    BTreeMap<String, String>,
    Vec<validate::Problem>,
);

/// Every chart file in a folder (all `.yaml` but `book.yaml`, `sequence.yaml`, `orders.yaml`).
pub fn read_chart_dir(dir: &Path) -> Result<ChartDir> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Error::Other(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .filter(|p| {
            !matches!(
                p.file_name().and_then(|n| n.to_str()),
                Some("book.yaml" | "sequence.yaml" | "orders.yaml")
            )
        })
        .collect();
    files.sort();
    let mut charts = Vec::new();
    let mut texts = BTreeMap::new();
    let mut problems = Vec::new();
    for f in files {
        let name = f.display().to_string();
        let text = std::fs::read_to_string(&f).map_err(|e| Error::Other(format!("{name}: {e}")))?;
        let (mut found, errs) = validate::parse_chart_file(&name, &text);
        charts.append(&mut found);
        problems.extend(errs);
        texts.insert(name, text);
    }
    Ok((charts, texts, problems))
}

/// The embedded books and the player's own.
pub fn list_books(config: Option<&Path>) -> Vec<BookInfo> {
    let mut out: Vec<BookInfo> = BOOKS
        .iter()
        .map(|b| BookInfo {
            id: b.id.into(),
            title: b.title.into(),
            game: b.game.into(),
            charts: b.charts.len(),
            origin: "embedded".into(),
        })
        .collect();
    let Some(dir) = config.map(user_books_dir) else {
        return out;
    };
    let Ok(read) = std::fs::read_dir(&dir) else {
        return out;
    };
    let mut dirs: Vec<PathBuf> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for d in dirs {
        let id = d
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        if let Some(b) = out.iter_mut().find(|b| b.id == id) {
            b.origin = "embedded+user".into();
            continue;
        }
        let (title, game) = match read_meta(&d) {
            Ok(m) => (m.title, m.game),
            Err(_) => (
                "(book.yaml missing or broken: flipbook check)".into(),
                String::new(),
            ),
        };
        let charts = read_chart_dir(&d).map(|(c, _, _)| c.len()).unwrap_or(0);
        out.push(BookInfo {
            id,
            title,
            game,
            charts,
            origin: "user".into(),
        });
    }
    out
}

/// Names within a small edit distance of `name`, or that it starts, nearest first.
pub fn suggest<'a>(name: &str, names: impl Iterator<Item = &'a str>) -> Vec<String> {
    let name = name.to_ascii_lowercase();
    let mut scored: Vec<(usize, String)> = names
        .map(|n| {
            let lower = n.to_ascii_lowercase();
            let d = if lower.starts_with(&name) || name.starts_with(&lower) {
                1
            } else {
                levenshtein(&name, &lower)
            };
            (d, n.to_string())
        })
        .filter(|(d, _)| *d <= 2.max(name.len() / 3))
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, n)| n).collect()
}

pub fn did_you_mean(near: &[String]) -> String {
    if near.is_empty() {
        String::new()
    } else {
        format!(" (did you mean {}?)", near.join(", "))
    }
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + (ca != *cb) as usize)
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_find_near_names() {
        let names = ["sotu", "legacy", "state-of-the-union"];
        assert_eq!(suggest("sotx", names.into_iter()), vec!["sotu"]);
        assert_eq!(suggest("legcy", names.into_iter()), vec!["legacy"]);
        assert!(suggest("zzzzzz", names.into_iter()).is_empty());
    }

    #[test]
    fn every_embedded_chart_parses_back() {
        for b in BOOKS {
            for c in b.charts {
                let chart: Chart = serde_json::from_str(c.json).unwrap();
                assert_eq!(chart.id, c.id);
            }
        }
    }
}
