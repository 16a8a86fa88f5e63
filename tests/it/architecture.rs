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
    room_table("## Rooms and arrows\n", 0)
}

/// The `n`th table of rooms (a fenced block) of the ARCHITECTURE.md section under `heading`.
fn room_table(heading: &str, n: usize) -> Vec<(String, Vec<String>, Vec<String>)> {
    let map = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).unwrap();
    let section = map
        .split(heading)
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has a section {heading:?}"));
    let table = section
        .split("```")
        .nth(2 * n + 1)
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
    let wrong = table_against_code(&documented_rooms(), &actual_arrows(), KNOWN_BACK_ARROWS);
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's rooms and arrows:\n{}",
        wrong.join("\n")
    );
}

/// What differs between a table of rooms (top to bottom) and the code's arrows: a room missing
/// on either side, an arrow that points up the list without being known, an arrow of the code
/// the table lacks, an arrow of the table the code no longer has.
fn table_against_code(
    rooms: &[(String, Vec<String>, Vec<String>)],
    actual: &BTreeMap<String, BTreeSet<String>>,
    known_back: &[(&str, &str)],
) -> Vec<String> {
    let order: Vec<&str> = rooms.iter().map(|(r, _, _)| r.as_str()).collect();
    let at = |r: &str| order.iter().position(|o| *o == r);
    // Every room of the code is on the table, and every room on the table is in the code.
    let in_code: BTreeSet<&str> = actual.keys().map(String::as_str).collect();
    let on_table: BTreeSet<&str> = order.iter().copied().collect();
    assert_eq!(
        in_code, on_table,
        "the rooms of src/ and of ARCHITECTURE.md's table"
    );
    let mut wrong = Vec::new();
    for (room, down, up) in rooms {
        let here = at(room).unwrap();
        for d in down {
            if at(d).is_none_or(|i| i <= here) {
                wrong.push(format!("{room} → {d}: not a room below {room}"));
            }
        }
        for u in up {
            if !known_back.contains(&(room.as_str(), u.as_str())) {
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
    wrong
}

/// The arrows inside `play/` and `rules/` allowed to run back up: none. A new one is a change of
/// this list, not of ARCHITECTURE.md alone.
const KNOWN_INNER_BACK_ARROWS: &[(&str, &str)] = &[];

/// The inner rooms of `src/ROOM/`: each file (its stem) or folder, `mod` for `mod.rs` where it
/// holds code of its own (a `mod.rs` of declarations and re-exports alone is no room).
fn inner_modules(room: &str) -> BTreeSet<String> {
    let mut mods = BTreeSet::new();
    for e in std::fs::read_dir(repo().join("src").join(room)).unwrap() {
        let p = e.unwrap().path();
        let stem = p.file_stem().unwrap().to_str().unwrap().to_string();
        if p.is_dir() || (stem != "mod" && !stem.ends_with("tests")) {
            mods.insert(stem);
        }
    }
    mods
}

/// `mod.rs`'s re-exports: each name it gives (`pub(crate) use game::{Game, Step as S}`) → the
/// inner room it comes from.
fn re_exports(mod_rs: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for part in mod_rs.split("use ").skip(1) {
        let stmt = part.split(';').next().unwrap_or("");
        let Some((module, names)) = stmt.split_once("::") else {
            continue;
        };
        let module = module.trim();
        let names = names.trim().trim_start_matches('{').trim_end_matches('}');
        for item in names.split(',') {
            let name = item.split(" as ").last().unwrap_or("").trim();
            if !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                out.insert(name.to_string(), module.to_string());
            }
        }
    }
    out
}

/// The code of a file without its unit tests and comments.
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first name of each path that starts with `prefix` in `code`: `super::game::Game` and
/// `super::{game::Game, nav}` give `game` and `nav`.
fn names_after(code: &str, prefix: &str) -> BTreeSet<String> {
    let word = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices(prefix) {
        if code[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
        {
            continue;
        }
        let rest = &code[i + prefix.len()..];
        if let Some(list) = rest.strip_prefix('{') {
            // The top-level items of the list.
            let mut depth = 0;
            let mut item_start = true;
            for (j, c) in list.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        out.insert(word(&list[j..]));
                        item_start = false;
                    }
                    _ => {}
                }
            }
        } else {
            out.insert(word(rest));
        }
    }
    out.retain(|n| !n.is_empty() && n != "self" && n != "super");
    out
}

/// The code's arrows between the inner rooms of `src/ROOM/`: `super::…` and `crate::ROOM::…`
/// paths, each name taken to the room that defines it (through `mod.rs`'s re-exports; a name
/// `mod.rs` defines itself is `mod`), and `mod.rs`'s own uses of its rooms.
fn inner_arrows(room: &str) -> BTreeMap<String, BTreeSet<String>> {
    let base = repo().join("src").join(room);
    let mods = inner_modules(room);
    let mod_rs = code_of(&base.join("mod.rs"));
    let exported = re_exports(&mod_rs);
    let resolve = |n: &str| -> String {
        if mods.contains(n) {
            n.to_string()
        } else {
            exported
                .get(n)
                .cloned()
                .unwrap_or_else(|| "mod".to_string())
        }
    };
    let mut arrows: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let crate_path = format!("crate::{room}::");
    for m in &mods {
        // A room is `m.rs`, `m/mod.rs`, or both `m.rs` and the folder `m/` of its own modules.
        // In `m.rs` and `m/mod.rs`, `super::` is this room's parent; in the folder's other
        // files it is `m` itself, and the parent is `super::super::`.
        let mut files: Vec<(std::path::PathBuf, &str)> = Vec::new();
        if base.join(format!("{m}.rs")).is_file() {
            files.push((base.join(format!("{m}.rs")), "super::"));
        }
        if base.join(m).is_dir() {
            let mut inside = Vec::new();
            sources(&base.join(m), &mut inside);
            for f in inside {
                let up = if f.ends_with("mod.rs") {
                    "super::"
                } else {
                    "super::super::"
                };
                files.push((f, up));
            }
        }
        let entry = arrows.entry(m.clone()).or_default();
        for (f, up) in &files {
            if f.to_string_lossy().ends_with("tests.rs") {
                continue;
            }
            let code = code_of(f);
            let mut names = names_after(&code, &crate_path);
            names.extend(names_after(&code, up));
            entry.extend(names.iter().map(|n| resolve(n)).filter(|r| r != m));
        }
    }
    // mod.rs's own code: its uses of the rooms it declares (not the declarations and
    // re-exports themselves).
    let own: String = mod_rs
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with("mod ")
                || t.starts_with("pub(crate) mod ")
                || t.starts_with("pub(crate) use ")
                || t.starts_with("pub use "))
        })
        .collect::<Vec<_>>()
        .join("\n");
    let uses: BTreeSet<String> = mods
        .iter()
        .filter(|m| !names_after(&own, &format!("{m}::")).is_empty())
        .cloned()
        .collect();
    let defines_code = own.contains("fn ") || own.contains("struct ") || own.contains("const ");
    if defines_code || arrows.values().any(|a| a.contains("mod")) {
        arrows.insert("mod".to_string(), uses);
    }
    arrows
}

/// ARCHITECTURE.md's tables of the rooms inside `play/` and `rules/` are the code's: no circle,
/// no arrow back up but the few known ones (the walker's, to be taken out).
#[test]
fn the_rooms_inside_play_and_rules_make_no_circle() {
    let mut wrong = Vec::new();
    for (n, room) in ["play", "rules"].into_iter().enumerate() {
        let table = room_table("## Rooms inside play/ and rules/\n", n);
        let actual = inner_arrows(room);
        wrong.extend(
            table_against_code(&table, &actual, KNOWN_INNER_BACK_ARROWS)
                .into_iter()
                .map(|w| format!("{room}/: {w}")),
        );
    }
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md's inner rooms:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_inner_scanner_reads_super_paths_and_lists() {
    let code = "use super::game::Game;\nuse super::{nav::{self, step}, state};\nx::super::no;\n";
    assert_eq!(
        names_after(code, "super::"),
        BTreeSet::from(["game".to_string(), "nav".to_string(), "state".to_string()])
    );
    let exported = re_exports(
        "pub(crate) use view::{LogNames, log_text as text};\npub(crate) use nav::start;\n",
    );
    assert_eq!(exported.get("text").map(String::as_str), Some("view"));
    assert_eq!(exported.get("start").map(String::as_str), Some("nav"));
    assert_eq!(exported.get("LogNames").map(String::as_str), Some("view"));
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
