//! The board's counts in key mode (issue 26): a count up to 9 is one key, one that may have two
//! digits ends with Enter; 0 makes no roll, and the rolls it asks for are held open.
#![cfg(unix)]

use crate::common;
use common::Env;
use expectrl::{Eof, Expect};

/// `play` at turn 1's War Progress (Phase 2), whose two steps are each a count of the board's.
fn at_war_progress(env: &Env) -> expectrl::session::OsSession {
    common::pty(
        env,
        &[
            "play",
            "--goto",
            "war-progress",
            "--turn",
            "1",
            "--phase",
            "2",
        ],
        100,
    )
}

#[test]
fn a_count_is_typed_and_holds_as_many_rolls() {
    let env = Env::new();
    let mut s = at_war_progress(&env);
    // No War: 0; then two Civil War counters: 2. A count that may have two digits (0 to 20)
    // ends with Enter, as every such number does.
    s.expect("How many Wars are going on? (0 to 20)").unwrap();
    s.send("0\r").unwrap();
    s.expect("no roll to make here").unwrap();
    s.expect("How many Civil War and CW Ceasefire counters are on the board? (0 to 20)")
        .unwrap();
    s.send("2\r").unwrap();
    s.expect("that step is 2 rolls").unwrap();
    s.expect("Keys:").unwrap();
    s.send("n").unwrap();
    s.expect("Leave with 1 still open?").unwrap();
    s.send("y").unwrap();
    s.expect("Any 4 Diplomatic").unwrap();
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
}

/// Issue 26 (a cold play-test): the count "(0-20)" was a menu that took the 1 of 12 at once, and
/// the 2 rolled a chart. It is typed and ends with Enter: 12 is twelve rolls.
#[test]
fn a_count_of_two_digits_is_typed_whole() {
    let env = Env::new();
    let mut s = at_war_progress(&env);
    s.expect("How many Wars are going on? (0 to 20)").unwrap();
    s.send("12\r").unwrap();
    s.expect("that step is 12 rolls").unwrap();
    s.expect("Keys:").unwrap();
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
}
