//! The key mode's words for what the engine leaves to the front end: its keys and its menus.

use crate::play::events::OpenItem;
use crate::play::view::Words;

/// The key front end's words.
pub(in crate::play) struct KeyWords;

impl Words for KeyWords {
    fn answer_aside(&self) -> &'static str {
        "a answers it"
    }

    fn reroll(&self) -> &'static str {
        "R"
    }

    fn after_over(&self, play_on: bool) -> &'static str {
        if play_on {
            "The menu below offers to play on anyway, start a new game, go back or quit."
        } else {
            "The menu below offers to start a new game, go back or quit."
        }
    }

    fn new_game(&self) -> &'static str {
        "the menu below starts a new game"
    }

    fn mend_extra(&self) -> Option<&'static str> {
        Some("x mends it")
    }

    fn ids(&self) -> bool {
        false
    }

    fn left_open(&self, _: &[OpenItem]) -> Option<String> {
        // "Leave with 2 still open?" said it, and the player said yes.
        None
    }
}
