//! The turn sequence and the ordering rules of a book: the player's own files first, then the
//! embedded (or extended, as amended), each validated before it is read.

use super::Book;
use crate::error::{Error, Result};
use flipbook_charts::{BookDir, OrderRule, Sequence, validate};
use std::borrow::Cow;

impl Book {
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
    pub(super) fn orders_text(&self) -> Result<Option<(String, Cow<'_, str>)>> {
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
}
