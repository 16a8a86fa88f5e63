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

/// The end of a transcription's file name in a book of the player's own (`ID.transcribed.yaml`).
const TRANSCRIBED: &str = ".transcribed";

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
    /// A chart of the book extended, amended by the extending book's `amend.yaml`.
    pub(crate) amended: bool,
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
            amended: false,
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
            amended: false,
            source: Source::User(Box::new(c)),
        }
    }

    /// A chart of the book extended, as the extending book amends it.
    fn amended(c: Chart, transcribed: bool) -> Entry {
        Entry {
            transcribed,
            amended: true,
            ..Entry::user(c)
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
    /// The turn sequence and the ordering rules of the book as shipped, or of the book this
    /// one extends (the sequence as amended).
    embedded_sequence: Option<Cow<'static, str>>,
    embedded_orders: Option<(String, Cow<'static, str>)>,
    /// The book this one extends (`extends` in its `book.yaml`), by id.
    pub(crate) extends: Option<String>,
    /// What this book changes in the one it extends, a line each (`check` shows them).
    pub(crate) changes: Vec<String>,
    /// The amendments' file, when they changed the turn sequence (its problems are theirs).
    amended_sequence: Option<(String, (usize, usize))>,
    /// The charts of a book of the player's own (or of the book it extends) that it only
    /// names, each transcribed since (what is not transcribed is an entry's stub still).
    own_stubs: Vec<Chart>,
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
    /// The book this one extends, if it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) extends: Option<String>,
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
        Book::load_in(id, config, &mut Vec::new())
    }

    /// Load a book, `chain` the books that extend it, each extending the next (a circle and a
    /// chain too long are refused).
    fn load_in(id: &str, config: Option<&Path>, chain: &mut Vec<String>) -> Result<Book> {
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
                    embedded_sequence: b.sequence.map(Cow::Borrowed),
                    embedded_orders: b
                        .orders
                        .map(|t| ("<embedded>".to_string(), Cow::Borrowed(t))),
                    extends: None,
                    changes: Vec::new(),
                    amended_sequence: None,
                    own_stubs: Vec::new(),
                    set_aside: Vec::new(),
                }
            }
            (None, Some(dir)) => {
                let folder = user_dir.clone().unwrap_or_else(|| PathBuf::from(id));
                return Book::of_folder(dir, &folder, config, chain);
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
        let own_stubs = dir
            .transcribed_stubs
            .iter()
            .map(|c| c.chart.clone())
            .collect();
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
            extends: None,
            changes: Vec::new(),
            amended_sequence: None,
            own_stubs,
            set_aside: Vec::new(),
        })
    }

    /// A player's book folder anywhere (`check FOLDER`), with the book it extends, if any.
    pub(crate) fn open_folder(folder: &Path, config: Option<&Path>) -> Result<Book> {
        Book::of_folder(BookDir::read(folder)?, folder, config, &mut Vec::new())
    }

    /// A player's book as read: its own, or amending the book it extends.
    fn of_folder(
        dir: BookDir,
        folder: &Path,
        config: Option<&Path>,
        chain: &mut Vec<String>,
    ) -> Result<Book> {
        let extends = dir.meta.as_ref().and_then(|m| m.extends.clone());
        let mut book = Book::of_player(dir, folder)?;
        if let Some(base) = extends {
            book.extend(&base, folder, config, chain)?;
        }
        book.overlay()?;
        book.check_amended(folder)?;
        Ok(book)
    }

    /// Take the charts, the turn and the rules of the book `base` this one extends, and apply
    /// the amendments of `amend.yaml`; what is changed is listed in `changes`.
    fn extend(
        &mut self,
        base: &str,
        folder: &Path,
        config: Option<&Path>,
        chain: &mut Vec<String>,
    ) -> Result<()> {
        let meta_file = folder.join("book.yaml");
        let meta_text = flipbook_charts::read_text(&meta_file)?;
        let at_extends = |message: String| {
            let (line, column) = validate::locate(&meta_text, 0, &["extends:".to_string()]);
            Error::Broken(
                validate::Problem {
                    file: meta_file.display().to_string(),
                    line,
                    column,
                    message,
                }
                .to_string(),
            )
        };
        chain.push(self.id.clone());
        if chain.iter().any(|c| c == base) {
            return Err(at_extends(format!(
                "extends: a circle of books ({} → {base}): a book cannot extend itself",
                chain.join(" → ")
            )));
        }
        if chain.len() > flipbook_charts::MAX_EXTENDS {
            return Err(at_extends(format!(
                "extends: books extending each other ({} → {base}) more than {} deep",
                chain.join(" → "),
                flipbook_charts::MAX_EXTENDS
            )));
        }
        let found = is_book_id(base)
            && (BOOKS.iter().any(|b| b.id == base)
                || config.is_some_and(|c| user_books_dir(c).join(base).is_dir()));
        if !found {
            let known: Vec<String> = list_books(config).into_iter().map(|b| b.id).collect();
            let near = suggest(base, known.iter().map(String::as_str));
            return Err(at_extends(format!(
                "extends: no book '{}'{}; books: {}",
                clip(base),
                did_you_mean(&near),
                known.join(", ")
            )));
        }
        let base_book = Book::load_in(base, config, chain)?;
        let own = self.user.take().unwrap_or_default();
        for c in &own.charts {
            let file = Path::new(&c.file)
                .file_name()
                .map(|f| f.to_string_lossy().to_string())
                .unwrap_or_default();
            let how = if base_book.find(&c.chart.id).is_some() {
                "replaced"
            } else {
                "added"
            };
            self.changes
                .push(format!("chart {}: {how} ({file})", c.chart.id));
        }
        if own.sequence.is_some() {
            self.changes
                .push("the turn sequence: replaced (sequence.yaml)".to_string());
        }
        if own.orders.is_some() {
            self.changes
                .push("the ordering rules: replaced (orders.yaml)".to_string());
        }
        if self.options.is_empty() {
            self.options = base_book.options.clone();
        }
        if self.reroll.is_none() {
            self.reroll = base_book.reroll.clone();
        }
        self.embedded_sequence = base_book.sequence_text()?.map(Cow::Owned);
        self.embedded_orders = base_book
            .orders_text()?
            .map(|(f, t)| (f, Cow::Owned(t.into_owned())));
        for stub in base_book.all_named()? {
            if !self.own_stubs.iter().any(|s| s.id == stub.id) {
                self.own_stubs.push(stub);
            }
        }
        self.entries = base_book.entries;
        self.set_aside = base_book.set_aside;
        self.extends = Some(base.to_string());
        self.amend(folder, &own)?;
        self.user = Some(own);
        Ok(())
    }

    /// Apply `amend.yaml`, if the folder has one: every problem at the entry that names it.
    fn amend(&mut self, folder: &Path, own: &BookDir) -> Result<()> {
        let path = folder.join(flipbook_charts::AMEND_FILE);
        if !path.exists() {
            return Ok(());
        }
        let file = path.display().to_string();
        let text = flipbook_charts::read_text(&path)?;
        let text_of_amend = text.clone();
        let amend = flipbook_charts::Amendments::parse(&file, &text)
            .map_err(|p| Error::Broken(p.to_string()))?;
        let mut problems = Vec::new();
        let places = [amend.places(&text, false), amend.places(&text, true)];
        let mut problem = |steps: bool, i: usize, message: String| {
            let (line, column) = places[usize::from(steps)].get(i).copied().unwrap_or((1, 1));
            problems.push(validate::Problem {
                file: file.clone(),
                line,
                column,
                message,
            });
        };
        // Each chart changed is read once, changed by all its entries, and laid back once.
        let mut changed: Vec<(usize, Chart)> = Vec::new();
        for (i, change) in amend.rows.iter().enumerate() {
            let Some(at) = self.entries.iter().position(|e| e.id == change.chart) else {
                problem(
                    false,
                    i,
                    format!(
                        "no chart '{}' in the book extended; `flipbook --book {} charts` lists them",
                        clip(&change.chart),
                        self.extends.as_deref().unwrap_or_default()
                    ),
                );
                continue;
            };
            let slot = if let Some(k) = changed.iter().position(|(e, _)| *e == at) {
                k
            } else {
                changed.push((at, self.entries[at].chart()?));
                changed.len() - 1
            };
            match change.apply(&mut changed[slot].1) {
                Ok(done) => self.changes.push(done),
                Err(why) => problem(false, i, why),
            }
        }
        for (at, chart) in changed {
            let transcribed = self.entries[at].transcribed;
            self.entries[at] = Entry::amended(chart, transcribed);
        }
        if !amend.steps.is_empty() {
            let sequence = match (&own.sequence, &self.embedded_sequence) {
                (Some(_), _) => {
                    Err("steps: sequence.yaml replaces the whole turn: change it there")
                }
                (None, None) => Err("steps: the book extended has no turn sequence"),
                (None, Some(t)) => Ok(t),
            };
            match sequence {
                Err(why) => problem(true, 0, why.to_string()),
                Ok(t) => {
                    let mut value: serde_yaml::Value = serde_yaml::from_str(t)
                        .map_err(|e| Error::Broken(format!("{file}: the turn extended: {e}")))?;
                    for (i, change) in amend.steps.iter().enumerate() {
                        match change.apply(&mut value) {
                            Ok(done) => self.changes.push(done),
                            Err(why) => problem(true, i, why),
                        }
                    }
                    let text = serde_yaml::to_string(&value)
                        .map_err(|e| Error::Broken(format!("{file}: {e}")))?;
                    self.embedded_sequence = Some(Cow::Owned(text));
                    let at = validate::locate(&text_of_amend, 0, &["steps:".to_string()]);
                    self.amended_sequence = Some((file.clone(), at));
                }
            }
        }
        match validate::report(&problems) {
            Some(r) => Err(Error::Broken(r)),
            None => Ok(()),
        }
    }

    /// The charts `amend.yaml` changed, validated with the rest of the book: a problem of one
    /// is the amendment's, in that file.
    fn check_amended(&self, folder: &Path) -> Result<()> {
        if !self.entries.iter().any(|e| e.amended) {
            return Ok(());
        }
        let path = folder.join(flipbook_charts::AMEND_FILE);
        let file = path.display().to_string();
        let text = flipbook_charts::read_text(&path)?;
        let all = self
            .entries
            .iter()
            .map(|e| {
                Ok(SourcedChart {
                    file: if e.amended {
                        file.clone()
                    } else {
                        "<embedded>".into()
                    },
                    doc: 0,
                    chart: e.chart()?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let texts = std::collections::BTreeMap::from([(file.clone(), text)]);
        let problems: Vec<validate::Problem> =
            validate::validate_charts_knowing(&all, &texts, &std::collections::BTreeSet::default())
                .into_iter()
                .filter(|p| p.file == file)
                .collect();
        match validate::report(&problems) {
            Some(r) => Err(Error::Broken(r)),
            None => Ok(()),
        }
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
            // A stub of the player's own whose transcription is set aside stands again.
            usable.extend(
                dir.transcribed_stubs
                    .iter()
                    .filter(|s| aside.iter().any(|(_, id, _)| *id == s.chart.id)),
            );
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
            let stem = stem.strip_suffix(TRANSCRIBED).unwrap_or(stem);
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
        let book = if self.id == DEFAULT_BOOK {
            String::new()
        } else {
            format!("--book {} ", self.id)
        };
        self.set_aside
            .iter()
            .map(|(file, id, why)| {
                format!(
                    "your transcription {} cannot be used ({why}): the book opens without it; `flipbook {book}transcribe {id}` replaces it",
                    file.display()
                )
            })
            .collect()
    }

    /// The turn sequence: the player's own `sequence.yaml` first, then the embedded one.
    pub(crate) fn sequence_text(&self) -> Result<Option<String>> {
        if let Some(dir) = self.user.as_ref().filter(|d| d.sequence.is_some()) {
            if let Some(r) = validate::report(&dir.sequence_problems(&self.names()?)) {
                return Err(Error::Broken(r));
            }
            return Ok(dir.sequence.as_ref().map(|(_, t)| t.clone()));
        }
        if let (Some((file, (line, column))), Some(text)) =
            (&self.amended_sequence, &self.embedded_sequence)
        {
            // The turn as amended: its problems are the amendments', at their `steps`.
            let problems: Vec<validate::Problem> =
                validate::validate_sequence(file, text, &self.names()?)
                    .into_iter()
                    .map(|p| validate::Problem {
                        file: file.clone(),
                        line: *line,
                        column: *column,
                        message: format!("steps: the turn as amended: {}", p.message),
                    })
                    .collect();
            if let Some(r) = validate::report(&problems) {
                return Err(Error::Broken(r));
            }
        }
        Ok(self.embedded_sequence.as_deref().map(str::to_string))
    }

    /// Every chart name and input of the book, as a sequence may name them.
    fn names(&self) -> Result<validate::BookNames> {
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
        Ok(names)
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
        let Some((file, text)) = self.orders_text()? else {
            return Ok(Vec::new());
        };
        if let Some(p) = flipbook_charts::validate::depth_problem(&file, &text) {
            return Err(Error::Broken(p.to_string()));
        }
        serde_yaml::from_str(&text).map_err(|e| Error::Broken(format!("{file}: {e}")))
    }

    /// The ordering rules' file and text: the player's own `orders.yaml` (validated) first.
    fn orders_text(&self) -> Result<Option<(String, Cow<'_, str>)>> {
        match self.user.as_ref().and_then(|d| d.orders.as_ref()) {
            Some((file, text)) => {
                let dir = self.user.as_ref().map(BookDir::orders_problems);
                if let Some(r) = dir.as_deref().and_then(validate::report) {
                    return Err(Error::Broken(r));
                }
                Ok(Some((file.clone(), Cow::Borrowed(text.as_str()))))
            }
            None => Ok(self
                .embedded_orders
                .as_ref()
                .map(|(f, t)| (f.clone(), Cow::Borrowed(t.as_ref())))),
        }
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
            let is = |c: &Chart| c.names().any(|n| n.eq_ignore_ascii_case(name));
            return Ok(self.all_named()?.into_iter().find(is));
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
        if BOOKS.iter().any(|b| b.id == self.id) {
            return BOOKS
                .iter()
                .filter(|b| b.id == self.id)
                .flat_map(|b| b.charts.iter().filter(|c| c.stub))
                .map(|c| Entry::embedded(c).chart())
                .collect();
        }
        // A book of the player's own (or one extending another): the stubs transcribed since
        // and those still stubs, in the book's order.
        let mut out = Vec::new();
        for e in &self.entries {
            if let Some(stub) = self.own_stubs.iter().find(|c| c.id == e.id) {
                out.push(stub.clone());
            } else if e.stub {
                out.push(e.chart()?);
            }
        }
        // (While the player's charts are laid over, the entries are not all there yet.)
        for stub in &self.own_stubs {
            if !out.iter().any(|c| c.id == stub.id) {
                out.push(stub.clone());
            }
        }
        Ok(out)
    }

    /// Where `transcribe` writes a chart of this book: `ID.yaml` for a shipped book's, and
    /// `ID.transcribed.yaml` beside the stub for a book of the player's own (whose stub may be
    /// `ID.yaml` itself).
    pub(crate) fn transcription_file(&self, id: &str) -> String {
        if BOOKS.iter().any(|b| b.id == self.id) {
            format!("{id}.yaml")
        } else {
            format!("{id}{TRANSCRIBED}.yaml")
        }
    }

    /// The file of the player's folder that holds this chart, and how many charts it holds.
    pub(crate) fn user_file(&self, id: &str) -> Option<(PathBuf, usize)> {
        let dir = self.user.as_ref()?;
        let file = &dir
            .charts
            .iter()
            .find(|c| c.chart.id == id && c.chart.stub.is_none())?
            .file;
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
                extends: None,
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
        let extends = dir
            .as_ref()
            .filter(meta_ok)
            .and_then(|b| b.meta.as_ref())
            .and_then(|m| m.extends.clone())
            .filter(|e| is_book_id(e));
        out.push(BookInfo {
            id,
            title,
            game,
            charts: dir.map_or(0, |b| b.charts.len()),
            origin: "user".into(),
            extends,
        });
    }
    out
}

/// A book's id as a folder may be named: lowercase letters, digits and dashes (never a path).
pub(crate) fn is_book_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// A name of the player's, echoed in an error: escaped and cut short.
fn clip(name: &str) -> String {
    let shown: String = name
        .chars()
        .take(40)
        .flat_map(char::escape_default)
        .collect();
    if name.chars().count() > 40 {
        format!("{shown}…")
    } else {
        shown
    }
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
