//! Every shipped chart passes validation: read straight from charts/, as a player's would be.

use crate::common;
use common::{Env, repo};
use flipbook_charts::BookDir;

#[test]
fn every_shipped_chart_validates() {
    let root = repo().join("charts");
    let mut books = 0;
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        books += 1;
        assert!(
            dir.join("book.yaml").is_file(),
            "{} has no book.yaml",
            dir.display()
        );
        let book = BookDir::read(&dir).unwrap();
        let meta = book.meta.as_ref().expect("book.yaml reads");
        assert!(!book.charts.is_empty(), "{} has no charts", dir.display());
        let problems = book.problems(&[], &meta.options);
        let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(lines.is_empty(), "{}", lines.join("\n"));
    }
    assert!(books >= 1);
}

#[test]
fn every_shipped_book_checks_clean_with_the_command() {
    let env = Env::new();
    for dir in std::fs::read_dir(repo().join("charts")).unwrap() {
        let dir = dir.unwrap().path();
        let (code, out, err) = env.run(&["check", dir.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {err}", dir.display());
        assert!(out.starts_with("ok: "), "{out}");
    }
}

#[test]
fn check_reports_each_problem_of_a_players_file() {
    let env = Env::new();
    let p = env.write_config(
        "mine.yaml",
        "id: mine\ntitle: Mine\nprinted: my copy\ndie: d6\nrows:\n  - {row: \"1-2\", result: a}\n  - {row: \"2-4\", result: b}\n  - {row: \"6\", result: c}\n",
    );
    let (code, _, err) = env.run(&["check", p.to_str().unwrap()]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].contains(":7:") && lines[0].contains("overlaps"),
        "{err}"
    );
    assert!(
        lines[1].contains(":8:") && lines[1].contains("5 not covered"),
        "{err}"
    );
}

/// Issue 10, item 15: the page note says where the seed's own page references disagree.
#[test]
fn the_page_note_names_the_seeds_contradictions() {
    let text = std::fs::read_to_string(repo().join("charts/mr-president/book.yaml")).unwrap();
    let book: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let notes: Vec<&str> = book["notes"]
        .as_sequence()
        .unwrap()
        .iter()
        .filter_map(serde_yaml::Value::as_str)
        .collect();
    let pages = notes
        .iter()
        .find(|n| n.contains("part N"))
        .expect("the page note");
    assert!(!pages.contains("which agrees with"), "{pages}");
    for says in ["page 24", "page 25", "page 22", "p23"] {
        assert!(pages.contains(says), "{says}: {pages}");
    }
}

/// A stub whose DRMs are printed where it is looked up (`drms_printed`): its roll says the
/// natural and that they are to be added there, never a total; `check` refuses it with `read`
/// and on a selection.
#[test]
fn a_chart_whose_drms_are_printed_elsewhere_shows_no_final_total() {
    let env = Env::new();
    for id in ["major-crisis", "summit"] {
        let (code, out, err) = env.run(&["roll", id, "--seed", "3"]);
        assert_eq!(code, 0, "{err}");
        assert!(!out.contains("total"), "{out}");
        assert!(out.contains("natural 7"), "{out}");
        assert!(out.contains("add the DRMs printed on WD"), "{out}");
    }
    let p = env.write_config(
        "mine.yaml",
        "id: mine\ntitle: Mine\nprinted: my copy\ndie: d6\nselection: true\nstub: {code: M1, table: Mine, booklet: my booklet, read: \"Read {total}\", drms_printed: true}\n",
    );
    let (code, _, err) = env.run(&["check", p.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("drms_printed says what the roll reads: not with read"),
        "{err}"
    );
    assert!(
        err.contains("not on a table without a die, nor a selection"),
        "{err}"
    );
}
