//! Entry: one chart of a book as listed, borrowed from the binary for an embedded chart (opening
//! a book copies nothing), owned for the player's; the chart parsed when asked for.

use super::embedded::EmbeddedChart;
use crate::error::{Error, Result};
use flipbook_charts::{Chart, Die};
use std::borrow::Cow;

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
    pub(super) fn embedded(c: &EmbeddedChart) -> Entry {
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

    pub(super) fn user(c: Chart) -> Entry {
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
    pub(super) fn amended(c: Chart, transcribed: bool) -> Entry {
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
