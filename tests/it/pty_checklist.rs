//! The board's counts in key mode (issue 26): a count up to 9 is one key, one that may have two
//! digits ends with Enter; 0 makes no roll, the rolls it asks for are held open, and a roll past
//! them asks first.
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

/// A cold play-test: at Improve Strategic Capabilities (turn 1), the DARPA/RC counters' count
/// met (0), the chart stayed marked "(r)" and `1` rolled a third time with no question. Once
/// the count is met the chart is one rolled here already: neither marked nor rolled unasked.
#[test]
fn a_roll_past_a_count_met_is_asked_first() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = common::pty(
        &env,
        &[
            "play",
            "--goto",
            "strategic-capabilities",
            "--turn",
            "1",
            "--phase",
            "special",
        ],
        100,
    );
    s.expect("Is the US SoE 5 or more").unwrap();
    s.send("y").unwrap();
    s.expect("1 Improve Strategic Capabilities 0/2 (r)")
        .unwrap();
    s.send("1").unwrap();
    s.expect("The SecDef's Military Rating?").unwrap();
    s.send("2").unwrap();
    s.expect("I rolled").unwrap();
    s.send("3\r").unwrap();
    s.expect("1 Improve Strategic Capabilities 1/2 (r)")
        .unwrap();
    s.send("1").unwrap();
    s.expect("I rolled").unwrap();
    s.send("4\r").unwrap();
    s.expect("How many DARPA/Rapid Capabilities counters")
        .unwrap();
    s.send("0").unwrap();
    s.expect("no roll to make here").unwrap();
    s.expect("Roll: 1 Improve Strategic Capabilities\r")
        .unwrap();
    s.send("1").unwrap();
    s.expect("rolled here already (1-5): roll it again?")
        .unwrap();
    s.send("\r").unwrap();
    s.expect("Not rolled").unwrap();
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
    let log = env.json(&["log"]);
    assert_eq!(log["log"].as_array().unwrap().len(), 2, "{log}");
}
