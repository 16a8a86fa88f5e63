//! What a player reads is in the game's words, never an internal key (issue 17, section 5).

use crate::common;
use common::Env;

fn play(env: &Env, args: &[&str], input: &str) -> (i32, String, String) {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    let out = env.cmd(&a).write_stdin(input).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_look_up_by_one_value_reads_as_the_value_and_its_row() {
    let env = Env::new();
    let (code, out, err) = env.run(&[
        "roll",
        "core-support",
        "--set",
        "approval_pct=52",
        "--set",
        "core=3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Public Approval 52% → row 41+"), "{out}");
    assert!(!out.contains("total 52"), "{out}");
}

#[test]
fn a_refused_answer_names_the_question_not_its_key() {
    let env = Env::new();
    let (code, _, err) = play(
        &env,
        &["--goto", "consequences", "--turn", "1"],
        "roll stability\n12\n5\nquit\n",
    );
    assert_eq!(code, 2);
    assert!(err.contains("Stability must be 0 to 8"), "{err}");
    assert!(!err.contains("[stability]"), "{err}");
}

#[test]
fn the_profile_in_play_reads_by_its_questions() {
    let env = Env::new();
    env.run(&["profile", "--set", "range#6=1-3"]);
    env.run(&["profile", "--set", "orator=yes"]);
    let (code, out, err) = play(&env, &[], "profile\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Priority 6: The success range printed on the Focus counter? 1-3"),
        "{out}"
    );
    assert!(
        out.contains("Does the President have the Orator attribute? yes"),
        "{out}"
    );
    assert!(!out.contains("range#6"), "{out}");
}

#[test]
fn after_the_last_turn_no_play_on_is_offered() {
    let env = Env::new();
    let (code, out, err) = play(&env, &["--goto", "legacy", "--turn", "8"], "next\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Two terms served"), "{out}");
    assert!(!out.contains("`play on`"), "{out}");
    // A game that ended before the last turn (not nominated at turn 4) offers play on, once
    // its Legacy Point Total is left.
    let env = Env::new();
    let (_, out, _) = play(
        &env,
        &["--goto", "reelection", "--turn", "4"],
        "roll\n3\nnext\nquit\n",
    );
    assert!(out.contains("`play on` goes on anyway"), "{out}");
}

#[test]
fn games_marks_a_lost_game() {
    let env = Env::new();
    let (code, _, err) = play(
        &env,
        &["--goto", "evaluation", "--turn", "1"],
        // The auto-loss goes on to the Legacy Point Total; leaving it ends the game.
        "roll\n0\n0\n0\n0\n0\n8\n10\nnext\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    let (_, out, _) = env.run(&["games"]);
    assert!(out.contains("turn 1 (lost)"), "{out}");
    assert_eq!(env.json(&["games"])["games"][0]["ended"], "lost");
}

#[test]
fn roll_during_a_game_gives_what_its_profile_keeps() {
    let env = Env::new();
    for kv in [
        "efficient=yes",
        "disorganized=no",
        "chief_of_staff=no",
        "difficulty=easier",
    ] {
        let (code, _, err) = env.run(&["profile", "--set", kv]);
        assert_eq!(code, 0, "{err}");
    }
    // Without an open game, the roll needs every answer.
    env.bad(
        &["roll", "aps", "--set", "effectiveness_bonus=2"],
        "aps needs --set",
    );
    let (code, _, err) = play(&env, &[], "quit\n");
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = env.run(&["roll", "aps", "--set", "effectiveness_bonus=2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Efficient"), "{out}");
    assert!(out.contains("total 26"), "{out}");
}

#[test]
fn a_repeat_the_ally_rift_rolls_again_is_printed_once() {
    let env = Env::new();
    // Seed 57: a 10 (two Allies), then NATO, NATO again (rolled again), then Israel.
    let (code, out, err) = env.run(&["roll", "ally-rift", "--seed", "57"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.matches("NATO: relations become Estranged").count(),
        1,
        "{out}"
    );
    assert!(
        out.contains("→ row 3: already found, rolled again"),
        "{out}"
    );
    assert!(out.contains("Israel: relations become Estranged"), "{out}");
}

#[test]
fn a_chart_shown_before_its_values_are_known_names_them_in_words() {
    let env = Env::new();
    let (code, out, err) = env.run(&["chart", "core-support"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Public Approval up ‹Core Support› box(es)"),
        "{out}"
    );
    assert!(!out.contains("{core}"), "{out}");
    let (code, out, err) = env.run(&["chart", "reshuffle"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Remove ‹total› of the ‹Reshuffle pile› Reshuffle cards"),
        "{out}"
    );
    // Known, they are filled in.
    let (code, out, err) = env.run(&["chart", "core-support", "--set", "core=3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Public Approval up 3 box(es)"), "{out}");
}

#[test]
fn a_look_up_whose_values_come_to_nothing_still_names_its_row() {
    let env = Env::new();
    let (code, out, err) = env.run(&[
        "roll",
        "core-support",
        "--set",
        "approval_pct=0",
        "--set",
        "core=3",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("total 0 → row 39 or less"), "{out}");
    let (code, out, err) = env.run(&[
        "roll",
        "legislative-support",
        "--set",
        "friends=4",
        "--set",
        "opponents=4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("total 0 → row 0"), "{out}");
}

/// Issue 26: the log, `o`, the results, `profile` and a script's refused answer say the book's
/// titles and labels, never the ids behind them.
#[test]
fn the_log_odds_profile_and_refusals_are_in_the_books_words() {
    let env = Env::new();
    // `o` before the answers: the column waits on inputs named by their labels.
    let (code, out, err) = play(
        &env,
        &["--goto", "begin-turn", "--turn", "2"],
        "odds sotu\nroll fni-counters\n3\n3\n3\n3\n3\n3\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("the column waits on: Public Approval, Relations with Congress"),
        "{out}"
    );
    assert!(!out.contains("waits on: approval"), "{out}");
    // The log: the phase, the segment and the chart by their titles; no "total 0" of a look-up.
    let (_, log, _) = env.run(&["log"]);
    assert!(
        log.contains(
            "US Special Activations · Begin Turn  Focused National Intelligence Counters: 2"
        ),
        "{log}"
    );
    assert!(
        !log.contains("fni-counters") && !log.contains("total 0"),
        "{log}"
    );
    // The report: the chart's title.
    let (_, report, _) = env.run(&["report"]);
    assert!(
        report.contains("Focused National Intelligence Counters"),
        "{report}"
    );
    assert!(!report.contains("fni-counters"), "{report}");
    // `profile`: a loop item's answer by its label, the key only as what `--set` takes.
    let (_, profile, _) = env.run(&["profile"]);
    assert!(
        profile.contains("Priority 5 · Counter's range: not kept yet"),
        "{profile}"
    );
    assert!(!profile.contains("range#5:"), "{profile}");
    // A script's empty answer is refused by the question's label, not its key.
    let (_, _, err) = play(
        &env,
        &["--goto", "state-of-the-union", "--turn", "2"],
        "roll\n\nquit\n",
    );
    assert!(
        err.contains("Public Approval needs an answer") && !err.contains("'approval'"),
        "{err}"
    );
}

#[test]
fn the_nomination_names_the_election_table_not_its_id() {
    let env = Env::new();
    let (_, out, _) = play(
        &env,
        &["--goto", "reelection", "--turn", "4"],
        "roll\n6\nroll\n3\nquit\n",
    );
    assert!(
        out.contains("Nominated: roll the Election Table (D17) for the re-election"),
        "{out}"
    );
    assert!(!out.contains("kind=reelection"), "{out}");
    // The result still names the roll to make next: `roll` takes the Election Table.
    assert!(out.contains("? Presidential Prestige? 3"), "{out}");
}
