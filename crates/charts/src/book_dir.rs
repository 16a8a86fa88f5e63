//! The folder layout of a book, read in one place: `book.yaml`, the chart files, and the optional
//! `sequence.yaml` and `orders.yaml`. Files are read as text with guards: regular files only,
//! of bounded size, UTF-8 (a byte-order mark is dropped).

use crate::book::{BookMeta, BookOption};
use crate::chart::Chart;
use crate::validate::{self, Problem};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Files of a book folder that are not charts.
pub const NOT_CHARTS: &[&str] = &["book.yaml", "sequence.yaml", "orders.yaml", "amend.yaml"];

/// The largest file of a book that is read.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// The most a book folder may hold in all, and the most chart files: a player's book is read
/// whole at every start, so it stays small enough to read in a few milliseconds and megabytes.
pub const MAX_BOOK_BYTES: u64 = 3 * 512 * 1024;
/// The most chart files a book folder may hold.
pub const MAX_BOOK_FILES: usize = 256;

/// A chart as read from a file: the file's name, which YAML document it was, and the chart.
#[derive(Debug, Clone)]
pub struct SourcedChart {
    /// The chart file's name, within the book's folder.
    pub file: String,
    /// Which YAML document of the file the chart is (0 for the first).
    pub doc: usize,
    /// The chart, as read (validation reports its problems apart).
    pub chart: Chart,
}

/// A file of a book that could not be read, with its path.
#[derive(Debug)]
pub struct ReadError {
    /// The file that could not be read.
    pub path: PathBuf,
    /// Why, in a few words.
    pub why: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.why)
    }
}

impl std::error::Error for ReadError {}

/// Read a file: a regular file only (never a FIFO or a device, looked at before it is
/// opened, so that nothing blocks), of at most `max` bytes; `None` when there is no such file.
///
/// # Errors
/// When it is not a regular file, is larger than `max`, or cannot be read.
pub fn read_bytes(path: &Path, max: u64) -> Result<Option<Vec<u8>>, ReadError> {
    let fail = |why: String| ReadError {
        path: path.to_path_buf(),
        why,
    };
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(fail(e.to_string())),
    };
    if !meta.is_file() {
        return Err(fail("not a regular file".into()));
    }
    if meta.len() > max {
        return Err(fail(format!(
            "{} bytes is more than flipbook reads in one file ({max})",
            meta.len()
        )));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > max {
        return Err(fail("the file grew past the size flipbook reads".into()));
    }
    Ok(Some(bytes))
}

/// Bytes as text: UTF-8, a byte-order mark dropped; `None` when they are not UTF-8.
#[must_use]
pub fn decode(bytes: Vec<u8>) -> Option<String> {
    let text = String::from_utf8(bytes).ok()?;
    Some(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// Read a file of a book: a regular file of at most [`MAX_FILE_BYTES`], in UTF-8.
///
/// # Errors
/// When it is missing, not a regular file, too big, cannot be read or is not UTF-8 text.
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let fail = |why: &str| ReadError {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    let bytes = read_bytes(path, MAX_FILE_BYTES)?.ok_or_else(|| fail("no such file"))?;
    decode(bytes).ok_or_else(|| fail("not UTF-8 text"))
}

/// The name of a book's folder, as given or, for `.` or `..`, as resolved.
fn folder_name(dir: &Path) -> String {
    dir.file_name()
        .map(|n| n.to_string_lossy().to_string())
        .or_else(|| {
            let full = dir.canonicalize().ok()?;
            Some(full.file_name()?.to_string_lossy().to_string())
        })
        .unwrap_or_default()
}

/// What is wrong with a book's id in its folder: not a plain name, or not the folder's name.
#[must_use]
fn id_problem(id: &str, folder: &str) -> Option<String> {
    let shown: String = id.chars().take(40).flat_map(char::escape_default).collect();
    if !crate::plain_name(id) {
        return Some(format!(
            "the book id '{shown}' is not a plain name (letters, digits, - and _)"
        ));
    }
    (id != folder).then(|| {
        format!(
            "the book id '{shown}' differs from its folder '{folder}': name the folder as the id"
        )
    })
}

/// The chart files of a folder (every `.yaml` or `.yml` but [`NOT_CHARTS`]), sorted.
///
/// # Errors
/// When the folder cannot be listed.
pub fn chart_files(dir: &Path) -> Result<Vec<PathBuf>, ReadError> {
    let list = std::fs::read_dir(dir).map_err(|e| ReadError {
        path: dir.to_path_buf(),
        why: e.to_string(),
    })?;
    let mut files: Vec<PathBuf> = list
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .filter(|p| {
            !p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| NOT_CHARTS.contains(&n))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// A book folder as read: its parts and the problems met reading them.
#[derive(Debug, Default)]
pub struct BookDir {
    /// The folder's name: the book's id.
    pub folder: String,
    /// `book.yaml`, when the folder has one that reads.
    pub meta: Option<BookMeta>,
    /// The folder has a `book.yaml` (read or not).
    pub has_meta: bool,
    /// The charts that read, from every chart file of the folder.
    pub charts: Vec<SourcedChart>,
    /// Each chart file's name and text, to place problems.
    pub texts: BTreeMap<String, String>,
    /// `sequence.yaml`: its name and text.
    pub sequence: Option<(String, String)>,
    /// `orders.yaml`: its name and text.
    pub orders: Option<(String, String)>,
    /// Problems met reading and parsing the files.
    pub problems: Vec<Problem>,
    /// The ids (lower case) of charts whose documents did not read: their problems are told
    /// once, and what names them is not a second problem.
    pub unread: std::collections::BTreeSet<String>,
    /// The folder's stubs that a chart of the folder transcribes (the same id, with rows): the
    /// transcription is the book's chart, the stub what it transcribes.
    pub transcribed_stubs: Vec<SourcedChart>,
}

impl BookDir {
    /// Read every file of a book folder. A file that does not parse is a problem; a file that
    /// cannot be read at all is an error.
    ///
    /// # Errors
    /// When the folder or one of its files cannot be read.
    pub fn read(dir: &Path) -> Result<BookDir, ReadError> {
        let mut book = BookDir {
            folder: folder_name(dir),
            ..BookDir::default()
        };
        let meta_file = dir.join("book.yaml");
        if meta_file.exists() {
            book.has_meta = true;
            let text = read_text(&meta_file)?;
            let parsed = match validate::depth_problem(&meta_file.display().to_string(), &text) {
                Some(p) => Err(p),
                None => serde_yaml::from_str::<BookMeta>(&text).map_err(|e| {
                    validate::yaml_problem(&meta_file.display().to_string(), &text, 0, &e)
                }),
            };
            match parsed {
                Ok(m) => {
                    book.problems.extend(validate::hidden_problem(
                        &meta_file.display().to_string(),
                        &text,
                    ));
                    if let Some(message) = id_problem(&m.id, &book.folder) {
                        let file = meta_file.display().to_string();
                        let (line, column) = validate::locate(&text, 0, &["id:".to_string()]);
                        book.problems.push(Problem {
                            file,
                            line,
                            column,
                            message,
                        });
                    }
                    book.meta = Some(m);
                }
                Err(p) => book.problems.push(p),
            }
        }
        let files = chart_files(dir)?;
        let too_much = |why: String| ReadError {
            path: dir.to_path_buf(),
            why,
        };
        if files.len() > MAX_BOOK_FILES {
            return Err(too_much(format!(
                "{} chart files is more than a book may hold ({MAX_BOOK_FILES})",
                files.len()
            )));
        }
        let mut total = 0u64;
        for f in files {
            let name = f.display().to_string();
            // A chart file that cannot be read (too big, not UTF-8) is a problem of that file:
            // the rest of the book is still read, and a reader may set the file aside.
            let text = match read_text(&f) {
                Ok(t) => t,
                Err(e) => {
                    book.problems.push(Problem {
                        file: name,
                        line: 1,
                        column: 1,
                        message: e.why,
                    });
                    continue;
                }
            };
            total += text.len() as u64;
            if total > MAX_BOOK_BYTES {
                return Err(too_much(format!(
                    "its chart files hold more than a book may ({MAX_BOOK_BYTES} bytes in all)"
                )));
            }
            let (mut found, errs) = validate::parse_chart_file(&name, &text);
            book.unread.extend(
                validate::unread_ids(&text, &found)
                    .into_iter()
                    .map(|id| id.to_ascii_lowercase()),
            );
            book.charts.append(&mut found);
            book.problems.extend(errs);
            book.texts.insert(name, text);
        }
        for (file, slot) in [
            ("sequence.yaml", &mut book.sequence),
            ("orders.yaml", &mut book.orders),
        ] {
            let path = dir.join(file);
            if path.exists() {
                *slot = Some((path.display().to_string(), read_text(&path)?));
            }
        }
        book.set_transcribed_stubs_apart();
        Ok(book)
    }

    /// A stub of the folder and a chart with rows of the same id (`flipbook transcribe` wrote
    /// it): the chart stands, the stub is kept apart as what it transcribes.
    fn set_transcribed_stubs_apart(&mut self) {
        if !self.charts.iter().any(|c| c.chart.stub.is_some()) {
            return;
        }
        let with_rows: std::collections::BTreeSet<String> = self
            .charts
            .iter()
            .filter(|c| c.chart.stub.is_none())
            .map(|c| c.chart.id.clone())
            .collect();
        let (apart, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.charts)
            .into_iter()
            .partition(|c| c.chart.stub.is_some() && with_rows.contains(&c.chart.id));
        self.charts = kept;
        self.transcribed_stubs = apart;
    }

    /// One chart file, as a folder of its own.
    ///
    /// # Errors
    /// When the file cannot be read.
    pub fn read_file(path: &Path) -> Result<BookDir, ReadError> {
        let name = path.display().to_string();
        let text = read_text(path)?;
        let (charts, problems) = validate::parse_chart_file(&name, &text);
        Ok(BookDir {
            unread: validate::unread_ids(&text, &charts)
                .into_iter()
                .map(|id| id.to_ascii_lowercase())
                .collect(),
            charts,
            problems,
            texts: BTreeMap::from([(name, text)]),
            ..BookDir::default()
        })
    }

    /// The problems of the charts read here, checked together with `kept` (charts of the book
    /// that these add to, which follow-ups may name), and their use of the book's `options`.
    /// Only problems in this folder's files are reported.
    #[must_use]
    pub fn chart_problems(&self, kept: &[SourcedChart], options: &[BookOption]) -> Vec<Problem> {
        let mut all: Vec<SourcedChart> = kept.to_vec();
        all.extend(self.charts.iter().cloned());
        let mut problems = self.problems.clone();
        problems.extend(
            validate::validate_charts_knowing(&all, &self.texts, &self.unread)
                .into_iter()
                .filter(|p| self.texts.contains_key(&p.file)),
        );
        problems.extend(validate::validate_options(
            &self.charts,
            &self.texts,
            options,
        ));
        problems
    }

    /// The problems of the turn sequence, against every chart name and input of the book.
    #[must_use]
    pub fn sequence_problems(&self, names: &validate::BookNames) -> Vec<Problem> {
        self.sequence
            .as_ref()
            .map(|(f, t)| validate::validate_sequence(f, t, names))
            .unwrap_or_default()
    }

    /// The problems of the ordering rules.
    #[must_use]
    pub fn orders_problems(&self) -> Vec<Problem> {
        self.orders
            .as_ref()
            .map(|(f, t)| validate::validate_orders(f, t))
            .unwrap_or_default()
    }

    /// Every problem of the folder as a book: its charts (with `kept`), sequence and orders.
    #[must_use]
    pub fn problems(&self, kept: &[SourcedChart], options: &[BookOption]) -> Vec<Problem> {
        let mut problems = self.chart_problems(kept, options);
        let mut all: Vec<SourcedChart> = kept.to_vec();
        all.extend(self.charts.iter().cloned());
        let mut names = validate::BookNames::of(&all);
        names.charts.extend(self.unread.iter().cloned());
        problems.extend(self.sequence_problems(&names));
        problems.extend(self.orders_problems());
        problems
    }
}
