//! Table-driven tests of every chart, from the printed tables (tests/tables/*.yaml), and the
//! properties every chart must have: odds that add up, selection rolls without the new-player DRM.

use crate::common;
use common::{Env, repo, strings};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    chart: String,
    #[serde(default)]
    set: BTreeMap<String, serde_yaml::Value>,
    #[serde(default)]
    roll: Vec<i64>,
    #[serde(default)]
    np: bool,
    #[serde(default)]
    drm: Vec<i64>,
    expect: Expect,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(clippy::option_option)] // a `null` given is told from a key left out
struct Expect {
    #[serde(default, deserialize_with = "some")]
    row: Option<Option<String>>,
    column: Option<String>,
    total: Option<i64>,
    #[serde(default, deserialize_with = "some")]
    natural: Option<Option<i64>>,
    clamped: Option<bool>,
    has: Option<String>,
    mods: Option<Vec<(String, i64)>>,
    np: Option<bool>,
    then: Option<Vec<(String, String)>>,
    missing: Option<String>,
    game_over: Option<bool>,
}

/// Tell a `null` given (Some(None)) from a key left out (None).
#[allow(clippy::option_option)]
fn some<'de, T: Deserialize<'de>, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

fn scalar(v: &serde_yaml::Value) -> String {
    match v {
        serde_yaml::Value::String(s) => s.clone(),
        serde_yaml::Value::Bool(b) => {
            if *b {
                "yes".into()
            } else {
                "no".into()
            }
        }
        serde_yaml::Value::Number(n) => n.to_string(),
        other => panic!("not a scalar: {other:?}"),
    }
}

fn flatten_then(v: &Value, out: &mut Vec<(String, String)>) {
    for t in v["then"].as_array().into_iter().flatten() {
        out.push((
            t["chart"].as_str().unwrap().to_string(),
            t["row"].as_str().unwrap_or("").to_string(),
        ));
        flatten_then(t, out);
    }
}

/// The command line of a case: `--json roll CHART` with its `--set`s, dice, DRMs and new-player.
fn case_args(c: &Case) -> Vec<String> {
    let mut args: Vec<String> = vec!["--json".into(), "roll".into(), c.chart.clone()];
    for (k, v) in &c.set {
        args.push("--set".into());
        args.push(format!("{k}={}", scalar(v)));
    }
    for r in &c.roll {
        args.push(format!("--roll={r}"));
    }
    for d in &c.drm {
        args.push(format!("--drm={d}"));
    }
    args.push(if c.np {
        "--new-player".into()
    } else {
        "--no-new-player".into()
    });
    args
}

fn run_case(env: &Env, c: &Case) -> Result<(), String> {
    let args = case_args(c);
    let a: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, out, err) = env.run(&a);
    if let Some(key) = &c.expect.missing {
        return if code == 2 && err.contains(&format!("--set {key}=")) {
            Ok(())
        } else {
            Err(format!(
                "expected a missing --set {key}, got exit {code}: {err}"
            ))
        };
    }
    if code != 0 {
        return Err(format!("exit {code}: {err}"));
    }
    let v: Value = serde_json::from_str(&out).map_err(|x| format!("{x}: {out}"))?;
    let mut fails = Vec::new();
    let mut check = |what: &str, ok: bool, got: String| {
        if !ok {
            fails.push(format!("{what}: got {got}"));
        }
    };
    check_result(c, &v, &mut check);
    check_modifiers(c, &v, &mut check);
    if fails.is_empty() {
        Ok(())
    } else {
        Err(fails.join("; "))
    }
}

/// A check of a case: what, whether it holds, what was got.
type Check<'a> = dyn FnMut(&str, bool, String) + 'a;

/// The row, column, total, natural, clamp, result, end of game and follow-ups against the case.
fn check_result(c: &Case, v: &Value, check: &mut Check<'_>) {
    let e = &c.expect;
    if let Some(row) = &e.row {
        check(
            "row",
            v["row"].as_str().map(String::from) == *row,
            v["row"].to_string(),
        );
    }
    if let Some(col) = &e.column {
        check(
            "column",
            v["column"].as_str() == Some(col),
            v["column"].to_string(),
        );
    }
    if let Some(t) = e.total {
        check(
            "total",
            v["total"].as_i64() == Some(t),
            v["total"].to_string(),
        );
    }
    if let Some(n) = &e.natural {
        check(
            "natural",
            v["natural"].as_i64() == *n,
            v["natural"].to_string(),
        );
    } else if let Some(&first) = c.roll.first() {
        // The natural roll is the die given, shown apart from the total.
        if !v["natural"].is_null() {
            check(
                "natural",
                v["natural"].as_i64() == Some(first) || !v["rerolled"].is_null(),
                v["natural"].to_string(),
            );
        }
    }
    let clamped = e.clamped.unwrap_or(false);
    if e.clamped.is_some() || e.row.is_some() {
        check(
            "clamped",
            v["clamped"].as_bool() == Some(clamped),
            v["clamped"].to_string(),
        );
    }
    if let Some(h) = &e.has {
        check(
            "result",
            v["result"].as_str().is_some_and(|r| r.contains(h.as_str())),
            v["result"].to_string(),
        );
    }
    // A result that ends the game says so; every other leaves `game_over` out.
    let over = v["game_over"].as_bool();
    check(
        "game_over",
        over == e.game_over.filter(|&g| g),
        v["game_over"].to_string(),
    );
    if let Some(want) = &e.then {
        let mut got = Vec::new();
        flatten_then(v, &mut got);
        check("then", &got == want, format!("{got:?}"));
    }
}

/// The modifiers shown against the case: the list, the new-player DRM, and the total as the
/// natural plus every modifier.
fn check_modifiers(c: &Case, v: &Value, check: &mut Check<'_>) {
    let e = &c.expect;
    let mods: Vec<(String, i64)> = v["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["source"].as_str().unwrap().to_string(),
                m["value"].as_i64().unwrap(),
            )
        })
        .collect();
    if let Some(want) = &e.mods {
        check("modifiers", &mods == want, format!("{mods:?}"));
    }
    let np_applied = mods.iter().any(|(s, _)| s.starts_with("New player"));
    if let Some(np) = e.np {
        check("new-player DRM", np_applied == np, format!("{mods:?}"));
    }
    if !c.np {
        check(
            "no new-player DRM unasked",
            !np_applied,
            format!("{mods:?}"),
        );
    }
    // Natural and total apart: the total is the natural plus every modifier shown.
    if let Some(n) = v["natural"].as_i64() {
        let sum: i64 = mods.iter().map(|m| m.1).sum();
        check(
            "total = natural + modifiers",
            v["total"].as_i64() == Some(n + sum),
            format!("{n} + {sum}"),
        );
    }
}

fn cases(book: &str) -> Vec<Case> {
    let path = repo().join("tests/tables").join(format!("{book}.yaml"));
    let text = std::fs::read_to_string(&path).unwrap();
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn mr_president_charts_match_the_printed_tables() {
    let env = Env::new();
    let cases = cases("mr-president");
    let mut failures = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        if let Err(e) = run_case(&env, c) {
            failures.push(format!(
                "case {} ({} set {:?} roll {:?}): {e}",
                i + 1,
                c.chart,
                c.set,
                c.roll
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Every chart of the brief's table has cases, and the selection charts have a new-player case.
#[test]
fn every_chart_has_cases() {
    let env = Env::new();
    let listed = env.json(&["charts"]);
    let cases = cases("mr-president");
    let mut missing = Vec::new();
    for c in listed["charts"].as_array().unwrap() {
        let id = c["id"].as_str().unwrap();
        if c["stub"].as_bool() == Some(true) {
            continue;
        }
        let mine: Vec<&Case> = cases.iter().filter(|k| k.chart == id).collect();
        assert!(mine.len() >= 2, "chart {id} has {} cases", mine.len());
        if c["die"] != "none" && !mine.iter().any(|k| k.np) {
            missing.push(id.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "charts with no new-player case: {missing:?}"
    );
}

#[test]
fn the_brief_chart_ids_are_all_there() {
    let env = Env::new();
    let v = env.json(&["charts"]);
    let ids = strings(&v, "charts", "id");
    for id in [
        "sotu",
        "election",
        "fni",
        "terror",
        "terror-or-chaos",
        "export-terror",
        "chaos",
        "intl-chaos",
        "ally-rift",
        "domestic-chaos",
        "russia-or-china",
        "un",
        "arms-control",
        "civil-war",
        "capability",
        "experience",
        "focus",
        "effectiveness",
        "pass-bill",
        "end-turn",
        "rogue-recruit",
        "rogue-reduce",
        "evaluation",
        "legacy",
        "aps",
        "fni-counters",
    ] {
        assert!(ids.contains(&id), "missing chart {id}");
    }
}

/// The odds `chart` shows add up to 100% in every column, and the ways to the whole die.
#[test]
fn odds_add_up_in_every_column_of_every_chart() {
    let env = Env::new();
    let v = env.json(&["charts"]);
    for c in v["charts"].as_array().unwrap() {
        let id = c["id"].as_str().unwrap();
        if c["die"] == "none" || c["stub"] == true {
            continue;
        }
        let view = env.json(&["chart", id]);
        for col in view["columns"].as_array().unwrap() {
            let rows = col["rows"].as_array().unwrap();
            let pct: f64 = rows.iter().map(|r| r["odds"].as_f64().unwrap()).sum();
            assert!((pct - 100.0).abs() < 1e-6, "{id} {}: {pct}", col["label"]);
            let ways: u64 = rows.iter().map(|r| r["ways"].as_u64().unwrap()).sum();
            assert_eq!(
                Some(ways),
                rows[0]["out_of"].as_u64(),
                "{id} {}",
                col["label"]
            );
        }
    }
}

#[test]
fn the_civil_war_chart_of_the_done_when() {
    let env = Env::new();
    let a = [
        "chart",
        "civil-war",
        "--set",
        "counter=ceasefire",
        "--set",
        "peacekeepers=yes",
        "--set",
        "stability=4",
        "--set",
        "un_action=no",
        "--set",
        "iran_influence=no",
    ];
    let v = env.json(&a);
    assert_eq!(v["column"], "Ceasefire");
    let ceasefire = &v["columns"][1];
    assert_eq!(ceasefire["chosen"], true);
    assert_eq!(ceasefire["modifier"], -1);
    let odds: Vec<f64> = ceasefire["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["odds"].as_f64().unwrap())
        .collect();
    assert_eq!(odds, vec![30.0, 20.0, 30.0, 20.0, 0.0]);
    let (code, out, _) = env.run(&a);
    assert_eq!(code, 0);
    assert!(out.contains("[Ceasefire]"), "{out}");
    assert!(out.contains("2 or less  30.0%"), "{out}");
}

#[test]
fn a_players_transcription_replaces_a_stub() {
    let env = Env::new();
    env.write_config(
        "books/mr-president/d9.yaml",
        "id: domestic-crisis\naliases: [d9]\ntitle: Domestic Crisis Event Table\nprinted: D9, my copy\ndie: d10\nrows:\n  - {row: \"1-5\", result: mild}\n  - {row: \"6+\", result: bad}\n",
    );
    let v = env.json(&["roll", "d9", "--roll", "7"]);
    assert_eq!(v["row"], "6+");
    assert_eq!(v["result"], "bad");
    let list = env.json(&["charts"]);
    let entry = list["charts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "domestic-crisis")
        .unwrap()
        .clone();
    assert_eq!(entry["transcribed"], true);
    assert_eq!(entry["stub"], false);
    let (_, out, _) = env.run(&["charts"]);
    assert!(out.contains("Domestic Crisis Event Table (yours)"), "{out}");
}

#[test]
fn a_cross_document_alias_is_an_error_not_a_crash() {
    let env = Env::new();
    env.write_config(
        "books/mr-president/bad.yaml",
        "id: a\nnotes: &n [x]\n---\nid: b\nnotes: *n\n",
    );
    let (code, _, err) = env.run(&["charts"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("bad.yaml:"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn search_finds_charts_by_what_a_player_remembers() {
    let env = Env::new();
    for (words, id) in [
        ("Peacekeepers", "civil-war"),
        ("Tensions", "un"),
        ("Estranged", "ally-rift"),
        ("Buchanan", "legacy"),
        ("D9", "domestic-crisis"),
    ] {
        let v = env.json(&["search", words]);
        let ids = strings(&v, "matches", "id");
        assert!(ids.contains(&id), "{words}: {ids:?}");
    }
    let v = env.json(&["search", "zzzz-nothing"]);
    assert_eq!(v["matches"].as_array().unwrap().len(), 0);
}

#[test]
fn plain_d6_stays_dice_while_d9_is_a_chart() {
    let env = Env::new();
    assert_eq!(
        env.json(&["roll", "d6", "--roll", "4"])["chart"],
        Value::Null
    );
    assert_eq!(
        env.json(&["roll", "D9", "--roll", "4"])["chart"],
        "domestic-crisis"
    );
}
