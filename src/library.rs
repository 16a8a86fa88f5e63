//! Books: the ones embedded at build time and the player's own (a folder in the config folder
//! that adds charts to an embedded book, or makes up a book of its own), and finding a chart.

use crate::error::{Error, Result};
use crate::rules::Charts;
use flipbook_charts::{
    BookDir, BookMeta, BookOption, Chart, Dice, Die, Input, OrderRule, Sequence, SourcedChart,
    validate,
};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// A chart as embedded by `build.rs`: its index entry and its JSON, parsed only when used.
pub(crate) struct EmbeddedChart {
    id: &'static str,
    aliases: &'static [&'static str],
    title: &'static str,
    die: Die,
    printed: &'static str,
    stub: bool,
    json: &'static str,
}

pub(crate) struct EmbeddedBook {
    id: &'static str,
    /// `book.yaml` as JSON.
    meta: &'static str,
    sequence: Option<&'static str>,
    orders: Option<&'static str>,
    charts: &'static [EmbeddedChart],
}

include!(concat!(env!("OUT_DIR"), "/books.rs"));

pub(crate) const DEFAULT_BOOK: &str = "mr-president";

/// One chart of a book, as listed: borrowed from the binary for an embedded chart, so that
/// opening a book copies nothing.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    pub(crate) id: Cow<'static, str>,
    aliases: Aliases,
    pub(crate) title: Cow<'static, str>,
    pub(crate) die: Die,
    pub(crate) printed: Cow<'static, str>,
    pub(crate) stub: bool,
    /// The player's own transcription, from their config folder.
    pub(crate) transcribed: bool,
    source: Source,
}

#[derive(Debug, Clone)]
enum Aliases {
    Embedded(&'static [&'static str]),
    User(Vec<String>),
}

#[derive(Debug, Clone)]
enum Source {
    Embedded(&'static str),
    User(Box<Chart>),
}

impl Entry {
    fn embedded(c: &EmbeddedChart) -> Entry {
        Entry {
            id: Cow::Borrowed(c.id),
            aliases: Aliases::Embedded(c.aliases),
            title: Cow::Borrowed(c.title),
            die: c.die,
            printed: Cow::Borrowed(c.printed),
            stub: c.stub,
            transcribed: false,
            source: Source::Embedded(c.json),
        }
    }

    fn user(c: Chart) -> Entry {
        Entry {
            id: Cow::Owned(c.id.clone()),
            aliases: Aliases::User(c.aliases.clone()),
            title: Cow::Owned(c.title.clone()),
            die: c.die,
            printed: Cow::Owned(c.printed.clone()),
            stub: c.stub.is_some(),
            transcribed: true,
            source: Source::User(Box::new(c)),
        }
    }

    /// The chart itself.
    pub(crate) fn chart(&self) -> Result<Chart> {
        match &self.source {
            Source::Embedded(json) => serde_json::from_str(json)
                .map_err(|e| Error::Other(format!("embedded chart '{}': {e}", self.id))),
            Source::User(c) => Ok((**c).clone()),
        }
    }

    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.id.as_ref()).chain(self.aliases())
    }

    pub(crate) fn aliases(&self) -> Box<dyn Iterator<Item = &str> + '_> {
        match &self.aliases {
            Aliases::Embedded(a) => Box::new(a.iter().copied()),
            Aliases::User(a) => Box::new(a.iter().map(String::as_str)),
        }
    }
}

/// A book ready to use: its charts, embedded and the player's own.
pub(crate) struct Book {
    pub(crate) id: String,
    pub(crate) title: String,
    pub(crate) game: String,
    /// The optional rules the book declares.
    pub(crate) options: Vec<BookOption>,
    /// The book's re-roll rule (`book.yaml`: `reroll`), if it has one.
    pub(crate) reroll: Option<flipbook_charts::Reroll>,
    pub(crate) entries: Vec<Entry>,
    /// The player's folder that adds to or makes up this book, as read.
    user: Option<BookDir>,
    embedded_sequence: Option<&'static str>,
    embedded_orders: Option<&'static str>,
    /// The player's transcriptions that could not be used, set aside (the book opens without
    /// them): each file, the chart it transcribes, and why.
    pub(crate) set_aside: Vec<(PathBuf, String, String)>,
}

/// A summary for `books`.
#[derive(Debug, Clone, serde::Serialize)]
pub(crate) struct BookInfo {
    pub(crate) id: String,
    pub(crate) title: String,
    pub(crate) game: String,
    pub(crate) charts: usize,
    /// `embedded`, `user` or `embedded+user` (the player's charts added to an embedded book).
    pub(crate) origin: String,
}

/// The folder of the player's own books.
pub(crate) fn user_books_dir(config: &Path) -> PathBuf {
    config.join("books")
}

fn embedded_meta(b: &EmbeddedBook) -> Result<BookMeta> {
    serde_json::from_str(b.meta).map_err(|e| Error::Other(format!("embedded book '{}': {e}", b.id)))
}

impl Book {
    /// Load a book by id: embedded, the player's own, or an embedded one with the player's charts.
    pub(crate) fn load(id: &str, config: Option<&Path>) -> Result<Book> {
        let user_dir = config
            .map(|c| user_books_dir(c).join(id))
            .filter(|d| d.is_dir());
        let user = user_dir.as_deref().map(BookDir::read).transpose()?;
        let mut book = match (BOOKS.iter().find(|b| b.id == id), user) {
            (Some(b), user) => {
                let meta = embedded_meta(b)?;
                Book {
                    id: meta.id,
                    title: meta.title,
                    game: meta.game,
                    options: meta.options,
                    reroll: meta.reroll,
                    entries: b.charts.iter().map(Entry::embedded).collect(),
                    user,
                    embedded_sequence: b.sequence,
                    embedded_orders: b.orders,
                    set_aside: Vec::new(),
                }
            }
            (None, Some(dir)) => {
                Book::of_player(dir, user_dir.as_deref().unwrap_or(Path::new(id)))?
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
        book.overlay()?;
        Ok(book)
    }

    /// A book that is the player's alone: its `book.yaml` must read.
    fn of_player(dir: BookDir, path: &Path) -> Result<Book> {
        if let (Some(_), Some(r)) = (&dir.meta, validate::report(&dir.problems)) {
            return Err(Error::Broken(r));
        }
        let Some(meta) = dir.meta.clone() else {
            let file = path.join("book.yaml");
            return Err(Error::Broken(
                validate::report(&dir.problems)
                    .filter(|_| dir.has_meta)
                    .unwrap_or_else(|| format!("{}: no such file", file.display())),
            ));
        };
        Ok(Book {
            id: meta.id,
            title: meta.title,
            game: meta.game,
            options: meta.options,
            reroll: meta.reroll,
            entries: Vec::new(),
            user: Some(dir),
            embedded_sequence: None,
            embedded_orders: None,
            set_aside: Vec::new(),
        })
    }

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
    fn overlay(&mut self) -> Result<()> {
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
        self.set_aside
            .iter()
            .map(|(file, id, why)| {
                format!(
                    "your transcription {} cannot be used ({why}): the book opens without it; `flipbook transcribe {id}` replaces it",
                    file.display()
                )
            })
            .collect()
    }

    /// The turn sequence: the player's own `sequence.yaml` first, then the embedded one.
    pub(crate) fn sequence_text(&self) -> Result<Option<String>> {
        if let Some(dir) = self.user.as_ref().filter(|d| d.sequence.is_some()) {
            let mut names = validate::BookNames {
                charts: self
                    .entries
                    .iter()
                    .flat_map(|e| e.names().map(str::to_ascii_lowercase).collect::<Vec<_>>())
                    .collect(),
                ..validate::BookNames::default()
            };
            for e in &self.entries {
                names
                    .inputs
                    .extend(e.chart()?.inputs.into_iter().map(|i| i.key));
            }
            if let Some(r) = validate::report(&dir.sequence_problems(&names)) {
                return Err(Error::Broken(r));
            }
            return Ok(dir.sequence.as_ref().map(|(_, t)| t.clone()));
        }
        Ok(self.embedded_sequence.map(str::to_string))
    }

    /// The turn sequence, parsed, as it is played (each side's phases in turn: `with_sides`).
    pub(crate) fn sequence(&self) -> Result<Sequence> {
        let text = self.sequence_text()?.ok_or_else(|| {
            Error::usage(format!("book '{}' has no turn sequence to play", self.id))
        })?;
        if let Some(p) = flipbook_charts::validate::depth_problem("sequence.yaml", &text) {
            return Err(Error::Broken(format!("{} sequence: {p}", self.id)));
        }
        serde_yaml::from_str(&text)
            .map(Sequence::with_sides)
            .map_err(|e| Error::Broken(format!("{} sequence: {e}", self.id)))
    }

    /// The ordering rules: the player's own `orders.yaml` first, then the embedded ones.
    pub(crate) fn orders(&self) -> Result<Vec<OrderRule>> {
        let (file, text) = match self.user.as_ref().and_then(|d| d.orders.as_ref()) {
            Some((file, text)) => {
                let dir = self.user.as_ref().map(BookDir::orders_problems);
                if let Some(r) = dir.as_deref().and_then(validate::report) {
                    return Err(Error::Broken(r));
                }
                (file.clone(), text.clone())
            }
            None => match self.embedded_orders {
                Some(t) => ("<embedded>".to_string(), t.to_string()),
                None => return Ok(Vec::new()),
            },
        };
        if let Some(p) = flipbook_charts::validate::depth_problem(&file, &text) {
            return Err(Error::Broken(p.to_string()));
        }
        serde_yaml::from_str(&text).map_err(|e| Error::Broken(format!("{file}: {e}")))
    }

    /// The chart named by an id or alias, in any case.
    pub(crate) fn find(&self, name: &str) -> Option<&Entry> {
        self.entries
            .iter()
            .find(|e| e.names().any(|n| n.eq_ignore_ascii_case(name)))
    }

    /// The chart named, or a clear error with the nearest names.
    pub(crate) fn entry(&self, name: &str) -> Result<&Entry> {
        self.find(name).ok_or_else(|| {
            let near = suggest(name, self.entries.iter().flat_map(Entry::names));
            Error::usage(format!(
                "unknown chart '{name}' in {}{}; `flipbook charts` lists them",
                self.id,
                did_you_mean(&near)
            ))
        })
    }

    /// Every input a roll on `chart` may ask: its own, then those of the charts it rolls on.
    pub(crate) fn inputs_of(&self, chart: &Chart) -> Result<Vec<Input>> {
        let mut seen = vec![chart.id.clone()];
        let mut inputs: Vec<Input> = chart.inputs.clone();
        let mut queue: Vec<String> = chart.follow_names().map(String::from).collect();
        while let Some(name) = queue.pop() {
            let c = self.entry(&name)?.chart()?;
            if seen.contains(&c.id) {
                continue;
            }
            seen.push(c.id.clone());
            for i in &c.inputs {
                if !inputs.iter().any(|x| x.key == i.key) {
                    inputs.push(i.clone());
                }
            }
            queue.extend(c.follow_names().map(String::from));
        }
        Ok(inputs)
    }

    /// The embedded chart of this book that the flipbook only names (a stub), by id or alias,
    /// whether or not the player has transcribed it since.
    pub(crate) fn named(&self, name: &str) -> Result<Option<Chart>> {
        let Some(b) = BOOKS.iter().find(|b| b.id == self.id) else {
            return Ok(None);
        };
        let Some(c) = b.charts.iter().find(|c| {
            c.stub
                && (c.id.eq_ignore_ascii_case(name)
                    || c.aliases.iter().any(|a| a.eq_ignore_ascii_case(name)))
        }) else {
            return Ok(None);
        };
        Entry::embedded(c).chart().map(Some)
    }

    /// Every chart of this book that the flipbook only names, as embedded.
    pub(crate) fn all_named(&self) -> Result<Vec<Chart>> {
        BOOKS
            .iter()
            .filter(|b| b.id == self.id)
            .flat_map(|b| b.charts.iter().filter(|c| c.stub))
            .map(|c| Entry::embedded(c).chart())
            .collect()
    }

    /// The file of the player's folder that holds this chart, and how many charts it holds.
    pub(crate) fn user_file(&self, id: &str) -> Option<(PathBuf, usize)> {
        let dir = self.user.as_ref()?;
        let file = &dir.charts.iter().find(|c| c.chart.id == id)?.file;
        let count = dir.charts.iter().filter(|c| &c.file == file).count();
        Some((PathBuf::from(file), count))
    }

    /// The option of this id, if the book declares it.
    pub(crate) fn option(&self, id: &str) -> Option<&BookOption> {
        self.options.iter().find(|o| o.id == id)
    }

    /// The re-roll rule a roll on `chart` may use: the book's, when it names the chart.
    pub(crate) fn reroll_for(&self, chart: &Chart) -> Option<flipbook_charts::Reroll> {
        self.reroll
            .as_ref()
            .filter(|r| r.charts.contains(&chart.id))
            .cloned()
    }

    /// The re-roll rule's words for the keys and help ("push (2 gold)"), the book's or plain.
    pub(crate) fn reroll_words(&self) -> String {
        self.reroll.clone().unwrap_or_default().words()
    }

    /// The rule as a re-roll is announced ("Push for 2 gold").
    pub(crate) fn reroll_announced(&self) -> String {
        self.reroll.clone().unwrap_or_default().announced()
    }
}

impl Charts for Book {
    fn get(&self, name: &str) -> Result<Chart> {
        self.entry(name)?.chart()
    }
}

/// The embedded books and the player's own.
pub(crate) fn list_books(config: Option<&Path>) -> Vec<BookInfo> {
    let mut out: Vec<BookInfo> = BOOKS
        .iter()
        .map(|b| {
            let meta = embedded_meta(b).ok();
            BookInfo {
                id: b.id.into(),
                title: meta.as_ref().map(|m| m.title.clone()).unwrap_or_default(),
                game: meta.map(|m| m.game).unwrap_or_default(),
                charts: b.charts.len(),
                origin: "embedded".into(),
            }
        })
        .collect();
    let Some(Ok(read)) = config.map(|c| std::fs::read_dir(user_books_dir(c))) else {
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
        let dir = BookDir::read(&d).ok();
        // A book.yaml with a problem (a control character in its title) is not shown.
        let meta_ok = |b: &&BookDir| {
            !b.problems
                .iter()
                .any(|p| Path::new(&p.file).file_name() == Some("book.yaml".as_ref()))
        };
        let (title, game) = match dir.as_ref().filter(meta_ok).and_then(|b| b.meta.as_ref()) {
            Some(m) => (m.title.clone(), m.game.clone()),
            None => (
                "(book.yaml missing or broken: flipbook check)".into(),
                String::new(),
            ),
        };
        out.push(BookInfo {
            id,
            title,
            game,
            charts: dir.map_or(0, |b| b.charts.len()),
            origin: "user".into(),
        });
    }
    out
}

/// Names within a small edit distance of `name`, or that it starts, nearest first.
pub(crate) fn suggest<'a>(name: &str, names: impl Iterator<Item = &'a str>) -> Vec<String> {
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

pub(crate) fn did_you_mean(near: &[String]) -> String {
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
            cur[j + 1] = (prev[j] + usize::from(ca != *cb))
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
    fn every_embedded_book_and_chart_parses_back() {
        for b in BOOKS {
            assert_eq!(embedded_meta(b).unwrap().id, b.id);
            for c in b.charts {
                let chart: Chart = serde_json::from_str(c.json).unwrap();
                assert_eq!(chart.id, c.id);
            }
        }
    }
}
