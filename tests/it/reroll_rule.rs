//! The re-roll rule is the book's: its word, its cost and its charts in `book.yaml`; a chart's
//! `reroll_for_ap: true` (the old spelling) is refused by `check` with the line to write.

use crate::common;
use common::Env;

const BOOK: &str =
    "id: siege\ntitle: Siege\ngame: Siege (a test game)\nsource: tests/reroll_rule.rs\n";
const RULE: &str = "reroll: {label: push, cost: 2 gold, charts: [storm]}\n";
const STORM: &str = "id: storm\ntitle: Storm the walls\nprinted: Rules p3\ndie: d6\nrows:\n  - {row: \"1-3\", result: Thrown back}\n  - {row: \"4-6\", result: Over the wall}\n";
const OLD: &str = "id: storm\ntitle: Storm the walls\nprinted: Rules p3\ndie: d6\nreroll_for_ap: true\nrows:\n  - {row: \"1-3\", result: Thrown back}\n  - {row: \"4-6\", result: Over the wall}\n";
const SEQUENCE: &str = "title: Siege turn\nturns: 1\ngame_over: The siege is over\nphases:\n  - {id: main, title: Main, segments: [assault]}\nsegments:\n  - {id: assault, title: Assault, steps: [{text: Storm, chart: storm}]}\n";

fn env(book: &str, storm: &str) -> Env {
    let env = Env::new();
    env.write_config("books/siege/book.yaml", book);
    env.write_config("books/siege/storm.yaml", storm);
    env.write_config("books/siege/sequence.yaml", SEQUENCE);
    env
}

fn play(env: &Env, lines: &str) -> String {
    let out = env
        .cmd(&["--book", "siege", "--seed", "1", "play"])
        .write_stdin(lines)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_book_names_the_word_the_cost_and_the_charts() {
    let env = env(&format!("{BOOK}{RULE}"), STORM);
    let dir = env.config().join("books/siege");
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("old spelling"), "{err}");
    let out = play(&env, "roll storm\nreroll\nreroll\n");
    assert!(
        out.contains("You may pay 2 gold to push this once (`reroll`); the push is final."),
        "{out}"
    );
    assert!(out.contains("Push for 2 gold (final): storm"), "{out}");
    // Once only: the second is refused.
    assert!(out.contains("Nothing to roll again"), "{out}");
    assert!(!out.contains("AP"), "{out}");
}

/// The old chart field is no longer read (issue 29: the engine named one game's rule): `check`
/// refuses it at its place, with the one line of `book.yaml` to write instead.
#[test]
fn the_old_spelling_is_refused_with_the_line_to_write() {
    let env = env(BOOK, OLD);
    let dir = env.config().join("books/siege");
    let (code, out, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("storm.yaml:5:")
            && err.contains("`reroll_for_ap` is no longer read")
            && err.contains("`reroll: {cost: WHAT IT COSTS, charts: [storm]}`"),
        "{err}"
    );
    // Written as check says, the rule is the book's.
    let new = self::env(
        &format!("{BOOK}reroll: {{cost: 2 gold, charts: [storm]}}\n"),
        STORM,
    );
    let dir = new.config().join("books/siege");
    let (code, _, err) = new.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let out = play(&new, "roll storm\n");
    assert!(
        out.contains("You may pay 2 gold to re-roll this once (`reroll`); the re-roll is final."),
        "{out}"
    );
}

#[test]
fn a_rule_naming_a_chart_the_book_has_not_is_a_problem_with_its_line() {
    let env = env(
        &format!("{BOOK}reroll: {{cost: 2 gold, charts: [storm, sotrm]}}\n"),
        STORM,
    );
    let dir = env.config().join("books/siege");
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("book.yaml:5:")
            && err.contains("reroll: 'sotrm' is not a chart of this book; charts: storm"),
        "{err}"
    );
}
