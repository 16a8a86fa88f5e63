//! `books`: the embedded books and the player's own.

use super::{Body, Report};
use crate::config::Config;
use crate::library::{BookInfo, list_books};
use serde::Serialize;

#[derive(Serialize)]
pub(crate) struct BookList {
    pub(crate) books: Vec<BookInfo>,
}

pub(super) fn execute(cfg: &Config) -> Report {
    Body::Books(BookList {
        books: list_books(cfg.config_dir()),
    })
    .into()
}
