//! `transcribe` and `--export` against the reader's limits and hostile text (issue 18): nothing
//! written that the book's reader would refuse, no special file replaced, no control or
//! direction character kept, and clear words for rows that cannot be read.

use crate::common;
use common::Env;

/// One line a number of `numbers`: `N text`.
fn numbered(numbers: std::ops::RangeInclusive<u32>, text: &str) -> String {
    use std::fmt::Write as _;
    numbers.fold(String::new(), |mut out, n| {
        let _ = writeln!(out, "{n} {text}");
        out
    })
}

fn rows_file(env: &Env, name: &str, text: &str) -> std::path::PathBuf {
    let p = env.home.path().join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn book_folder(env: &Env) -> std::path::PathBuf {
    env.config().join("books/mr-president")
}

/// Six rows of a d6 whose results are `each` bytes of quotes and letters: YAML doubles them.
fn quoted_rows(each: usize) -> String {
    let text = "'x".repeat(each / 2);
    numbered(1..=6, &text)
}

#[test]
fn a_transcription_bigger_than_the_reader_accepts_is_never_written() {
    let env = Env::new();
    // 6 × 150 KB typed: more than 1 MiB once written as YAML.
    let f = rows_file(&env, "big.txt", &quoted_rows(150_000));
    let (code, _, err) = env.run(&["transcribe", "scandal", "--from", f.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("more than a chart file may hold") && err.contains("nothing was written"),
        "{err}"
    );
    assert!(!book_folder(&env).join("scandal.yaml").exists());
    // The book still opens, every command works.
    let (code, _, err) = env.run(&["roll", "scandal", "--roll", "3"]);
    assert_ne!(code, 1, "{err}");
    let (code, _, err) = env.run(&["transcribe", "--list"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn two_transcriptions_past_the_books_total_are_refused() {
    let env = Env::new();
    let rows = |id: &str| {
        // 780 KB and 900 KB: each within a file's limit, together past the book's 1.5 MiB.
        let (die, each) = if id == "scandal" {
            (6, 130_000)
        } else {
            (10, 90_000)
        };
        let text = "x".repeat(each);
        let body = numbered(1..=die, &text);
        format!("[{id}]\n{body}")
    };
    let one = rows_file(&env, "one.txt", &rows("scandal"));
    let (code, _, err) = env.run(&["transcribe", "--from", one.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let two = rows_file(&env, "two.txt", &rows("good-times"));
    let (code, _, err) = env.run(&["transcribe", "--from", two.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("more than a book may"), "{err}");
    assert!(!book_folder(&env).join("good-times.yaml").exists());
    let (code, _, err) = env.run(&["chart", "scandal"]);
    assert_eq!(code, 0, "{err}");
    // Replacing the one there is counted as it will be, not twice.
    let (code, _, err) = env.run(&["transcribe", "--from", one.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn rows_far_beyond_the_die_are_refused_as_such_and_many_rows_are_read_at_once() {
    let env = Env::new();
    let f = rows_file(&env, "far.txt", "1-6  fine\n99999999  far away\n");
    env.bad(
        &["transcribe", "scandal", "--from", f.to_str().unwrap()],
        "far.txt:2: row '99999999' is beyond any roll of the d6",
    );
    // 128k rows (a 1 MiB file): read, sorted once, and refused for the size they would make.
    let many = numbered(1..=128_000, "r");
    assert!(many.len() < 1024 * 1024);
    let f = rows_file(&env, "many.txt", &many);
    env.bad(
        &["transcribe", "scandal", "--from", f.to_str().unwrap()],
        "more than a chart file may hold",
    );
    // Overlaps anywhere in a big file are found, naming both lines.
    let mut overlapping = numbered(1..=40_000, "r");
    overlapping.push_str("500-501 again\n");
    let f = rows_file(&env, "overlap.txt", &overlapping);
    env.bad(
        &["transcribe", "scandal", "--from", f.to_str().unwrap()],
        ":40001: row '500-501' overlaps row '500' (line 500)",
    );
    // 40k rows that do not overlap: refused for the size they would make, before it is made.
    let f = rows_file(&env, "forty.txt", &numbered(1..=40_000, "r"));
    env.bad(
        &["transcribe", "scandal", "--from", f.to_str().unwrap()],
        "more than a chart file may hold",
    );
}

// Unix only: the test makes a FIFO and a symbolic link, and names /dev/null and /dev/stdout.
#[cfg(unix)]
#[test]
fn export_refuses_special_files_and_our_own_folders() {
    let env = Env::new();
    let f = rows_file(&env, "rows.txt", "1-3  low\n4-6  high\n");
    let (code, _, err) = env.run(&["transcribe", "scandal", "--from", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // A link: refused, the link and its target as they were.
    let target = env.home.path().join("target.txt");
    std::fs::write(&target, "mine").unwrap();
    let link = env.home.path().join("link.txt");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    env.bad(
        &["transcribe", "--export", link.to_str().unwrap()],
        "not a regular file",
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "mine");
    // A FIFO and a device: refused, left in place.
    let fifo = env.home.path().join("fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    env.bad(
        &["transcribe", "--export", fifo.to_str().unwrap()],
        "not a regular file",
    );
    assert!(std::fs::symlink_metadata(&fifo).is_ok());
    env.bad(
        &["transcribe", "--export", "/dev/null"],
        "not a regular file",
    );
    env.bad(
        &["transcribe", "--export", "/dev/stdout"],
        "leave the path out",
    );
    // The player's own chart file, or anywhere in our folders: refused.
    let own = book_folder(&env).join("scandal.yaml");
    let before = std::fs::read_to_string(&own).unwrap();
    env.bad(
        &["transcribe", "--export", own.to_str().unwrap()],
        "flipbook's own folder",
    );
    assert_eq!(std::fs::read_to_string(&own).unwrap(), before);
    let out = env.home.path().join("export.txt");
    let (code, _, err) = env.run(&["transcribe", "--export", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&out).unwrap().contains("[scandal]"));
}

#[test]
fn control_and_direction_characters_are_refused_and_never_echoed() {
    let env = Env::new();
    for (bad, code) in [
        ("\u{1b}]0;pwned\u{7}", "U+001B"),
        ("abc\u{202e}def", "U+202E"),
    ] {
        let f = rows_file(&env, "rows.txt", &format!("1-3  low\n4-6  high {bad}\n"));
        env.bad(
            &["transcribe", "scandal", "--from", f.to_str().unwrap()],
            &format!("rows.txt:2: {code}"),
        );
    }
    // A chart file of the player's own with a direction override is refused by the check (a
    // transcription set aside, any other file a broken book); its text is never shown.
    std::fs::create_dir_all(book_folder(&env)).unwrap();
    std::fs::write(
        book_folder(&env).join("mine.yaml"),
        "id: mine\ntitle: Mine\nprinted: p\ndie: d6\nrows:\n  - {row: \"1-6\", result: \"x\\u202Ey\"}\n",
    )
    .unwrap();
    let (code, out, err) = env.run(&["roll", "mine", "--roll", "3"]);
    assert_eq!(code, 1);
    assert!(err.contains("U+202E"), "{err}");
    assert!(!format!("{out}{err}").contains('\u{202e}'));
    std::fs::remove_file(book_folder(&env).join("mine.yaml")).unwrap();
    std::fs::write(
        book_folder(&env).join("scandal.yaml"),
        "id: scandal\ntitle: Scandal Table\nprinted: D14\ndie: d6\nrows:\n  - {row: \"1-6\", result: \"x\\u202Ey\"}\n",
    )
    .unwrap();
    let (_, out, err) = env.run(&["roll", "scandal", "--roll", "3"]);
    assert!(err.contains("U+202E"), "{err}");
    assert!(!format!("{out}{err}").contains('\u{202e}'));
    std::fs::remove_file(book_folder(&env).join("scandal.yaml")).unwrap();
    // Errors and the profile escape them.
    let odd = "sc\u{202e}andal";
    let set = format!("{odd}=3");
    for args in [
        &["roll", odd][..],
        &["chart", odd],
        &["--book", odd, "charts"],
        &["roll", "sotu", "--set", &set],
        &["play", "--goto", odd],
        &["transcribe", odd],
        &["order", odd],
    ] {
        let (code, out, err) = env.run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            !format!("{out}{err}").contains('\u{202e}'),
            "{args:?}: {err}"
        );
    }
    let data = env.data().join("mr-president");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(
        data.join("profile.json"),
        "{\"orator\": \"y\\u001b[2Jes\\u202e\"}",
    )
    .unwrap();
    let (code, out, err) = env.run(&["profile"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        !out.contains('\u{1b}') && !out.contains('\u{202e}'),
        "{out}"
    );
}

#[test]
fn rows_files_are_read_as_written_or_told_clearly() {
    let env = Env::new();
    env.bad(
        &["transcribe", "scandal", "--from", "-"],
        "not from standard input",
    );
    // A file whose lines end with CR alone.
    let f = rows_file(&env, "mac.txt", "1-3  low\r4-6  high\r");
    let (code, _, err) = env.run(&["transcribe", "scandal", "--from", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    // Two sections of the same chart: refused whether or not the chart is named.
    let twice = rows_file(&env, "twice.txt", "[scandal]\n1-6  a\n[scandal]\n1-6  b\n");
    for args in [
        &["transcribe", "--from", twice.to_str().unwrap()][..],
        &["transcribe", "scandal", "--from", twice.to_str().unwrap()][..],
    ] {
        env.bad(
            args,
            "twice.txt:3: the rows of scandal are in this file twice",
        );
    }
    env.bad(
        &["log", "--game", "-1"],
        "invalid value '-1' for '--game <N>'",
    );
}

#[test]
fn a_broken_transcription_is_set_aside_and_transcribe_replaces_it() {
    let env = Env::new();
    let own = book_folder(&env).join("scandal.yaml");
    std::fs::create_dir_all(book_folder(&env)).unwrap();
    // A file the reader refuses (past 1 MiB), then one that does not validate.
    for broken in [
        format!("# {}\nid: scandal\n", "x".repeat(1_100_000)),
        "id: scandal\ntitle: Scandal Table\nprinted: D14\ndie: d6\nrows:\n  - {row: \"1-3\", result: a}\n".to_string(),
    ] {
        std::fs::write(&own, broken).unwrap();
        let (code, _, err) = env.run(&["roll", "d10", "--roll", "4"]);
        assert_eq!(code, 0, "{err}");
        assert!(
            err.contains("scandal.yaml")
                && err.contains("the book opens without it")
                && err.contains("flipbook transcribe scandal"),
            "{err}"
        );
        let (code, _, err) = env.run(&["where"]);
        assert_ne!(code, 1, "{err}");
        let f = rows_file(&env, "rows.txt", "1-3  low\n4-6  high\n");
        let (code, _, err) = env.run(&["transcribe", "scandal", "--from", f.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let (code, out, err) = env.run(&["roll", "scandal", "--roll", "5"]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("high") && err.is_empty(), "{out}{err}");
    }
    // A broken file that is not one transcription is still a broken book.
    std::fs::write(
        book_folder(&env).join("mine.yaml"),
        "id: mine\ntitle: Mine\nprinted: p\ndie: d6\nrows:\n  - {row: \"1-3\", result: a}\n",
    )
    .unwrap();
    let (code, _, err) = env.run(&["roll", "d10"]);
    assert_eq!(code, 1, "{err}");
}
