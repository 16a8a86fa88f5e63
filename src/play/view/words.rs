//! Each front end's words for what the engine leaves to it: the key mode's keys and menus, the
//! line mode's commands. The views word the events with the front end's words.

use super::{Words, open_item};
use crate::play::events::OpenItem;

/// The words of the front end in use: the key mode's or the line mode's.
pub(crate) fn words(keys: bool) -> &'static dyn Words {
    if keys { &KeyWords } else { &LineWords }
}

/// The key front end's words.
pub(crate) struct KeyWords;

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

/// The line front end's words.
pub(crate) struct LineWords;

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
