//! On a real terminal (a pseudo-terminal), missing inputs and the die are asked with dialoguer.
#![cfg(unix)]

mod common;
use common::Env;
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
    s.send_line("999").unwrap();
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
    let mut s = session(
        &env,
        &[
            "roll",
            "sotu",
            "--set",
            "approval=7",
            "--set",
            "congress=6",
            "--set",
            "media=6",
            "--set",
            "prestige=6",
        ],
    );
    s.expect("Orator attribute?").unwrap();
    s.send("y").unwrap();
    s.expect("I rolled").unwrap();
    s.send_line("4").unwrap();
    s.expect("natural 4").unwrap();
    s.expect("total 2 → row 1-2").unwrap();
    s.expect(Eof).unwrap();
}
