//! A book that amends another (`extends`, issue 29): BOOKS.md's worked house rules read with
//! the book they extend, `check` listing the changes, and each misuse refused at its line.

use crate::common;
use common::{Env, repo};

/// BOOKS.md's files of the house rules (`# file: bastards-house/…`), written to the config.
fn house(env: &Env) -> std::path::PathBuf {
    let text = std::fs::read_to_string(repo().join("BOOKS.md")).unwrap();
    let mut cur: Option<(String, String)> = None;
    let mut written = 0;
    for line in text.lines() {
        if let Some((name, body)) = &mut cur {
            if line.starts_with("```") {
                env.write_config(&format!("books/{name}"), body);
                written += 1;
                cur = None;
            } else {
                body.push_str(line);
                body.push('\n');
            }
        } else if let Some(name) = line
            .strip_prefix("# file: ")
            .filter(|n| n.starts_with("bastards-house/"))
        {
            cur = Some((name.trim().to_string(), String::new()));
        }
    }
    assert_eq!(written, 3, "book.yaml, amend.yaml, famine.yaml");
    env.config().join("books/bastards-house")
}

/// The block of BOOKS.md that shows `check`'s list of changes.
fn shown_check() -> Vec<String> {
    let text = std::fs::read_to_string(repo().join("BOOKS.md")).unwrap();
    let block = text
        .split("```text\nok: 1 chart(s) in bastards-house\n")
        .nth(1)
        .expect("BOOKS.md shows check on the house rules");
    block
        .split("```")
        .next()
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn check_lists_what_the_house_rules_change() {
    let env = Env::new();
    let dir = house(&env);
    let (code, out, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<String> = out.lines().skip(1).map(String::from).collect();
    assert_eq!(lines, shown_check(), "{out}");
    let v = env.json(&["check", dir.to_str().unwrap()]);
    assert_eq!(v["extends"], "bastards-inc");
    assert_eq!(v["changes"].as_array().unwrap().len(), 3);
}

#[test]
fn books_says_which_book_it_extends_and_the_base_is_not_copied() {
    let env = Env::new();
    let dir = house(&env);
    let v = env.json(&["books"]);
    let b = v["books"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == "bastards-house")
        .unwrap()
        .clone();
    assert_eq!(b["extends"], "bastards-inc");
    let (_, out, _) = env.run(&["books"]);
    assert!(out.contains("user, extends bastards-inc"), "{out}");
    // Nothing of the embedded book is written anywhere: the folder holds the three files.
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    files.sort();
    assert_eq!(files, ["amend.yaml", "book.yaml", "famine.yaml"]);
    // The charts of the book extended are there, amended or not.
    let c = env.json(&["--book", "bastards-house", "charts"]);
    let text = c.to_string();
    assert!(
        text.contains("\"war\"") && text.contains("\"famine\""),
        "{text}"
    );
    let amended: Vec<&str> = c["charts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["amended"] == true)
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(amended, ["hand-size"]);
    let (_, out, _) = env.run(&["--book", "bastards-house", "charts"]);
    assert!(out.contains("Draw Action Cards (amended)"), "{out}");
    let r = env.json(&[
        "--book",
        "bastards-house",
        "roll",
        "war",
        "--set",
        "stuff=2",
        "--roll",
        "3",
    ]);
    assert_eq!(r["total"], 5);
}

/// Write `text` as the house rules' `amend.yaml` and return check's error.
fn amend_refused(env: &Env, dir: &std::path::Path, text: &str) -> String {
    std::fs::write(dir.join("amend.yaml"), text).unwrap();
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    err
}

#[test]
fn an_amendment_naming_what_is_not_there_is_refused_at_its_line() {
    let env = Env::new();
    let dir = house(&env);
    let err = amend_refused(
        &env,
        &dir,
        "rows:\n  - {chart: hand-size, row: \"1-2\", with: {row: any, result: x}}\n  - {chart: nochart, add: {row: \"1\", result: x}}\nsteps:\n  - {segment: war, remove: 5}\n  - {segment: nowhere, remove: 1}\n",
    );
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 4, "{err}");
    assert!(
        lines[0].contains("amend.yaml:2:") && lines[0].contains("no row '1-2'"),
        "{err}"
    );
    assert!(
        lines[1].contains("amend.yaml:3:") && lines[1].contains("no chart 'nochart'"),
        "{err}"
    );
    assert!(
        lines[2].contains("amend.yaml:5:") && lines[2].contains("no step 5"),
        "{err}"
    );
    assert!(
        lines[3].contains("amend.yaml:6:") && lines[3].contains("no segment 'nowhere'"),
        "{err}"
    );
    // A row amended is checked as any row; a step as any step.
    let err = amend_refused(
        &env,
        &dir,
        "rows:\n  - {chart: hand-size, row: any, with: {row: any, result: \"{nope}\"}}\n",
    );
    assert!(
        err.contains("amend.yaml:2:") && err.contains("'nope'"),
        "{err}"
    );
    let err = amend_refused(
        &env,
        &dir,
        "steps:\n  - {segment: war, add: {text: t, chart: zzz}}\n",
    );
    assert!(
        err.contains("amend.yaml:1:") && err.contains("'zzz'"),
        "{err}"
    );
    let err = amend_refused(&env, &dir, "rows:\n  - {chart: war, row: x\u{202e}y}\n");
    assert_eq!(err.lines().count(), 1, "{err}");
    // Play refuses the book as check does, in one line, exit 2 at most.
    let (code, _, err) = env.run(&["--book", "bastards-house", "roll", "famine"]);
    assert!(code == 1 || code == 2, "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn circles_chains_too_deep_and_missing_books_are_refused() {
    let env = Env::new();
    let book = |id: &str, base: &str| {
        env.write_config(
            &format!("books/{id}/book.yaml"),
            &format!("id: {id}\ntitle: T\ngame: G\nsource: s\nextends: {base}\n"),
        )
    };
    book("a", "b");
    book("b", "a");
    let (code, _, err) = env.run(&["check", env.config().join("books/a").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("book.yaml:5:1: extends: a circle of books (a → b → a)"),
        "{err}"
    );
    let (code, _, err) = env.run(&["--book", "a", "charts"]);
    assert_ne!(code, 0);
    assert!(err.contains("a circle of books"), "{err}");
    book("b", "nowhere");
    let (_, _, err) = env.run(&["check", env.config().join("books/a").to_str().unwrap()]);
    assert!(
        err.contains("b/book.yaml:5:1: extends: no book 'nowhere'"),
        "{err}"
    );
    book("b", "../../../etc");
    let (_, _, err) = env.run(&["check", env.config().join("books/a").to_str().unwrap()]);
    assert!(err.contains("extends: no book '../../../etc'"), "{err}");
    for i in 1..=6 {
        book(&format!("c{i}"), &format!("c{}", i + 1));
    }
    book("c7", "ti4");
    let (_, _, err) = env.run(&["check", env.config().join("books/c1").to_str().unwrap()]);
    assert!(err.contains("more than 4 deep"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // Four deep is fine.
    let (code, _, err) = env.run(&["check", env.config().join("books/c4").to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_hostile_amendment_is_one_line_never_a_crash() {
    let env = Env::new();
    let dir = house(&env);
    let amend = dir.join("amend.yaml");
    // Nested past the reader's depth.
    let deep = format!(
        "steps:\n  - {{segment: war, add: {}{}}}\n",
        "[".repeat(300),
        "]".repeat(300)
    );
    let err = amend_refused(&env, &dir, &deep);
    assert_eq!(err.lines().count(), 1, "{err}");
    // Many rows added: the chart read once and laid back once, refused for its overlaps.
    let mut many = String::from("rows:\n");
    for _ in 0..1000 {
        many.push_str("  - {chart: hand-size, add: {row: \"1\", result: x}}\n");
    }
    let err = amend_refused(&env, &dir, &many);
    assert!(
        err.contains("amend.yaml:"),
        "{}",
        &err[..err.len().min(500)]
    );
    // Not a file: a folder in its place.
    std::fs::remove_file(&amend).unwrap();
    std::fs::create_dir(&amend).unwrap();
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
