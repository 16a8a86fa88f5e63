//! Sides in a turn (issue 29): a game turn of two player turns, each side playing the same
//! phases, declared once. Each side's answers are its own: a "no" from one side skips only its
//! phase, a number one side gave is not offered to the other, and `report` draws a series a
//! side. Play, `track`, the log, a resume and `check` know the side.

use crate::common;
use common::Env;

const BOOK: &str =
    "id: squad\ntitle: Squad Turns\ngame: Squad Turns (a test game)\nsource: tests/sides.rs\n";

const MORALE: &str = r#"id: morale
title: Morale Check
printed: Rulebook p18
die: 2d6
against: morale
inputs:
  - {key: morale, label: Morale, ask: The squad's morale?, type: number, min: 4, max: 10}
rows:
  - {row: "0 or less", result: "Passes"}
  - {row: "1+", result: "Breaks"}
"#;

const SEQUENCE: &str = r"title: A game turn
turns: 2
game_over: The battle is over.
sides: [Allied, Axis]
phases:
  - {id: rally, title: Rally Phase, each_side: true, segments: [rally]}
  - {id: fire, title: Fire Phase, each_side: true, segments: [fire]}
  - {id: end, title: Turn End, segments: [end]}
segments:
  - id: rally
    title: Rally
    only_if: {key: broken, ask: Has the side a broken squad?}
    steps: [{text: Check morale to rally, chart: morale}]
  - {id: fire, title: Fire, steps: [{text: Morale check for the target, chart: morale}]}
  - {id: end, title: End of Turn, text: [Move the turn marker.]}
";

fn env() -> Env {
    let env = Env::new();
    env.write_config("books/squad/book.yaml", BOOK);
    env.write_config("books/squad/morale.yaml", MORALE);
    env.write_config("books/squad/sequence.yaml", SEQUENCE);
    env
}

/// `play` in line mode with these lines; its stdout.
fn play(env: &Env, args: &[&str], lines: &str) -> String {
    let mut all = vec!["--book", "squad", "--seed", "3", "play"];
    all.extend(args);
    let out = env
        .cmd(&all)
        .write_stdin(format!("{lines}\n"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn count(text: &str, what: &str) -> usize {
    text.matches(what).count()
}

#[test]
fn each_side_plays_the_phases_with_answers_of_its_own() {
    let env = env();
    // The Allies have no broken squad: their rally is not played; the Axis has one.
    let out = play(&env, &[], "no\nroll\n7\nnext\nyes\nroll\n8\nnext\nroll");
    assert!(
        out.contains("Turn 1 · Allied: Rally Phase · Rally"),
        "{out}"
    );
    assert!(out.contains("Turn 1 · Allied: Fire Phase · Fire"), "{out}");
    assert!(out.contains("Turn 1 · Axis: Rally Phase · Rally"), "{out}");
    assert!(out.contains("Turn 1 · Axis: Fire Phase · Fire"), "{out}");
    // The Allies' "no" did not skip the Axis rally: asked again, for the Axis.
    assert_eq!(
        count(&out, "? Has the side a broken squad? (yes/no)"),
        2,
        "{out}"
    );
    assert!(out.contains("Rally: not played this turn."), "{out}");
    assert!(out.contains("Rally: played this turn."), "{out}");
    // The Allies' morale 7 is not offered to the Axis: asked (8), then kept within the Axis turn.
    assert_eq!(count(&out, "? The squad's morale?"), 2, "{out}");
    assert!(out.contains("? The squad's morale? 8"), "{out}");
    assert!(
        out.contains("Kept from earlier (nothing has moved it since): Morale 8"),
        "{out}"
    );
    assert!(!out.contains("Morale 7\n"), "{out}");
    // The track names each side's phases, the Allied rally not played.
    let (code, track, err) = env.run(&["--book", "squad", "track"]);
    assert_eq!(code, 0, "{err}");
    let track = track.replace('\r', "");
    assert!(
        track.contains("Allied: Rally Phase\n  – Rally\n\nAllied: Fire Phase\n  ✓ Fire\n\nAxis: Rally Phase\n  ✓ Rally\n\nAxis: Fire Phase\n  ▶ Fire\n\nTurn End\n  · End of Turn"),
        "{track}"
    );
    // The bookmark keeps the side's phase; a resume comes back to it.
    let mark: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(env.data().join("squad/bookmark.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(mark["phase"], "fire@Axis", "{mark}");
    assert_eq!(mark["board"]["broken@Allied"]["value"], "no", "{mark}");
    assert_eq!(mark["board"]["broken@Axis"]["value"], "yes", "{mark}");
    let out = play(&env, &[], "");
    assert!(out.contains("Turn 1 · Axis: Fire Phase · Fire"), "{out}");
    let at = env.json(&["--book", "squad", "where"]);
    assert_eq!(at["side"], "Axis", "{at}");
    assert_eq!(at["phase"], "fire@Axis", "{at}");
    // The log says whose phase each roll was made in.
    let (_, log, _) = env.run(&["--book", "squad", "log"]);
    assert!(log.contains("Allied: Fire Phase · Fire"), "{log}");
    assert!(log.contains("Axis: Rally Phase · Rally"), "{log}");
    // A jump names a side's phase; one of no side is refused with the phases there are.
    let out = play(&env, &["--goto", "rally", "--phase", "rally@Allied"], "");
    assert!(
        out.contains("Turn 1 · Allied: Rally Phase · Rally"),
        "{out}"
    );
    // The phase as the book writes it: the side's whose turn it is (the Allies' now).
    let out = play(&env, &["--goto", "fire", "--phase", "fire"], "");
    assert!(out.contains("Turn 1 · Allied: Fire Phase · Fire"), "{out}");
    let (code, _, err) = env.run(&[
        "--book",
        "squad",
        "play",
        "--goto",
        "fire",
        "--phase",
        "fire@Russia",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("it is in: fire@Allied, fire@Axis"), "{err}");
}

#[test]
fn report_draws_a_series_for_each_side() {
    let env = env();
    // Turn 1: the Allies 7 (their rally not played), the Axis 8 (kept for its fire). Turn 2:
    // the Allies 8 (kept), the Axis 6 (its rally not played).
    let script = "no\nroll\n7\nnext\nyes\nroll\n8\nnext\nroll\nnext\nnext\n\
                  yes\nroll\n8\nnext\nroll\nnext\nno\nroll\n6\nnext";
    play(&env, &[], script);
    let v = env.json(&["--book", "squad", "report"]);
    let series = v["series"].as_array().unwrap();
    let by_side: Vec<(String, Vec<i64>)> = series
        .iter()
        .map(|s| {
            (
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
    assert_eq!(
        by_side,
        [
            ("Morale (Allied)".to_string(), vec![7, 8]),
            ("Morale (Axis)".to_string(), vec![8, 6])
        ],
        "{v}"
    );
    assert_eq!(series[0]["side"], "Allied");
    assert_eq!(series[1]["key"], "morale");
    let (_, text, _) = env.run(&["--book", "squad", "report"]);
    assert!(text.contains("Morale (Allied)  7  8"), "{text}");
    assert!(text.contains("Morale (Axis)    8  6"), "{text}");
}

#[test]
fn check_refuses_sides_misused() {
    let env = env();
    let dir = env.config().join("books/squad");
    let broken = |text: &str, says: &str, line: usize| {
        env.write_config("books/squad/sequence.yaml", text);
        let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
        assert_eq!(code, 1, "{text}");
        assert!(err.contains(says), "'{says}' not in {err}");
        assert!(
            err.contains(&format!("sequence.yaml:{line}:")),
            "line {line}: {err}"
        );
    };
    broken(
        &SEQUENCE.replace("sides: [Allied, Axis]\n", ""),
        "phase 'rally' is played `each_side`, but the sequence names no `sides`",
        5,
    );
    broken(
        &SEQUENCE.replace("[Allied, Axis]", "[Allied]"),
        "`sides` names 2 to 8 sides",
        4,
    );
    broken(
        &SEQUENCE.replace("[Allied, Axis]", "[Allied, Allied]"),
        "side 'Allied' is named twice",
        4,
    );
    broken(
        &SEQUENCE.replace("[Allied, Axis]", "[Allied, \"Ax@is\"]"),
        "side 'Ax@is' is not a plain name",
        4,
    );
    broken(
        &SEQUENCE.replace(", each_side: true", ""),
        "the sequence names `sides`, but no phase is played by each",
        4,
    );
}

/// What is answered outside the sides' phases (a phase played once, before them) holds for
/// every side; what a side answers is its own.
#[test]
fn an_answer_given_before_the_sides_holds_for_each() {
    let env = env();
    env.write_config(
        "books/squad/sequence.yaml",
        r"title: A game turn
turns: 1
game_over: The battle is over.
sides: [Allied, Axis]
phases:
  - {id: dusk, title: Dusk, segments: [dusk]}
  - {id: fire, title: Fire Phase, each_side: true, segments: [fire]}
segments:
  - id: dusk
    title: Dusk
    only_if: {key: night, ask: Is it night?}
    steps: [{text: The pickets check their morale, chart: morale}]
  - id: fire
    title: Night Fire
    only_if: {key: night, ask: Is it night?}
    steps: [{text: Morale check for the target, chart: morale}]
",
    );
    // Night, morale 7 at dusk: each side's night fire is played, and given 7, asked nothing.
    let out = play(&env, &[], "yes\nroll\n7\nnext\nroll\nnext\nroll");
    assert_eq!(count(&out, "? Is it night? (yes/no)"), 1, "{out}");
    assert_eq!(count(&out, "? The squad's morale?"), 1, "{out}");
    assert!(
        out.contains("Turn 1 · Allied: Fire Phase · Night Fire"),
        "{out}"
    );
    assert!(
        out.contains("Turn 1 · Axis: Fire Phase · Night Fire"),
        "{out}"
    );
    assert_eq!(
        count(
            &out,
            "Kept from earlier (nothing has moved it since): Morale 7"
        ),
        2,
        "{out}"
    );
}
