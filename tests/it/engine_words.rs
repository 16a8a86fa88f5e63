//! The engine names no game: no word of the shipped book (its chits, its action points, its
//! charts, its attributes, its difficulties) in the code outside `charts/` and the tests.

use crate::common;
use std::path::Path;

const WORDS: &[&str] = &[
    "Crisis chit",
    "AP",
    "Master Action",
    "Orator",
    "Easier",
    "priority",
    "Priority",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "tests") {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs")
            && p.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(p);
        }
    }
}

/// `word` in `text` as a word of its own (not "APs" inside "MAPS", nor "AP" in "APPLE").
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[test]
fn no_game_word_in_the_engine() {
    let root = common::repo();
    let mut files = vec![root.join("build.rs")];
    rust_files(&root.join("src"), &mut files);
    for krate in std::fs::read_dir(root.join("crates")).unwrap() {
        rust_files(&krate.unwrap().path().join("src"), &mut files);
    }
    assert!(files.len() > 20, "found {} files", files.len());
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        // A file's own unit tests may name the shipped book's words.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for w in WORDS {
            if has_word(code, w) {
                found.push(format!("{}: {w}", f.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(found.is_empty(), "game words in the engine: {found:?}");
}

#[test]
fn the_word_test_finds_a_word_and_only_a_word() {
    assert!(has_word("pay 1 AP to", "AP"));
    assert!(!has_word("MAPS and APPLE", "AP"));
    assert!(has_word("the Easier game", "Easier"));
}

#[test]
fn the_settings_difficulty_is_one_of_the_book_s_choices() {
    let env = common::Env::new();
    env.write_config("settings.yaml", "difficulty: hardest\n");
    let out = env.cmd(&["play"]).write_stdin("quit\n").output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains(
            "settings.yaml says difficulty: hardest, which this book has not (easier, normal, harder): it is asked instead"
        ),
        "{err}"
    );
    // A choice of the book is given as before, without a word.
    env.write_config("settings.yaml", "difficulty: normal\n");
    let out = env.cmd(&["play"]).write_stdin("quit\n").output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("difficulty"), "{err}");
}
