//! `flipbook transcribe` off a terminal: rows from a file (good and bad, every error naming its
//! `file:line`), the transcribed chart used by `roll`, `chart`, `charts` and `search` with the DRMs
//! and the new-player rule the flipbook gave it, `--list`, `--export` read back with `--from`,
//! and the player's own chart never lost to a transcription that fails.

use crate::common;
use common::{Env, repo};
use std::path::PathBuf;

fn fixture(name: &str) -> String {
    repo()
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

fn scandal_file(env: &Env) -> PathBuf {
    env.config().join("books/mr-president/scandal.yaml")
}

/// A rows file in the test's own folder.
fn rows(env: &Env, name: &str, text: &str) -> String {
    let p = env.home.path().join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn done_when_a_transcription_rolls_and_is_marked_the_players() {
    let env = Env::new();
    let before = env.json(&["roll", "scandal", "--roll", "2"]);
    assert!(
        before["result"]
            .as_str()
            .unwrap()
            .contains("Look up 2 on D14")
    );
    let (code, out, err) = env.run(&[
        "transcribe",
        "scandal",
        "--from",
        &fixture("scandal-rows.txt"),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("scandal (Scandal Table, D14): 3 rows over the d6"),
        "{out}"
    );
    let v = env.json(&["roll", "scandal", "--roll", "2"]);
    assert_eq!(v["result"], "Scandal: -1 Public Approval");
    assert_eq!(v["row"], "1-2");
    // The aliases stay: D14 is the booklet's code.
    assert_eq!(
        env.json(&["roll", "d14", "--roll", "4"])["result"],
        "Weathered: no effect"
    );
    // A follow-up roll the player named.
    let v = env.json(&["roll", "scandal", "--roll", "6", "--seed", "1"]);
    assert_eq!(v["then"][0]["chart"], "domestic-crisis");
    let (_, charts, _) = env.run(&["charts"]);
    let line = charts.lines().find(|l| l.starts_with("scandal")).unwrap();
    assert!(line.contains("(yours)"), "{line}");
    let list = env.json(&["charts"]);
    let c = list["charts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "scandal")
        .unwrap();
    assert_eq!(
        (c["transcribed"].as_bool(), c["stub"].as_bool()),
        (Some(true), Some(false))
    );
    // `chart` shows the rows, `search` finds the player's words.
    let (code, shown, _) = env.run(&["chart", "scandal"]);
    assert_eq!(code, 0);
    assert!(shown.contains("Media frenzy"), "{shown}");
    let found = env.json(&["search", "frenzy"]);
    assert!(found.to_string().contains("scandal"), "{found}");
    // The file keeps what the flipbook knew and says whose it is.
    let yaml = std::fs::read_to_string(scandal_file(&env)).unwrap();
    for want in [
        "id: scandal",
        "- d14",
        "printed: Flipbook p11",
        "die: d6",
        "Your transcription of D14",
    ] {
        assert!(yaml.contains(want), "{want} in {yaml}");
    }
    assert!(!yaml.contains("stub"), "{yaml}");
    // `flipbook check` passes the folder.
    let folder = env.config().join("books/mr-president");
    let (code, _, err) = env.run(&["check", folder.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn the_stubs_dice_drms_and_new_player_rule_carry_over() {
    let env = Env::new();
    let (code, _, err) = env.run(&[
        "transcribe",
        "war-progress",
        "--from",
        &fixture("war-progress-rows.txt"),
    ]);
    assert_eq!(code, 0, "{err}");
    let v = env.json(&[
        "roll",
        "war-progress",
        "--roll",
        "3",
        "--set",
        "pre_war_intel=yes",
        "--new-player",
    ]);
    let sources: Vec<&str> = v["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["source"].as_str().unwrap())
        .collect();
    assert_eq!(
        sources,
        ["Pre-War Intel (FNI 1-2)", "New player (Easier game)"]
    );
    assert_eq!(v["total"], 1);
    assert_eq!(v["row"], "1 or less");
    assert_eq!(v["result"], "Disaster: the war goes badly");
    let v = env.json(&[
        "roll",
        "war-progress",
        "--roll",
        "10",
        "--set",
        "pre_war_intel=no",
    ]);
    assert_eq!(
        (v["total"].as_i64(), v["result"].as_str()),
        (Some(10), Some("Victory"))
    );
    // A selection roll stays one: the new-player DRM never applies.
    let f = rows(
        &env,
        "russia.txt",
        "1-5  Cyber attack\n6-10  Arms build-up\n",
    );
    let (code, _, err) = env.run(&["transcribe", "russia-acts", "--from", &f]);
    assert_eq!(code, 0, "{err}");
    let v = env.json(&["roll", "russia-acts", "--roll", "6", "--new-player"]);
    assert_eq!(v["modifiers"].as_array().unwrap().len(), 0, "{v}");
    assert_eq!(v["result"], "Arms build-up");
}

#[test]
fn bad_rows_are_one_error_naming_the_file_and_line() {
    let env = Env::new();
    let cases: &[(&str, &str)] = &[
        (
            "1-3  A\nfour  B\n",
            ":2: row 'four' is not a range like 1-2, 9+, 2 or less, 10",
        ),
        (
            "1-3  A\n3-6  B\n",
            ":2: row '3-6' overlaps row '1-3' (line 1)",
        ),
        (
            "1-2  A\n# gap\n5-6  B\n",
            ":3: no row for 3-4: every roll of the d6 (1-6) needs one",
        ),
        ("1-3  A\n4-5  B\n", ":2: no row for 6"),
        ("1-3  A\n4-6\n", ":2: row '4-6' has no result"),
        (
            "1-3  A -> nowhere\n4-6  B\n",
            ":1: 'nowhere' is not a chart of mr-president",
        ),
        ("die: d7x\n1-6  A\n", ":1: 'd7x' is not a die"),
        (
            "columns: Calm | Storm\n1-6  only one\n",
            ":2: 2 result(s) separated by |",
        ),
        ("1-6  A\ndie: d10\n", ":2: 'die:' comes before the rows"),
        ("\n# nothing here\n", ":1: no rows"),
    ];
    for (i, (text, says)) in cases.iter().enumerate() {
        let f = rows(&env, &format!("bad{i}.txt"), text);
        env.bad(
            &["transcribe", "scandal", "--from", &f],
            &format!("{f}{says}"),
        );
    }
    assert!(!scandal_file(&env).exists());
    // Off a terminal, the rows come from a file or not at all.
    env.bad(&["transcribe", "scandal"], "--from FILE");
    // A chart printed in full has nothing to transcribe; an unknown one is named.
    let good = fixture("scandal-rows.txt");
    env.bad(
        &["transcribe", "sotu", "--from", &good],
        "not a chart the flipbook only names",
    );
    env.bad(
        &["transcribe", "scandl", "--from", &good],
        "did you mean scandal",
    );
    env.bad(
        &["transcribe", "scandal", "--from", "no-such-rows.txt"],
        "no-such-rows.txt",
    );
}

#[test]
fn the_players_chart_is_never_lost_when_a_transcription_fails() {
    let env = Env::new();
    let (code, _, err) = env.run(&[
        "transcribe",
        "scandal",
        "--from",
        &fixture("scandal-rows.txt"),
    ]);
    assert_eq!(code, 0, "{err}");
    let kept = std::fs::read(scandal_file(&env)).unwrap();
    // A bad row: refused before anything is written.
    let bad = rows(&env, "bad.txt", "1-3  A\n3-6  B\n");
    env.bad(&["transcribe", "scandal", "--from", &bad], "bad.txt:2:");
    // Rows that read but do not validate (a row that rolls on itself forever): refused by the
    // validation of shipped charts, nothing written.
    let looping = rows(&env, "loop.txt", "1-3  A -> scandal\n4-6  B\n");
    let (code, out, err) = env.run(&["transcribe", "scandal", "--from", &looping]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("does not validate, so nothing was written"),
        "{err}"
    );
    assert!(err.contains("rolls on its own chart again"), "{err}");
    // An import of two charts whose second is bad writes neither.
    let two = rows(
        &env,
        "two.txt",
        "[scandal]\n1-6  New\n[good-times]\n1-3  X\n",
    );
    env.bad(
        &["transcribe", "--from", &two],
        "two.txt:4: no row for 4-10",
    );
    assert_eq!(std::fs::read(scandal_file(&env)).unwrap(), kept);
    assert!(
        !env.config()
            .join("books/mr-president/good-times.yaml")
            .exists()
    );
    assert_eq!(
        env.json(&["roll", "scandal", "--roll", "2"])["result"],
        "Scandal: -1 Public Approval"
    );
    // No temporary file is left beside it.
    let names: Vec<String> = std::fs::read_dir(env.config().join("books/mr-president"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["scandal.yaml"]);
}

#[test]
fn a_chart_among_others_in_a_players_file_is_left_to_edit_by_hand() {
    let env = Env::new();
    let text = "id: scandal\ntitle: Scandal Table\nprinted: p11\ndie: d6\nrows:\n  - {row: \"1-6\", result: Mine}\n---\nid: good-times\ntitle: Good Times\nprinted: p9\ndie: d10\nrows:\n  - {row: \"1-10\", result: Also mine}\n";
    let f = env.write_config("books/mr-president/mine.yaml", text);
    env.bad(
        &[
            "transcribe",
            "scandal",
            "--from",
            &fixture("scandal-rows.txt"),
        ],
        "one of 2 charts in",
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
    // A file of one chart is rewritten in place: no second chart of the same id.
    let one = "id: scandal\ntitle: Scandal Table\nprinted: p11\ndie: d6\nrows:\n  - {row: \"1-6\", result: Mine}\n";
    std::fs::write(&f, one).unwrap();
    let v = env.json(&[
        "transcribe",
        "scandal",
        "--from",
        &fixture("scandal-rows.txt"),
    ]);
    assert_eq!(v["charts"][0]["replaced"], true);
    assert_eq!(v["charts"][0]["file"], f.display().to_string());
    assert!(!scandal_file(&env).exists());
    assert_eq!(env.json(&["roll", "scandal", "--roll", "1"])["row"], "1-2");
}

#[test]
fn list_shows_what_is_left_to_transcribe() {
    let env = Env::new();
    let named = |v: &serde_json::Value, id: &str| {
        v["charts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .cloned()
            .unwrap()
    };
    let v = env.json(&["transcribe", "--list"]);
    assert_eq!(v["charts"].as_array().unwrap().len(), 24);
    assert_eq!(named(&v, "homeland-check")["transcribed"], false);
    assert_eq!(named(&v, "scandal")["transcribed"], false);
    assert_eq!(named(&v, "scandal")["code"], "D14");
    let (code, _, err) = env.run(&[
        "transcribe",
        "scandal",
        "--from",
        &fixture("scandal-rows.txt"),
    ]);
    assert_eq!(code, 0, "{err}");
    let v = env.json(&["transcribe", "--list"]);
    assert_eq!(named(&v, "scandal")["transcribed"], true);
    let (_, text, _) = env.run(&["transcribe", "--list"]);
    assert!(
        text.contains("Still to transcribe, from your own booklets (23):"),
        "{text}"
    );
    assert!(text.contains("Transcribed by you (1):"), "{text}");
    // A book with nothing named has nothing to transcribe.
    let (code, text, _) = env.run(&["--book", "ideology", "transcribe", "--list"]);
    assert_eq!(code, 0);
    assert!(text.contains("nothing to transcribe"), "{text}");
}

#[test]
fn an_export_is_read_back_by_another_player() {
    let env = Env::new();
    env.bad(&["transcribe", "--export"], "no transcriptions");
    let (code, _, err) = env.run(&[
        "transcribe",
        "scandal",
        "--from",
        &fixture("scandal-rows.txt"),
    ]);
    assert_eq!(code, 0, "{err}");
    let gt = rows(
        &env,
        "gt.txt",
        "die: d6\ncolumns: Calm | Storm\n1-3  a | b\n4+  c | d -> scandal\n",
    );
    let (code, _, err) = env.run(&["transcribe", "good-times", "--from", &gt]);
    assert_eq!(code, 0, "{err}");
    let (code, shared, err) = env.run(&["transcribe", "--export"]);
    assert_eq!(code, 0, "{err}");
    assert!(shared.contains("[scandal]\ndie: d6\n"), "{shared}");
    assert!(shared.contains("columns: Calm | Storm"), "{shared}");
    let file = env.home.path().join("shared.txt");
    let v = env.json(&["transcribe", "--export", file.to_str().unwrap()]);
    assert_eq!(v["action"], "exported");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), shared);

    let other = Env::new();
    let v = other.json(&["transcribe", "--from", file.to_str().unwrap()]);
    let ids: Vec<&str> = v["charts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["scandal", "good-times"]);
    assert_eq!(
        other.json(&["roll", "scandal", "--roll", "4"])["result"],
        "Weathered: no effect"
    );
    let v = other.json(&[
        "roll",
        "good-times",
        "--roll",
        "5",
        "--set",
        "column=storm",
        "--seed",
        "3",
    ]);
    assert_eq!(
        (v["column"].as_str(), v["result"].as_str()),
        (Some("Storm"), Some("d"))
    );
    assert_eq!(v["then"][0]["chart"], "scandal");
    // One chart of the shared file, by its id.
    let third = Env::new();
    let v = third.json(&["transcribe", "d15", "--from", file.to_str().unwrap()]);
    assert_eq!(v["charts"][0]["id"], "good-times");
    assert!(!scandal_file(&third).exists());
    // Rows with no heading name no chart.
    let plain = rows(&env, "plain.txt", "1-6  A\n");
    env.bad(&["transcribe", "--from", &plain], "whose rows?");
}

#[test]
fn the_books_md_examples_read_as_rows() {
    let books = std::fs::read_to_string(repo().join("BOOKS.md")).unwrap();
    let section = books.split("## Transcribing").nth(1).unwrap();
    let section = section.split("\n## ").next().unwrap();
    let blocks: Vec<&str> = section
        .split("```text\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap())
        .collect();
    assert_eq!(blocks.len(), 2);
    let env = Env::new();
    for (i, block) in blocks.iter().enumerate() {
        let f = rows(&env, &format!("books{i}.txt"), block);
        let (code, _, err) = env.run(&["transcribe", "scandal", "--from", &f]);
        assert_eq!(code, 0, "BOOKS.md example {i}: {err}");
    }
}

/// A book of the player's own with stubs: one in a file of its own, one among other charts.
fn own_book(env: &Env) -> PathBuf {
    env.write_config(
        "books/myg/book.yaml",
        "id: myg\ntitle: My Game\ngame: Mine\nsource: me\n",
    );
    env.write_config(
        "books/myg/storm.yaml",
        "id: storm\ntitle: Storm Table\nprinted: Rulebook p7\ndie: d6\nstub: {code: S1, table: Storm Table, booklet: Rulebook, read: \"Read {total} on the Storm Table\"}\n",
    );
    env.write_config(
        "books/myg/more.yaml",
        "id: fog\ntitle: Fog\nprinted: p8\ndie: 2d6\ndrms:\n  - {label: Night, value: 1}\nstub: {code: F1, table: Fog Table, booklet: Rulebook}\n---\nid: wind\ntitle: Wind\nprinted: p9\ndie: d6\nrows:\n  - {row: \"1-6\", result: calm}\n",
    )
}

#[test]
fn a_players_own_stubs_are_listed_and_transcribed_beside_them() {
    let env = Env::new();
    let more = own_book(&env);
    let dir = more.parent().unwrap().to_path_buf();
    let v = env.json(&["--book", "myg", "transcribe", "--list"]);
    assert_eq!(v["book"], "myg");
    let ids: Vec<(&str, bool)> = v["charts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["id"].as_str().unwrap(),
                c["transcribed"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(ids, [("fog", false), ("storm", false)]);
    let (_, text, _) = env.run(&["--book", "myg", "transcribe", "--list"]);
    assert!(
        text.contains("Still to transcribe, from your own booklets (2):"),
        "{text}"
    );
    assert!(text.contains("flipbook --book myg transcribe ID"), "{text}");
    let f = rows(&env, "storm.txt", "1-3  Calm\n4-6  Storm -> wind\n");
    let v = env.json(&["--book", "myg", "transcribe", "storm", "--from", &f]);
    let written = dir.join("storm.transcribed.yaml");
    assert_eq!(v["charts"][0]["file"], written.to_str().unwrap());
    assert_eq!(v["charts"][0]["replaced"], false);
    // The stub's own file is the player's: left as it was.
    let stub = std::fs::read_to_string(dir.join("storm.yaml")).unwrap();
    assert!(stub.contains("stub:"), "{stub}");
    let r = env.json(&["--book", "myg", "roll", "storm", "--roll", "5"]);
    assert_eq!(r["row"], "4-6");
    assert_eq!(r["then"][0]["chart"], "wind");
    let v = env.json(&["--book", "myg", "transcribe", "--list"]);
    assert_eq!(v["charts"][1]["transcribed"], true, "{v}");
    // The book with the stub and its transcription side by side checks, and again replaces.
    let (code, out, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok: 3 chart(s)"), "{out}");
    let v = env.json(&["--book", "myg", "transcribe", "storm", "--from", &f]);
    assert_eq!(v["charts"][0]["replaced"], true);
    // A stub among other charts is written beside them; its DRM carries over.
    let f = rows(&env, "fog.txt", "2-7  Clear\n8+  Thick fog\n");
    env.json(&["--book", "myg", "transcribe", "fog", "--from", &f]);
    let r = env.json(&["--book", "myg", "roll", "fog", "--roll", "3", "--roll", "4"]);
    assert_eq!(
        (r["total"].as_i64(), r["row"].as_str()),
        (Some(8), Some("8+"))
    );
    assert!(std::fs::read_to_string(&more).unwrap().contains("stub:"));
    let (code, shared, err) = env.run(&["--book", "myg", "transcribe", "--export"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        shared.contains("[storm]") && shared.contains("[fog]"),
        "{shared}"
    );
    // A chart printed in full is still refused.
    env.bad(
        &["--book", "myg", "transcribe", "wind", "--from", &f],
        "its rows are there already",
    );
}

#[test]
fn a_players_transcription_that_cannot_be_used_gives_the_stub_back() {
    let env = Env::new();
    own_book(&env);
    let broken = env.write_config(
        "books/myg/storm.transcribed.yaml",
        "id: storm\ntitle: Storm Table\nprinted: p\ndie: d6\nrows:\n  - {row: \"1-3\", result: x}\n",
    );
    let (code, out, err) = env.run(&["--book", "myg", "roll", "storm", "--roll", "5"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Read 5 on the Storm Table"), "{out}");
    assert!(
        err.contains("`flipbook --book myg transcribe storm` replaces it"),
        "{err}"
    );
    let f = rows(&env, "storm.txt", "1-3  Calm\n4-6  Storm\n");
    let v = env.json(&["--book", "myg", "transcribe", "storm", "--from", &f]);
    assert_eq!(v["charts"][0]["file"], broken.to_str().unwrap());
    let r = env.json(&["--book", "myg", "roll", "storm", "--roll", "2"]);
    assert_eq!(r["result"], "Calm");
}

#[test]
fn a_book_extending_a_shipped_one_transcribes_its_stubs() {
    let env = Env::new();
    env.write_config(
        "books/mrp2/book.yaml",
        "id: mrp2\ntitle: Errata\ngame: Mr. President\nsource: errata\nextends: mr-president\n",
    );
    let named = |v: &serde_json::Value, id: &str| {
        v["charts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .cloned()
            .unwrap()
    };
    let v = env.json(&["--book", "mrp2", "transcribe", "--list"]);
    assert_eq!(named(&v, "scandal")["transcribed"], false);
    let f = fixture("scandal-rows.txt");
    env.json(&["--book", "mrp2", "transcribe", "scandal", "--from", &f]);
    let v = env.json(&["--book", "mrp2", "transcribe", "--list"]);
    assert_eq!(named(&v, "scandal")["transcribed"], true);
    // The shipped book itself is not touched: nothing was written for it.
    let v = env.json(&["transcribe", "--list"]);
    assert_eq!(named(&v, "scandal")["transcribed"], false);
    assert!(!env.config().join("books/mr-president").exists());
}
