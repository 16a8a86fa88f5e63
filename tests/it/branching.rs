//! Turns that branch on the board: a segment played only when a yes/no answer says so (an extra
//! action round), a step hidden by an answer, and a step whose yes ends the game; each answer
//! asked once a turn, kept in the bookmark, taken back by undo.

use crate::common;
use common::Env;
use serde_json::Value;

/// The book of tests/fixtures/branch as a book of the player's own.
fn env() -> Env {
    let env = Env::new();
    common::fixture_book(&env, "branch");
    env
}

/// `flipbook --book branch play ARGS` with these lines on stdin: (exit code, stdout, stderr).
fn play(env: &Env, args: &[&str], lines: &str) -> (i32, String, String) {
    let mut a = vec!["--book", "branch", "play"];
    a.extend_from_slice(args);
    let out = env.cmd(&a).write_stdin(lines).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn wheres(out: &str) -> Vec<&str> {
    out.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("Turn ") && l.ends_with(')'))
        .collect()
}

fn bookmark(env: &Env) -> Value {
    let text = std::fs::read_to_string(env.data().join("branch/bookmark.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_book_passes_check() {
    let env = env();
    let dir = env.config().join("books/branch");
    let (code, out, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok: 1 chart(s)"), "{out}");
}

#[test]
fn a_no_skips_the_segment_and_hides_the_step_for_that_turn_only() {
    let env = env();
    let (code, out, err) = play(&env, &[], "next\nno\nwhere\nno\nno\nnext\nnext\nwhere\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("? Does a player hold the lead in space? (yes/no)"),
        "{out}"
    );
    assert!(
        out.contains("Extra Action Round: not played this turn."),
        "{out}"
    );
    // The walk moved on by itself; the step under the same key is hidden in Scoring.
    let turn1 = &out[out.find("Turn 1 · Main Phase · Scoring").unwrap()..];
    let turn1 = &turn1[..turn1.find("Turn 2 begins").unwrap()];
    assert!(!turn1.contains("Score the lead in space"), "{turn1}");
    assert!(turn1.contains("? Is the China Card face down?"), "{turn1}");
    assert!(
        turn1.contains("Then that step is not played this turn."),
        "{turn1}"
    );
    assert!(turn1.contains("? Does a player have 20 VP?"), "{turn1}");
    assert!(turn1.contains("The game goes on."), "{turn1}");
    // Turn 2 asks again: the answers were for turn 1 only.
    assert_eq!(
        wheres(&out),
        [
            "Turn 1 · Main Phase · Scoring (score)",
            "Turn 2 · Main Phase · Extra Action Round (extra)"
        ],
        "{out}"
    );
    let turn2 = &out[out.find("Turn 2 begins").unwrap()..];
    assert!(
        turn2.contains("? Does a player hold the lead in space?"),
        "{turn2}"
    );
}

#[test]
fn the_answer_is_kept_in_the_bookmark_and_track_shows_the_skip() {
    let env = env();
    let (code, _, err) = play(&env, &[], "next\nno\nquit\n");
    assert_eq!(code, 0, "{err}");
    let b = bookmark(&env);
    assert_eq!(b["segment"], "score");
    assert_eq!(b["board"]["extra_round"]["value"], "no");
    assert_eq!(b["board"]["extra_round"]["turn"], 1);
    let t = env.json(&["--book", "branch", "track"]);
    let played: Vec<(&str, bool)> = t["segments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["segment"].as_str().unwrap(),
                s["played"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        played,
        [("action", true), ("extra", false), ("score", true)]
    );
    // Played again later: not asked again, and back steps over the skipped segment.
    let (code, out, err) = play(&env, &[], "no\nback\nwhere\nnext\nwhere\n");
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("lead in space?"), "{out}");
    assert_eq!(
        wheres(&out),
        [
            "Turn 1 · Main Phase · Action Round (action)",
            "Turn 1 · Main Phase · Scoring (score)"
        ],
        "{out}"
    );
}

#[test]
fn a_yes_plays_the_segment_and_undo_takes_the_answer_back() {
    let env = env();
    let (code, out, err) = play(&env, &[], "next\nyes\nwhere\nundo\nwhere\nno\nwhere\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Extra Action Round: played this turn."),
        "{out}"
    );
    assert!(out.contains("Undone: the last answer"), "{out}");
    assert_eq!(
        wheres(&out),
        [
            "Turn 1 · Main Phase · Extra Action Round (extra)",
            "Turn 1 · Main Phase · Extra Action Round (extra)",
            "Turn 1 · Main Phase · Scoring (score)"
        ],
        "{out}"
    );
    // Played, the step under the same key shows in Scoring; answered no after the undo, not.
    assert_eq!(bookmark(&env)["board"]["extra_round"]["value"], "no");
}

#[test]
fn a_yes_to_the_step_ends_the_game() {
    let env = env();
    let (code, out, err) = play(
        &env,
        &["--goto", "score"],
        "yes\nyes\nyes\nnext\nplay on\nwhere\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Score the lead in space"), "{out}");
    assert!(
        out.contains("The game is over: 20 VP: an automatic victory"),
        "{out}"
    );
    assert_eq!(
        bookmark(&env)["over"],
        Value::Null,
        "play on goes on: {out}"
    );
    assert!(out.contains("Playing on."), "{out}");
    assert!(
        wheres(&out).contains(&"Turn 1 · Main Phase · Scoring (score)"),
        "{out}"
    );
}

#[test]
fn a_bad_answer_is_one_line_and_the_question_stays() {
    let env = env();
    let (code, out, err) = play(&env, &["--goto", "extra"], "maybe\nwhere\n");
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("answer yes or no, not 'maybe'"), "{err}");
    assert!(bookmark(&env)["board"].is_null(), "nothing kept");
}

#[test]
fn two_rolls_on_one_chart_in_a_segment_are_told_apart_in_the_log() {
    let env = env();
    let (code, _, err) = play(&env, &["--seed", "7"], "roll fight\nroll fight\nquit\n");
    assert_eq!(code, 0, "{err}");
    let log = std::fs::read_to_string(env.data().join("branch/log.jsonl")).unwrap();
    let steps: Vec<String> = log
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        // The entries: the journal's lines of undo have no turn.
        .filter(|v| v.get("turn").is_some())
        .map(|v| v["step"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(steps, ["Fight in Europe", "Fight in Asia"]);
    let (code, out, err) = env.run(&["--book", "branch", "log"]);
    assert_eq!(code, 0, "{err}");
    // The second roll on the chart in the segment says what it was for.
    assert!(
        out.contains("Fight rolled 1 → 1-3: Repulsed")
            && out.contains("Fight rolled 2 → 1-3 · for Fight in Asia: Repulsed"),
        "{out}"
    );
    // An older log line, without the field, still reads.
    std::fs::write(
        env.data().join("branch/log.jsonl"),
        "{\"turn\":1,\"phase\":\"main\",\"segment\":\"action\",\"chart\":\"fight\",\"natural\":4,\"total\":4,\"row\":\"4-6\",\"result\":\"Won the ground\"}\n",
    )
    .unwrap();
    let (code, out, err) = env.run(&["--book", "branch", "log"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Fight rolled 4 → 4-6: Won the ground"),
        "{out}"
    );
}

/// Two player turns, each played only on a yes, in a game of one turn: the second "no" ends the
/// game. The track then shows the turn behind the bookmark, both segments not played, and the
/// game over, never "ahead of the bookmark"; a resumed walk asks no skipped segment's question
/// (issue 29).
#[test]
fn a_game_ended_by_a_segments_question_leaves_the_turn_behind() {
    let env = Env::new();
    env.write_config(
        "books/sides/book.yaml",
        "id: sides\ntitle: Sides\ngame: Sides (a test game)\nsource: tests/branching.rs\n",
    );
    env.write_config(
        "books/sides/fire.yaml",
        "id: fire\ntitle: Fire\nprinted: Rules p1\ndie: d6\nrows:\n  - {row: \"1-3\", result: Missed}\n  - {row: \"4-6\", result: Hit}\n",
    );
    env.write_config(
        "books/sides/sequence.yaml",
        "title: A fight
turns: 1
game_over: The fight is over
phases:
  - {id: east, title: East Player Turn, segments: [east-fire]}
  - {id: west, title: West Player Turn, segments: [west-fire]}
segments:
  - id: east-fire
    title: East Fire
    only_if: {key: east_fires, ask: Does East fire?}
    steps: [{text: Fire, chart: fire}]
  - id: west-fire
    title: West Fire
    only_if: {key: west_fires, ask: Does West fire?}
    steps: [{text: Fire, chart: fire}]
",
    );
    let play = |lines: &str| {
        let out = env
            .cmd(&["--book", "sides", "play"])
            .write_stdin(lines.to_string())
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, err) = play("no\nno\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("The fight is over"), "{out}");
    let (code, track, err) = env.run(&["--book", "sides", "track"]);
    assert_eq!(code, 0, "{err}");
    assert!(!track.contains("ahead of the bookmark"), "{track}");
    assert!(track.contains("Turn 1 · the game is over"), "{track}");
    assert!(
        track.contains("– East Fire") && track.contains("– West Fire"),
        "{track}"
    );
    let t = env.json(&["--book", "sides", "track"]);
    assert!(t["here"].is_null(), "{t}");
    // Resumed: the game is over, nothing is asked again.
    let (code, out, err) = play("where\n");
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("fire? (yes/no)"), "{out}");
}

/// A game ended by a step's question asks no later question of the board in its segment.
#[test]
fn a_game_ended_by_a_steps_question_asks_nothing_after_it() {
    let env = env();
    env.write_config(
        "books/branch/sequence.yaml",
        &std::fs::read_to_string(common::repo().join("tests/fixtures/branch/sequence.yaml"))
            .unwrap()
            .replace(
                "an automatic victory'}}",
                "an automatic victory'}}\n      - {text: Count the dead, only_if: {key: dead, ask: Were units lost?}}",
            ),
    );
    let (code, out, err) = play(&env, &["--goto", "score"], "yes\nyes\nyes\nwhere\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("The game is over"), "{out}");
    assert!(!out.contains("Were units lost?"), "{out}");
}
