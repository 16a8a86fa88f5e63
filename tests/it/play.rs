//! `play`, `where` and `log`: the turn rules, a whole scripted game against its transcript, the
//! bookmark under a kill, and a bookmark that cannot be read.

use crate::common;
use common::{Env, repo};
use serde_json::Value;

fn play(env: &Env, args: &[&str], input: &str) -> (i32, String, String) {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    env.piped(&a, input)
}

fn at(env: &Env) -> (u64, String, String) {
    let v = env.json(&["where"]);
    (
        v["turn"].as_u64().unwrap(),
        v["phase"].as_str().unwrap().to_string(),
        v["segment"].as_str().unwrap().to_string(),
    )
}

/// Walk `next` from a position and list the segments met, as phase/segment.
fn walk(env: &Env, from: &[&str], steps: usize) -> Vec<String> {
    let (code, _, err) = play(env, from, "quit\n");
    assert_eq!(code, 0, "{err}");
    let mut seen = vec![];
    for _ in 0..steps {
        let (code, _, err) = play(env, &[], "next\nquit\n");
        assert_eq!(code, 0, "{err}");
        let (_, p, s) = at(env);
        seen.push(format!("{p}/{s}"));
    }
    seen
}

#[test]
fn the_done_when_walk_reaches_set_focus() {
    let env = Env::new();
    let (code, out, err) = play(&env, &["--restart", "--yes"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Turn 1 · US Special Activations · Begin Turn"),
        "{out}"
    );
    let (code, _, err) = play(&env, &[], "next\nnext\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(at(&env), (1, "special".into(), "set-focus".into()));
    let (_, out, _) = env.run(&["where"]);
    assert!(
        out.contains("Turn 1 · US Special Activations · Set POTUS/Cabinet Focus (set-focus)"),
        "{out}"
    );
}

#[test]
fn turn_1_skips_what_the_flipbook_skips() {
    let env = Env::new();
    let (_, out, _) = play(&env, &[], "quit\n");
    assert!(
        !out.contains("3. One key Cabinet member"),
        "steps 3-5 are not on turn 1: {out}"
    );
    // Improve Strategic Capabilities has no "(Not on Turn 1)" (issue 10, item 4); US SoE
    // Impact has, in the US Special Activations.
    assert_eq!(
        walk(&env, &["--goto", "begin-turn", "--turn", "1"], 3),
        [
            "special/strategic-capabilities",
            "special/set-focus",
            "special/cabinet-actions"
        ]
    );
    let turn2 = walk(&env, &["--goto", "begin-turn", "--turn", "2"], 6);
    assert_eq!(
        turn2,
        [
            "special/state-of-the-union",
            "special/soe-impact",
            "special/strategic-capabilities",
            "special/set-focus",
            "special/cabinet-actions",
            "1/any-3-actions"
        ]
    );
    let (_, out, _) = play(&env, &["--goto", "begin-turn", "--turn", "2"], "quit\n");
    assert!(out.contains("3. One key Cabinet member"), "{out}");
}

#[test]
fn phase_3_has_the_extra_segment_and_phase_1_does_not() {
    let env = Env::new();
    assert_eq!(
        walk(
            &env,
            &["--goto", "any-4-actions", "--turn", "2", "--phase", "1"],
            1
        ),
        ["2/draw-chits"]
    );
    assert_eq!(
        walk(
            &env,
            &["--goto", "any-4-actions", "--turn", "2", "--phase", "3"],
            2
        ),
        ["3/cabinet-actions", "4/draw-chits"]
    );
    // Phases 2 and 4 end with US SoE Impact, on turn 1 too (issue 10, item 1).
    assert_eq!(
        walk(
            &env,
            &["--goto", "any-4-actions", "--turn", "2", "--phase", "4"],
            2
        ),
        ["4/soe-impact", "final/final-draw"]
    );
    assert_eq!(
        walk(
            &env,
            &["--goto", "any-4-actions", "--turn", "1", "--phase", "4"],
            2
        ),
        ["4/soe-impact", "final/final-draw"]
    );
}

#[test]
fn soe_impact_is_not_on_turn_1_only_in_the_special_activations() {
    let env = Env::new();
    assert_eq!(
        walk(
            &env,
            &["--goto", "any-4-actions", "--turn", "1", "--phase", "2"],
            2
        ),
        ["2/soe-impact", "3/any-3-actions"]
    );
    assert_eq!(
        walk(&env, &["--goto", "state-of-the-union", "--turn", "2"], 1),
        ["special/soe-impact"]
    );
    assert_eq!(
        walk(&env, &["--goto", "begin-turn", "--turn", "1"], 1),
        ["special/strategic-capabilities"]
    );
    // Gone to on turn 1, the Special Activations copy says it is not played; Phase 2's does not.
    let (_, out, _) = play(
        &env,
        &["--goto", "soe-impact", "--turn", "1", "--phase", "special"],
        "quit\n",
    );
    assert!(
        out.contains("(this segment is not played this turn)"),
        "{out}"
    );
    let (_, out, _) = play(&env, &["--goto", "soe-impact", "--phase", "2"], "quit\n");
    assert!(!out.contains("not played this turn"), "{out}");
}

#[test]
fn phases_2_and_4_check_core_support_before_terror_or_chaos() {
    let env = Env::new();
    assert_eq!(
        walk(
            &env,
            &["--goto", "draw-chits", "--turn", "2", "--phase", "2"],
            4
        ),
        [
            "2/any-3-actions",
            "2/core-support",
            "2/terror-or-chaos",
            "2/ally-rogue"
        ]
    );
}

#[test]
fn two_aps_buy_an_action_in_phase_3_not_in_the_special_activations() {
    let env = Env::new();
    let (_, out, _) = play(
        &env,
        &[
            "--goto",
            "cabinet-actions",
            "--turn",
            "2",
            "--phase",
            "special",
        ],
        "quit\n",
    );
    assert!(out.contains("1 Action for POTUS"), "{out}");
    assert!(!out.contains("2 APs buy"), "{out}");
    let (_, out, _) = play(
        &env,
        &["--goto", "cabinet-actions", "--phase", "3"],
        "quit\n",
    );
    assert!(out.contains("2 APs buy one more Action"), "{out}");
}

#[test]
fn focus_rolls_end_by_removing_one_tensions() {
    let env = Env::new();
    let (_, out, _) = play(
        &env,
        &["--goto", "focus-rolls", "--turn", "2", "--phase", "1"],
        "quit\n",
    );
    assert!(
        out.contains("At the end of this segment, remove 1 Tensions"),
        "{out}"
    );
}

#[test]
fn russia_and_china_alternate_between_phases_1_and_3() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let (code, out, err) = play(
        &env,
        &["--goto", "russia-or-china", "--turn", "2", "--phase", "1"],
        "roll\n3\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Russia acts: follow the Russia Action Chart"),
        "{out}"
    );
    let (_, out, _) = play(
        &env,
        &["--goto", "russia-or-china", "--phase", "3"],
        "quit\n",
    );
    assert!(
        out.contains("China acts now (Russia acted in Phase 1)"),
        "{out}"
    );
    let (_, _, _) = play(
        &env,
        &["--goto", "russia-or-china", "--phase", "1"],
        "roll\n9\nquit\n",
    );
    let (_, out, _) = play(
        &env,
        &["--goto", "russia-or-china", "--phase", "3"],
        "quit\n",
    );
    assert!(
        out.contains("Russia acts now (China acted in Phase 1)"),
        "{out}"
    );
    // A new turn forgets: the board's Acted counter says.
    let (_, out, _) = play(
        &env,
        &["--goto", "russia-or-china", "--turn", "3", "--phase", "3"],
        "quit\n",
    );
    assert!(
        out.contains("The one that did not act in Phase 1 acts now"),
        "{out}"
    );
}

#[test]
fn the_plus_chain_stops_at_three_chits() {
    let env = Env::new();
    let (code, out, err) = play(
        &env,
        &["--goto", "draw-chits", "--turn", "2", "--phase", "1"],
        "nsa-2\nyes\ncrisis-cards\nyes\ncascading-2\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Crisis chit 3 of at most 3"), "{out}");
    assert!(
        out.contains("That is the last chit of this segment"),
        "{out}"
    );
    assert_eq!(
        out.matches("Did it have a (+)? (yes/no)").count(),
        2,
        "no (+) question for the third: {out}"
    );
    // No (+) ends the draw at once.
    let (_, out, _) = play(
        &env,
        &["--goto", "draw-chits", "--phase", "2"],
        "nsa-2\nno\nquit\n",
    );
    assert!(out.contains("No (+): the draw is over."), "{out}");
    assert!(!out.contains("Crisis chit 2"), "{out}");
    // The second draw of Phases 1 and 3 ignores the (+).
    let (_, out, _) = play(
        &env,
        &["--goto", "draw-chit", "--phase", "1"],
        "good-times\nquit\n",
    );
    assert!(!out.contains("Did it have a (+)?"), "{out}");
    assert!(
        out.contains("Good Times!: Roll a d10 on the Good Times Table (D15)"),
        "{out}"
    );
}

#[test]
fn the_final_draw_stops_at_two_chits() {
    let env = Env::new();
    let (code, out, err) = play(
        &env,
        &["--goto", "final-draw", "--turn", "2"],
        "nsa-2\nyes\ncrisis-cards\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Crisis chit 2 of at most 2"), "{out}");
    assert!(
        out.contains("That is the last chit of this segment"),
        "{out}"
    );
    assert!(!out.contains("Crisis chit 3"), "{out}");
    assert_eq!(
        out.matches("Did it have a (+)? (yes/no)").count(),
        1,
        "{out}"
    );
}

#[test]
fn end_turn_5_to_10_draws_one_more_chit() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let (_, out, _) = play(
        &env,
        &["--goto", "end-turn", "--turn", "1"],
        "roll\n5\ngood-times\nquit\n",
    );
    assert!(out.contains("Draw one more Crisis chit."), "{out}");
    assert!(out.contains("Crisis chit: which did you draw?"), "{out}");
    assert!(out.contains("Good Times!:"), "{out}");
    let (_, out, _) = play(
        &env,
        &["--goto", "end-turn", "--turn", "1"],
        "roll\n10\nquit\n",
    );
    assert!(out.contains("Draw one more Crisis chit."), "{out}");
    let (_, out, _) = play(
        &env,
        &["--goto", "end-turn", "--turn", "1"],
        "roll\n4\nquit\n",
    );
    assert!(!out.contains("Draw one more"), "{out}");
    assert!(!out.contains("Crisis chit 1"), "{out}");
}

#[test]
fn midterms_after_turn_2_and_reelection_after_turn_4() {
    let env = Env::new();
    assert_eq!(
        walk(&env, &["--goto", "evaluation", "--turn", "1"], 1),
        ["special/begin-turn"]
    );
    assert_eq!(at(&env).0, 2);
    assert_eq!(
        walk(&env, &["--goto", "evaluation", "--turn", "2"], 2),
        ["end/midterms", "special/begin-turn"]
    );
    assert_eq!(at(&env).0, 3);
    assert_eq!(
        walk(&env, &["--goto", "evaluation", "--turn", "3"], 1),
        ["special/begin-turn"]
    );
    // The end of the term is not the end of the game: nothing ended it (no defeat, no refused
    // nomination), so the Legacy Point Total is not played and the second term follows.
    assert_eq!(
        walk(&env, &["--goto", "evaluation", "--turn", "4"], 2),
        ["end/reelection", "special/begin-turn"]
    );
    assert_eq!(at(&env).0, 5);
    let (code, out, _) = play(&env, &["--goto", "reelection", "--turn", "4"], "next\n");
    assert_eq!(code, 0);
    assert!(out.contains("The first term is over"), "{out}");
    assert!(out.contains("Scenario Booklet (p12)"), "{out}");
    assert_eq!(at(&env), (5, "special".into(), "begin-turn".into()));
}

#[test]
fn the_end_of_turn_8_is_the_end_of_the_game() {
    let env = Env::new();
    assert_eq!(
        walk(&env, &["--goto", "evaluation", "--turn", "8"], 1),
        ["end/legacy"]
    );
    let (code, out, _) = play(&env, &[], "next\n");
    assert_eq!(code, 0);
    assert!(out.contains("the game is over"), "{out}");
    assert!(
        !out.contains("--turn 5"),
        "no second term after the second: {out}"
    );
    assert!(!out.contains("Re-elected"), "{out}");
    assert_eq!(at(&env), (8, "end".into(), "legacy".into()));
    // Turns 5 to 7 go on to the next turn.
    assert_eq!(
        walk(&env, &["--goto", "evaluation", "--turn", "5"], 1),
        ["special/begin-turn"]
    );
    assert_eq!(at(&env).0, 6);
}

#[test]
fn back_goes_to_the_previous_segment_and_across_turns() {
    let env = Env::new();
    play(
        &env,
        &["--goto", "begin-turn", "--turn", "2"],
        "back\nquit\n",
    );
    let (t, p, s) = at(&env);
    assert_eq!((t, p.as_str()), (1, "end"));
    assert_eq!(s, "evaluation");
}

#[test]
fn a_scripted_four_turn_game_matches_its_transcript() {
    let env = Env::new();
    let input = std::fs::read_to_string(repo().join("tests/transcripts/four-turns.in")).unwrap();
    let (code, out, err) = play(&env, &["--seed", "2026"], &input);
    assert_eq!(code, 0, "{err}");
    let path = repo().join("tests/transcripts/four-turns.out");
    if std::env::var_os("UPDATE_TRANSCRIPTS").is_some() {
        std::fs::write(&path, &out).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    if out != want {
        let line = out
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "the transcript differs at line {} (UPDATE_TRANSCRIPTS=1 cargo test --test it four_turn records it anew):\n got: {:?}\nwant: {:?}",
            line + 1,
            out.lines().nth(line),
            want.lines().nth(line)
        );
    }
    // Every roll of it is in the log, by turn.
    let log = env.json(&["log"]);
    let turns: Vec<u64> = log["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["turn"].as_u64().unwrap())
        .collect();
    assert!(turns.contains(&1) && turns.contains(&4), "{turns:?}");
    let (_, md, _) = env.run(&["log", "--markdown", "--turn", "2"]);
    assert!(
        md.contains("## Turn 2") && md.contains("| Phase | Segment | Roll | Result |"),
        "{md}"
    );
    assert!(!md.contains("## Turn 1"), "{md}");
}

#[test]
fn a_seed_replays_the_same_game() {
    let env = Env::new();
    let other = Env::new();
    let input = "goto russia-or-china\nroll\nnext\nnext\nnext\nquit\n";
    let a = play(&env, &["--seed", "7"], input);
    let b = play(&other, &["--seed", "7"], input);
    assert_eq!(a.0, 0, "{}", a.2);
    assert!(a.1.contains("natural"), "{}", a.1);
    assert_eq!(a.1, b.1);
}

#[test]
fn the_bookmark_survives_a_kill_at_any_moment() {
    use std::io::Write;
    let env = Env::new();
    play(&env, &["--restart", "--yes"], "");
    for round in 0..12u64 {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_flipbook"))
            .args(["play"])
            .env("FLIPBOOK_HOME", env.home.path())
            .env("NO_COLOR", "1")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let lines = "next\n".repeat(400);
        let _ = stdin.write_all(lines.as_bytes());
        std::thread::sleep(std::time::Duration::from_millis(round % 4 * 3));
        let _ = child.kill();
        let _ = child.wait();
        let (code, out, err) = env.run(&["--json", "where"]);
        assert_eq!(code, 0, "round {round}: {err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        assert!(v["turn"].as_u64().unwrap() >= 1);
    }
}

#[test]
fn a_broken_bookmark_says_how_to_go_on() {
    let env = Env::new();
    play(&env, &[], "quit\n");
    let mark = env.data().join("mr-president/bookmark.json");
    std::fs::write(&mark, "{\"turn\": 2, \"phase\": \"1\", \"seg").unwrap();
    let (code, _, err) = play(&env, &[], "quit\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("cannot be read") && err.contains("--restart") && err.contains("--goto"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
    let (code, _, err) = env.run(&["where"]);
    assert_eq!(code, 1, "{err}");
    // An older book's segment id: the same way on.
    std::fs::write(
        &mark,
        r#"{"book":"mr-president","turn":2,"phase":"1","segment":"old-segment"}"#,
    )
    .unwrap();
    let (code, _, err) = play(&env, &[], "quit\n");
    assert_eq!(code, 1);
    assert!(
        err.contains("'old-segment'") && err.contains("--restart"),
        "{err}"
    );
    // Going on with --goto mends it.
    let (code, _, err) = play(&env, &["--goto", "fni", "--turn", "2"], "quit\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(at(&env), (2, "1".into(), "fni".into()));
}

#[test]
fn bad_play_input_is_exit_2_and_keeps_the_bookmark() {
    let env = Env::new();
    // A bad line is reported and the walk goes on; the exit code says a line was rejected.
    let (code, _, err) = play(&env, &[], "next\ndance\nnext\n");
    assert_eq!(code, 2);
    // (Improve Strategic Capabilities asks whether the SoE is 5+: the line is its bad answer.)
    assert!(err.contains("answer yes or no, not 'dance'"), "{err}");
    assert!(err.contains("1 line of the script was rejected"), "{err}");
    assert_eq!(at(&env).2, "set-focus");
    let (code, _, err) = play(&env, &["--goto", "fnx"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown segment 'fnx' (did you mean fni"),
        "{err}"
    );
    let (code, _, err) = play(&env, &["--restart"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--restart needs --yes"), "{err}");
    let (code, _, err) = play(&env, &["--goto", "fni", "--turn", "9"], "");
    assert_eq!(code, 2);
    assert!(err.contains("turn 9 is not a turn"), "{err}");
}

#[test]
fn a_script_that_ends_mid_question_is_told_in_plays_words() {
    let env = Env::new();
    let (code, _, err) = play(
        &env,
        &["--goto", "state-of-the-union", "--turn", "2"],
        "roll sotu\n7\n",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("State of the Union needs an answer to: Relations with Congress?")
            && !err.contains("--set")
            && !err.contains("congress,"),
        "{err}"
    );
    assert!(env.json(&["log"])["log"].as_array().unwrap().is_empty());
}

#[test]
fn the_cabinet_drama_table_is_offered_where_the_flipbook_names_it() {
    let env = Env::new();
    let (_, out, _) = play(&env, &["--goto", "begin-turn", "--turn", "2"], "quit\n");
    assert!(
        out.contains("[roll cabinet-drama]"),
        "Begin Turn step 5: {out}"
    );
    let (_, out, _) = play(&env, &["--goto", "begin-turn", "--turn", "1"], "quit\n");
    assert!(
        !out.contains("[roll cabinet-drama]"),
        "not on turn 1: {out}"
    );
    let (_, out, _) = play(
        &env,
        &["--goto", "focus-rolls", "--turn", "2", "--phase", "1"],
        "quit\n",
    );
    assert!(
        out.contains("all six Tensions boxes are full") && out.contains("[roll cabinet-drama]"),
        "{out}"
    );
}

#[test]
fn undo_after_undo_takes_back_one_roll_after_another() {
    let env = Env::new();
    let (code, out, err) = play(
        &env,
        &["--goto", "cabinet-actions", "--turn", "1"],
        "roll master-domestic\nroll master-military\nroll master-diplomatic\nundo\nundo\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Undone: the roll on master-diplomatic"),
        "{out}"
    );
    assert!(out.contains("Undone: the roll on master-military"), "{out}");
    let log = env.json(&["log"]);
    let undone: Vec<(String, bool)> = log["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["chart"].as_str().unwrap().to_string(),
                e["undone"] == true,
            )
        })
        .collect();
    assert_eq!(
        undone,
        [
            ("master-domestic".to_string(), false),
            ("master-military".to_string(), true),
            ("master-diplomatic".to_string(), true)
        ]
    );
}

/// The log keeps a chit's (+) as the draw said it (a cold player found it dropped).
#[test]
fn the_log_keeps_a_chits_plus() {
    let env = Env::new();
    let (code, _, err) = play(
        &env,
        &["--goto", "draw-chits", "--turn", "1", "--phase", "1"],
        "domestic-crisis +\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = env.run(&["log"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("chit: Domestic Crisis (+)"), "{out}");
}
