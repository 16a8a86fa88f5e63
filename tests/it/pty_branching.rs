//! Turns that branch on the board, with keys and menus in a pseudo-terminal: the segment's
//! question is a yes/no menu when the walk reaches it, `u` takes the answer back and asks again,
//! a no leaves the segment, and a step's yes ends the game (at 120, 80 and 60 columns).
// Unix only: expectrl drives a pseudo-terminal (openpty), which Windows has not; the key mode
// on Windows is console's and dialoguer's, tested upstream on the Windows console.
#![cfg(unix)]

use crate::common;
use common::Env;
use expectrl::{Eof, Expect};

/// The book of tests/fixtures/branch as a book of the player's own.
fn env() -> Env {
    let env = Env::new();
    common::fixture_book(&env, "branch");
    env
}

#[test]
fn the_board_question_is_y_or_n_undone_by_u_and_a_yes_ends_the_game() {
    for cols in [120, 80, 60] {
        let env = env();
        let mut s = common::pty(&env, &["--book", "branch", "play"], cols);
        s.expect("Action Round").unwrap();
        s.send("n").unwrap();
        s.expect("Does a player hold the lead in space?").unwrap();
        // What the board shows is y or n: Enter offers no answer.
        s.send("\r").unwrap();
        s.send("y").unwrap();
        s.expect("Extra Action Round: played this turn.").unwrap();
        // u takes the answer back: the question is asked again, and a no leaves the segment.
        s.send("u").unwrap();
        s.expect("Undone: the last answer").unwrap();
        s.expect("Does a player hold the lead in space?").unwrap();
        s.send("n").unwrap();
        s.expect("Extra Action Round: not played this turn.")
            .unwrap();
        s.expect("Turn 1 · Main Phase · Scoring").unwrap();
        // The step under the same key is hidden; the next question is the step's own.
        s.expect("Is the China Card face down?").unwrap();
        s.send("n").unwrap();
        s.expect("Then that step is not played this turn.").unwrap();
        s.expect("Does a player have 20 VP?").unwrap();
        s.send("y").unwrap();
        s.expect("The game is over: 20 VP: an automatic victory")
            .unwrap();
        s.expect("What now?").unwrap();
        // Quit is the menu's default; the first Enter after y is y's own.
        s.send("\r\r").unwrap();
        s.expect(Eof).unwrap();
        let mark = std::fs::read_to_string(env.data().join("branch/bookmark.json")).unwrap();
        assert!(mark.contains("\"extra_round\""), "{mark}");
        assert!(mark.contains("20 VP: an automatic victory"), "{mark}");
    }
}
