//! The line mode's words for what the engine leaves to the front end: its commands.

use crate::play::events::OpenItem;
use crate::play::view::{Words, open_item};

/// The line front end's words.
pub(in crate::play) struct LineWords;

impl Words for LineWords {
    fn answer_aside(&self) -> &'static str {
        "type the answer"
    }

    fn reroll(&self) -> &'static str {
        "`reroll`"
    }

    fn after_over(&self, play_on: bool) -> &'static str {
        if play_on {
            "`play on` goes on anyway; `flipbook play --restart` starts a new game."
        } else {
            "`flipbook play --restart` starts a new game."
        }
    }

    fn new_game(&self) -> &'static str {
        "start a new game with `flipbook play --restart`"
    }

    fn left_open(&self, items: &[OpenItem]) -> Option<String> {
        // A script is not asked: it is told what it leaves open.
        let items: Vec<String> = items
            .iter()
            .map(|i| open_item(i, &|c: &str| c.to_string()))
            .collect();
        Some(format!("  ! Left open: {}", items.join("; ")))
    }
}
