//! The checklist holds every roll the printed flipbook requires, and only those; the end of a
//! term is not the end of the game (issue 26, items 3 and the end of the term). Each test plays
//! `play` with piped lines and dice typed by hand, and reads what is left open.

use crate::common;
use common::Env;

/// `play` from `args` with dice typed by hand: its output, which must be a success (a line the
/// walk did not expect is an error).
fn play(args: &[&str], input: &str) -> (Env, String) {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut a = vec!["--seed", "7", "play"];
    a.extend_from_slice(args);
    let (code, out, err) = env.piped(&a, input);
    assert_eq!(code, 0, "{err}\n{out}");
    (env, out)
}

/// `out` says `part`.
fn has(out: &str, part: &str) {
    assert!(out.contains(part), "no {part:?} in:\n{out}");
}

/// What the segment was left with open: the line `play` says on leaving (wrapped lines joined).
fn left_open(out: &str) -> String {
    let mut lines = out
        .lines()
        .skip_while(|l| !l.trim().starts_with("! Left open: "));
    let Some(first) = lines.next() else {
        return String::new();
    };
    let mut said = first.trim().trim_start_matches("! Left open: ").to_string();
    let more = |l: &&str| l.starts_with("  ") && !l.trim_start().starts_with(['!', '?', '•']);
    for l in lines.take_while(more) {
        said.push(' ');
        said.push_str(l.trim());
    }
    said
}

#[test]
fn the_legislative_segment_holds_its_d6_the_media_result_and_a_d5_for_each_bill_passed() {
    // Flipbook p11, steps 3, 5 and 7: whatever the bills, D6 and the Media Result are due.
    let (_, out) = play(
        &["--goto", "legislative", "--turn", "1", "--phase", "1"],
        "next\nquit\n",
    );
    assert_eq!(
        left_open(&out),
        "Is any bill on the Pending Bills Track?; roll congress-drama; roll media-result; \
         How many scandals are on the Scandal Tracks?"
    );
    // With bills pending: Support, as many attempts as the Cooperation box, a D5 for each
    // passed - counted from the attempts, not asked (the die 1 passes).
    let (_, out) = play(
        &["--goto", "legislative", "--turn", "1", "--phase", "1"],
        // Attempts to make (the Cooperation box is 1 or more), control not split: no d6 for who
        // picks the first bill to pass.
        "yes\nroll legislative-support\n3\n4\nyes\nno\n1\nroll pass-bill\n0\n1\nnext\nquit\n",
    );
    assert!(!out.contains("How many bills were passed?"), "{out}");
    assert_eq!(
        left_open(&out),
        "roll legislation-effects; roll congress-drama; roll media-result; \
         How many scandals are on the Scandal Tracks?"
    );
    // None pending, Cooperation not in its leftmost box, no scandal: D6 and the Media Result.
    let (_, out) = play(
        &["--goto", "legislative", "--turn", "1", "--phase", "3"],
        "no\nroll congress-drama\n3\nno\nno\nroll media-result\n1\n1\n0\nnext\nquit\n",
    );
    has(&out, "How many scandals are on the Scandal Tracks? 0");
    assert_eq!(left_open(&out), "", "{out}");
}

#[test]
fn export_terror_is_due_when_a_rogue_state_is_on_the_board() {
    // Flipbook p17: the Terror Acts Table, a random region for 4-7, then Export Terror.
    let (_, out) = play(
        &["--goto", "terror-or-chaos", "--turn", "1", "--phase", "2"],
        "roll\n3\nyes\nroll terror\n0\n5\n4\nnext\nquit\n",
    );
    has(&out, "Random Region (region) · d10");
    assert_eq!(
        left_open(&out),
        "roll export-terror (the last result names it)"
    );
    // No Rogue State: nothing more.
    let (_, out) = play(
        &["--goto", "terror-or-chaos", "--turn", "1", "--phase", "2"],
        "roll\n3\nno\nroll terror\n0\n2\n4\n6\nnext\nquit\n",
    );
    assert_eq!(
        out.matches("Random Region (region) · d10").count(),
        2,
        "{out}"
    );
    assert_eq!(left_open(&out), "", "{out}");
}

#[test]
fn war_progress_holds_a_roll_for_each_war_and_each_civil_war_counter() {
    let (_, out) = play(
        &["--goto", "war-progress", "--turn", "1", "--phase", "2"],
        "0\n2\nnext\nquit\n",
    );
    assert_eq!(left_open(&out), "roll civil-war (0 of 2 made)");
    // None on the board: nothing to roll.
    let (_, out) = play(
        &["--goto", "war-progress", "--turn", "1", "--phase", "4"],
        "1\nnext\nquit\n",
    );
    // The Civil War count is held open while the War roll is (issue 26: left with `n`, `y`).
    assert_eq!(
        left_open(&out),
        "roll war-progress; How many Civil War and CW Ceasefire counters are on the board?"
    );
    let (_, out) = play(
        &["--goto", "war-progress", "--turn", "1", "--phase", "4"],
        "0\n0\nnext\nquit\n",
    );
    assert_eq!(left_open(&out), "", "{out}");
}

#[test]
fn consequences_hold_the_homeland_security_check_the_reshuffle_and_rogue_recruiting() {
    let (_, out) = play(&["--goto", "consequences", "--turn", "3"], "next\nquit\n");
    assert_eq!(
        left_open(&out),
        "roll stability (0 of 8 made); roll region (0 of 2 made); roll homeland-check; \
         How many Trade Agreement counters are on the board?; roll reshuffle"
    );
    // Step 3e once steps 1 and 2 are made: a Rogue State on the board - its recruiting roll.
    let mut script = String::from("roll stability\n5\n");
    for _ in 0..7 {
        script.push_str("again\n5\n");
    }
    script.push_str("roll region\n1\nagain\n2\nroll homeland-check\n4\nyes\nnext\nquit\n");
    let (_, out) = play(&["--goto", "consequences", "--turn", "3"], &script);
    has(&out, "Is a Rogue State (any level) on the board now");
    // Step 3 "in the following order" (p25): the Rogue State 4 check (3a) before recruiting.
    assert_eq!(
        left_open(&out),
        "roll rogue-state-loss; roll rogue-recruit; \
         How many Trade Agreement counters are on the board?; roll reshuffle"
    );
    // Step 4: a region a Civil War took to MAJOR CRISIS is resolved on WD1 before step 5.
    let rogue = "yes\nroll rogue-state-loss\nno\nno\nroll rogue-recruit\nno\n3\n";
    let with = script.replace("yes\nnext", &format!("{rogue}yes\n1\nnext"));
    let (_, out) = play(&["--goto", "consequences", "--turn", "3"], &with);
    has(
        &out,
        "Is a Civil War counter (not a CW Ceasefire) on the board now",
    );
    has(&out, "take to MAJOR CRISIS? 1");
    assert_eq!(
        left_open(&out),
        "roll major-crisis; How many Trade Agreement counters are on the board?; roll reshuffle"
    );
    // No Civil War counter: how many regions one took to MAJOR CRISIS is never asked.
    let without = script.replace("yes\nnext", &format!("{rogue}no\nnext"));
    let (_, out) = play(&["--goto", "consequences", "--turn", "3"], &without);
    assert!(!out.contains("take to MAJOR CRISIS?"), "{out}");
    assert_eq!(
        left_open(&out),
        "How many Trade Agreement counters are on the board?; roll reshuffle"
    );
}

#[test]
fn d2_is_required_from_turn_2_and_experience_while_a_member_is_a_novice() {
    let (_, out) = play(&["--goto", "begin-turn", "--turn", "2"], "no\nnext\nquit\n");
    assert_eq!(
        left_open(&out),
        "roll aps; roll cabinet-improvement; roll fni-counters"
    );
    let (_, out) = play(
        &["--goto", "begin-turn", "--turn", "2"],
        "yes\nnext\nquit\n",
    );
    assert_eq!(
        left_open(&out),
        "roll aps; roll experience; roll cabinet-improvement; roll fni-counters"
    );
}

#[test]
fn the_reelection_roll_is_held_once_nominated() {
    let (_, out) = play(
        &["--goto", "reelection", "--turn", "4"],
        "roll\n6\nnext\nquit\n",
    );
    assert_eq!(left_open(&out), "roll election");
}

#[test]
fn a_random_regional_crisis_asks_whether_it_reached_major_crisis() {
    let (_, out) = play(
        &["--goto", "draw-chits", "--turn", "1", "--phase", "1"],
        "regional-crisis -\nroll\n3\nyes\nnext\nquit\n",
    );
    has(
        &out,
        "Did that move take the region's Regional Crisis to MAJOR CRISIS? yes",
    );
    // The d10 picks the region: its one row, every face, is not named ("→ row 1-10").
    has(&out, "Region 3 (the number above it on the World Map)");
    assert!(!out.contains("→ row"), "{out}");
    assert!(!out.contains("1-10"), "{out}");
    assert_eq!(
        left_open(&out),
        "roll major-crisis (the last result names it)"
    );
    let (_, out) = play(
        &["--goto", "draw-chits", "--turn", "1", "--phase", "1"],
        "regional-crisis -\nroll\n3\nno\nnext\nquit\n",
    );
    assert_eq!(left_open(&out), "", "{out}");
}

#[test]
fn in_phase_3_the_peer_that_did_not_act_must_act() {
    // Russia acted in Phase 1: a roll on Russia's chart in Phase 3 leaves China's open.
    let (_, out) = play(
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "1"],
        "roll\n3\nroll russia-acts\n2\ngoto russia-or-china 1 3\nroll russia-acts\n4\nnext\nquit\n",
    );
    assert_eq!(left_open(&out), "roll china-acts");
    let (_, out) = play(
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "1"],
        "roll\n3\nroll russia-acts\n2\ngoto russia-or-china 1 3\nroll china-acts\n4\nnext\nquit\n",
    );
    assert_eq!(left_open(&out), "", "{out}");
}

#[test]
fn the_uns_youth_programs_and_peace_talks_take_none_on_the_board() {
    let (_, out) = play(
        &["--goto", "un-acts", "--turn", "1", "--phase", "2"],
        "roll\n5\nroll\n5\nno\nno\nnext\nquit\n",
    );
    has(
        &out,
        "Is a Civil War or CW Ceasefire counter on the board? no",
    );
    assert_eq!(left_open(&out), "", "{out}");
    let (_, out) = play(
        &["--goto", "un-acts", "--turn", "1", "--phase", "2"],
        "roll\n5\nroll\n5\nno\nyes\nnext\nquit\n",
    );
    assert_eq!(left_open(&out), "roll un");
}

#[test]
fn reelected_at_turn_4_the_game_goes_on_to_turn_5() {
    // Party Relations 6 (kept from the nomination for the election); 5 + 5 + 5 is the 12-15
    // column, where a 2 is a re-election.
    let (env, out) = play(
        &["--goto", "reelection", "--turn", "4"],
        "roll\n6\nroll election\n5\n5\n5\nno\n2\nnext\nquit\n",
    );
    has(&out, "Re-elected: a second term");
    has(&out, "Scenario Booklet (p12)");
    has(&out, "Turn 5 · US Special Activations · Begin Turn");
    assert!(!out.contains("Final Legacy Point Total"), "{out}");
    assert!(!out.contains("The game is over"), "{out}");
    assert_eq!(env.json(&["where"])["turn"], 5);
    let games = env.json(&["games"]);
    assert!(games["games"][0]["ended"].is_null(), "{games}");
    let (code, report, err) = env.run(&["report"]);
    assert_eq!(code, 0, "{err}");
    has(&report, "the game goes on");
}

#[test]
fn the_legacy_total_at_turn_8_asks_the_reelection_and_takes_no_nomination_penalty() {
    let (_, out) = play(
        &["--goto", "legacy", "--turn", "8"],
        "roll\n20\n1\n2\nwon\nquit\n",
    );
    assert!(
        !out.contains("Party Relations?"),
        "no nomination at turn 8: {out}"
    );
    has(&out, "Re-elected                    +5");
    has(&out, "Final Legacy Point Total: 28");
}

#[test]
fn an_evaluation_auto_loss_goes_on_to_the_legacy_point_total_on_any_turn() {
    let (_, out) = play(
        &["--goto", "evaluation", "--turn", "1"],
        "roll\n1\n1\n1\n1\n1\n0\n0\nnext\nquit\n",
    );
    has(&out, "Auto-loss: the game ends now");
    has(
        &out,
        "Turn 1 · End of Turn Clean-up & Consequences · Legacy Point Total",
    );
}

#[test]
fn a_military_actions_war_progress_roll_may_be_rerolled_but_not_the_segments() {
    // Decided reading (fourth review): the Master Action re-roll covers the War Progress roll of
    // a Military Action, made where Actions are taken; the War Progress segment's is final.
    let offer = "You may pay 1 AP to re-roll this once";
    let (_, out) = play(
        &["--goto", "any-3-actions", "--turn", "1", "--phase", "1"],
        "roll war-progress\nno\n4\nquit\n",
    );
    has(&out, offer);
    let (_, out) = play(
        &["--goto", "war-progress", "--turn", "1", "--phase", "2"],
        "1\nroll war-progress\n4\nquit\n",
    );
    has(&out, "Look up 4 on WM5");
    assert!(!out.contains(offer), "{out}");
}

#[test]
fn a_segment_this_turn_does_not_play_holds_nothing_open() {
    // A cold play-test: gone to by hand, turn 5's State of the Union (played on turns 2-4 and
    // 6-8) said it was not played and still held its roll open.
    let (_, out) = play(
        &["--goto", "state-of-the-union", "--turn", "5"],
        "next\nquit\n",
    );
    has(&out, "(this segment is not played this turn)");
    assert_eq!(left_open(&out), "", "{out}");
}

#[test]
fn the_ally_rogue_group_holds_a_roll_for_each_nation_in_it() {
    // Flipbook p9 and p17: the group's chart "for each ally and/or Rogue Nation in that group".
    let (_, out) = play(
        &["--goto", "ally-rogue", "--turn", "1", "--phase", "1"],
        "3\nroll ally-group-b\n4\nnext\nquit\n",
    );
    has(
        &out,
        "How many Ally and Rogue Nations are in the group drawn",
    );
    assert_eq!(
        left_open(&out),
        // The group drawn is the one rolled for each nation (p12: one of the four chits).
        "roll ally-group-b (1 of 3 made)"
    );
}

#[test]
fn chaos_holds_a_new_wars_first_war_progress_roll_and_irans_rogue_action() {
    // Flipbook p17: a random conflict that causes War makes the initial War Progress Check; the
    // International Chaos Table's 3-4 rolls a Rogue Action for Iran. (Chaos rolled first here:
    // both stay held, the newest named first.)
    let (_, out) = play(
        &["--goto", "terror-or-chaos", "--turn", "1", "--phase", "2"],
        "roll\n7\nroll\n4\nyes\nroll chaos\n5\n3\nnext\nquit\n",
    );
    has(&out, "Did that move start a War");
    assert_eq!(
        left_open(&out),
        "roll rogue-action (the last result names it); roll war-progress (the last result names it)"
    );
}

#[test]
fn an_fni_roll_past_the_counters_held_is_refused_with_the_reason() {
    // Flipbook p13: a roll for each region with an FNI counter (one or two, p4 step 6). With
    // one held (no second counter known), `again` after it is refused, never rolled by a slip.
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let (_, _, err) = env.piped(
        &[
            "--seed", "7", "play", "--goto", "fni", "--turn", "1", "--phase", "1",
        ],
        "roll fni\nno\nno\nno\n4\nagain\nquit\n",
    );
    assert!(err.contains("nothing to roll again here"), "{err}");
}

#[test]
fn the_second_legislative_segment_of_a_turn_holds_its_scandal_rolls_again() {
    // Flipbook p11, step 8: a d6 on D14 for each scandal in every Legislative Segment. Phase 1
    // answered 2 scandals and rolled both; Phase 3's, left early, named no scandal at all.
    let (_, out) = play(
        &["--goto", "legislative", "--turn", "2", "--phase", "1"],
        "no\nroll congress-drama\n3\nno\nno\nroll media-result\n1\n1\n2\nroll\n3\nroll\n4\n\
         goto legislative 2 3\nno\nnext\nquit\n",
    );
    assert_eq!(
        out.matches("Scandal Table (scandal) · d6").count(),
        2,
        "{out}"
    );
    assert_eq!(
        left_open(&out),
        "roll congress-drama; roll media-result; How many scandals are on the Scandal Tracks?"
    );
    // Answered there, its rolls are held again.
    let (_, out) = play(
        &["--goto", "legislative", "--turn", "2", "--phase", "1"],
        "no\nroll congress-drama\n3\nno\nno\nroll media-result\n1\n1\n2\nroll\n3\nroll\n4\n\
         goto legislative 2 3\nno\nroll congress-drama\n3\nno\nno\nroll media-result\n1\n1\n2\nnext\nquit\n",
    );
    assert_eq!(left_open(&out), "roll scandal (0 of 2 made)", "{out}");
}

#[test]
fn no_split_congress_roll_is_held_when_no_bill_is_tried_or_introduced() {
    // Flipbook p10-11, steps 2 and 6: the split d6 says who picks the first bill to try or to
    // introduce; with 0 in the Bipartisan Cooperation box there is none, and no d6.
    let (_, out) = play(
        &["--goto", "legislative", "--turn", "1", "--phase", "1"],
        "yes\nroll legislative-support\n3\n4\nno\nroll congress-drama\n3\nno\nno\n\
         roll media-result\n1\n1\n0\nnext\nquit\n",
    );
    assert!(!out.contains("Is control of Congress split"), "{out}");
    assert!(
        !out.contains("How many bills must you try to pass"),
        "{out}"
    );
    assert_eq!(left_open(&out), "", "{out}");
    // Bills to introduce and control split: the step 6 d6 is held.
    let (_, out) = play(
        &["--goto", "legislative", "--turn", "1", "--phase", "3"],
        "no\nroll congress-drama\n3\nno\nyes\nyes\nnext\nquit\n",
    );
    assert!(
        left_open(&out).starts_with("roll first-choice"),
        "{}",
        left_open(&out)
    );
}

#[test]
fn a_war_started_by_chaos_and_the_war_progress_segment_ask_no_pre_war_intel() {
    // Flipbook p17: a War started by Chaos makes its initial check "(no Surprise DRM)"; p13's
    // Pre-War Intel is for a War a Military Action starts after FNI, never a later roll.
    let (_, out) = play(
        &["--goto", "terror-or-chaos", "--turn", "1", "--phase", "2"],
        "roll\n7\nroll conflict\n3\nyes\nroll war-progress\n5\nquit\n",
    );
    has(&out, "Look up 5 on WM5");
    assert!(!out.contains("Pre-War Intel"), "{out}");
    let (_, out) = play(
        &["--goto", "war-progress", "--turn", "1", "--phase", "2"],
        "2\nroll war-progress\n4\nagain\n6\nquit\n",
    );
    has(&out, "Look up 6 on WM5");
    assert!(!out.contains("Pre-War Intel"), "{out}");
}

#[test]
fn the_midterms_ask_the_counters_or_cards_that_affect_them() {
    // Flipbook p27: "+/- # For any counters or cards that affect the midterm election."
    let (_, out) = play(
        &["--goto", "midterms", "--turn", "2"],
        "roll\n3\n4\n5\n2\nno\n4\nquit\n",
    );
    has(&out, "Midterm counters or cards  +2");
    has(&out, "total 6 → row 4-6");
}
