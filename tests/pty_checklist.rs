//! The board's counts in key mode (issue 26): a count is one key, 0 makes no roll, and the rolls
//! it asks for are held open.
#![cfg(unix)]

mod common;
use common::Env;
use expectrl::{Eof, Expect};

#[test]
fn a_count_is_one_key_and_holds_as_many_rolls() {
    let env = Env::new();
    let mut s = common::pty(
        &env,
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
    );
    // No War: 0, one key; then two Civil War counters: 2, one key.
    s.expect("How many Wars are going on? (0-20").unwrap();
    s.send("0").unwrap();
    s.expect("no roll to make here").unwrap();
    s.expect("How many Civil War and CW Ceasefire counters are on the board? (0-20")
        .unwrap();
    s.send("2").unwrap();
    s.expect("that step is 2 rolls").unwrap();
    s.expect("Keys:").unwrap();
    s.send("n").unwrap();
    s.expect("Leave with 1 still open?").unwrap();
    s.send("y").unwrap();
    s.expect("Any 4 Diplomatic").unwrap();
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
}
