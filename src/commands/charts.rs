//! `charts`: the book's charts, with their dice and where each is printed.

use super::{Body, Report};
use crate::config::Config;
use crate::error::Result;
use crate::library::user_books_dir;
use flipbook_charts::Die;
use serde::Serialize;

#[derive(Serialize)]
pub(crate) struct ChartList {
    pub(crate) book: String,
    pub(crate) charts: Vec<ChartListing>,
    /// The book's title and game, for the heading.
    #[serde(skip)]
    pub(crate) heading: (String, String),
    /// Where the player's own charts of this book go.
    #[serde(skip)]
    pub(crate) user_dir: Option<String>,
}

#[derive(Serialize)]
pub(crate) struct ChartListing {
    pub(crate) id: String,
    pub(crate) aliases: Vec<String>,
    pub(crate) title: String,
    pub(crate) die: Die,
    pub(crate) printed: String,
    /// Only named by the seed: roll, then read the printed chart.
    pub(crate) stub: bool,
    /// The player's own transcription.
    pub(crate) transcribed: bool,
    /// Changed by the book's `amend.yaml` (a book that extends another).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) amended: bool,
}

pub(super) fn execute(cfg: &Config) -> Result<Report> {
    let book = cfg.open()?.book;
    let mut entries: Vec<_> = book.entries.iter().collect();
    entries.sort_by(|a, b| a.id.cmp(&b.id));
    let charts = entries
        .into_iter()
        .map(|e| ChartListing {
            id: e.id.to_string(),
            aliases: e.aliases().map(String::from).collect(),
            title: e.title.to_string(),
            die: e.die,
            printed: e.printed.to_string(),
            stub: e.stub,
            transcribed: e.transcribed,
            amended: e.amended,
        })
        .collect();
    Ok(Body::Charts(ChartList {
        user_dir: cfg
            .config_dir()
            .map(|c| user_books_dir(c).join(&book.id).display().to_string()),
        heading: (book.title, book.game),
        book: book.id,
        charts,
    })
    .into())
}
