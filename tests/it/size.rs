//! Size under watch: no production file over 500 lines and no production function over 100, and
//! clippy's `too_many_lines` on with no allow in production code. Clippy counts a function's lines
//! (the build fails on one over 100); this test counts them too, the same way (code lines, not
//! blank or comment ones), so the limit holds where clippy does not look, and says the files.

use crate::common::repo;
use std::path::{Path, PathBuf};

/// The most lines a production file may have (its inline tests not counted).
const MAX_FILE_LINES: usize = 500;
/// The most code lines a production function may have, as clippy's `too_many_lines` counts.
const MAX_FN_LINES: usize = 100;

/// Every production source file: `src/` and each crate's `src/`, less test files (`tests.rs`,
/// `*_tests.rs`).
fn production_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let name = p.file_name().unwrap().to_string_lossy();
                if name != "tests.rs" && !name.ends_with("_tests.rs") {
                    out.push(p);
                }
            }
        }
    }
    let mut files = Vec::new();
    walk(&repo().join("src"), &mut files);
    for e in std::fs::read_dir(repo().join("crates")).unwrap() {
        walk(&e.unwrap().path().join("src"), &mut files);
    }
    files.push(repo().join("build.rs"));
    files.sort();
    files
}

/// A file's production lines: all of it less its inline test modules (`#[cfg(test)] mod x {`
/// to the brace that closes it).
fn production_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let next = lines.get(i + 1).map_or("", |l| l.trim_start());
        if lines[i].trim() == "#[cfg(test)]" && next.starts_with("mod ") && next.ends_with('{') {
            let indent = &lines[i + 1][..lines[i + 1].len() - next.len()];
            let close = format!("{indent}}}");
            i = (i + 2..lines.len())
                .find(|&j| lines[j] == close)
                .map_or(lines.len(), |j| j + 1);
            continue;
        }
        kept.push(lines[i]);
        i += 1;
    }
    kept
}

/// A line clippy counts in a function: neither blank nor a comment.
fn is_code(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && !t.starts_with("//")
}

/// Each function of a rustfmt-formatted file with its code lines, as clippy counts them: its
/// body's, between the line that opens it and the closing brace at the `fn`'s indent (a declaration
/// ending in `;` has no body).
fn functions(lines: &[&str]) -> Vec<(String, usize, usize)> {
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let words: Vec<&str> = t.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "fn") else {
            continue;
        };
        // Only qualifiers may come before `fn`: `pub(crate) const fn`, not `let f = |x| fn`.
        let qualifiers = ["pub", "const", "async", "unsafe", "extern", "\"C\""];
        if !words[..at]
            .iter()
            .all(|w| qualifiers.contains(w) || w.starts_with("pub("))
        {
            continue;
        }
        let name = words
            .get(at + 1)
            .map_or("", |w| w.split(['(', '<']).next().unwrap_or(""));
        let indent = &line[..line.len() - t.len()];
        let close = format!("{indent}}}");
        // The signature ends at the first line ending in `{` or `;` at or after the `fn` line.
        let Some(open) = (i..lines.len()).find(|&j| {
            let l = lines[j].trim_end();
            l.ends_with('{') || l.ends_with(';')
        }) else {
            continue;
        };
        if lines[open].trim_end().ends_with(';') {
            continue;
        }
        if let Some(end) = (open + 1..lines.len()).find(|&j| lines[j] == close) {
            let n = lines[open + 1..end].iter().filter(|l| is_code(l)).count();
            found.push((name.to_string(), i + 1, n));
        }
    }
    found
}

#[test]
fn no_production_file_is_over_500_lines() {
    let mut over = Vec::new();
    for f in production_files() {
        let text = std::fs::read_to_string(&f).unwrap();
        let n = production_lines(&text).len();
        if n > MAX_FILE_LINES {
            over.push(format!(
                "{} ({n} lines)",
                f.strip_prefix(repo()).unwrap().display()
            ));
        }
    }
    assert!(
        over.is_empty(),
        "files over {MAX_FILE_LINES} lines, to be split by concern:\n  {}",
        over.join("\n  ")
    );
}

#[test]
fn no_production_function_is_over_100_lines() {
    let mut over = Vec::new();
    for f in production_files() {
        let text = std::fs::read_to_string(&f).unwrap();
        for (name, line, n) in functions(&production_lines(&text)) {
            if n > MAX_FN_LINES {
                let file = f.strip_prefix(repo()).unwrap().display();
                over.push(format!("{file}:{line} {name} ({n} lines)"));
            }
        }
    }
    assert!(
        over.is_empty(),
        "functions over {MAX_FN_LINES} lines:\n  {}",
        over.join("\n  ")
    );
}

#[test]
fn the_function_counter_counts_as_clippy_does() {
    // A body of code lines, blank lines and comments: only the code lines count, inside the
    // braces (clippy counts the code lines of the body, its braces left out).
    let text = "fn short() {\n    let a = 1;\n\n    // a comment\n    a\n}\n\n    pub(crate) fn inner(\n        x: u8,\n    ) -> u8 {\n        x\n    }\n    fn decl(&self);\n";
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        functions(&lines),
        vec![("short".into(), 1, 2), ("inner".into(), 8, 1)]
    );
    let with_tests = "fn a() {}\n#[cfg(test)]\nmod tests {\n    fn long() {}\n}\nfn b() {}\n";
    assert_eq!(production_lines(with_tests), vec!["fn a() {}", "fn b() {}"]);
}

#[test]
fn too_many_lines_is_on_with_no_allow_in_production_code() {
    let manifest = std::fs::read_to_string(repo().join("Cargo.toml")).unwrap();
    let setting = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("too_many_lines"))
        .unwrap_or("");
    assert!(
        !setting.contains("allow"),
        "Cargo.toml turns clippy::too_many_lines off: {setting}"
    );
    let mut allowed = Vec::new();
    for f in production_files() {
        let text = std::fs::read_to_string(&f).unwrap();
        if production_lines(&text)
            .iter()
            .any(|l| l.contains("clippy::too_many_lines"))
        {
            allowed.push(f.strip_prefix(repo()).unwrap().display().to_string());
        }
    }
    assert!(
        allowed.is_empty(),
        "production code allows clippy::too_many_lines: {}",
        allowed.join(", ")
    );
}
