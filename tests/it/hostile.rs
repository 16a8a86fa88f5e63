//! Hostile input, hostile files, two at once: the attacks of issue 11 kept as tests. Nothing
//! hangs, nothing escapes our folders, nothing is lost, no message carries a raw control
//! character. `FUZZ_RUNS=N cargo test --test hostile` runs the command-line fuzzer longer.

use crate::common;
use common::{Env, run_within};
use std::fmt::Write as _;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a command may run before it counts as hung: a guard against a hang, not a timing
/// (far above what the slowest of these takes on a loaded machine, in a debug build, beside the
/// other tests of the one binary).
const HANG: Duration = Duration::from_secs(300);

fn run(env: &Env, args: &[&str]) -> (i32, String, String) {
    run_within(env, args, "", HANG)
}

const BOOK: &str = "id: evil\ntitle: Evil\ngame: Evil\nsource: a test\n";
const CHART: &str = "id: c\ntitle: C\nprinted: p\ndie: d6\nrows:\n  - {row: \"1-6\", result: x}\n";

#[test]
fn a_book_cannot_name_a_folder_outside_ours() {
    let env = Env::new();
    env.write_config(
        "books/evil/book.yaml",
        &BOOK.replace("id: evil", "id: ../../escape"),
    );
    env.write_config("books/evil/c.yaml", CHART);
    let (code, _, err) = run(&env, &["--book", "evil", "play"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("is not a plain name"), "{err}");
    let (code, _, err) = run(&env, &["--book", "../../escape", "play"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--book takes a book's id"), "{err}");
    assert!(!env.home.path().join("escape").exists());
    assert!(!env.home.path().parent().unwrap().join("escape").exists());
    // A book of the player's that claims an embedded book's id does not take its game over.
    env.write_config(
        "books/mine/book.yaml",
        &BOOK.replace("id: evil", "id: mr-president"),
    );
    env.write_config("books/mine/c.yaml", CHART);
    let (code, _, err) = run(&env, &["--book", "mine", "charts"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("differs from its folder 'mine'"), "{err}");
    let (code, _, err) = run(
        &env,
        &["check", env.config().join("books/mine").to_str().unwrap()],
    );
    assert_eq!(code, 1, "{err}");
}

#[test]
fn control_characters_and_newlines_are_escaped_in_one_line() {
    let env = Env::new();
    for arg in ["\u{1b}]0;pwned\u{7}\u{1b}[2J", "two\nlines\rhere"] {
        for args in [
            vec!["roll", arg],
            vec!["chart", arg],
            vec!["roll", "sotu", "--set", arg],
            vec![arg],
        ] {
            let (code, out, err) = run(&env, &args);
            assert_eq!(code, 2, "{args:?}: {err}");
            assert!(out.is_empty());
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err:?}");
            assert!(
                !err.chars().any(|c| c.is_control() && c != '\n'),
                "{args:?}: {err:?}"
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn fifos_devices_and_huge_files_are_refused_not_read() {
    let env = Env::new();
    let data = env.data().join("mr-president");
    std::fs::create_dir_all(&data).unwrap();
    let fifo = data.join("bookmark.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    assert!(
        Command::new("mkfifo")
            .arg(data.join("log.jsonl"))
            .status()
            .unwrap()
            .success()
    );
    for args in [
        ["where"].as_slice(),
        ["play"].as_slice(),
        ["log"].as_slice(),
    ] {
        let (code, _, err) = run_within(&env, args, "quit\n", HANG);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("not a regular file"), "{err}");
    }
    let books = env.config().join("books/mr-president");
    std::fs::create_dir_all(&books).unwrap();
    std::os::unix::fs::symlink("/dev/zero", books.join("zero.yaml")).unwrap();
    let (code, _, err) = run_within(&env, &["charts"], "", HANG);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("zero.yaml") && err.contains("not a regular file"),
        "{err}"
    );
    std::fs::remove_file(books.join("zero.yaml")).unwrap();
    // A chart file that is a FIFO is not opened at all: nothing blocks.
    assert!(
        Command::new("mkfifo")
            .arg(books.join("pipe.yaml"))
            .status()
            .unwrap()
            .success()
    );
    let (code, _, err) = run_within(&env, &["charts"], "", HANG);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("pipe.yaml") && err.contains("not a regular file"),
        "{err}"
    );
    std::fs::remove_file(books.join("pipe.yaml")).unwrap();
    let big = env.write_config("books/mr-president/big.yaml", &"# x\n".repeat(400_000));
    let (code, _, err) = run(&env, &["charts"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(&big.display().to_string()), "{err}");
}

#[test]
fn follow_ups_that_never_end_are_refused_at_load() {
    let env = Env::new();
    let times = format!(
        "{CHART}---\nid: d\ntitle: D\nprinted: p\ndie: d6\nrows:\n  - {{row: \"1-6\", result: y, then: [{{chart: c, times: 4294967295}}]}}\n"
    );
    let p = env.write_config("books/mr-president/times.yaml", &times);
    let (code, _, err) = run(&env, &["check", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("times from 1 to 20"), "{err}");
    std::fs::remove_file(&p).unwrap();
    // Two charts that roll each other: a circle, found by check and at load.
    let circle = "id: a1\ntitle: A\nprinted: p\ndie: d6\nrows:\n  - {row: \"1-6\", result: x, then: [{chart: b1}]}\n---\nid: b1\ntitle: B\nprinted: p\ndie: d6\nrows:\n  - {row: \"1-6\", result: y, then: [{chart: a1}]}\n";
    let p = env.write_config("books/mr-president/circle.yaml", circle);
    let (code, _, err) = run(&env, &["check", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("go round in a circle: a1 → b1 → a1"), "{err}");
    let (code, _, err) = run(&env, &["roll", "a1"]);
    assert_eq!(code, 1, "{err}");
}

#[test]
fn a_fan_of_follow_ups_past_the_roll_budget_is_refused_before_any_roll() {
    let env = Env::new();
    // Each of four charts rolls the next twenty times: 8,421 rolls, past the budget: the book is
    // refused when it is read (as `check` refuses it), not when a roll runs out.
    let mut text = String::new();
    for (i, id) in ["f1", "f2", "f3", "f4"].iter().enumerate() {
        let then = match ["f2", "f3", "f4"].get(i) {
            Some(next) => format!(", then: [{{chart: {next}, times: 20}}]"),
            None => String::new(),
        };
        let _ = write!(
            text,
            "---\nid: {id}\ntitle: F\nprinted: p\ndie: d6\nrows:\n  - {{row: \"1-6\", result: x{then}}}\n"
        );
    }
    env.write_config("books/mr-president/fan.yaml", &text);
    let (code, _, err) = run_within(&env, &["roll", "f1"], "", HANG);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("fan.yaml")
            && err.contains("may call 8421 rolls")
            && err.contains("at most 500"),
        "{err}"
    );
}

#[test]
fn a_huge_value_in_a_chart_is_cut_short_in_the_error() {
    let env = Env::new();
    let long = "x".repeat(200_000);
    env.write_config(
        "books/mr-president/long.yaml",
        &CHART.replace("die: d6", &format!("die: {long}")),
    );
    let (code, _, err) = run(&env, &["charts"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.len() < 2_000, "{} bytes of error", err.len());
}

#[test]
fn numbers_beyond_any_die_are_bad_input() {
    let env = Env::new();
    let (code, _, err) = run(
        &env,
        &["roll", "d6", "--roll", "1", "--drm", "9223372036854775807"],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("-1000..=1000"), "{err}");
    // A chart whose bounds could overflow a total is refused.
    let wide = "id: w\ntitle: W\nprinted: p\ndie: none\ninputs:\n  - {key: a, ask: A?, type: number, min: 0, max: 9223372036854775807}\ndrms:\n  - {label: A, value: 1, per: a}\nrows:\n  - {row: \"any\", result: x}\n";
    let p = env.write_config("books/mr-president/wide.yaml", wide);
    let (code, _, err) = run(&env, &["check", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("within ±1000000"), "{err}");
}

#[test]
fn odds_of_many_dice_add_up() {
    let env = Env::new();
    let many = "id: m\ntitle: M\nprinted: p\ndie: 10d100\nrows:\n  - {row: \"505 or less\", result: low}\n  - {row: \"506+\", result: high}\n";
    env.write_config("books/mr-president/many.yaml", many);
    let v = env.json(&["chart", "m"]);
    let rows = v["columns"][0]["rows"].as_array().unwrap();
    let odds: f64 = rows.iter().map(|r| r["odds"].as_f64().unwrap()).sum();
    assert!((odds - 100.0).abs() < 1e-6, "{odds}");
    assert_eq!(rows[0]["out_of"].as_f64(), Some(1e20));
}

#[test]
fn an_extra_drm_stays_on_the_roll_it_was_given_for() {
    let env = Env::new();
    let v = env.json(&[
        "roll",
        "focus",
        "--set",
        "range=1-4",
        "--set",
        "focus=cabinet",
        "--roll",
        "2",
        "--roll",
        "3",
        "--drm",
        "1",
    ]);
    assert_eq!(v["modifiers"][0]["source"], "extra");
    let follow = &v["then"][0];
    assert_eq!(follow["chart"], "effectiveness");
    assert!(
        follow["modifiers"].as_array().unwrap().is_empty(),
        "{follow}"
    );
}

#[cfg(unix)]
#[test]
fn a_closed_stderr_is_not_a_panic() {
    let env = Env::new();
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{}' roll nope 2>&-",
            env!("CARGO_BIN_EXE_flipbook")
        ))
        .env("FLIPBOOK_HOME", env.home.path())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
}

/// Nesting without end is refused by depth, never a stack overflow: YAML in a player's chart,
/// JSON in a bookmark.
#[test]
fn nesting_without_end_is_an_error_not_an_overflow() {
    let env = Env::new();
    let deep = format!("{}{}", "[".repeat(2000), "]".repeat(2000));
    let chart = env.write_config(
        "books/mr-president/deep.yaml",
        &format!("id: deep\ntitle: Deep\nprinted: p\ndie: d6\nrows: {deep}\n"),
    );
    let (code, _, err) = run(&env, &["roll", "deep"]);
    assert!(matches!(code, 1 | 2), "{code}: {err}");
    assert!(err.contains("deep.yaml"), "{err}");
    std::fs::remove_file(chart).unwrap();
    env.piped(&["play"], "quit\n");
    std::fs::write(env.data().join("mr-president/bookmark.json"), &deep).unwrap();
    let (code, _, err) = run(&env, &["where"]);
    assert!(matches!(code, 1 | 2), "{code}: {err}");
    assert!(err.contains("bookmark.json"), "{err}");
}

/// Std's entry opens a closed standard stream on /dev/null: else the game's lock, held open
/// while `play` runs, would be file 1 and take its output.
#[cfg(unix)]
#[test]
fn closed_standard_streams_never_become_our_files() {
    let env = Env::new();
    env.piped(&["play"], "quit\n");
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "printf 'next\\nquit\\n' | '{}' play >&- 2>&-",
            env!("CARGO_BIN_EXE_flipbook")
        ))
        .env("FLIPBOOK_HOME", env.home.path())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let game = env.data().join("mr-president");
    for file in std::fs::read_dir(&game).unwrap() {
        let path = file.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(!text.contains("Turn 1"), "{}: {text}", path.display());
    }
    let (code, out, err) = env.run(&["where"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Turn 1"), "{out}");
}

#[test]
fn a_second_play_is_told_the_game_is_open_and_reading_still_works() {
    let env = Env::new();
    let mut first = Command::new(env!("CARGO_BIN_EXE_flipbook"))
        .arg("play")
        .env("FLIPBOOK_HOME", env.home.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    // The first play holds the game while it waits for its input.
    let lock = env.data().join("mr-president/.lock");
    let start = Instant::now();
    while !lock.exists() && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    let (code, _, err) = run_within(&env, &["play"], "next\n", HANG);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("open in another `flipbook play`"), "{err}");
    assert!(err.contains(".lock"), "{err}");
    let (code, _, err) = run(&env, &["where"]);
    assert_eq!(code, 0, "{err}");
    let mut stdin = first.stdin.take().unwrap();
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    assert!(first.wait().unwrap().success());
    // Once it is closed, the game opens again.
    let (code, _, err) = run_within(&env, &["play"], "quit\n", HANG);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn stale_temporary_files_are_cleaned_and_a_torn_log_loses_one_line() {
    let env = Env::new();
    let (code, _, err) = run_within(
        &env,
        &[
            "play",
            "--goto",
            "russia-or-china",
            "--turn",
            "1",
            "--phase",
            "1",
        ],
        "roll\n",
        HANG,
    );
    assert_eq!(code, 0, "{err}");
    let dir = env.data().join("mr-president");
    std::fs::write(dir.join(".bookmark.json.4242.tmp"), "half").unwrap();
    // A line cut inside a character, as a crash can leave it.
    let mut log = std::fs::read(dir.join("log.jsonl")).unwrap();
    log.extend_from_slice("{\"turn\": 1, \"phase\": \"1\", \"segment\": \"é".as_bytes());
    log.pop();
    std::fs::write(dir.join("log.jsonl"), &log).unwrap();
    let (code, _, err) = run_within(&env, &["play"], "roll russia-or-china\nquit\n", HANG);
    assert_eq!(code, 0, "{err}");
    assert!(!dir.join(".bookmark.json.4242.tmp").exists());
    let (code, out, err) = run(&env, &["--json", "log"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 line of the log could not be read"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["log"].as_array().unwrap().len(), 2, "{v}");
}

#[test]
fn a_bookmark_that_is_not_text_says_how_to_go_on() {
    let env = Env::new();
    let dir = env.data().join("mr-president");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("bookmark.json"), [0xff, 0xfe, 0x00, 0x7b]).unwrap();
    let (code, _, err) = run(&env, &["where"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("cannot be read") && err.contains("--restart") && err.contains("--goto"),
        "{err}"
    );
    let (code, _, err) = run_within(
        &env,
        &["play", "--goto", "fni", "--turn", "1"],
        "quit\n",
        HANG,
    );
    assert_eq!(code, 0, "{err}");
}

/// A small random generator with a fixed seed: the same command lines on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn pick<'a>(&mut self, list: &[&'a str]) -> &'a str {
        list[(self.next() % list.len() as u64) as usize]
    }
}

/// The commands the fuzzed lines start with, one unknown among them.
const FUZZ_COMMANDS: &[&str] = &[
    "roll",
    "chart",
    "charts",
    "books",
    "search",
    "order",
    "check",
    "where",
    "log",
    "track",
    "games",
    "profile",
    "play",
    "completions",
    "nope",
];

/// The words the fuzzed lines are made of: ids, flags, values in and out of range, control characters.
const FUZZ_WORDS: &[&str] = &[
    "sotu",
    "d10",
    "2d6",
    "d1000",
    "legacy",
    "fni",
    "focus",
    "--set",
    "approval=7",
    "points=33",
    "orator=maybe",
    "x=",
    "=",
    "--roll",
    "0",
    "5",
    "11",
    "-1",
    "--drm",
    "1",
    "9223372036854775807",
    "-9223372036854775808",
    "--json",
    "--book",
    "ti4",
    "awaw",
    "../x",
    "--seed",
    "42",
    "--new-player",
    "--no-new-player",
    "--player",
    "A=1",
    "--turn",
    "9",
    "--goto",
    "fni",
    "--phase",
    "3",
    "initiative",
    "\u{1b}[2J",
    "\u{7}",
    "a\nb",
    "\r",
    "é",
    "",
    " ",
    "--color",
    "always",
    "bash",
    "--markdown",
    "--game",
    "2",
    "--clear",
    "orator",
    "--list",
];

#[test]
fn fuzzed_command_lines_never_panic_hang_or_spill_control_characters() {
    let runs: usize = std::env::var("FUZZ_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2000);
    let env = Env::new();
    let long = "y".repeat(5000);
    let mut rng = Rng(0x5EED_F11B_B00C);
    let mut panics = Vec::new();
    for _ in 0..runs {
        let mut args: Vec<&str> = vec![rng.pick(FUZZ_COMMANDS)];
        for _ in 0..(rng.next() % 6) {
            args.push(if rng.next().is_multiple_of(50) {
                long.as_str()
            } else {
                rng.pick(FUZZ_WORDS)
            });
        }
        let (code, _, err) = run_within(&env, &args, "", HANG);
        if !matches!(code, 0..=2) {
            panics.push(format!("{args:?} → {code}: {err}"));
        }
        assert!(
            !err.chars().any(|c| c.is_control() && c != '\n'),
            "{args:?}: {err:?}"
        );
        if code == 2 {
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        }
    }
    assert!(panics.is_empty(), "{}", panics.join("\n"));
}

#[test]
fn a_chart_file_not_in_utf8_is_named_and_a_bom_is_accepted() {
    let env = Env::new();
    let utf16: Vec<u8> = CHART.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let p = env.config().join("books/mr-president/wide.yaml");
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, [&[0xff, 0xfe][..], &utf16].concat()).unwrap();
    let (code, _, err) = run(&env, &["charts"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&p.display().to_string()) && err.contains("not UTF-8"),
        "{err}"
    );
    std::fs::write(&p, format!("\u{feff}{CHART}")).unwrap();
    let (code, _, err) = run(&env, &["roll", "c", "--roll", "3"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_book_too_big_to_read_quickly_is_refused_whole() {
    let env = Env::new();
    let rows = (1..20_000).fold(String::new(), |mut rows, i| {
        let _ = writeln!(rows, "  - {{row: \"{i}\", result: r{i}}}");
        rows
    });
    for id in ["big1", "big2", "big3"] {
        env.write_config(
            &format!("books/mr-president/{id}.yaml"),
            &format!("id: {id}\ntitle: B\nprinted: p\ndie: d100\nrows:\n{rows}"),
        );
    }
    let (code, _, err) = run(&env, &["charts"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("more than a book may"), "{err}");
}

/// `[` and `{` nested without end: the YAML parser's time grows with the square of the depth
/// (100,000 levels took it minutes), so no file of the player's reaches it nested deeper than
/// 128: a chart, `book.yaml`, `sequence.yaml`, `settings.yaml` are refused at once, by line.
#[test]
fn flow_nesting_without_end_is_refused_before_the_parser() {
    let deep = format!("{}{}", "{a: ".repeat(100_000), "}".repeat(100_000));
    let cases = [
        (
            "books/mr-president/deep.yaml",
            format!("id: deep\ntitle: D\nprinted: p\ndie: d6\nrows: {deep}\n"),
            vec!["roll", "deep"],
        ),
        (
            "books/mine/book.yaml",
            format!("id: mine\ntitle: {deep}\n"),
            vec!["--book", "mine", "charts"],
        ),
        (
            "books/seq/sequence.yaml",
            format!("title: S\nphases: {deep}\n"),
            vec!["--book", "seq", "play"],
        ),
        (
            "settings.yaml",
            format!("dice: {deep}\n"),
            vec!["roll", "d6"],
        ),
    ];
    for (file, text, args) in cases {
        let env = Env::new();
        env.write_config(file, &text);
        if file.starts_with("books/seq") {
            env.write_config(
                "books/seq/book.yaml",
                "id: seq\ntitle: S\ngame: S\nsource: a test\n",
            );
            env.write_config("books/seq/c.yaml", CHART);
        }
        if file.starts_with("books/mine") {
            env.write_config("books/mine/c.yaml", CHART);
        }
        let (code, _, err) = run(&env, &args);
        assert!(matches!(code, 1 | 2), "{file}: {code}: {err}");
        assert!(err.contains("nest deeper than 128"), "{file}: {err}");
        let name = file.rsplit('/').next().unwrap();
        assert!(err.contains(name), "{file}: {err}");
    }
}

#[test]
fn a_book_of_15500_charts_each_rolling_the_next_is_refused_in_one_line_not_a_crash() {
    let env = Env::new();
    let n = 15_500;
    for file in 0..16 {
        let mut text = String::new();
        for i in (file * 1000..(file + 1) * 1000).filter(|i| *i < n) {
            let then = if i + 1 < n {
                format!(", then: [{{chart: c{}}}]", i + 1)
            } else {
                String::new()
            };
            let _ = write!(
                text,
                "---\nid: c{i}\ntitle: C\nprinted: p\ndie: d6\nrows:\n  - {{row: \"1-6\", result: x{then}}}\n"
            );
        }
        env.write_config(&format!("books/mr-president/chain{file}.yaml"), &text);
    }
    for args in [
        &["roll", "d6"][..],
        &["where"],
        &["log"],
        &["report"],
        &["play"],
        &["roll", "c0"],
    ] {
        let (code, _, err) = run_within(&env, args, "quit\n", HANG);
        assert!(
            !err.contains("panicked") && !err.contains("overflow") && [0, 1, 2].contains(&code),
            "{args:?}: exit {code}: {}",
            &err[..err.len().min(500)]
        );
    }
    let folder = env.config().join("books/mr-president");
    let (code, _, err) = run(&env, &["check", folder.to_str().unwrap()]);
    assert_eq!(code, 1, "{}", &err[..err.len().min(500)]);
    assert!(
        err.contains("chain 15499 charts deep below 'c0'"),
        "{}",
        &err[..err.len().min(2000)]
    );
}

#[test]
fn control_and_direction_characters_in_book_sequence_and_orders_files_are_refused() {
    let env = Env::new();
    common::fixture_book(&env, "branch");
    let folder = env.config().join("books/branch");
    let clean = |f: &str| std::fs::read_to_string(folder.join(f)).unwrap();
    let (book, seq) = (clean("book.yaml"), clean("sequence.yaml"));
    let orders = "- {id: turn, title: \"Turn order\u{202e}\", printed: p, kind: snake}\n";
    for (file, text) in [
        (
            "book.yaml",
            book.replace("title: Branch", "title: \"Branch\\e]0;pwned\\a\""),
        ),
        (
            "sequence.yaml",
            seq.replace("title: Branch turn", "title: \"Branch\u{202e} turn\""),
        ),
        ("orders.yaml", orders.to_string()),
    ] {
        std::fs::write(folder.join(file), &text).unwrap();
        let (code, out, err) = run(&env, &["check", folder.to_str().unwrap()]);
        assert_eq!(code, 1, "{file}: {out}{err}");
        assert!(
            err.contains(file) && err.contains("a control or direction character"),
            "{file}: {err}"
        );
        for args in [
            &["--book", "branch", "books"][..],
            &["--book", "branch", "track"],
        ] {
            let (_, out, err) = run(&env, args);
            assert!(
                !out.contains('\u{1b}') && !out.contains('\u{202e}') && !err.contains('\u{1b}'),
                "{file} {args:?}: {out}{err}"
            );
        }
        // Put back as it was for the next file.
        if file == "orders.yaml" {
            std::fs::remove_file(folder.join(file)).unwrap();
        } else {
            std::fs::write(folder.join(file), clean_text(file, &book, &seq)).unwrap();
        }
    }
}

fn clean_text(file: &str, book: &str, seq: &str) -> String {
    if file == "book.yaml" { book } else { seq }.to_string()
}

#[test]
fn search_echoes_the_players_words_escaped() {
    let env = Env::new();
    let (_, out, err) = run(&env, &["search", "zq\u{1b}]0;pwned\u{7}\u{202e}"]);
    assert!(out.contains("mentions zq"), "{out}{err}");
    assert!(
        !out.contains('\u{1b}') && !out.contains('\u{7}') && !out.contains('\u{202e}'),
        "{out:?}"
    );
}

#[test]
fn odds_too_large_to_count_are_said_plainly_never_wrong() {
    let env = Env::new();
    let chart = |dice: &str| {
        format!(
            "id: duel\ntitle: Duel\nprinted: p\ndie: {dice}\nopposed: [attacker, defender]\nrows:\n  - {{row: \"-1 or less\", result: lost}}\n  - {{row: \"0\", result: tie}}\n  - {{row: \"1+\", result: won}}\n"
        )
    };
    env.write_config("books/mr-president/duel.yaml", &chart("9d100"));
    let v = env.json(&["chart", "duel"]);
    let odds: Vec<f64> = v["columns"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["odds"].as_f64().unwrap())
        .collect();
    // Exactly 49.83…, 0.33…, 49.83…
    assert_eq!(odds, vec![49.9, 0.3, 49.8]);
    env.write_config("books/mr-president/duel.yaml", &chart("10d85"));
    let (code, out, err) = run(&env, &["chart", "duel"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("too large to count"), "{out}");
    assert!(!out.contains('%'), "{out}");
}

// Linux only: /dev/full, a device always full, is Linux's.
#[cfg(target_os = "linux")]
#[test]
fn help_and_version_to_a_full_disk_fail_with_a_message() {
    for arg in ["--help", "--version"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_flipbook"))
            .arg(arg)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{arg}: {err}");
        assert!(err.contains("standard output"), "{arg}: {err}");
    }
}

#[test]
fn a_very_long_home_keeps_the_reason_in_its_message() {
    let home = format!("/tmp/{}", "x".repeat(100_000));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_flipbook"))
        .arg("where")
        .env("FLIPBOOK_HOME", &home)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{}", &err[..err.len().min(300)]);
    assert!(
        err.contains("too long"),
        "{}",
        &err[err.len().saturating_sub(300)..]
    );
    assert!(err.len() < 2000, "{}", err.len());
}
