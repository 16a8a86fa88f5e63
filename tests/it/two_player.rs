//! A two-player book of the player's own (in the config folder): an opposed roll, a result
//! that counts and a bounded group of modifiers, each answer and each chance worked by hand.

use crate::common;
use common::Env;
use serde_json::Value;

const BOOK: &str = "id: cold-front\ntitle: Cold Front\ngame: Cold Front (a test game)\nsource: tests/two_player.rs\n";

/// East and West each roll a d6 with their own modifiers; the difference is read on the rows.
const SUMMIT: &str = r#"id: summit
title: Summit
printed: Rules p4
die: d6
opposed: [East, West]
tie: Nobody
inputs:
  - {key: east_bonus, label: East bonus, ask: East's summit bonus?, type: number, min: 0, max: 3}
  - {key: west_bonus, label: West bonus, ask: West's summit bonus?, type: number, min: 0, max: 3}
drms:
  - {label: Bonus, value: 1, per: east_bonus, side: East}
  - {label: Bonus, value: 1, per: west_bonus, side: West}
rows:
  - {row: "-1 or less", result: "{winner} wins by {margin}"}
  - {row: "0", result: "Deadlock: {winner} gains"}
  - {row: "1+", result: "{winner} wins by {margin}"}
"#;

/// A coup: d6 + the card's Ops (the Ops and the China Card's +1 held within 1 to 4); the
/// result counts what is removed and what is added.
const COUP: &str = r#"id: coup
title: Coup
printed: Rules p6
die: d6
inputs:
  - {key: ops, label: Ops, ask: The card's Ops?, type: number, min: 0, max: 4}
  - {key: china, label: China Card, ask: Played the China Card?, type: yesno}
  - {key: stability, label: Stability, ask: The country's stability?, type: number, min: 1, max: 5}
  - {key: influence, label: Influence, ask: Their influence there?, type: number, min: 0, max: 9}
  - {key: defcon, label: DEFCON, ask: DEFCON?, type: number, min: 1, max: 5}
gates:
  - {when: {defcon: {max: 2}}, result: "No coup at DEFCON {defcon}"}
groups:
  - {id: ops, min: 1, max: 4, printed: "Ops 1 to 4"}
drms:
  - {label: Ops, value: 1, per: ops, group: ops}
  - {label: China Card, value: 1, when: {china: true}, group: ops}
rows:
  - {row: "3 or less", result: "Fails: nothing changes"}
  - row: "4+"
    result: "Remove {min(max(total - 2 * stability, 0), influence)}; add {max(total - 2 * stability - influence, 0)} of yours"
    alt: [{when: {influence: 0}, result: "None to remove: add {max(total - 2 * stability, 0)}"}]
"#;

fn env() -> Env {
    let env = Env::new();
    env.write_config("books/cold-front/book.yaml", BOOK);
    env.write_config("books/cold-front/summit.yaml", SUMMIT);
    env.write_config("books/cold-front/coup.yaml", COUP);
    env
}

fn coup(env: &Env, ops: &str, china: &str, roll: &str) -> Value {
    let ops = format!("ops={ops}");
    let china = format!("china={china}");
    book(
        env,
        &[
            "roll",
            "coup",
            "--set",
            &ops,
            "--set",
            &china,
            "--set",
            "stability=2",
            "--set",
            "influence=1",
            "--set",
            "defcon=5",
            "--roll",
            roll,
        ],
    )
}

#[test]
fn a_result_counts_and_a_group_keeps_its_bounds() {
    let env = env();
    // Ops 4 and the China Card +1 make 5, held to 4: 6 + 4 = 10. 10 - 2 x 2 = 6 to remove,
    // of which 1 is there: remove 1, the 5 left over are added.
    let v = coup(&env, "4", "yes", "6");
    let mods: Vec<(&str, i64)> = v["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["source"].as_str().unwrap(), m["value"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        mods,
        vec![("Ops", 4), ("China Card", 1), ("Bound (Ops 1 to 4)", -1)]
    );
    assert_eq!(v["total"], 10);
    assert_eq!(v["result"], "Remove 1; add 5 of yours");
    // Ops 0 is held up to 1: 3 + 1 = 4, row 4+; 4 - 4 = 0 removed, nothing added.
    let v = coup(&env, "0", "no", "3");
    assert_eq!(v["modifiers"][0]["source"], "Bound (Ops 1 to 4)");
    assert_eq!(v["modifiers"][0]["value"], 1);
    assert_eq!(
        (v["total"].as_i64(), v["row"].as_str()),
        (Some(4), Some("4+"))
    );
    assert_eq!(v["result"], "Remove 0; add 0 of yours");
    // 2 Ops, a 1: 3, fails.
    let v = coup(&env, "2", "no", "1");
    assert_eq!(v["result"], "Fails: nothing changes");
    // Within the bounds nothing is added: 3 Ops + China = 4.
    let v = coup(&env, "3", "yes", "2");
    assert_eq!(v["modifiers"].as_array().unwrap().len(), 2, "{v}");
    assert_eq!(v["total"], 6);
    assert_eq!(v["result"], "Remove 1; add 1 of yours");
}

#[test]
fn the_odds_follow_the_bounded_group() {
    let env = env();
    let ways = |ops: &str, china: &str| -> Vec<i64> {
        let v = book(
            &env,
            &[
                "chart",
                "coup",
                "--set",
                &format!("ops={ops}"),
                "--set",
                &format!("china={china}"),
            ],
        );
        v["columns"][0]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["ways"].as_i64().unwrap())
            .collect()
    };
    // Ops 0 counts 1: naturals 1 and 2 stay at 3 or less.
    assert_eq!(ways("0", "no"), vec![2, 4]);
    // Ops 4 and China count 4: every natural reaches 4+.
    assert_eq!(ways("4", "yes"), vec![0, 6]);
    // Ops 2: naturals 1 fails.
    assert_eq!(ways("2", "no"), vec![1, 5]);
    // The chart fills what it can: the inputs, not the total it does not know yet.
    let v = book(
        &env,
        &["chart", "coup", "--set", "ops=2", "--set", "china=no"],
    );
    let r = v["columns"][0]["rows"][1]["result"].as_str().unwrap();
    assert!(r.starts_with("Remove ‹min(max(total"), "{r}");
}

#[test]
fn check_reads_every_expression() {
    let env = env();
    let dir = env.config().join("books/cold-front");
    let broken = |from: &str, to: &str, says: &[&str]| {
        env.write_config("books/cold-front/coup.yaml", &COUP.replace(from, to));
        let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
        assert_eq!(code, 1, "{from} -> {to}");
        for s in says {
            assert!(err.contains(s), "{from} -> {to}: '{s}' not in {err}");
        }
    };
    broken(
        "2 * stability - influence",
        "2 * stability % influence",
        &[
            "coup.yaml:21:",
            "does not read: '%' is not part of an expression",
        ],
    );
    broken(
        "- influence, 0)",
        "- influenze, 0)",
        &["names 'influenze': not an input of this chart; it may name: total, natural, ops, china"],
    );
    broken(
        "max(total - 2",
        "max(total - 2, 3",
        &["max takes 2 value(s), not 3"],
    );
    broken(
        "group: ops}
  - {label: China",
        "group: op}
  - {label: China",
        &["group 'op' is not a group of this chart (groups: ops)"],
    );
    broken(
        "min: 1, max: 4",
        "min: 5, max: 4",
        &["group 'ops': min is above max"],
    );
    broken("{defcon}", "{2 + 3}", &["{2 + 3} names nothing to fill in"]);
    broken(
        "DEFCON {defcon}",
        "DEFCON {total}",
        &["{total} names 'total': a gate is decided before any roll"],
    );
}

fn book(env: &Env, args: &[&str]) -> Value {
    let mut a = vec!["--book", "cold-front"];
    a.extend_from_slice(args);
    env.json(&a)
}

#[test]
fn the_book_passes_check() {
    let env = env();
    let dir = env.config().join("books/cold-front");
    let (code, out, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok: 2 chart(s)"), "{out}");
}

#[test]
fn an_opposed_roll_gives_each_side_its_die_and_modifiers() {
    let env = env();
    let sets = ["--set", "east_bonus=1", "--set", "west_bonus=2"];
    // East 4 + 1 = 5, West 2 + 2 = 4: 5 - 4 = 1, row 1+, East by 1.
    let mut a = vec!["roll", "summit", "--roll", "4", "--roll", "2"];
    a.extend_from_slice(&sets);
    let v = book(&env, &a);
    assert_eq!(v["total"], 1);
    assert_eq!(v["row"], "1+");
    assert_eq!(v["margin"], 1);
    assert_eq!(v["winner"], "East");
    assert_eq!(v["result"], "East wins by 1");
    let sides = v["sides"].as_array().unwrap();
    assert_eq!(sides[0]["name"], "East");
    assert_eq!(sides[0]["natural"], 4);
    assert_eq!(sides[0]["modifiers"][0]["value"], 1);
    assert_eq!(sides[0]["total"], 5);
    assert_eq!(sides[1]["name"], "West");
    assert_eq!(sides[1]["natural"], 2);
    assert_eq!(sides[1]["modifiers"][0]["value"], 2);
    assert_eq!(sides[1]["total"], 4);
    // East 1 + 1 = 2, West 5 + 2 = 7: -5, West by 5.
    let mut a = vec!["roll", "summit", "--roll", "1", "--roll", "5"];
    a.extend_from_slice(&sets);
    let v = book(&env, &a);
    assert_eq!(
        (v["total"].as_i64(), v["row"].as_str()),
        (Some(-5), Some("-1 or less"))
    );
    assert_eq!(v["result"], "West wins by 5");
    // East 4 + 1, West 3 + 2: a tie, the chart's tie text, winner null.
    let mut a = vec!["roll", "summit", "--roll", "4", "--roll", "3"];
    a.extend_from_slice(&sets);
    let v = book(&env, &a);
    assert_eq!(v["total"], 0);
    assert_eq!(v["margin"], 0);
    assert!(v["winner"].is_null(), "{v}");
    assert_eq!(v["result"], "Deadlock: Nobody gains");
    // The text names each side's roll and the winner.
    let mut a = vec!["--book", "cold-front", "roll", "summit"];
    a.extend_from_slice(&["--roll", "4", "--roll", "2"]);
    a.extend_from_slice(&sets);
    let (code, out, _) = env.run(&a);
    assert_eq!(code, 0);
    assert!(out.contains("East: natural 4"), "{out}");
    assert!(out.contains("West: natural 2"), "{out}");
    assert!(out.contains("winner: East, by 1"), "{out}");
    assert!(out.contains("total 1 → row 1+"), "{out}");
    // A third die is one too many.
    let mut a = vec!["--book", "cold-front", "roll", "summit"];
    a.extend_from_slice(&["--roll", "4", "--roll", "2", "--roll", "1"]);
    a.extend_from_slice(&sets);
    env.bad(
        &a,
        "3 --roll values given, but the roll used only 2; not used: 1",
    );
}

#[test]
fn the_odds_of_an_opposed_roll_count_both_dice() {
    let env = env();
    let v = book(
        &env,
        &[
            "chart",
            "summit",
            "--set",
            "east_bonus=1",
            "--set",
            "west_bonus=2",
        ],
    );
    let rows = v["columns"][0]["rows"].as_array().unwrap();
    // Of 36 pairs: East's die minus West's die, less 1, is -1 or less when East's die is at
    // most West's (21 pairs), 0 when East's is one more (5), 1+ when two or more (10).
    let ways: Vec<i64> = rows.iter().map(|r| r["ways"].as_i64().unwrap()).collect();
    assert_eq!(ways, vec![21, 5, 10]);
    assert_eq!(rows[0]["out_of"], 36);
    assert_eq!(rows[1]["odds"], 13.9);
    // Without the bonuses: -1 or less 15, 0 six doubles, 1+ 15.
    let v = book(
        &env,
        &[
            "chart",
            "summit",
            "--set",
            "east_bonus=0",
            "--set",
            "west_bonus=0",
        ],
    );
    let ways: Vec<i64> = v["columns"][0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["ways"].as_i64().unwrap())
        .collect();
    assert_eq!(ways, vec![15, 6, 15]);
}

#[test]
fn a_gate_is_decided_first_and_the_chart_applies_it() {
    let env = env();
    // DEFCON 2 forbids the coup: nothing else is needed, and there is no total and no row.
    let v = book(&env, &["roll", "coup", "--set", "defcon=2"]);
    assert!(v["total"].is_null() && v["row"].is_null(), "{v}");
    assert_eq!(v["result"], "No coup at DEFCON 2");
    assert!(v["natural"].is_null(), "{v}");
    // DEFCON 3 lets it be: the other inputs are needed.
    let (code, _, err) = env.run(&["--book", "cold-front", "roll", "coup", "--set", "defcon=3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--set ops="), "{err}");
    // The chart says why there is no roll, and shows no odds.
    let v = book(&env, &["chart", "coup", "--set", "defcon=1"]);
    assert_eq!(v["gate"], "No coup at DEFCON 1");
    for r in v["columns"][0]["rows"].as_array().unwrap() {
        assert!(r["odds"].is_null() && r["ways"].is_null(), "{r}");
    }
    let (code, out, _) = env.run(&["--book", "cold-front", "chart", "coup", "--set", "defcon=1"]);
    assert_eq!(code, 0);
    assert!(out.contains("No coup at DEFCON 1"), "{out}");
    assert!(!out.contains('%'), "{out}");
    // Not forbidden: odds again.
    let v = book(
        &env,
        &[
            "chart", "coup", "--set", "defcon=3", "--set", "ops=2", "--set", "china=no",
        ],
    );
    assert!(v.get("gate").is_none(), "{v}");
    assert_eq!(v["columns"][0]["rows"][0]["ways"], 1);
}

#[test]
fn the_chart_shows_an_alternative_only_when_it_holds() {
    let env = env();
    let row = |sets: &[&str]| -> String {
        let mut a = vec!["chart", "coup"];
        a.extend_from_slice(sets);
        let v = book(&env, &a);
        v["columns"][0]["rows"][1]["result"]
            .as_str()
            .unwrap()
            .to_string()
    };
    // No influence there: the alternative, its input filled; the total is not known yet.
    assert_eq!(
        row(&["--set", "influence=0", "--set", "stability=2"]),
        "None to remove: add ‹max(total - 2 * stability, 0)›"
    );
    // Some influence: the row's own result, and no word of the alternative.
    let r = row(&["--set", "influence=1"]);
    assert!(r.starts_with("Remove ‹min("), "{r}");
    assert!(!r.contains("None to remove"), "{r}");
    // Unknown: the row's own result.
    assert!(!row(&[]).contains("None to remove"));
    // Rolled: 6 + 2 Ops - 2 x 2 stability = 4 added.
    let v = book(
        &env,
        &[
            "roll",
            "coup",
            "--set",
            "ops=2",
            "--set",
            "china=no",
            "--set",
            "stability=2",
            "--set",
            "influence=0",
            "--set",
            "defcon=5",
            "--roll",
            "6",
        ],
    );
    assert_eq!(v["result"], "None to remove: add 4");
}

#[test]
fn check_reads_an_opposed_roll() {
    let env = env();
    let dir = env.config().join("books/cold-front");
    let broken = |text: &str, says: &str| {
        env.write_config("books/cold-front/summit.yaml", text);
        let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
        assert_eq!(code, 1, "{text}");
        assert!(err.contains(says), "'{says}' not in {err}");
    };
    broken(
        &SUMMIT.replace(", side: West}", "}"),
        "on an opposed roll each DRM adds to a side: `side: East` or `side: West`",
    );
    broken(
        &SUMMIT.replace("side: West", "side: North"),
        "side 'North' is not a side of this roll: East, West",
    );
    broken(
        &SUMMIT.replace("opposed: [East, West]", "opposed: [East, East]"),
        "an opposed roll names two different sides",
    );
    broken(
        &SUMMIT.replace(
            "\"0\", result: \"Deadlock: {winner} gains\"",
            "\"0\", result: \"Deadlock {natural}\"",
        ),
        "names 'natural': only a roll of one die (or one set of dice) has a natural",
    );
    // The rows of an opposed d6 run from -5 to 5.
    broken(
        &SUMMIT.replace("-1 or less", "-4--1"),
        "rows start at '-4--1' but -5 is possible",
    );
    // A roll that calls for it cannot ask to roll again on a natural: whose?
    env.write_config("books/cold-front/summit.yaml", SUMMIT);
    env.write_config(
        "books/cold-front/crisis.yaml",
        "id: crisis\ntitle: Crisis\nprinted: p\ndie: d6\nrows:\n  - {row: \"1+\", result: x, then: [{chart: summit, reroll: [1]}]}\n",
    );
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("an opposed roll: two natural rolls, so reroll cannot say whose"),
        "{err}"
    );
}

/// On a terminal: the gate's input is asked first and a forbidden coup asks nothing more; an
/// opposed roll by hand asks each side's die, first side first.
#[cfg(unix)]
#[test]
fn on_a_terminal_the_gate_is_asked_first_and_each_side_rolls_by_hand() {
    use expectrl::{Eof, Expect, Session};
    let env = env();
    let session = |args: &[&str]| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_flipbook"));
        cmd.args(["--book", "cold-front"])
            .args(args)
            .env("FLIPBOOK_HOME", env.home.path())
            .env("TERM", "xterm")
            .env("NO_COLOR", "1");
        let mut s = Session::spawn(cmd).expect("spawn in a pty");
        s.set_expect_timeout(Some(std::time::Duration::from_secs(10)));
        s
    };
    let mut s = session(&["roll", "coup"]);
    s.expect("DEFCON?").unwrap();
    s.send_line("2").unwrap();
    s.expect("No coup at DEFCON 2").unwrap();
    s.expect(Eof).unwrap();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = session(&[
        "roll",
        "summit",
        "--set",
        "east_bonus=1",
        "--set",
        "west_bonus=2",
    ]);
    // Both sides' dice are asked at once: the first side's alone, with Enter, asks the next.
    s.expect("(d6 each for Summit: East, then West;").unwrap();
    s.send_line("4").unwrap();
    s.expect("(d6 for Summit (West)").unwrap();
    s.send_line("2").unwrap();
    s.expect("total 1 → row 1+").unwrap();
    s.expect("East wins by 1").unwrap();
    s.expect(Eof).unwrap();
    // A key a die, every side's (the space between them passed over): nothing more is asked.
    let mut s = session(&[
        "roll",
        "summit",
        "--set",
        "east_bonus=1",
        "--set",
        "west_bonus=2",
    ]);
    s.expect("(d6 each for Summit: East, then West;").unwrap();
    s.send("4 2").unwrap();
    s.expect("total 1 → row 1+").unwrap();
    s.expect("East wins by 1").unwrap();
    s.expect(Eof).unwrap();
}
