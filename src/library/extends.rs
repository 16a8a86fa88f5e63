//! A book that `extends` another: the base loaded (no circle, at most `MAX_EXTENDS` deep), the
//! amendments of `amend.yaml` applied and checked, what is changed listed.

use super::{BOOKS, Book, Entry, did_you_mean, is_book_id, list_books, suggest, user_books_dir};
use crate::error::{Error, Result};
use flipbook_charts::{BookDir, Chart, SourcedChart, validate};
use std::borrow::Cow;
use std::path::Path;

impl Book {
    /// Take the charts, the turn and the rules of the book `base` this one extends, and apply
    /// the amendments of `amend.yaml`; what is changed is listed in `changes`.
    pub(super) fn extend(
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
    pub(super) fn check_amended(&self, folder: &Path) -> Result<()> {
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
