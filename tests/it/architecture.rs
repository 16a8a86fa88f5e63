//! ARCHITECTURE.md stays true: every source file of the tree is named on its map.

use crate::common;
use common::repo;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn the_map_names_every_source_file() {
    let map = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).unwrap();
    let mut files = Vec::new();
    sources(&repo().join("src"), &mut files);
    sources(&repo().join("crates/charts/src"), &mut files);
    assert!(files.len() > 30, "{files:?}");
    let mut missing = Vec::new();
    for f in files {
        let name = f.file_name().unwrap().to_str().unwrap();
        let stem = f.file_stem().unwrap().to_str().unwrap();
        let folder = f.parent().unwrap().file_name().unwrap().to_str().unwrap();
        // A file is named as `name.rs`, in a `{a,b}.rs` group, or as its folder (`roller/`).
        let named = map.contains(name)
            || map.contains(&format!("{stem},"))
            || map.contains(&format!(",{stem}"))
            || (matches!(stem, "mod" | "tests") && map.contains(&format!("{folder}/")));
        if !named {
            missing.push(f.strip_prefix(repo()).unwrap().display().to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "not on ARCHITECTURE.md's map: {missing:?}"
    );
}

/// The arrows allowed to run back up: none. A new one is a change of this list, not of
/// ARCHITECTURE.md alone.
const KNOWN_BACK_ARROWS: &[(&str, &str)] = &[];

/// ARCHITECTURE.md's table of rooms, top to bottom: each room with the rooms it uses down the
/// list (`→`) and back up (`↑`).
fn documented_rooms() -> Vec<(String, Vec<String>, Vec<String>)> {
    let map = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).unwrap();
    let section = map
        .split("## Rooms and arrows")
        .nth(1)
        .expect("ARCHITECTURE.md has a section \"Rooms and arrows\"");
    let table = section
        .split("```")
        .nth(1)
        .expect("the section has a table of rooms");
    table
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace();
            let room = words.next().unwrap().to_string();
            let (mut down, mut up) = (Vec::new(), Vec::new());
            let mut into = None;
            for w in words {
                match w {
                    "→" => into = Some(false),
                    "↑" => into = Some(true),
                    w if into == Some(true) => up.push(w.to_string()),
                    w if into == Some(false) => down.push(w.to_string()),
                    w => panic!("{room}: '{w}' before an arrow"),
                }
            }
            (room, down, up)
        })
        .collect()
}

/// The room of a source file: its top-level module under src/ (`play/game.rs` is `play`).
fn room_of(file: &Path) -> String {
    let rel = file.strip_prefix(repo().join("src")).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_str()
        .unwrap();
    first.trim_end_matches(".rs").to_string()
}

/// The rooms a file uses: every `crate::ROOM` in its code (comments left out).
fn arrows_of(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let before = rest[..i].chars().next_back();
            let after = &rest[i + "crate::".len()..];
            let name: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
                && !name.is_empty()
            {
                out.insert(name);
            }
            rest = after;
        }
    }
    out
}

/// The code's arrows between rooms, from the `use crate::…` lines and paths of every file.
fn actual_arrows() -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    sources(&repo().join("src"), &mut files);
    let mut arrows: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let room = room_of(&f);
        if room == "main" {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let entry = arrows.entry(room.clone()).or_default();
        entry.extend(arrows_of(&text).into_iter().filter(|r| *r != room));
    }
    arrows
}

#[test]
fn the_rooms_make_no_circle_and_no_arrow_runs_back_up() {
    let rooms = documented_rooms();
    let order: Vec<&str> = rooms.iter().map(|(r, _, _)| r.as_str()).collect();
    let at = |r: &str| order.iter().position(|o| *o == r);
    let actual = actual_arrows();
    // Every room of the code is on the table, and every room on the table is in the code.
    let in_code: BTreeSet<&str> = actual.keys().map(String::as_str).collect();
    let on_table: BTreeSet<&str> = order.iter().copied().collect();
    assert_eq!(
        in_code, on_table,
        "the rooms of src/ and of ARCHITECTURE.md's table"
    );
    let mut wrong = Vec::new();
    for (room, down, up) in &rooms {
        let here = at(room).unwrap();
        for d in down {
            if at(d).is_none_or(|i| i <= here) {
                wrong.push(format!("{room} → {d}: not a room below {room}"));
            }
        }
        for u in up {
            if !KNOWN_BACK_ARROWS.contains(&(room.as_str(), u.as_str())) {
                wrong.push(format!("{room} ↑ {u}: a new arrow back up"));
            }
        }
        let documented: BTreeSet<String> = down.iter().chain(up).cloned().collect();
        let used = &actual[room.as_str()];
        for extra in used.difference(&documented) {
            let back = at(extra).is_some_and(|i| i < here);
            wrong.push(format!(
                "{room} uses {extra}{}, which the table does not show",
                if back { " (an arrow back up)" } else { "" }
            ));
        }
        for gone in documented.difference(used) {
            wrong.push(format!(
                "{room} no longer uses {gone}: the table still shows it"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's rooms and arrows:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_layering_check_sees_a_back_arrow() {
    // The scanner the test above relies on: a `use crate::…` line and a path in code count, a
    // comment and another crate's path do not.
    let text = "use crate::ui::render;\n// crate::commands\nlet x = flipbook_charts::Die::Table;\n\
                crate::text::warn(\"x\");\n";
    let found = arrows_of(text);
    assert_eq!(
        found,
        BTreeSet::from(["ui".to_string(), "text".to_string()])
    );
}

/// The platform room: the only folder whose code may differ by operating system.
const PLATFORM_ROOM: &str = "src/sys";

/// What marks code of one operating system: its crates, std's modules of one system, a `cfg` of
/// the system. Each with the line it is on (comments left out).
fn os_specific(text: &str) -> Vec<(usize, &'static str)> {
    const NAMES: &[&str] = &[
        "libc::",
        "nix::",
        "std::os::unix",
        "std::os::windows",
        "use libc",
        "use nix",
        "extern crate libc",
        "windows_sys::",
        "ctrlc::",
    ];
    const SYSTEMS: &[&str] = &[
        "unix",
        "windows",
        "target_os",
        "target_family",
        "target_vendor",
    ];
    let part = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    // `w` where it starts a word (`nix::` is not in `unix::`), and ends one when `whole`.
    let at_word = |code: &str, w: &str, whole: bool| {
        code.match_indices(w).any(|(i, _)| {
            let before = code[..i].chars().next_back();
            let after = code[i + w.len()..].chars().next();
            !part(before) && (!whole || !part(after))
        })
    };
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for name in NAMES {
            if at_word(code, name, false) {
                found.push((n + 1, *name));
            }
        }
        if code.contains("cfg(") || code.contains("cfg!(") || code.contains("cfg_attr(") {
            for system in SYSTEMS {
                if at_word(code, system, true) {
                    found.push((n + 1, *system));
                }
            }
        }
    }
    found
}

#[test]
fn code_of_one_operating_system_lives_in_the_platform_room() {
    let mut files = Vec::new();
    sources(&repo().join("src"), &mut files);
    sources(&repo().join("crates"), &mut files);
    files.push(repo().join("build.rs"));
    let room = repo().join(PLATFORM_ROOM);
    assert!(room.join("unix.rs").is_file() && room.join("windows.rs").is_file());
    let mut wrong = Vec::new();
    for f in files {
        if f.starts_with(&room) {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        for (line, what) in os_specific(&text) {
            let rel = f.strip_prefix(repo()).unwrap().display().to_string();
            wrong.push(format!("{rel}:{line}: {what}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "code of one operating system outside {PLATFORM_ROOM}/ (move it into the platform room):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_platform_check_sees_each_kind_of_os_code() {
    let text = "use std::os::unix::fs::OpenOptionsExt;\n\
                let pid = libc::getpid();\n\
                // nix::sys::signal in a comment\n\
                #[cfg(windows)]\n\
                #[cfg(any(not(unix), test))]\n\
                if cfg!(target_os = \"macos\") {}\n\
                let unix_time = 0; // a word of our own\n\
                #[cfg(test)]\n";
    let found = os_specific(text);
    assert_eq!(
        found,
        vec![
            (1, "std::os::unix"),
            (2, "libc::"),
            (4, "windows"),
            (5, "unix"),
            (6, "target_os"),
        ]
    );
}

/// The platform crates are dependencies of their system alone (`[target.'cfg(…)'.dependencies]`),
/// never of every build.
#[test]
fn platform_crates_are_only_target_dependencies() {
    const PLATFORM: &[&str] = &["libc", "nix", "ctrlc", "windows-sys", "winapi", "windows"];
    for manifest in ["Cargo.toml", "crates/charts/Cargo.toml"] {
        let text = std::fs::read_to_string(repo().join(manifest)).unwrap();
        let mut section = String::new();
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line.to_string();
                continue;
            }
            let Some((name, _)) = line.split_once('=') else {
                continue;
            };
            let name = name.trim();
            let plain = matches!(
                section.as_str(),
                "[dependencies]" | "[build-dependencies]" | "[dev-dependencies]"
            );
            assert!(
                !(plain && PLATFORM.contains(&name)),
                "{manifest}: {name} in {section}: a platform crate goes under [target.'cfg(…)'.dependencies]"
            );
        }
    }
    let text = std::fs::read_to_string(repo().join("Cargo.toml")).unwrap();
    assert!(text.contains("[target.'cfg(unix)'.dependencies]\n"));
    assert!(text.contains("[target.'cfg(windows)'.dependencies]\n"));
}
