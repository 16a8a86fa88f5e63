//! What a new player's Hannibal book, written from the docs alone, found: a gate's text naming
//! an input never asked, an `alt` that hides a row's end of the game, `check .`, division, a
//! missing opposed die, two charts' inputs of one key in `report`, and opposed dice in the log.

use crate::common;
use common::Env;

const BOOK: &str =
    "id: hannibal\ntitle: Hannibal\ngame: Hannibal (a test game)\nsource: tests/cold_try.rs\n";

/// Rome against Carthage, a d6 each; the capital's fall ends the game.
const SKIRMISH: &str = r#"id: skirmish
title: Skirmish
printed: Rules p8
die: d6
opposed: [Rome, Carthage]
inputs:
  - {key: legions, label: Legions, ask: Roman legions?, type: number, min: 0, max: 3}
  - {key: capital, label: Capital, ask: Is the battle at the capital?, type: yesno}
drms:
  - {label: Legions, value: 1, per: legions, side: Rome}
rows:
  - row: "-1 or less"
    result: "{winner} wins by {margin}"
    alt: [{when: {capital: true}, result: "The capital falls to {winner}", game_over: true}]
  - {row: "0", result: "A standoff: {winner} gains"}
  - {row: "1+", result: "{winner} wins by {margin}"}
"#;

/// A siege: the walls halve the total; none in winter.
const SIEGE: &str = r#"id: siege
title: Siege
printed: Rules p9
die: d6
inputs:
  - {key: winter, label: Winter, ask: Is it winter?, type: yesno}
  - {key: walls, label: Walls, ask: The walls' strength?, type: number, min: 1, max: 4}
  - {key: cus, label: CUs, ask: CUs besieging?, type: number, min: 1, max: 20}
gates:
  - {when: {winter: true}, result: "No siege rolls in winter"}
rows:
  - {row: "1-3", result: "The walls hold"}
  - {row: "4+", result: "A breach: {(total + cus) / walls} CUs storm in"}
"#;

const ATTRITION: &str = r#"id: attrition
title: Attrition
printed: Rules p10
die: d6
inputs:
  - {key: cus, label: CUs, ask: CUs in the army?, type: number, min: 1, max: 30}
rows:
  - {row: "1-4", result: "No loss"}
  - {row: "5+", result: "Lose {cus / 4} CUs"}
"#;

const SEQUENCE: &str = r"title: A year of war
turns: 2
phases:
  - {id: war, title: War, segments: [battle]}
segments:
  - {id: battle, title: Battle, steps: [{text: Fight., chart: skirmish}]}
";

fn env() -> Env {
    let env = Env::new();
    env.write_config("books/hannibal/book.yaml", BOOK);
    env.write_config("books/hannibal/skirmish.yaml", SKIRMISH);
    env.write_config("books/hannibal/siege.yaml", SIEGE);
    env.write_config("books/hannibal/attrition.yaml", ATTRITION);
    env.write_config("books/hannibal/sequence.yaml", SEQUENCE);
    env
}

fn dir(env: &Env) -> String {
    env.config()
        .join("books/hannibal")
        .to_string_lossy()
        .into_owned()
}

/// `check` on the book with `file` written as `text`: refused, saying each of `says`.
fn refused(env: &Env, file: &str, text: &str, says: &[&str]) {
    env.write_config(&format!("books/hannibal/{file}"), text);
    let (code, _, err) = env.run(&["check", &dir(env)]);
    assert_eq!(code, 1, "{text}");
    for s in says {
        assert!(err.contains(s), "'{s}' not in {err}");
    }
}

#[test]
fn the_book_passes_check_even_from_inside_its_folder() {
    let env = env();
    let (code, out, err) = env.run(&["check", &dir(&env)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok: 3 chart(s)"), "{out}");
    // `check .` in the folder: the folder's name is its resolved name, not ''.
    let out = env
        .cmd(&["check", "."])
        .current_dir(dir(&env))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("differs from its folder"), "{err}");
    let inner = env.config().join("books/hannibal/notes");
    std::fs::create_dir_all(&inner).unwrap();
    let out = env
        .cmd(&["check", ".."])
        .current_dir(&inner)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_gate_names_only_what_its_condition_reads() {
    let env = env();
    refused(
        &env,
        "siege.yaml",
        &SIEGE.replace("in winter\"", "in winter (walls {walls})\""),
        &[
            "siege.yaml:10:",
            "{walls} names 'walls'",
            "nothing more is asked",
            "it may name: winter",
        ],
    );
    // What its condition reads, it may name.
    env.write_config(
        "books/hannibal/siege.yaml",
        &SIEGE.replace(
            "{when: {winter: true}, result: \"No siege rolls in winter\"}",
            "{when: {winter: true, walls: {min: 3}}, result: \"Walls {walls}: no siege in winter\"}",
        ),
    );
    let (code, _, err) = env.run(&["check", &dir(&env)]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn an_alt_ends_the_game_with_its_own_game_over() {
    let env = env();
    let roll = |capital: &str| {
        env.json(&[
            "--book",
            "hannibal",
            "roll",
            "skirmish",
            "--roll",
            "1",
            "--roll",
            "5",
            "--set",
            "legions=1",
            "--set",
            capital,
        ])
    };
    // Rome 1 + 1 = 2, Carthage 5: -3, row -1 or less.
    let v = roll("capital=yes");
    assert_eq!(v["row"], "-1 or less");
    assert_eq!(v["result"], "The capital falls to Carthage");
    assert_eq!(v["game_over"], true);
    let v = roll("capital=no");
    assert_eq!(v["result"], "Carthage wins by 3");
    assert!(v["game_over"].is_null() || v["game_over"] == false, "{v}");
    // `chart` marks the row: ends the game when the capital is the field, may when unknown.
    let (code, out, err) = env.run(&[
        "--book",
        "hannibal",
        "chart",
        "skirmish",
        "--set",
        "legions=0",
        "--set",
        "capital=yes",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("The capital falls to ‹winner› (ends the game)"),
        "{out}"
    );
    let (_, out, _) = env.run(&["--book", "hannibal", "chart", "skirmish"]);
    assert!(out.contains("(may end the game)"), "{out}");
    assert!(!out.contains("(ends the game)"), "{out}");
    let v = env.json(&[
        "--book",
        "hannibal",
        "chart",
        "skirmish",
        "--set",
        "legions=0",
        "--set",
        "capital=no",
    ]);
    let rows = v["columns"][0]["rows"].as_array().unwrap();
    assert!(rows.iter().all(|r| r["game_over"].is_null()), "{v}");
}

#[test]
fn check_names_a_game_over_an_alt_always_hides() {
    let env = env();
    let hidden = SKIRMISH
        .replace(", game_over: true}]", "}]")
        .replace(
            "    result: \"{winner} wins by {margin}\"\n    alt",
            "    result: \"{winner} wins by {margin}\"\n    game_over: {when: {capital: true}}\n    alt",
        );
    assert!(hidden.contains("game_over: {when"), "{hidden}");
    refused(
        &env,
        "skirmish.yaml",
        &hidden,
        &[
            "row -1 or less: its game_over can never end the game",
            "'game_over: true' on the alt",
        ],
    );
    // A narrower game_over (the capital, and Rome's legions all lost) is hidden too; one the alt
    // does not cover (no legions, anywhere) is not.
    let narrower = hidden.replace(
        "game_over: {when: {capital: true}}",
        "game_over: {when: {capital: true, legions: 0}}",
    );
    refused(
        &env,
        "skirmish.yaml",
        &narrower,
        &["can never end the game"],
    );
    let wider = hidden.replace(
        "game_over: {when: {capital: true}}",
        "game_over: {when: {legions: 0}}",
    );
    env.write_config("books/hannibal/skirmish.yaml", &wider);
    let (code, _, err) = env.run(&["check", &dir(&env)]);
    assert_eq!(code, 0, "{err}");
}

/// A roll on the siege (not in winter, 6 CUs) with these walls and this die.
fn siege<'a>(walls: &'a str, die: &'a str) -> Vec<&'a str> {
    let mut a = vec!["--book", "hannibal", "roll", "siege", "--roll", die];
    a.extend_from_slice(&["--set", "winter=no", "--set", walls, "--set", "cus=6"]);
    a
}

#[test]
fn results_divide_rounding_down() {
    let env = env();
    // (5 + 6) / 2 = 5.5: 5.
    let v = env.json(&siege("walls=2", "5"));
    assert_eq!(v["result"], "A breach: 5 CUs storm in");
    // 7 / 4 = 1.75: 1.
    let v = env.json(&[
        "--book",
        "hannibal",
        "roll",
        "attrition",
        "--roll",
        "6",
        "--set",
        "cus=7",
    ]);
    assert_eq!(v["result"], "Lose 1 CUs");
    // By zero: a divisor that may be 0 (walls from 0) is refused by check, before any roll
    // could meet it; so is a divisor written 0.
    refused(
        &env,
        "siege.yaml",
        &SIEGE.replace("min: 1, max: 4", "min: 0, max: 4"),
        &["{(total + cus) / walls} can divide by zero"],
    );
    env.write_config("books/hannibal/siege.yaml", SIEGE);
    refused(
        &env,
        "attrition.yaml",
        &ATTRITION.replace("{cus / 4}", "{cus / (2 - 2)}"),
        &["{cus / (2 - 2)} divides by zero"],
    );
}

#[test]
fn an_opposed_roll_takes_a_die_per_side_or_none() {
    let env = env();
    let sets = ["--set", "legions=0", "--set", "capital=no"];
    let mut a = vec!["--book", "hannibal", "roll", "skirmish", "--roll", "2"];
    a.extend_from_slice(&sets);
    env.bad(
        &a,
        "skirmish is an opposed roll: give one --roll per side (Rome, Carthage), or none",
    );
    let mut a = vec!["--book", "hannibal", "roll", "skirmish"];
    a.extend_from_slice(&["--roll", "2", "--roll", "3", "--roll", "4"]);
    a.extend_from_slice(&sets);
    env.bad(
        &a,
        "3 --roll values given, but the roll used only 2; not used: 4",
    );
}

/// Play's bookmark open, then rolls outside play: two skirmishes, and `cus` given to two charts.
#[test]
fn the_log_and_the_report_count_both_sides_and_keep_charts_apart() {
    let env = env();
    let out = env
        .cmd(&["--book", "hannibal", "play", "--restart", "--yes"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sets = ["--set", "legions=0", "--set", "capital=no"];
    for (rome, carthage) in [("4", "2"), ("6", "6")] {
        let mut a = vec!["--book", "hannibal", "roll", "skirmish"];
        a.extend_from_slice(&["--roll", rome, "--roll", carthage]);
        a.extend_from_slice(&sets);
        env.json(&a);
    }
    let (code, log, err) = env.run(&["--book", "hannibal", "log"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        log.contains("Skirmish rolled Rome 4, Carthage 2, total 2 → 1+"),
        "{log}"
    );
    assert!(
        log.contains("Skirmish rolled Rome 6, Carthage 6, total 0 → 0"),
        "{log}"
    );
    let r = env.json(&["--book", "hannibal", "report"]);
    assert_eq!(
        d6_rolls(&r),
        (4, 4),
        "two skirmishes are four dice typed in: {r}"
    );
    // A log of old, without sides, still reads (its one die counts).
    let logfile = env.data().join("hannibal/log.jsonl");
    let mut text = std::fs::read_to_string(&logfile).unwrap();
    let turn = |t: u32, chart: &str, cus: u32, n: u32| {
        format!(
            "{{\"turn\":{t},\"phase\":\"war\",\"segment\":\"battle\",\"chart\":\"{chart}\",\
             \"inputs\":{{\"cus\":{cus}}},\"natural\":{n},\"total\":{n},\"row\":\"1-3\"}}\n"
        )
    };
    text.push_str(&turn(1, "attrition", 6, 1));
    text.push_str(&turn(1, "siege", 5, 2));
    text.push_str(&turn(2, "attrition", 6, 3));
    text.push_str(&turn(2, "siege", 4, 2));
    std::fs::write(&logfile, text).unwrap();
    let r = env.json(&["--book", "hannibal", "report"]);
    assert_eq!(d6_rolls(&r), (8, 4), "{r}");
    let series: Vec<(String, String, Vec<i64>)> = r["series"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["chart"].as_str().unwrap().to_string(),
                s["label"].as_str().unwrap().to_string(),
                s["points"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["value"].as_i64().unwrap())
                    .collect(),
            )
        })
        .collect();
    assert!(
        series.contains(&("attrition".into(), "CUs (Attrition)".into(), vec![6, 6])),
        "{series:?}"
    );
    assert!(
        series.contains(&("siege".into(), "CUs (Siege)".into(), vec![5, 4])),
        "{series:?}"
    );
    let (_, text, _) = env.run(&["--book", "hannibal", "report", "--turn", "1"]);
    assert!(text.contains("CUs (Attrition): 6"), "{text}");
    assert!(text.contains("CUs (Siege): 5"), "{text}");
    assert!(!text.contains("6 → 5"), "{text}");
}

/// The d6 rolls a report counts: in all, and of those the dice typed in.
fn d6_rolls(r: &serde_json::Value) -> (u64, u64) {
    let d6: Vec<&serde_json::Value> = r["dice"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["die"] == "d6")
        .collect();
    let all = d6.iter().map(|d| d["rolls"].as_u64().unwrap()).sum();
    let typed = d6
        .iter()
        .filter(|d| d["source"] != "tool")
        .map(|d| d["rolls"].as_u64().unwrap())
        .sum();
    (all, typed)
}
