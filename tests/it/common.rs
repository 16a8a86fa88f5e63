//! A test environment: the binary with its own config and data folders, no colour, no terminal.
#![allow(dead_code)]

use assert_cmd::Command;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

pub(crate) struct Env {
    pub(crate) home: tempfile::TempDir,
}

impl Env {
    pub(crate) fn new() -> Env {
        Env {
            home: tempfile::tempdir().expect("temp dir"),
        }
    }

    pub(crate) fn config(&self) -> PathBuf {
        self.home.path().join("config")
    }

    pub(crate) fn data(&self) -> PathBuf {
        self.home.path().join("data")
    }

    /// Write a file under the config folder.
    pub(crate) fn write_config(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.config().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }

    /// `flipbook ARGS` with this environment and an empty stdin.
    pub(crate) fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_flipbook"));
        c.args(args)
            .env("FLIPBOOK_HOME", self.home.path())
            .env("COLUMNS", "100")
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("TERM")
            .write_stdin("");
        c
    }

    /// Run and return (exit code, stdout, stderr).
    pub(crate) fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = self.cmd(args).output().expect("runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Run with `--json` and parse stdout, expecting success.
    pub(crate) fn json(&self, args: &[&str]) -> serde_json::Value {
        let mut a = vec!["--json"];
        a.extend_from_slice(args);
        let (code, out, err) = self.run(&a);
        assert_eq!(code, 0, "flipbook {args:?} failed: {err}");
        serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"))
    }
}

impl Env {
    /// Keep these `KEY=VALUE` answers in the current game's profile.
    pub(crate) fn keep(&self, answers: &[&str]) {
        let mut args = vec!["profile"];
        for a in answers {
            args.extend(["--set", a]);
        }
        let (code, _, err) = self.run(&args);
        assert_eq!(code, 0, "{err}");
    }

    /// `flipbook ARGS` fed `input` on stdin, without colour: (exit code, stdout, stderr).
    pub(crate) fn piped(&self, args: &[&str], input: &str) -> (i32, String, String) {
        let out = self
            .cmd(args)
            .env("NO_COLOR", "1")
            .write_stdin(input)
            .output()
            .expect("runs");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Bad input: one clear line on stderr with `says` in it, exit code 2, nothing on stdout.
    pub(crate) fn bad(&self, args: &[&str], says: &str) {
        let (code, out, err) = self.run(args);
        assert_eq!(code, 2, "flipbook {args:?}: {err}");
        assert!(out.is_empty(), "flipbook {args:?} printed: {out}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(
            err.contains(says),
            "flipbook {args:?}: expected '{says}' in: {err}"
        );
    }
}

/// The `field` of every object in the list `list` of a JSON answer.
pub(crate) fn strings<'a>(v: &'a serde_json::Value, list: &str, field: &str) -> Vec<&'a str> {
    v[list]
        .as_array()
        .unwrap_or_else(|| panic!("no list '{list}' in {v}"))
        .iter()
        .map(|x| x[field].as_str().unwrap())
        .collect()
}

/// The four ratings of State of the Union that sum to 25 (the column 24-27).
pub(crate) const SOTU_25: &[&str] = &[
    "--set",
    "approval=7",
    "--set",
    "congress=6",
    "--set",
    "media=6",
    "--set",
    "prestige=6",
];

pub(crate) fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `flipbook ARGS` in a pseudo-terminal of `cols` columns, with this environment and no colour.
#[cfg(unix)]
pub(crate) fn pty(env: &Env, args: &[&str], cols: u16) -> expectrl::session::OsSession {
    pty_sized(env, args, cols, 40)
}

/// [`pty`] of `cols` columns and `rows` rows.
#[cfg(unix)]
pub(crate) fn pty_sized(
    env: &Env,
    args: &[&str],
    cols: u16,
    rows: u16,
) -> expectrl::session::OsSession {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_flipbook"));
    cmd.args(args)
        .env("FLIPBOOK_HOME", env.home.path())
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS");
    let mut s = expectrl::Session::spawn(cmd).expect("spawn in a pty");
    s.get_process_mut()
        .set_window_size(cols, rows)
        .expect("window size");
    s.set_expect_timeout(Some(std::time::Duration::from_secs(10)));
    s
}

/// Run with a time limit: a hang fails the test instead of stalling it.
pub(crate) fn run_within(
    env: &Env,
    args: &[&str],
    input: &str,
    limit: Duration,
) -> (i32, String, String) {
    let mut child = Process::new(env!("CARGO_BIN_EXE_flipbook"))
        .args(args)
        .env("FLIPBOOK_HOME", env.home.path())
        .env("COLUMNS", "100")
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("flipbook {args:?} hung for {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The book in tests/fixtures/NAME, copied into the config folder as a book of the player's own.
pub(crate) fn fixture_book(env: &Env, name: &str) {
    for e in std::fs::read_dir(repo().join("tests/fixtures").join(name)).unwrap() {
        let path = e.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        env.write_config(&format!("books/{name}/{file}"), &text);
    }
}
