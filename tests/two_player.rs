//! A two-player book of the player's own (in the config folder): an opposed roll, a result
//! that counts and a bounded group of modifiers, each answer and each chance worked by hand.

mod common;
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

fn env() -> Env {
    let env = Env::new();
    env.write_config("books/cold-front/book.yaml", BOOK);
    env.write_config("books/cold-front/summit.yaml", SUMMIT);
    env
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
    assert!(out.starts_with("ok: 1 chart(s)"), "{out}");
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
    let (code, out, _) = env.run(&[
        "--book",
        "cold-front",
        "roll",
        "summit",
        "--roll",
        "4",
        "--roll",
        "2",
        "--set",
        "east_bonus=1",
        "--set",
        "west_bonus=2",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("East: natural 4"), "{out}");
    assert!(out.contains("West: natural 2"), "{out}");
    assert!(out.contains("East wins by 1"), "{out}");
    // A third die is one too many.
    let mut a = vec![
        "--book",
        "cold-front",
        "roll",
        "summit",
        "--roll",
        "4",
        "--roll",
        "2",
        "--roll",
        "1",
    ];
    a.extend_from_slice(&sets);
    env.bad(&a, "3 --roll values given but 2 used");
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
