//! `play` driven by piped lines, as a script or a player at a pipe would: each rule of the
//! flipbook that the walk once got wrong or left out (issue 17, sections 1 and 2).

use crate::common;
use common::Env;
use serde_json::Value;

fn play(env: &Env, args: &[&str], input: &str) -> (i32, String, String) {
    let mut a = vec!["--seed", "7", "play"];
    a.extend_from_slice(args);
    env.piped(&a, input)
}

/// `play` that must succeed: its output.
fn ok(env: &Env, args: &[&str], input: &str) -> String {
    let (code, out, err) = play(env, args, input);
    assert_eq!(code, 0, "{err}");
    out
}

/// `out` says `part`.
fn has(out: &str, part: &str) {
    assert!(out.contains(part), "no {part:?} in:\n{out}");
}

/// The answers the current game's profile keeps, as `key=value`.
fn kept(env: &Env) -> Vec<String> {
    let v = env.json(&["profile"]);
    v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| !a["value"].is_null())
        .map(|a| {
            format!(
                "{}={}",
                a["key"].as_str().unwrap(),
                a["value"].as_str().unwrap()
            )
        })
        .collect()
}

/// The current game's log.
fn log(env: &Env) -> Vec<Value> {
    env.json(&["log"])["log"].as_array().unwrap().clone()
}

#[test]
fn a_new_game_keeps_only_the_players_answers_and_says_so() {
    let env = Env::new();
    let (code, _, err) = env.run(&[
        "profile",
        "--set",
        "difficulty=easier",
        "--set",
        "orator=yes",
        "--set",
        "range#6=1-4",
    ]);
    assert_eq!(code, 0, "{err}");
    let out = ok(&env, &["--restart", "--yes"], "quit\n");
    assert!(
        out.contains(
            "New game: carried over difficulty = easier; the rest of the profile starts empty."
        ),
        "{out}"
    );
    assert_eq!(kept(&env), ["difficulty=easier"]);
    // With nothing of the player's kept, the line says that nothing was carried.
    env.run(&["profile", "--clear", "difficulty"]);
    env.run(&["profile", "--set", "likeable=yes"]);
    let out = ok(&env, &["--restart", "--yes"], "quit\n");
    has(&out, "nothing carried over");
    assert!(kept(&env).is_empty(), "{:?}", kept(&env));
}

#[test]
fn consequences_step_13_is_not_played_at_the_end_of_turns_4_and_8() {
    let env = Env::new();
    for (turn, offered) in [("3", true), ("4", false), ("8", false)] {
        let out = ok(&env, &["--goto", "consequences", "--turn", turn], "quit\n");
        assert_eq!(
            out.contains("13. Not the end of turn 4"),
            offered,
            "turn {turn}: {out}"
        );
    }
}

#[test]
fn the_new_player_drm_applies_to_the_end_turn_and_rogue_reduction_rolls() {
    let env = Env::new();
    for chart in ["end-turn", "rogue-reduce"] {
        let v = env.json(&["--new-player", "roll", chart, "--roll", "5"]);
        assert_eq!(v["total"], 4, "{chart}: {v}");
        let v = env.json(&["roll", chart, "--roll", "5", "--drm=-1"]);
        assert_eq!(v["total"], 4, "{chart} takes --drm: {v}");
    }
    let v = env.json(&["charts"]);
    let cap = v["charts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "capability")
        .unwrap()
        .clone();
    assert!(
        !cap.to_string().contains("not on turn 1"),
        "the capability chart is played on turn 1: {cap}"
    );
}

/// Dice typed by hand, one line each, where the walk asks for them.
fn hand(env: &Env) {
    env.write_config("settings.yaml", "dice: hand\n");
}

#[test]
fn after_chaos_the_roll_offered_is_the_conflict_then_the_chaos_procedure() {
    let env = Env::new();
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "terror-or-chaos", "--turn", "1", "--phase", "2"],
        "roll\n7\nroll\n4\nno\nroll\n2\nquit\n",
    );
    has(&out, "Did that move start a War");
    let conflict = out.find("Random Conflict (conflict)").expect(&out);
    let chaos = out.find("Chaos Procedure (chaos)").expect(&out);
    assert!(conflict < chaos, "{out}");
    let charts: Vec<String> = log(&env)
        .iter()
        .map(|e| e["chart"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(charts, ["terror-or-chaos", "conflict", "chaos"]);
}

#[test]
fn russia_acts_2_rolls_again_on_a_1_and_the_log_keeps_both() {
    let env = Env::new();
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "draw-chits", "--turn", "1", "--phase", "1"],
        "russia-acts-2\nroll\n1\n6\nno\nquit\n",
    );
    has(&out, "natural 1: discarded, rolled again");
    has(&out, "Look up 6 on WPR1");
    let rolls: Vec<(i64, bool)> = log(&env)
        .iter()
        .filter(|e| e["chart"] == "russia-acts")
        .map(|e| (e["natural"].as_i64().unwrap(), e["rolled_again"] == true))
        .collect();
    assert_eq!(rolls, [(1, true), (6, false)]);
    // The chit is resolved by the second roll: the (+) question came, and nothing is open.
    let (_, out, _) = play(&env, &[], "next\nquit\n");
    assert!(!out.contains("Left open"), "{out}");
}

#[test]
fn not_nominated_goes_on_to_the_legacy_point_total_which_adds_the_parts() {
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "reelection", "--turn", "4"],
        "roll\n3\nroll\n20\n1\n2\nnext\nroll legacy\n33\nquit\n",
    );
    has(
        &out,
        "Turn 4 · End of Turn Clean-up & Consequences · Legacy Point Total",
    );
    // 20 + 1 + 2 - 15: each part shown, the total looked up.
    has(&out, "Party Relations below 4 (not nominated)  -15");
    has(&out, "Final Legacy Point Total: 8");
    has(&out, "Remembered like Millard Fillmore");
    assert!(
        !out.contains("Final Legacy Point total?\n"),
        "the sum is not asked: {out}"
    );
    // Leaving the final scoring ends the game; a roll asked for then is still rolled and logged.
    let over = out.find("The game is over: Not nominated").unwrap();
    let after = &out[over..];
    assert!(after.contains("Remembered like Woodrow Wilson"), "{out}");
    let charts: Vec<String> = log(&env)
        .iter()
        .map(|e| e["chart"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(charts, ["nomination", "legacy-total", "legacy", "legacy"]);
    assert!(env.json(&["where"]).to_string().contains("legacy"));
}

#[test]
fn a_lost_reelection_counts_the_minus_5_once_in_the_legacy_point_total() {
    let env = Env::new();
    hand(&env);
    // Nominated (Party Relations 6, kept for the election and the total), then the Election
    // Table: prestige 1 + approval 1 + media 1 is the "11 or less" column, where a 10 is a
    // defeat.
    let out = ok(
        &env,
        &["--goto", "reelection", "--turn", "4"],
        "roll\n6\nroll election\n1\n1\n1\nno\n10\nroll\n20\n0\n0\nlost\nnext\nquit\n",
    );
    has(&out, "Defeated: a one-term President");
    has(&out, "Defeated (a one-term President)  -5");
    has(&out, "Final Legacy Point Total: 15");
    has(&out, "The game is over: Defeated");
}

#[test]
fn roll_takes_drm_in_play_as_an_extra_inside_the_printed_cap_and_logged() {
    let env = Env::new();
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "fni", "--turn", "1", "--phase", "1"],
        // Cyber above both: the peer's-Cyber question is not asked.
        "roll fni --drm 3 --drm=2\nyes\nyes\n5\nquit\n",
    );
    // -1 -1 +3 +2 = +3, held to +2 by the FNI's printed cap.
    has(&out, "extra                               +3");
    has(&out, "extra                               +2");
    has(&out, "Cap (+/-2 Max), extras included     -1");
    has(&out, "total 7 → row 6-8");
    let entry = &log(&env)[0];
    let extras: Vec<i64> = entry["modifiers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["source"] == "extra")
        .map(|m| m["value"].as_i64().unwrap())
        .collect();
    assert_eq!(extras, [3, 2], "{entry}");
    assert_eq!(entry["total"], 7);
    // A selection roll takes none, and a word roll does not know is refused: that line only.
    let (code, _, err) = play(
        &env,
        &[],
        "goto russia-or-china\nroll russia-or-china --drm 1\nroll --bogus\nquit\n",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("takes no --drm"), "{err}");
    assert!(err.contains("'--bogus' is not understood"), "{err}");
    assert_eq!(log(&env).len(), 1);
}

#[test]
fn the_uns_four_automatic_actions_are_bare_rolls_held_by_the_checklist() {
    let env = Env::new();
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "un-acts", "--turn", "1", "--phase", "2"],
        "roll\n5\nroll\n5\nyes\nnext\nquit\n",
    );
    // No US-initiated question: a bare d10 against each action's range, in the flipbook's order.
    assert!(!out.contains("paid with 1 AP"), "{out}");
    assert!(!out.contains("UN Goodwill counter spent"), "{out}");
    assert!(!out.contains("World Opinion of the US"), "{out}");
    let humanitarian = out.find("column Humanitarian Aid*").expect(&out);
    let infrastructure = out.find("column Infrastructure Aid*").expect(&out);
    assert!(humanitarian < infrastructure);
    let entry = &log(&env)[0];
    assert_eq!(
        entry["modifiers"].as_array().map_or(0, Vec::len),
        0,
        "{entry}"
    );
    // A Lvl 2 or 3 Terror Group on the board: Youth Empowerment is still to roll when the
    // script leaves (the Peace Talks' question waits for it).
    has(
        &out,
        "Is a Lvl 2 or 3 Terror Group in any world region? yes",
    );
    has(&out, "! Left open: roll un\n");
}

#[test]
fn every_mandatory_roll_of_a_segment_is_an_open_item() {
    let env = Env::new();
    for (segment, phase, open) in [
        (
            "ally-rogue",
            "1",
            "How many Ally and Rogue Nations are in the group drawn (one roll of its chart each)?",
        ),
        ("fni", "1", "roll fni"),
    ] {
        let out = ok(
            &env,
            &["--goto", segment, "--turn", "1", "--phase", phase],
            "next\nquit\n",
        );
        assert!(
            out.contains(&format!("! Left open: {open}")),
            "{segment}: {out}"
        );
    }
    // A result that names the rolls next makes them due: after Chaos, the conflict and the
    // Chaos procedure.
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "terror-or-chaos", "--turn", "1", "--phase", "2"],
        "roll\n7\nnext\nquit\n",
    );
    has(
        &out,
        "! Left open: roll conflict (the last result names it); roll chaos (the last result names it)",
    );
    // At SoE 5 or more, a second capability roll is asked for and held open until made.
    let out = ok(
        &env,
        &["--goto", "strategic-capabilities", "--turn", "1"],
        "yes\nroll\n2\n3\nnext\nquit\n",
    );
    has(&out, "Is the US SoE 5 or more (a second capability roll)?");
    assert!(
        out.contains("! Left open: roll capability"),
        "one roll of two: {out}"
    );
    // The split-Congress d6 of Legislative steps 2 and 6 is on the checklist.
    let (_, out, _) = play(
        &env,
        &["--goto", "legislative", "--turn", "1", "--phase", "1"],
        "quit\n",
    );
    assert_eq!(out.matches("[roll first-choice]").count(), 2, "{out}");
}

#[test]
fn a_results_footnote_is_printed_with_it() {
    let env = Env::new();
    let v = env.json(&[
        "roll",
        "fni",
        "--set",
        "recon_higher=no",
        "--set",
        "cyber_higher=no",
        "--set",
        "peer_cyber_influence=no",
        "--set",
        "share_un=no",
        "--roll",
        "4",
    ]);
    let result = v["result"].as_str().unwrap();
    assert!(
        result.contains("** Helping an Ally at war with this intel also improves relations"),
        "{result}"
    );
    let v = env.json(&[
        "roll",
        "fni",
        "--set",
        "recon_higher=no",
        "--set",
        "cyber_higher=no",
        "--set",
        "peer_cyber_influence=no",
        "--roll",
        "7",
    ]);
    assert!(!v["result"].as_str().unwrap().contains("Helping"), "{v}");
}

#[test]
fn kept_focus_ranges_are_shown_back_at_set_focus_and_the_moved_ones_asked_again() {
    let env = Env::new();
    hand(&env);
    env.keep(&[
        "range#6=1-4",
        "focus#6=economy",
        "range#5=1-2",
        "focus#5=press",
    ]);
    // "no" keeps them all, in one answer.
    let out = ok(&env, &["--goto", "set-focus", "--turn", "2"], "no\nquit\n");
    // In the game's words (issue 26): the input's label and the choice's, never the keys.
    let one_line = out.split_whitespace().collect::<Vec<_>>().join(" ");
    has(
        &one_line,
        "Priority 6: Counter's range 1-4, Focus Improve Economy;",
    );
    has(
        &one_line,
        "Priority 5: Counter's range 1-2, Focus Improve Public/Press Relations.",
    );
    assert!(!out.contains("focus economy"), "{out}");
    has(&out, "All kept.");
    assert!(kept(&env).contains(&"focus#5=press".to_string()));
    // Priority 5 moved: its answers are asked again at its roll, its question names it, and a
    // focus priority 6 holds is not offered.
    let (code, out, err) = play(
        &env,
        &["--goto", "set-focus", "--turn", "3"],
        // The focus is read off the counter with its range, before the die (p10).
        "5\ngoto focus-rolls 3 1\nno\nroll\n3\nno\nroll\n1-3\neconomy\n",
    );
    assert_eq!(code, 2, "{err}");
    has(&out, "Asked again at the next roll: Priority 5.");
    has(
        &out,
        "Priority 5 - The success range printed on the Focus counter? 1-3",
    );
    assert!(
        err.contains("Priority 5 - Focus takes one of congress, homeland, press, crisis, cabinet, not 'economy'"),
        "{err}"
    );
    ok(&env, &[], "roll\n1-3\ncongress\n2\nquit\n");
    let k = kept(&env);
    assert!(k.contains(&"focus#5=congress".to_string()), "{k:?}");
    assert!(k.contains(&"range#5=1-3".to_string()), "{k:?}");
    assert!(k.contains(&"focus#6=economy".to_string()), "{k:?}");
}

#[test]
fn undo_reaches_back_across_segments_to_where_each_step_was_made() {
    let env = Env::new();
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "draw-chit", "--turn", "1", "--phase", "1"],
        "good-times\nroll\n4\nnext\nroll fni\nno\nno\nno\n5\nno\nnext\nback\nnext\nundo\nwhere\nundo\nwhere\nundo\nwhere\nundo\nquit\n",
    );
    let undone: Vec<&str> = out
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Undone: "))
        .collect();
    assert_eq!(
        undone,
        [
            "the roll on fni (the log keeps it, marked undone).",
            "the roll on good-times (the log keeps it, marked undone).",
            "the chit Good Times! (the log keeps it, marked undone).",
        ],
        "{out}"
    );
    let wheres: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  Turn 1 · "))
        .collect();
    assert_eq!(
        wheres,
        [
            "  Turn 1 · Activation Phase 1 · Focused National Intelligence (fni)",
            "  Turn 1 · Activation Phase 1 · Draw One Crisis Chit (one only) (draw-chit)",
            "  Turn 1 · Activation Phase 1 · Draw One Crisis Chit (one only) (draw-chit)"
        ],
        "{out}"
    );
    has(&out, "Nothing to undo");
    // The bookmark stands where the last step undone was made, and every line is marked.
    assert_eq!(env.json(&["where"])["segment"], "draw-chit");
    assert!(
        log(&env).iter().all(|e| e["undone"] == true),
        "{:?}",
        log(&env)
    );
}

#[test]
fn a_rows_next_rolls_and_a_total_given_on_are_checked_in_a_players_chart() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sum.yaml");
    let chart = "id: sum-test\ntitle: Sum test\nprinted: here\ndie: none\ninputs:\n  - {key: a, ask: A?, type: number, min: 0, max: 9}\ndrms:\n  - {label: A, value: 1, per: a}\nrows:\n  - row: \"any\"\n    result: \"Total {total}\"\n    next: [NEXT]\n    then: [{chart: legacy, total_as: KEY}]\n";
    let write = |next: &str, key: &str| {
        std::fs::write(&file, chart.replace("NEXT", next).replace("KEY", key)).unwrap();
    };
    write("nowhere", "pts");
    let (code, _, err) = env.run(&["check", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    has(
        &err,
        "row any names 'nowhere' next, which is not a chart here",
    );
    has(
        &err,
        "row any gives its total to 'legacy' as 'pts', which is not a number it asks",
    );
    write("chaos", "points");
    let (code, _, err) = env.run(&["check", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn two_fni_counters_make_two_fni_rolls_due() {
    // US Cyber and Recon 3; Russia's 2 and 2; China's Cyber 2 and Recon 2 (two counters) or 4
    // (one): the last answer decides, so every capability is asked.
    for (china_recon, open) in [
        ("2", "! Left open: roll fni; roll fni\n"),
        ("4", "! Left open: roll fni\n"),
    ] {
        let env = Env::new();
        let input =
            format!("roll fni-counters\n3\n3\n2\n2\n2\n{china_recon}\ngoto fni 1 1\nnext\nquit\n");
        let out = ok(&env, &[], &input);
        has(&out, open);
    }
}

#[test]
fn play_on_after_a_lost_reelection_goes_on_past_the_legacy_point_total() {
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "reelection", "--turn", "4"],
        "roll\n3\nnext\nplay on\nnext\nwhere\nquit\n",
    );
    has(&out, "The game is over: Not nominated");
    has(&out, "Playing on.");
    has(
        &out,
        "Turn 5 · US Special Activations · Begin Turn (begin-turn)",
    );
}

/// The re-roll is the same roll again: an extra DRM the player gave the roll stands for it too
/// (a cold try at the table found the re-roll dropping it).
#[test]
fn a_reroll_keeps_the_extra_drm_of_the_roll_it_repeats() {
    let env = Env::new();
    ok(
        &env,
        &["--seed", "5", "--goto", "cabinet-actions", "--turn", "1"],
        "roll master-diplomatic --drm -1\nreroll\nquit\n",
    );
    let log = env.json(&["log"]);
    let rolls = log["log"].as_array().unwrap();
    assert_eq!(rolls.len(), 2, "{log}");
    for r in rolls {
        assert_eq!(r["modifiers"][0]["source"], "extra", "{log}");
        assert_eq!(r["modifiers"][0]["value"], -1, "{log}");
    }
    assert_eq!(rolls[1]["reroll"], true, "{log}");
}

#[test]
fn the_acting_peers_chart_is_open_until_rolled_in_phases_1_and_3() {
    let env = Env::new();
    // Phase 1: the d10 names the peer that acts; its Action Chart is due, and leaving without
    // it says so.
    let out = ok(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "1"],
        "roll russia-or-china\nnext\nquit\n",
    );
    let peer = if out.contains("Russia acts:") {
        "russia-acts"
    } else {
        "china-acts"
    };
    has(
        &out,
        &format!("Left open: roll {peer} (the last result names it)"),
    );
    // Rolled, nothing is left open.
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "1"],
        "roll russia-or-china\nroll\nnext\nquit\n",
    );
    has(&out, &format!("({peer}) · d10"));
    assert!(!out.contains("Left open"), "{out}");
    // Phase 3: the other peer acts, with no roll for who: its chart is open until rolled.
    let other = if peer == "russia-acts" {
        "china-acts"
    } else {
        "russia-acts"
    };
    let out = ok(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "3"],
        "next\nquit\n",
    );
    has(&out, &format!("Left open: roll {other}\n"));
    // With no Phase 1 roll remembered (made on paper), either chart does.
    let fresh = Env::new();
    let out = ok(
        &fresh,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "3"],
        "next\nquit\n",
    );
    has(&out, "Left open: roll russia-acts or china-acts");
    let out = ok(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "3"],
        &format!("roll {other}\nnext\nquit\n"),
    );
    assert!(!out.contains("Left open"), "{out}");
}

#[test]
fn each_regions_stability_and_both_recruiting_rolls_are_open_until_made() {
    let env = Env::new();
    // Two of the eight regions rolled, none of the two recruiting regions: both said open,
    // with how far they are.
    let out = ok(
        &env,
        &["--goto", "consequences", "--turn", "1"],
        "roll stability\n4\nagain\n3\nnext\nquit\n",
    );
    has(
        &out,
        "Left open: roll stability (2 of 8 made); roll region (0 of 2 made)",
    );
    // All eight and both recruiting rolls: neither is open.
    let env = Env::new();
    let mut script = String::from("roll stability\n4\n");
    for _ in 0..7 {
        script.push_str("again\n4\n");
    }
    script.push_str("roll region\nagain\nnext\nquit\n");
    let out = ok(&env, &["--goto", "consequences", "--turn", "1"], &script);
    assert!(!out.contains("roll stability ("), "{out}");
    assert!(!out.contains("roll region ("), "{out}");
}

#[test]
fn a_darpa_roll_is_never_taken_for_a_capability_roll() {
    let env = Env::new();
    // SoE 4 or less: one capability roll (SecDef's DRM, never asked whether it is DARPA). The
    // roll past it is not assumed (issue 26): asked whether it is a DARPA/RC counter's, then
    // rolled in its own column, without the SecDef.
    let out = ok(
        &env,
        &["--goto", "strategic-capabilities", "--turn", "1"],
        "no\nroll\n2\n0\nagain\nyes\nnext\nquit\n",
    );
    let darpa = "? Is this the roll for a DARPA/Rapid Capabilities counter? yes";
    assert_eq!(out.matches(darpa).count(), 1, "{out}");
    let (first, second) = out.split_at(out.find(darpa).unwrap());
    has(first, "(capability) · d10 · column Capability");
    has(second, "(capability) · d10 · column DARPA/RC");
    assert_eq!(out.matches("SecDef's Military Rating?").count(), 1, "{out}");
    assert!(!out.contains("Left open"), "{out}");
    // SoE 5 or more: both capability rolls come before any DARPA roll (the SecDef's rating kept
    // for the second); the third roll is asked about.
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "strategic-capabilities", "--turn", "1"],
        "yes\nroll\n2\nagain\n0\nagain\nyes\nnext\nquit\n",
    );
    assert_eq!(out.matches("column Capability").count(), 2, "{out}");
    assert_eq!(out.matches("column DARPA/RC").count(), 1, "{out}");
    assert_eq!(out.matches(darpa).count(), 1, "{out}");
    assert!(!out.contains("Left open"), "{out}");
}

#[test]
fn past_the_allowed_capability_rolls_no_roll_is_made_without_asking() {
    let env = Env::new();
    // Issue 26: the next `.` after the one capability roll of SoE 4 or less was rolled on the
    // DARPA/RC column unasked. Now it asks; a script that gives no answer rolls nothing.
    let (code, out, err) = play(
        &env,
        &["--goto", "strategic-capabilities", "--turn", "1"],
        "no\nroll\n2\nagain\n",
    );
    assert_eq!(code, 2, "{out}");
    // Now the count of DARPA/RC counters is asked first, and the roll waits for it.
    assert!(
        err.contains("answer first: How many DARPA/Rapid Capabilities counters"),
        "{err}"
    );
    assert!(!out.contains("column DARPA/RC"), "{out}");
    let caps = log(&env)
        .iter()
        .filter(|e| e["chart"] == "capability")
        .count();
    assert_eq!(caps, 1);
}

#[test]
fn a_roll_taken_back_is_made_again_with_the_die_it_rolled() {
    let env = Env::new();
    // The SecDef's rating was mistyped: undone, answered again, the d10 is the one that fell.
    let out = ok(
        &env,
        &["--goto", "strategic-capabilities", "--turn", "1"],
        "no\nroll\n4\nundo\nroll\n2\nnext\nquit\n",
    );
    has(&out, "Undone: the roll on capability");
    has(&out, "stays as it fell");
    let log = env.json(&["log"]);
    let naturals: Vec<i64> = log["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["chart"] == "capability")
        .map(|e| e["natural"].as_i64().unwrap())
        .collect();
    assert_eq!(naturals.len(), 2, "{log}");
    assert_eq!(naturals[0], naturals[1], "{log}");
    // Another chart rolled after the undo takes a die of its own; the kept one is dropped.
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "1"],
        "roll russia-or-china\nundo\nroll region\nroll russia-or-china\nquit\n",
    );
    has(&out, "(region) · d10");
    let log = env.json(&["log"]);
    let n = |chart: &str| -> Vec<i64> {
        log["log"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["chart"] == chart)
            .map(|e| e["natural"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(n("russia-or-china").len(), 2, "{log}");
    assert_eq!(n("region").len(), 1, "{log}");
}

#[test]
fn a_roll_for_a_step_the_board_decides_waits_for_the_answer() {
    let env = Env::new();
    // The SoE question unanswered: the first capability roll is made; a second one (only at
    // SoE 5+) waits for the answer, and No plays no second roll.
    let (_, out, err) = play(
        &env,
        &["--goto", "strategic-capabilities", "--turn", "1"],
        "roll\n2\nagain\nno\nnext\nquit\n",
    );
    assert!(
        err.contains("answer first: Is the US SoE 5 or more (a second capability roll)?"),
        "{err}"
    );
    has(&out, "Then that step is not played this turn.");
    let log = env.json(&["log"]);
    let rolls = log["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["chart"] == "capability")
        .count();
    assert_eq!(rolls, 1, "{log}");
}

#[test]
fn fni_asks_no_peer_cyber_question_once_us_cyber_is_above_both() {
    // Issue 26: "higher than both" answered yes, yet the peer's-Cyber +1 was still asked (p13:
    // the +1 needs a peer's Cyber above the US's, which cannot be).
    // Dice by hand, a 9 (row 9-10): no question after the roll.
    let env = Env::new();
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "fni", "--turn", "1"],
        "roll\nno\nyes\n9\nquit\n",
    );
    has(&out, "Is your Cyber Warfare capability higher than both");
    assert!(
        !out.contains("Does Russia or China have an influence counter"),
        "{out}"
    );
    assert!(!out.contains("Peer influence with better Cyber"), "{out}");
    // A no still asks it.
    let env = Env::new();
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "fni", "--turn", "1"],
        "roll\nno\nno\nyes\n9\nquit\n",
    );
    has(&out, "Peer influence with better Cyber  +1");
}

#[test]
fn fni_intel_shared_with_the_un_rolls_broker_peace_at_an_overall_minus_2() {
    // Issue 26: FNI rows 1-2 and 3-5 (p12-13) - "Make an immediate Broker Peace Talks roll in
    // the UN for the chosen Civil War, with an overall DRM of -2" (WM4). The roll after it read
    // the chart's own DRMs (UN action -1, Stability below 5 +1: a natural 2 came to 2, not 0).
    let env = Env::new();
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "fni", "--turn", "1"],
        "roll\nno\nno\nno\n4\nyes\n2\nquit\n",
    );
    has(&out, "War: do you share the intel with the UN");
    has(&out, "FNI intel shared with the UN (overall DRM)  -2");
    has(&out, "total 0 → row 2 or less");
    // The chart's own DRMs give way to the -2: none of them is asked or counted.
    for asked in [
        "Which counter is it?",
        "The region's Stability?",
        "Iranian Influence (+1)",
    ] {
        assert!(!out.contains(asked), "{asked}: {out}");
    }
    assert!(!out.contains("UN action, 1 AP or UN Goodwill  -1"), "{out}");
    // Not shared: no Broker Peace roll.
    let env = Env::new();
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "fni", "--turn", "1"],
        "roll\nno\nno\nno\n4\nno\nquit\n",
    );
    assert!(!out.contains("Broker Peace Chart (civil-war)"), "{out}");
}

#[test]
fn the_split_congress_d6_is_held_open_when_bills_are_pending_and_control_split() {
    // Issue 26: p10-11's "If control is split, roll a d6" (step 2, only with bills to try;
    // step 6, only with bills to introduce) was never held open. Three questions decide step
    // 2's (bills pending, the Cooperation box's number 1 or more, control split): all yes.
    let run = |answers: &str| {
        let env = Env::new();
        let out = ok(
            &env,
            &["--goto", "legislative", "--turn", "1", "--phase", "1"],
            &format!("{answers}next\nquit\n"),
        );
        let left = out
            .lines()
            .find(|l| l.contains("Left open"))
            .unwrap_or_default()
            .to_string();
        (out, left)
    };
    let support = "yes\nroll legislative-support\n3\n4\n";
    let (out, left) = run(&format!("{support}yes\nyes\n"));
    has(
        &out,
        "Is control of Congress split (each party holds one house)? yes",
    );
    assert_eq!(left.matches("roll first-choice").count(), 1, "{out}");
    // No bills pending: step 6's d6 only, with bills to introduce; the split is asked for it.
    let (out, left) = run("no\nroll congress-drama\nno\nyes\nyes\n");
    has(
        &out,
        "Is control of Congress split (each party holds one house)? yes",
    );
    assert_eq!(left.matches("roll first-choice").count(), 1, "{out}");
    // Control not split: none.
    let (out, left) = run(&format!("{support}yes\nno\n"));
    assert!(!left.contains("first-choice"), "{out}");
    // The d6 comes before the attempts: rolled, it is the one made, and the attempts asked.
    let (out, left) = run(&format!("{support}yes\nyes\nroll first-choice\n"));
    assert!(!left.contains("first-choice"), "{out}");
    has(&out, "How many bills must you try to pass");
}

#[test]
fn the_focus_is_named_with_the_counters_range_before_the_die() {
    // Issue 26: "Which focus?" came only after a success. The counter carries its focus and its
    // range (set at Set Focus, p7; rolled "for each Focus/Priority", p10): both are read before
    // the d6, so that a failed priority's focus is kept too and never offered to another.
    let env = Env::new();
    hand(&env);
    let out = ok(
        &env,
        &["--goto", "focus-rolls", "--turn", "1", "--phase", "1"],
        "no\nroll\n1-2\neconomy\n6\nquit\n",
    );
    let range = out.find("Priority 6 - The success range").unwrap();
    let focus = out.find("Priority 6 - Which focus is it? economy").unwrap();
    let die = out.find("POTUS/Cabinet Focus (focus) · d6").unwrap();
    assert!(range < focus && focus < die, "{out}");
    has(&out, "No effect");
    assert!(kept(&env).contains(&"focus#6=economy".to_string()));
}

#[test]
fn the_legacy_total_takes_the_final_evaluations_points_rolled_this_turn() {
    // Issue 26: the Legacy Point Total asked again for the Evaluation's Legacy Points just
    // rolled. Its row gives them (26-29: +1), kept and shown; played on paper, they are asked.
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "evaluation", "--turn", "8"],
        "roll\n6\n6\n5\n5\n5\n0\n0\nnext\nroll\n10\n3\nwon\nquit\n",
    );
    has(&out, "total 27 → row 26-29");
    has(
        &out,
        "Kept from earlier (nothing has moved it since): Final Performance Evaluation 1",
    );
    assert!(
        !out.contains("Legacy Points from the final Performance Evaluation"),
        "{out}"
    );
    has(&out, "total 19");
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "legacy", "--turn", "8"],
        "roll\n10\n1\n3\nwon\nquit\n",
    );
    has(
        &out,
        "Legacy Points from the final Performance Evaluation (+2, +1, 0, -1)? 1",
    );
}

#[test]
fn each_line_of_a_page_is_a_roll_to_make_or_a_reminder() {
    // Issue 26: the Ally/Rogue page listed groups B, C and D as rolls of their own, and Phase 3's
    // Russia or China page both peers' charts besides the acting one's: one roll each time.
    let bullets = |out: &str| {
        out.lines()
            .filter(|l| l.starts_with("  • "))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "ally-rogue", "--turn", "1", "--phase", "1"],
        "quit\n",
    );
    let b = bullets(&out);
    assert_eq!(b.len(), 1, "{out}");
    assert!(b[0].contains("(one of the four)"), "{out}");
    // Phase 1's roll known (China acts in Phase 3): the reminder and China's chart only.
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "1"],
        "roll\ngoto russia-or-china 1 3\nquit\n",
    );
    let page = &out[out
        .rfind("Activation Phase 3 · Russia or China Acts")
        .unwrap()..];
    let b = bullets(page);
    assert_eq!(b.len(), 2, "{page}");
    assert_eq!(page.matches("[roll ").count(), 1, "{page}");
    // Not known: the reminder and the one roll on either chart.
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "3"],
        "quit\n",
    );
    assert_eq!(bullets(&out).len(), 2, "{out}");
    assert_eq!(out.matches("[roll ").count(), 1, "{out}");
}

#[test]
fn a_drawn_ally_chit_is_not_offered_again_that_turn() {
    // Issue 26: the Ally chit drawn (group B) was offered again. p12: "one of the four Ally
    // Chits"; p14 and on: "one of the remaining". In its segment it is the group rolled again
    // for each nation; in the later phases of the turn it is not offered.
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "ally-rogue", "--turn", "1", "--phase", "1"],
        // Two nations in group B; two in the group drawn in Phase 2.
        "2\nroll ally-group-b\nroll\ngoto ally-rogue 1 2\n2\nnext\nquit\n",
    );
    assert_eq!(
        out.matches("Ally and Rogue Nation Action Chart, group B (ally-group-b) · d10")
            .count(),
        2,
        "{out}"
    );
    has(
        &out,
        "Left open: roll ally-group-a or ally-group-c or ally-group-d",
    );
    // Another turn: all four again.
    let out = ok(
        &env,
        &["--goto", "ally-rogue", "--turn", "2", "--phase", "2"],
        "1\nnext\nquit\n",
    );
    has(
        &out,
        "Left open: roll ally-group-a or ally-group-b or ally-group-c or ally-group-d",
    );
}

#[test]
fn darpa_rc_rolls_are_held_open_for_each_counter_the_board_has() {
    // Issue 26: p6 "you get one roll for each" DARPA/RC counter - asked about only past the
    // capability rolls, and never held open. Now the board's count is asked once they are
    // made, and each counter's roll is open until made, on the DARPA/RC column.
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "strategic-capabilities", "--turn", "1"],
        "no\nroll\n2\n2\nagain\nnext\nquit\n",
    );
    has(
        &out,
        "How many DARPA/Rapid Capabilities counters are on the Strategic Capabilities track? 2",
    );
    assert_eq!(out.matches("column DARPA/RC").count(), 1, "{out}");
    has(&out, "Left open: roll capability (1 of 2 made)");
    // None: nothing more is held, and a roll past is asked about.
    let env = Env::new();
    let out = ok(
        &env,
        &["--goto", "strategic-capabilities", "--turn", "1"],
        "no\nroll\n2\n0\nnext\nquit\n",
    );
    assert!(!out.contains("Left open"), "{out}");
}

#[test]
fn stability_takes_the_tracks_range_on_every_chart_that_asks_it() {
    // Issue 26: Stability was asked 0-10 on the Civil War chart, 0-8 at Consequences. The track
    // tops out at 8 (p25, Consequences 1: "If Stability is 7-8"): 9 is refused on both.
    let env = Env::new();
    let civil_war = |s: &str| {
        env.run(&[
            "roll",
            "civil-war",
            "--set",
            "counter=civil-war",
            "--set",
            "un_action=no",
            "--set",
            &format!("stability={s}"),
            "--set",
            "iran_influence=no",
            "--roll",
            "5",
        ])
    };
    let (code, _, err) = civil_war("9");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Stability"), "{err}");
    let (code, _, err) = civil_war("8");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = env.run(&[
        "roll",
        "stability",
        "--set",
        "stability=9",
        "--set",
        "rogue=no",
    ]);
    assert_eq!(code, 2, "{err}");
}
