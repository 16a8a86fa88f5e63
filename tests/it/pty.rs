//! On a real terminal (a pseudo-terminal), missing inputs and the die are asked with dialoguer.
// Unix only: expectrl drives a pseudo-terminal (openpty), which Windows has not; the key mode
// on Windows is console's and dialoguer's, tested upstream on the Windows console.
#![cfg(unix)]

use crate::common;
use common::{Env, SOTU_25};
use expectrl::session::OsSession;
use expectrl::{Eof, Expect, Session};
use std::process::Command;
use std::time::Duration;

fn session(env: &Env, args: &[&str]) -> OsSession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_flipbook"));
    cmd.args(args)
        .env("FLIPBOOK_HOME", env.home.path())
        .env("TERM", "xterm")
        .env("NO_COLOR", "1");
    let mut s = Session::spawn(cmd).expect("spawn in a pty");
    s.set_expect_timeout(Some(Duration::from_secs(10)));
    s
}

#[test]
fn a_number_is_asked_and_checked_on_a_terminal() {
    let env = Env::new();
    let mut s = session(&env, &["roll", "legacy"]);
    s.expect("Final Legacy Point total?").unwrap();
    // 201 is refused ("20" could still grow into 200, so it waits for a digit or Enter).
    s.send_line("201").unwrap();
    s.expect("must be -200 to 200").unwrap();
    // Clear the refused answer and give a good one.
    s.send("\u{8}\u{8}\u{8}").unwrap();
    s.send_line("41").unwrap();
    s.expect("Thomas Jefferson").unwrap();
    s.expect(Eof).unwrap();
}

#[test]
fn yes_no_and_the_die_are_asked_when_rolling_by_hand() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let args: Vec<&str> = ["roll", "sotu"].iter().chain(SOTU_25).copied().collect();
    let mut s = session(&env, &args);
    s.expect("Orator attribute?").unwrap();
    s.send("y").unwrap();
    s.expect("I rolled … (d10 for State of the Union; empty: roll for me)")
        .unwrap();
    s.send_line("4").unwrap();
    s.expect("natural 4").unwrap();
    s.expect("total 2 → row 1-2").unwrap();
    s.expect(Eof).unwrap();
}

#[test]
fn plain_dice_by_hand_are_asked_for_by_their_name_alone() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = session(&env, &["roll", "d10"]);
    s.expect("I rolled … (d10; empty: roll for me)").unwrap();
    s.send_line("7").unwrap();
    s.expect("natural 7").unwrap();
    s.expect(Eof).unwrap();
}

#[test]
fn a_d10s_0_typed_is_said_as_its_10() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = session(&env, &["roll", "d10"]);
    s.expect("I rolled … (d10; empty: roll for me)").unwrap();
    // One key: the 0 of a d10 is its 10, and the answer drawn says so (a cold player read "· 0").
    s.send("0").unwrap();
    let answered = s.expect("natural 10").unwrap();
    let said = String::from_utf8_lossy(answered.before()).to_string();
    assert!(said.contains("· 10"), "{said}");
    assert!(!said.contains("· 0"), "{said}");
    s.expect(Eof).unwrap();
}

#[test]
fn play_is_walked_with_keys_and_menus() {
    let env = Env::new();
    let mut s = session(&env, &["play"]);
    s.expect("Turn 1 · US Special Activations · Begin Turn")
        .unwrap();
    s.expect("n/Enter/→ next").unwrap();
    s.expect("R re-roll (1 AP)").unwrap();
    // Begin Turn's APs and FNI counters are not rolled: leaving asks first.
    s.send("n").unwrap();
    s.expect("Leave with 2 still open?").unwrap();
    s.send("y").unwrap();
    s.expect("Improve Strategic Capabilities").unwrap();
    // A second roll at SoE 5+? n: no (an Enter here would be y's own, just before).
    s.expect("Is the US SoE 5 or more").unwrap();
    s.send("n").unwrap();
    s.send("n").unwrap();
    // The DARPA/RC count is held open too.
    s.expect("Leave with 2 still open?").unwrap();
    s.send("y").unwrap();
    s.expect("Set POTUS/Cabinet Focus").unwrap();
    s.send("n").unwrap();
    s.expect("1 Action for POTUS & Each Cabinet Member")
        .unwrap();
    // r: the chart the Roll line marks "(r)", at once (the rules want it now).
    s.send("r").unwrap();
    s.expect("Look up").unwrap();
    s.expect("re-roll this once").unwrap();
    // m: the menu of commands; down once is Roll, as `r` (the chart marked "(r)" at once).
    s.send("m").unwrap();
    s.expect("What now?").unwrap();
    s.send("\u{1b}[B").unwrap();
    s.send("\r").unwrap();
    s.expect("Look up").unwrap();
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
    let v = env.json(&["where"]);
    assert_eq!(v["segment"], "cabinet-actions");
}

#[test]
fn play_asks_for_chits_with_a_menu_and_a_yes_no() {
    let env = Env::new();
    let mut s = session(
        &env,
        &[
            "play",
            "--goto",
            "draw-chits",
            "--turn",
            "2",
            "--phase",
            "1",
        ],
    );
    s.expect("Crisis chit 1 of at most 3: which did you draw?")
        .unwrap();
    // Each chit is listed as drawn without its (+) and with it: Down three times is Domestic
    // Crisis (+), after Crisis Cards, Crisis Cards (+) and Domestic Crisis.
    s.expect("Crisis Cards (+)").unwrap();
    s.send("\u{1b}[B\u{1b}[B\u{1b}[B").unwrap();
    s.send("\r").unwrap();
    s.expect("Domestic Crisis: Roll a d10").unwrap();
    s.expect("(+): draw another chit once this one is rolled.")
        .unwrap();
    // The chit's chart, the segment's only one, is rolled on `r`; then the next chit is asked,
    // no (+) question between.
    s.send("r").unwrap();
    s.expect("Look up").unwrap();
    s.expect("Crisis chit 2 of at most 3: which did you draw?")
        .unwrap();
    // Each chit on its key, shown beside it: d is Domestic Crisis without its (+), which ends
    // the draw (D would be with it); the Enter after it is its own.
    s.send("d").unwrap();
    s.send("\r").unwrap();
    s.expect("No (+): the draw is over.").unwrap();
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
}
