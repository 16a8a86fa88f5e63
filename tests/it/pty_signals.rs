//! Signals at every kind of prompt leave the terminal as it was found (its modes, the cursor)
//! and exit 128 + the signal: SIGINT 130, SIGTERM 143, SIGHUP 129; Ctrl-C typed at a prompt
//! read in raw mode exits 130 the same way. Each case runs flipbook under `sh` in a
//! pseudo-terminal, with `stty -g` printed before and after. Ctrl-Z typed (read as a key in raw
//! mode) and SIGTSTP sent from outside suspend `play` with the terminal as it was found, and
//! once continued its keys act again without Enter.
// Unix only: expectrl drives a pseudo-terminal (openpty), which Windows has not; the key mode
// on Windows is console's and dialoguer's, tested upstream on the Windows console.
#![cfg(unix)]

use crate::common;
use common::Env;
use expectrl::session::OsSession;
use expectrl::{Expect, Regex, Session};
use std::process::Command;
use std::time::Duration;

/// `flipbook ARGS` under `sh`, the terminal's modes printed before and its exit code and modes
/// after; the modes before, once printed.
fn under_sh(env: &Env, args: &[&str]) -> (OsSession, String) {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(r#"stty -g; "$0" "$@"; echo "rc=$?"; stty -g"#)
        .arg(env!("CARGO_BIN_EXE_flipbook"))
        .args(args)
        .env("FLIPBOOK_HOME", env.home.path())
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS");
    let mut s = Session::spawn(cmd).expect("spawn in a pty");
    s.get_process_mut()
        .set_window_size(100, 40)
        .expect("window size");
    s.set_expect_timeout(Some(Duration::from_secs(10)));
    let before = s.expect(Regex(MODES)).unwrap();
    let before = String::from_utf8_lossy(before.get(0).unwrap()).into_owned();
    (s, before)
}

/// The flipbook `sh` runs: the child of the session's process (`pgrep -P`: Linux and macOS).
fn flipbook_pid(s: &OsSession) -> String {
    let sh = s.get_process().pid().to_string();
    let out = Command::new("pgrep").args(["-P", &sh]).output().unwrap();
    let children = String::from_utf8_lossy(&out.stdout).into_owned();
    children.split_whitespace().next().unwrap().to_string()
}

/// The terminal's modes as `stty -g` prints them: hex fields joined by `:` on Linux
/// (`500:5:bf:…`), `name=hex` fields after `gfmt1` on macOS and the BSDs.
const MODES: &str = "[0-9a-z]+(?:[:=][0-9a-z]+)+";

/// Each kind of prompt: the command, the keys that reach it, the text it shows.
const PROMPTS: &[(&str, &[&str], &[&str], &str)] = &[
    ("play's keys", &["play"], &[], "Keys:"),
    ("play's menu", &["play"], &["m"], "What now?"),
    (
        "play's number prompt",
        &["play", "--goto", "state-of-the-union", "--turn", "1"],
        &["r", "\r"],
        "Public Approval value",
    ),
    (
        "a yes/no",
        &["play", "--restart"],
        &[],
        "Begin a new game at turn 1?",
    ),
    (
        "roll's prompt",
        &["roll", "sotu"],
        &[],
        "Public Approval value",
    ),
    (
        "transcribe's prompt",
        &["transcribe", "scandal"],
        &[],
        "Die ›",
    ),
];

fn at_each_prompt(how: &str, code: u32) {
    for (name, args, keys, shows) in PROMPTS {
        let env = Env::new();
        if args.contains(&"--restart") {
            // A game to restart from.
            env.cmd(&["play"]).write_stdin("quit\n").assert().success();
        }
        let (mut s, before) = under_sh(&env, args);
        if !keys.is_empty() {
            s.expect("Keys:")
                .unwrap_or_else(|e| panic!("{name}: Keys: {e}"));
            std::thread::sleep(Duration::from_millis(200));
            for k in *keys {
                s.send(k).unwrap();
                std::thread::sleep(Duration::from_millis(200));
            }
        }
        s.expect(*shows)
            .unwrap_or_else(|e| panic!("{name}: {shows}: {e}"));
        // The prompt is drawn: let it reach its read.
        std::thread::sleep(Duration::from_millis(300));
        if how == "Ctrl-C" {
            s.send("\u{3}").unwrap();
        } else {
            let pid = flipbook_pid(&s);
            assert!(
                Command::new("kill")
                    .args([format!("-{how}"), pid])
                    .status()
                    .unwrap()
                    .success()
            );
        }
        let after = s
            .expect(Regex(format!(r"rc=(\d+)\r?\n({MODES})")))
            .unwrap_or_else(|e| panic!("{how} at {name}: {e}"));
        let rc = String::from_utf8_lossy(after.get(1).unwrap()).into_owned();
        let modes = String::from_utf8_lossy(after.get(2).unwrap()).into_owned();
        assert_eq!(rc, code.to_string(), "{how} at {name}: the exit code");
        assert_eq!(modes, before, "{how} at {name}: the terminal's modes");
        let seen = String::from_utf8_lossy(after.before()).into_owned();
        assert!(
            seen.rfind("\u{1b}[?25l")
                .is_none_or(|hid| seen.rfind("\u{1b}[?25h").is_some_and(|shown| shown > hid)),
            "{how} at {name}: the cursor is left hidden"
        );
    }
}

#[test]
fn sigint_at_each_prompt() {
    at_each_prompt("INT", 130);
}

#[test]
fn sigterm_at_each_prompt() {
    at_each_prompt("TERM", 143);
}

#[test]
fn sighup_at_each_prompt() {
    at_each_prompt("HUP", 129);
}

#[test]
fn ctrl_c_typed_at_each_prompt() {
    at_each_prompt("Ctrl-C", 130);
}

/// The process's state as `ps` prints it (`T`: stopped).
fn state(pid: &str) -> String {
    let out = Command::new("ps")
        .args(["-o", "stat=", "-p", pid])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// The terminal's modes now, read from outside (`stty -g` on the process's terminal).
fn modes_of(pid: &str) -> String {
    let out = Command::new("ps")
        .args(["-o", "tty=", "-p", pid])
        .output()
        .unwrap();
    let tty = format!("/dev/{}", String::from_utf8_lossy(&out.stdout).trim());
    let out = Command::new("stty")
        .arg("-g")
        .stdin(std::fs::File::open(&tty).unwrap())
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Waits up to 5 s for the process's state to start with `T` (stopped) or not (`stopped`).
fn wait_stopped(pid: &str, stopped: bool) -> String {
    for _ in 0..50 {
        let st = state(pid);
        if st.starts_with('T') == stopped {
            return st;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    state(pid)
}

/// `play` at its keys, suspended by `how` (Ctrl-Z typed, or SIGTSTP sent): stopped with the
/// terminal as it was found; continued, a single key acts without Enter, a roll is made and
/// logged once, and the game ends as it began.
fn suspend_and_resume(how: &str) {
    let env = Env::new();
    let (mut s, before) = under_sh(
        &env,
        &[
            "play",
            "--goto",
            "core-support",
            "--turn",
            "1",
            "--phase",
            "2",
        ],
    );
    s.expect("Keys:").unwrap();
    // The keys' read is reached (the status is drawn first).
    std::thread::sleep(Duration::from_millis(600));
    let pid = flipbook_pid(&s);
    if how == "Ctrl-Z" {
        s.send("\u{1a}").unwrap();
    } else {
        assert!(
            Command::new("kill")
                .args(["-TSTP", &pid])
                .status()
                .unwrap()
                .success()
        );
    }
    let st = wait_stopped(&pid, true);
    assert!(st.starts_with('T'), "{how}: the process is stopped ({st})");
    assert_eq!(
        modes_of(&pid),
        before,
        "{how}: the terminal's modes while stopped"
    );
    assert!(
        Command::new("kill")
            .args(["-CONT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let st = wait_stopped(&pid, false);
    assert!(!st.starts_with('T'), "{how}: the process goes on ({st})");
    // Continued, the status and the keys are drawn again (issue 26): the prompt is in sight.
    s.expect("Keys:")
        .unwrap_or_else(|e| panic!("{how}: the keys drawn again after the resume: {e}"));
    std::thread::sleep(Duration::from_millis(300));
    // One key, no Enter: the keys are read in raw mode again.
    s.send("r").unwrap();
    s.expect("Current Public Approval (%)?")
        .unwrap_or_else(|e| panic!("{how}: r after the resume: {e}"));
    s.send("45\r").unwrap();
    s.expect("Core Support number").unwrap();
    s.send("3\r").unwrap();
    s.expect("Core Support · table").unwrap();
    s.expect("Keys:").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    s.send("q").unwrap();
    let after = s
        .expect(Regex(format!(r"rc=(\d+)\r?\n({MODES})")))
        .unwrap_or_else(|e| panic!("{how}: {e}"));
    let rc = String::from_utf8_lossy(after.get(1).unwrap()).into_owned();
    let modes = String::from_utf8_lossy(after.get(2).unwrap()).into_owned();
    assert_eq!(rc, "0", "{how}: the exit code");
    assert_eq!(modes, before, "{how}: the terminal's modes at the end");
    // The log holds the one roll made, and nothing of the suspend.
    let (code, log, _) = env.run(&["log"]);
    assert_eq!(code, 0);
    assert_eq!(
        log.matches("Core Support, total").count(),
        1,
        "{how}: the log:\n{log}"
    );
}

#[test]
fn ctrl_z_typed_at_play_suspends_and_fg_resumes_in_raw_mode() {
    suspend_and_resume("Ctrl-Z");
}

#[test]
fn sigtstp_sent_at_play_suspends_with_the_terminal_restored() {
    suspend_and_resume("TSTP");
}
