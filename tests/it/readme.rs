//! The README's examples stay true: every `$ flipbook …` line of a `console` block runs and
//! succeeds, and where the README shows output, the output is that.

use crate::common;
use common::{Env, repo};

/// Split a command line on spaces, keeping quoted words whole.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, ' ') => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            _ => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// (command, expected output lines) for each example.
fn examples(readme: &str) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_console = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_console = line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push((cmd.to_string(), Vec::new()));
        } else if let Some(last) = out.last_mut() {
            last.1.push(line.trim_end().to_string());
        }
    }
    out
}

#[test]
fn readme_examples_run_as_shown() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 10, "found {} examples", examples.len());
    run_as_shown(&Env::new(), examples, "README");
}

/// The guide's examples too, in their own game: every command of docs/GUIDE.md runs as shown.
#[test]
fn guide_examples_run_as_shown() {
    let guide = std::fs::read_to_string(repo().join("docs/GUIDE.md")).unwrap();
    let examples = examples(&guide);
    assert!(examples.len() >= 20, "found {} examples", examples.len());
    run_as_shown(&Env::new(), examples, "docs/GUIDE.md");
}

/// The README is what a player reads first: short, with the rest one link away.
#[test]
fn the_readme_is_short_and_points_to_the_guide_and_the_figures() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 300, "README.md is {lines} lines (at most 300)");
    for link in ["docs/GUIDE.md", "bench/README.md", "BOOKS.md"] {
        assert!(
            readme.contains(&format!("]({link})")),
            "README links {link}"
        );
        assert!(repo().join(link).is_file(), "{link} exists");
    }
}

/// BOOKS.md's worked opposed roll, fire table, branching turn, kept answer and two sides: their files make books of the player's
/// own, and each of its `$ flipbook …` lines runs and prints what BOOKS.md shows.
#[test]
fn books_md_examples_run_as_shown() {
    let books = std::fs::read_to_string(repo().join("BOOKS.md")).unwrap();
    let env = Env::new();
    let mut written = 0;
    let mut cur: Option<(String, String)> = None;
    for line in books.lines() {
        if let Some((name, body)) = &mut cur {
            if line.starts_with("```") {
                env.write_config(&format!("books/{name}"), body);
                written += 1;
                cur = None;
            } else {
                body.push_str(line);
                body.push('\n');
            }
        } else if let Some(name) = line.strip_prefix("# file: ").filter(|n| n.contains('/')) {
            cur = Some((name.trim().to_string(), String::new()));
        }
    }
    assert_eq!(
        written, 21,
        "the opposed roll's book.yaml and chart, the fire table's book.yaml and six charts, \
         the branching turn's, the kept answer's and the two sides' book.yaml, chart and \
         sequence, the house rules' book.yaml, amend.yaml and chart"
    );
    let examples = examples(&books);
    assert!(examples.len() >= 3, "found {} examples", examples.len());
    run_as_shown(&env, examples, "BOOKS.md");
}

/// Every part of the format and its fields, as BOOKS.md's table lists them, is the format's
/// own (read from the types): a field added to the format and not to BOOKS.md fails here.
#[test]
fn books_md_lists_every_field_of_the_format() {
    let books = std::fs::read_to_string(repo().join("BOOKS.md")).unwrap();
    let section = books
        .split("## Every field")
        .nth(1)
        .expect("BOOKS.md has an 'Every field' section");
    let listed: Vec<(String, Vec<String>)> = section
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| part"))
        .map(|l| {
            let cells: Vec<&str> = l.split(" | ").collect();
            let part = cells[0].trim_start_matches("| ").to_string();
            let mut fields: Vec<String> = cells[2]
                .trim_end_matches(" |")
                .split(", ")
                .map(|f| f.trim_matches('`').to_string())
                .collect();
            fields.sort();
            (part, fields)
        })
        .collect();
    let format: Vec<(String, Vec<String>)> = flipbook_charts::format_fields()
        .into_iter()
        .map(|(p, f)| (p.to_string(), f))
        .collect();
    for (part, fields) in &format {
        let doc = listed.iter().find(|(p, _)| p == part);
        assert_eq!(
            doc.map(|(_, f)| f),
            Some(fields),
            "BOOKS.md's fields of '{part}' differ from the format's"
        );
    }
    assert_eq!(
        listed.len(),
        format.len(),
        "BOOKS.md lists a part the format has not"
    );
}

/// Run each example in `env` and compare its output where the text shows one.
fn run_as_shown(env: &Env, examples: Vec<(String, Vec<String>)>, doc: &str) {
    for (cmd, expected) in examples {
        // `<<< WORD` (the shell's here-string) gives the command its one line of stdin;
        // `<<< $'a\nb'` (bash's quoting) its lines.
        let (cmd, stdin) = match cmd.split_once(" <<< ") {
            Some((c, line)) => {
                let lines = match line.strip_prefix("$'").and_then(|l| l.strip_suffix('\'')) {
                    Some(quoted) => quoted.replace("\\n", "\n"),
                    None => line.to_string(),
                };
                (c.to_string(), format!("{lines}\n"))
            }
            None => (cmd, String::new()),
        };
        let w = words(&cmd);
        assert_eq!(w[0], "flipbook", "{cmd}");
        let args: Vec<&str> = w[1..].iter().map(String::as_str).collect();
        let output = env
            .cmd(&args)
            .write_stdin(stdin)
            .current_dir(repo())
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{doc} example failed: {cmd}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            !stdout.trim().is_empty(),
            "{doc} example printed nothing: {cmd}"
        );
        if !expected.is_empty() {
            let got: Vec<&str> = stdout.lines().map(str::trim_end).collect();
            assert_eq!(got, expected, "{doc} example output differs: {cmd}");
        }
    }
}

#[test]
fn the_readme_names_the_two_set_up_commands() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    assert!(
        readme
            .lines()
            .any(|l| l.starts_with("cargo run --release -- "))
    );
    assert!(readme.lines().any(|l| l == "cargo test"));
}

#[test]
fn the_readme_says_which_rust_and_how_to_install() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let manifest = std::fs::read_to_string(repo().join("Cargo.toml")).unwrap();
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = "))
        .expect("Cargo.toml has a rust-version")
        .trim_matches('"');
    assert!(
        readme.contains(&format!("Rust {version} or newer")),
        "README names Rust {version}"
    );
    for needed in [
        "2024 edition",
        "rustup",
        "cargo install --path .",
        "flipbook completions bash",
        "flipbook completions zsh",
        "flipbook completions fish",
        "flipbook completions powershell",
        "man -l man/flipbook.1",
        "flipbook man >",
    ] {
        assert!(readme.contains(needed), "README does not say `{needed}`");
    }
}

/// The README starts with Install: each system's download (the targets dist builds, its two
/// installers), then `cargo install`, and where the files are kept on each system.
#[test]
fn the_readme_starts_with_install_for_each_system() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let first = readme.lines().find(|l| l.starts_with("## "));
    assert_eq!(first, Some("## Install"));
    let install = readme
        .split("\n## Install\n")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap();
    let dist = std::fs::read_to_string(repo().join("dist-workspace.toml")).unwrap();
    let targets: Vec<&str> = dist
        .lines()
        .map(str::trim)
        .filter_map(|l| l.strip_prefix('"')?.strip_suffix("\","))
        .collect();
    assert_eq!(targets.len(), 5, "{targets:?}");
    for target in targets {
        assert!(
            install.contains(&format!("`flipbook-{target}.")),
            "README's Install has no archive for {target}"
        );
    }
    assert!(dist.contains("installers = [\"shell\", \"powershell\"]"));
    for needed in [
        "flipbook-installer.ps1",
        "flipbook-installer.sh",
        "cargo install --path .",
        "~/.config/flipbook",
        "~/.local/share/flipbook",
        "~/Library/Application Support/flipbook",
        "%APPDATA%\\flipbook\\config",
        "%APPDATA%\\flipbook\\data",
    ] {
        assert!(install.contains(needed), "README's Install has no {needed}");
    }
}
