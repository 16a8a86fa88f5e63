//! Books: the ones embedded at build time and the player's own (a folder in the config folder
//! that adds charts to an embedded book, or makes up a book of its own), and finding a chart.

use crate::error::{Error, Result};
use crate::rules::Charts;
use flipbook_charts::{BookDir, BookOption, Chart, validate};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

mod embedded;
mod entry;
mod extends;
mod lookup;
mod overlay;
mod turn;
use embedded::{BOOKS, embedded_meta};
pub(crate) use entry::Entry;
pub(crate) use lookup::{did_you_mean, suggest};

pub(crate) const DEFAULT_BOOK: &str = "mr-president";

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
