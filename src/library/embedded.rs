//! The books embedded at build time (`build.rs` writes `BOOKS`): each chart's index entry and its
//! JSON, parsed only when used.

use crate::error::{Error, Result};
use flipbook_charts::{BookMeta, Dice, Die};

/// A chart as embedded by `build.rs`: its index entry and its JSON, parsed only when used.
pub(crate) struct EmbeddedChart {
    pub(super) id: &'static str,
    pub(super) aliases: &'static [&'static str],
    pub(super) title: &'static str,
    pub(super) die: Die,
    pub(super) printed: &'static str,
    pub(super) stub: bool,
    pub(super) json: &'static str,
}

pub(crate) struct EmbeddedBook {
    pub(super) id: &'static str,
    /// `book.yaml` as JSON.
    pub(super) meta: &'static str,
    pub(super) sequence: Option<&'static str>,
    pub(super) orders: Option<&'static str>,
    pub(super) charts: &'static [EmbeddedChart],
}

include!(concat!(env!("OUT_DIR"), "/books.rs"));

pub(super) fn embedded_meta(b: &EmbeddedBook) -> Result<BookMeta> {
    serde_json::from_str(b.meta).map_err(|e| Error::Other(format!("embedded book '{}': {e}", b.id)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use flipbook_charts::Chart;

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
