//! Fewer keys, and slips that cost nothing (issue 17, section 3): each test walks a flow as a
//! player would, in a pseudo-terminal (key mode) or with piped lines (line mode).
// Unix only: expectrl drives a pseudo-terminal (openpty), which Windows has not; the key mode
// on Windows is console's and dialoguer's, tested upstream on the Windows console.
#![cfg(unix)]

use crate::common;
use common::Env;
use expectrl::session::OsSession;
use expectrl::{Eof, Expect};
use std::time::Duration;

fn play(env: &Env, args: &[&str], cols: u16) -> OsSession {
    play_in(env, args, cols, 40)
}

fn play_in(env: &Env, args: &[&str], cols: u16, rows: u16) -> OsSession {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    common::pty_sized(env, &a, cols, rows)
}

fn quit(mut s: OsSession) {
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
}

/// Esc, then a pause: a lone Esc is told from the start of an arrow key by the time it waits.
fn esc(s: &mut OsSession) {
    s.send("\u{1b}").unwrap();
    std::thread::sleep(Duration::from_millis(300));
}

#[test]
fn r_on_a_segment_with_one_chart_rolls_it_and_enter_after_the_result_stays() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "core-support", "--turn", "1", "--phase", "2"],
        100,
    );
    s.expect("[Turn 1").unwrap();
    // One key: the chart's first question, no menu.
    s.send("r").unwrap();
    s.expect("Current Public Approval (%)?").unwrap();
    s.send("45\r").unwrap();
    s.expect("Core Support number").unwrap();
    s.send("3\r").unwrap();
    s.expect("Core Support · table").unwrap();
    // A slipped Enter just after the result does not leave the segment.
    s.send("\r").unwrap();
    s.expect("Enter just after a result stays here").unwrap();
    s.send("n").unwrap();
    s.expect("Resolve Terror Acts or Chaos").unwrap();
    quit(s);
}

#[test]
fn a_repeated_chart_is_rolled_again_with_a_key_and_a_kept_answer_is_replaced_by_typing() {
    let env = Env::new();
    let mut s = play(&env, &["--goto", "consequences", "--turn", "1"], 100);
    // r rolls the chart marked "(r)" at once: each region's Stability.
    s.send("r").unwrap();
    s.expect("The region's Stability? (0 to 8)").unwrap();
    s.send("4\r").unwrap();
    // A number answered is drawn answered, as menus are.
    s.expect("✔ The region's Stability? (0 to 8) · 4").unwrap();
    // Eight regions: the Roll line counts the rolls made.
    s.expect("1 Regional Stability Consequences 1/8 (r)")
        .unwrap();
    s.expect("Keys:").unwrap();
    // `.`: the next region, asked afresh (each region's own Stability: nothing offered); 5.
    s.send(".").unwrap();
    s.expect("The region's Stability? (0 to 8)").unwrap();
    s.send("5\r").unwrap();
    s.expect("✔ The region's Stability? (0 to 8) · 5").unwrap();
    // After a Stability roll `r` rolls Stability again (the next region).
    s.expect("Keys:").unwrap();
    s.send("r").unwrap();
    s.expect("The region's Stability? (0 to 8)").unwrap();
    esc(&mut s);
    s.expect("cancelled").unwrap();
    quit(s);
}

#[test]
fn leaving_with_something_open_is_answered_on_one_key() {
    let env = Env::new();
    let mut s = play(&env, &[], 100);
    s.expect("Keys:").unwrap();
    // Enter with something open asks, and a second Enter stays (no is the default); n asks
    // again, and y answers at once, without Enter.
    s.send("\r").unwrap();
    s.expect("Leave with 2 still open?").unwrap();
    s.send("\r").unwrap();
    s.expect("2 open]").unwrap();
    s.send("n").unwrap();
    s.expect("Leave with 2 still open?").unwrap();
    // y is one key: the Enter the fingers add after it is its own, not an answer to what follows.
    s.send("y\r").unwrap();
    s.expect("Improve Strategic Capabilities").unwrap();
    // Its question comes at once: n answers it (one capability roll); Enter offers no answer.
    s.expect("second capability roll").unwrap();
    s.send("n").unwrap();
    s.expect("Keys:").unwrap();
    quit(s);
}

#[test]
fn esc_at_the_dice_backs_out_of_the_roll() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = play(&env, &["--goto", "end-turn", "--turn", "1"], 100);
    s.send("r").unwrap();
    s.expect("I rolled").unwrap();
    esc(&mut s);
    s.expect("cancelled").unwrap();
    // The key `d` gives the dice to the tool for the rest of the game: no dice asked, and not
    // after a quit either.
    s.send("d").unwrap();
    s.expect("the tool rolls them, for the rest of the game")
        .unwrap();
    quit(s);
    let mut s = play(&env, &[], 100);
    s.expect("Keys:").unwrap();
    s.send("r").unwrap();
    let rolled = s.expect(expectrl::Regex(r"natural \d+")).unwrap();
    let before = String::from_utf8_lossy(rolled.before()).into_owned();
    assert!(!before.contains("I rolled"), "{before}");
    // A chit to draw may follow (5-10): put it aside, then quit.
    std::thread::sleep(Duration::from_millis(300));
    esc(&mut s);
    quit(s);
}

#[test]
fn a_refused_answer_in_a_script_is_that_line_only() {
    let env = Env::new();
    let (code, out, err) = {
        let out = env
            .cmd(&["play", "--goto", "consequences", "--turn", "1"])
            .write_stdin("roll stability\n12\n5\nnext\nwhere\nquit\n")
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("answer rejected"), "{err}");
    assert_eq!(
        err.matches("rejected").count(),
        2,
        "one line, and the summary: {err}"
    );
    // The next line answered the question; the lines after it went on as commands.
    assert!(out.contains("? The region's Stability? 5"), "{out}");
    assert!(
        out.contains("Regional Stability Consequences (stability)"),
        "{out}"
    );
    assert!(
        out.contains("Presidential Performance Evaluation (evaluation)"),
        "{out}"
    );
}

#[test]
fn a_chit_answer_in_a_script_is_echoed_and_a_one_chit_draw_says_crisis_chit() {
    let env = Env::new();
    let (code, out, err) = env.run(&["play", "--goto", "draw-chit", "--turn", "1", "--phase", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Crisis chit: which did you draw?"), "{out}");
    let out = env
        .cmd(&["play"])
        .write_stdin("good-times\nquit\n")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.contains("? Crisis chit: which did you draw? good-times"),
        "{out}"
    );
}

#[test]
fn play_help_lists_every_command_of_both_front_ends() {
    let env = Env::new();
    let (code, out, _) = env.run(&["play", "--help"]);
    assert_eq!(code, 0);
    for word in [
        "n/Enter/→",
        "b/←",
        "reroll",
        "undo",
        "answer",
        "track",
        "profile",
        "log",
        "again",
        "dice",
        "goto SEGMENT",
        "play on",
        "m/Space",
        "quit",
    ] {
        assert!(
            out.contains(word),
            "{word} missing from play --help:\n{out}"
        );
    }
}

#[test]
fn the_game_over_notice_speaks_of_the_menu_and_offers_play_on_only_with_turns_left() {
    let env = Env::new();
    // Not nominated at turn 4: on to the Legacy Point Total, then the game is over, with turns
    // left to play on.
    let mut s = play(&env, &["--goto", "reelection", "--turn", "4"], 100);
    s.expect("Keys:").unwrap();
    s.send("1").unwrap();
    s.expect("Party Relations?").unwrap();
    s.send("3\r").unwrap();
    s.expect("Legacy Point Total").unwrap();
    s.expect("Keys:").unwrap();
    s.send("n").unwrap();
    s.expect("Leave with 1 still open?").unwrap();
    // The Enter after y is y's own: it does not pick from the menu that follows.
    s.send("y\r").unwrap();
    s.expect("The menu below offers to play on anyway").unwrap();
    s.expect("Play on anyway").unwrap();
    s.send("\r").unwrap();
    s.expect(Eof).unwrap();
    let env = Env::new();
    let mut s = play(&env, &["--goto", "legacy", "--turn", "8"], 100);
    s.send("n").unwrap();
    s.expect("Leave with 1 still open?").unwrap();
    s.send("y").unwrap();
    s.expect("The menu below offers to start a new game")
        .unwrap();
    // The menu: Play on would come before Start a new game; it is not offered.
    let menu = s.expect("Start a new game").unwrap();
    let before = String::from_utf8_lossy(menu.before()).into_owned();
    assert!(!before.contains("Play on anyway"), "{before}");
    // The first Enter after y is y's own; the next one picks (Quit).
    s.send("\r\r").unwrap();
    s.expect(Eof).unwrap();
}

#[test]
fn at_80x24_the_track_shows_here_and_a_segment_left_open_is_open() {
    let env = Env::new();
    let mut s = play_in(&env, &[], 80, 24);
    s.expect("Keys:").unwrap();
    // Leave Begin Turn with its rolls open.
    s.send("n").unwrap();
    s.expect("Leave with 2 still open?").unwrap();
    // y is one key: the Enter the fingers add after it is its own, not an answer to what follows.
    s.send("y\r").unwrap();
    s.expect("Improve Strategic Capabilities").unwrap();
    // Its question comes at once: n answers it (one capability roll); Enter offers no answer.
    s.expect("second capability roll").unwrap();
    s.send("n").unwrap();
    s.expect("Keys:").unwrap();
    s.send("t").unwrap();
    s.expect("○ Begin Turn").unwrap();
    s.expect("▶ Improve Strategic Capabilities").unwrap();
    s.expect("lines below").unwrap();
    quit(s);
    // Late in the turn, the track is cut around "▶ here", which stays on the screen.
    let mut s = play_in(&env, &["--goto", "consequences", "--turn", "1"], 80, 24);
    s.expect("Keys:").unwrap();
    s.send("t").unwrap();
    s.expect("lines above").unwrap();
    s.expect("▶ Consequences").unwrap();
    quit(s);
}

#[test]
fn at_60_columns_a_long_menu_item_is_cut_at_a_word() {
    let env = Env::new();
    let mut s = play_in(&env, &[], 60, 24);
    s.expect("Keys:").unwrap();
    s.send("g").unwrap();
    s.expect("Go to which segment").unwrap();
    // "1 Action for POTUS & Each Cabinet Member · US Special Activations (cabinet-actions)"
    // is wider than 60 columns: it ends in "…" after a whole word.
    s.expect("Cabinet Member · US Special…").unwrap();
    esc(&mut s);
    quit(s);
}

#[test]
fn x_gives_the_next_roll_an_extra_drm() {
    let env = Env::new();
    let mut s = play(&env, &["--goto", "consequences", "--turn", "1"], 100);
    s.expect("x extra DRM").unwrap();
    s.send("x").unwrap();
    s.expect("Extra DRM for the next roll").unwrap();
    s.send("-1\r").unwrap();
    s.expect("The next roll takes an extra -1.").unwrap();
    s.expect("next roll extra -1").unwrap();
    s.send("r").unwrap();
    s.expect("The region's Stability?").unwrap();
    s.send("4\r").unwrap();
    s.expect(expectrl::Regex(r"extra\s+-1")).unwrap();
    s.expect("total").unwrap();
    quit(s);
    let log = env.json(&["log"]);
    assert!(log.to_string().contains("extra"), "{log}");
}

#[test]
fn r_pressed_by_mistake_is_backed_out_with_one_key() {
    let env = Env::new();
    let mut s = play(&env, &["--goto", "cabinet-actions", "--turn", "1"], 100);
    s.send("r").unwrap();
    // The offer names the key mode's key, not the line mode's command.
    s.expect("re-roll this once (R); the re-roll is final.")
        .unwrap();
    s.send("R").unwrap();
    s.expect("(final: once only)").unwrap();
    s.send("n").unwrap();
    s.expect("Not taken: nothing rolled, nothing spent.")
        .unwrap();
    // Still there to be taken: y at once.
    s.send("R").unwrap();
    s.expect("(final: once only)").unwrap();
    s.send("y").unwrap();
    s.expect("Look up").unwrap();
    quit(s);
    let log = env.json(&["log"]);
    assert_eq!(log["log"].as_array().unwrap().len(), 2, "{log}");
}

#[test]
fn the_profile_menu_reads_by_question_with_the_answer_first() {
    let env = Env::new();
    let (code, _, err) = env.run(&["profile", "--set", "range#6=1-3"]);
    assert_eq!(code, 0, "{err}");
    let mut s = play(&env, &[], 60);
    s.expect("Keys:").unwrap();
    s.send("p").unwrap();
    s.expect("Profile: forget which answer (asked again)?")
        .unwrap();
    s.expect("1-3 · Priority 6: The success range").unwrap();
    s.send("\u{1b}[A").unwrap();
    s.send("\r").unwrap();
    s.expect("Forgotten, asked again next time: 1-3 · Priority 6")
        .unwrap();
    quit(s);
    let (_, out, _) = env.run(&["profile"]);
    assert!(
        out.contains("Priority 6 · Counter's range: not kept yet"),
        "{out}"
    );
}

/// A die is one key: a key that is no face is refused at once, and the next key typed is the
/// die (a cold try typed 12 for a d10, was told so, typed 4 and got 124).
#[test]
fn a_refused_die_is_replaced_by_the_next_key_typed() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = play(&env, &["--goto", "end-turn", "--turn", "1"], 100);
    s.send("r").unwrap();
    s.expect("I rolled").unwrap();
    s.send("x").unwrap();
    s.expect("not a die roll").unwrap();
    // One key, no Enter: the Enter the fingers add is the die's own, and passed over.
    s.send("4\r").unwrap();
    s.expect("natural 4").unwrap();
    quit(s);
    let log = env.json(&["log"]);
    assert_eq!(log["log"][0]["natural"], 4, "{log}");
}

#[test]
fn a_digit_rolls_the_segments_chart_of_that_number_on_the_roll_line() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "legislative", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("Pending Bills Track?").unwrap();
    s.send("y").unwrap();
    // The segment's charts, numbered in the book's order (the numbers stay in the segment);
    // "(r)" marks the one `r` offers first.
    s.expect("Roll: 1 Support and Opposition to Pending Bills (r) · 2 Split Congress")
        .unwrap();
    // One key rolls chart 5: no menu.
    s.send("5").unwrap();
    s.expect("Congressional Maneuvering & Drama Table · d6")
        .unwrap();
    s.expect("[Turn 1").unwrap();
    // A number with no chart says what the line numbers.
    s.send("9").unwrap();
    s.expect(expectrl::Regex(
        r"No chart 9 here: the Roll line numbers them 1 to 7",
    ))
    .unwrap();
    // The `r` menu numbers them the same way.
    s.send("r").unwrap();
    s.expect("3 Attempt to Pass a Bill").unwrap();
    esc(&mut s);
    quit(s);
}

#[test]
fn a_chart_keeps_its_number_on_the_roll_line_after_a_restart() {
    let env = Env::new();
    let args = ["--goto", "legislative", "--turn", "1", "--phase", "1"];
    let mut s = play(&env, &args, 160);
    s.expect("Pending Bills Track?").unwrap();
    s.send("y").unwrap();
    s.send("1").unwrap();
    s.expect("Congressional Friends?").unwrap();
    s.send("5\r").unwrap();
    s.expect("Congressional Opponents?").unwrap();
    s.send("3\r").unwrap();
    s.expect("bills to try to pass)?").unwrap();
    s.send("y").unwrap();
    // A no leaves the split's step out: its chart stays on the line, number 2.
    s.expect("Is control of Congress split").unwrap();
    s.send("n").unwrap();
    s.expect("How many bills must you try to pass").unwrap();
    s.send("\u{1b}[B").unwrap();
    s.send("\r").unwrap();
    let line = "2 Split Congress - who chooses first · 3 Attempt to Pass a Bill (r)";
    s.expect(line).unwrap();
    quit(s);
    // The game resumes in the segment from its bookmark: the same numbers.
    let mut s = play(&env, &[], 160);
    s.expect(line).unwrap();
    s.expect("7 Scandal Table").unwrap();
    quit(s);
}

#[test]
fn a_loop_question_marks_the_item_under_the_cursor_without_colour() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "focus-rolls", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("Which priorities have a Tensions counter beside them?")
        .unwrap();
    // NO_COLOR: the cursor is a mark, not a colour alone.
    s.expect("❯ ⬚ Priority 6").unwrap();
    s.send("\u{1b}[B").unwrap();
    s.expect("❯ ⬚ Priority 5").unwrap();
    // Marked and answered: the items by their noun once, the keys' hint gone, on one row.
    s.send(" \u{1b}[B\u{1b}[B ").unwrap();
    s.send("\r").unwrap();
    s.expect("· Priority 5, 3").unwrap();
    esc(&mut s);
    quit(s);
}

#[test]
fn a_chit_drawn_in_a_script_can_say_its_plus() {
    let env = Env::new();
    let (code, _, err) = env.run(&[
        "play",
        "--goto",
        "draw-chits",
        "--turn",
        "1",
        "--phase",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    // "NAME (+)" tells the (+) with the draw: no (+) question; the next chit waits for the roll.
    let out = env
        .cmd(&["play"])
        .write_stdin("Domestic Crisis (+)\nroll\ngood-times -\nroll\nnext\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("Did it have a (+)?"), "{text}");
    let drawn = text
        .find("(+): draw another chit once this one is rolled.")
        .expect(&text);
    let asked = text
        .find("Crisis chit 2 of at most 3: which did you draw?")
        .expect(&text);
    let rolled = text
        .find("Domestic Crisis Event Table (domestic-crisis)")
        .expect(&text);
    assert!(drawn < rolled && rolled < asked, "{text}");
    assert!(text.contains("No (+): the draw is over."), "{text}");
    assert!(text.contains("Good Times Table (good-times)"), "{text}");
    assert_eq!(out.status.code(), Some(0), "{text}");
}

#[test]
fn a_number_of_two_digits_ends_with_enter_and_one_digit_is_one_key() {
    let env = Env::new();
    let mut s = play(&env, &["--goto", "begin-turn", "--turn", "1"], 100);
    s.expect("Roll: 1 Action Points at the Start of a Year (r) · 2 Focused National Intelligence Counters")
        .unwrap();
    s.send("2").unwrap();
    s.expect("US Cyber Warfare capability? (0 to 10)").unwrap();
    // 0 to 10: typed, then Enter, whatever was typed ("5" could be a first digit).
    s.send("5").unwrap();
    s.send("\r").unwrap();
    s.expect("✔ US Cyber Warfare capability? (0 to 10) · 5")
        .unwrap();
    s.expect("US Strategic Recon/Intel capability?").unwrap();
    // An Enter with nothing typed is refused and asked again: it never cancels the roll.
    s.send("\r").unwrap();
    s.expect("an answer is needed (Esc leaves)").unwrap();
    s.send("4\r3\r2\r10\r").unwrap();
    s.expect("US Cyber 5 < China 10").unwrap();
    // The Enter after the result does not leave the segment.
    s.send("\r").unwrap();
    s.expect("Enter just after a result stays here").unwrap();
    quit(s);
    let v = env.json(&["where"]);
    assert_eq!(v["segment"], "begin-turn");
    // 0 to 8: one key, and the Enter after it is its own (a seed whose die asks nothing more).
    let mut s = play(
        &env,
        &["--seed", "1", "--goto", "consequences", "--turn", "1"],
        100,
    );
    s.expect("1 Regional Stability Consequences 0/8 (r)")
        .unwrap();
    s.send("1").unwrap();
    s.expect("The region's Stability? (0 to 8)").unwrap();
    s.send("9").unwrap();
    s.expect("must be").unwrap();
    s.send("5\r").unwrap();
    s.expect("1 Regional Stability Consequences 1/8 (r)")
        .unwrap();
    quit(s);
    let log = env.json(&["log"]);
    let stab: Vec<i64> = log["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["chart"] == "stability")
        .map(|e| e["inputs"]["stability"].as_i64().unwrap_or(-1))
        .collect();
    assert_eq!(stab, [5], "{log}");
}

#[test]
fn a_long_status_line_wraps_at_a_word() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "legislative", "--turn", "1", "--phase", "1"],
        70,
    );
    s.expect("Pending Bills Track?").unwrap();
    s.send("y").unwrap();
    // 92 columns of status at 70: broken between words, not inside "the".
    s.expect(expectrl::Regex(
        r"\[Turn 1 · Activation Phase 1 · Media Relations, 2 Domestic Actions,\r?\nthe Legislative Segment( · \d+ open)?\]",
    ))
    .unwrap();
    quit(s);
}

#[test]
fn a_command_where_an_answer_was_due_ends_the_roll_and_is_taken() {
    let env = Env::new();
    // "2" is no difficulty: refused, asked again; "next" is a command, not an answer: the roll
    // is left and the script goes on (before, every later line was refused as an answer).
    let out = env
        .cmd(&["play"])
        .write_stdin("roll aps\n2\nnext\nwhere\n")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(err.contains("answer rejected"), "{err}");
    assert!(err.contains("'next' is not an answer"), "{err}");
    assert!(err.contains("2 lines of the script were rejected"), "{err}");
    assert!(text.contains("Improve Strategic Capabilities"), "{text}");
    assert!(!text.contains("APs counter"), "nothing rolled: {text}");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(env.json(&["where"])["segment"], "strategic-capabilities");
}

#[test]
fn a_digit_on_a_chart_rolled_once_here_asks_first() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("Roll: 1 Russia or China Acts").unwrap();
    s.send("1").unwrap();
    s.expect("Russia or China Acts · d10").unwrap();
    // Who acts is rolled once: the same digit again asks first, and n keeps the result.
    s.send("1").unwrap();
    s.expect("was rolled here already").unwrap();
    s.send("n").unwrap();
    s.expect("Not rolled").unwrap();
    quit(s);
    let log = env.json(&["log"]);
    assert_eq!(log["log"].as_array().unwrap().len(), 1, "{log}");
}

#[test]
fn a_chart_rolled_again_and_again_is_not_asked() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "any-3-actions", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("Roll: 1 Master Presidential Action Chart")
        .unwrap();
    // An Action is the player's choice, not the rules': the first is asked, y at once.
    s.send("2").unwrap();
    s.expect("Nothing here calls for Master Domestic Action Chart now")
        .unwrap();
    s.send("y").unwrap();
    s.expect("Master Domestic Action Chart · d10").unwrap();
    // Three Actions, any charts: the same chart again at once, by its digit or by `.`.
    s.send("2").unwrap();
    s.expect("Master Domestic Action Chart · d10").unwrap();
    s.send(".").unwrap();
    s.expect("Master Domestic Action Chart · d10").unwrap();
    quit(s);
    let log = env.json(&["log"]);
    assert_eq!(log["log"].as_array().unwrap().len(), 3, "{log}");
}

#[test]
fn enter_just_after_a_chits_roll_does_not_pick_the_next_chit() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "draw-chits", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("Crisis chit 1 of at most 3").unwrap();
    // Each chit on its key: D is Domestic Crisis with its (+).
    s.send("D").unwrap();
    s.expect("once this one is rolled").unwrap();
    s.send("1").unwrap();
    s.expect("Domestic Crisis Event Table · d10").unwrap();
    s.expect("Crisis chit 2 of at most 3").unwrap();
    // Shown before its list, the question says how to see it.
    s.expect("(Enter: the list)").unwrap();
    // The Enter meant for the result is passed over: the menu shows, nothing is drawn.
    s.send("\r").unwrap();
    s.expect("C Crisis Cards (+)").unwrap();
    // Good Times! on its key; the Enter after it is its own.
    s.send("g").unwrap();
    s.send("\r").unwrap();
    s.expect("Good Times!: Roll a d10").unwrap();
    quit(s);
    let log = env.json(&["log"]);
    let chits: Vec<&str> = log["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["chit"].as_str())
        .collect();
    assert_eq!(chits, ["Domestic Crisis", "Good Times!"], "{log}");
}

#[test]
fn an_answer_nothing_moved_is_given_at_the_next_roll_not_asked_again() {
    // Issue 26: the SecDef's rating given at the first capability roll cannot have moved by the
    // second; it is given and said, never asked again (nor "Still the same?").
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "strategic-capabilities", "--turn", "1"],
        100,
    );
    s.expect("Is the US SoE 5 or more").unwrap();
    s.send("y").unwrap();
    s.expect("[Turn 1").unwrap();
    s.send("r").unwrap();
    s.expect("The SecDef's Military Rating?").unwrap();
    s.send("2").unwrap();
    s.expect("Improve Strategic Capabilities · d10 · column Capability")
        .unwrap();
    s.expect("Keys:").unwrap();
    s.send("r").unwrap();
    s.expect("Kept from earlier (nothing has moved it since): SecDef Military Rating 2")
        .unwrap();
    s.expect("Improve Strategic Capabilities · d10 · column Capability")
        .unwrap();
    // Then the board's DARPA/RC counters: none.
    s.expect("How many DARPA/Rapid Capabilities counters")
        .unwrap();
    s.send("0").unwrap();
    s.expect("Keys:").unwrap();
    quit(s);
    let log = env.json(&["log"]);
    let secdefs: Vec<i64> = log["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["chart"] == "capability")
        .map(|e| e["inputs"]["secdef"].as_i64().unwrap())
        .collect();
    assert_eq!(secdefs, [2, 2]);
}

/// The keys of one script, played at the Legislative Segment: yes, a bill is pending; control
/// of Congress not split; Friends
/// 20 and Opponents 15 (an Enter with nothing typed and the typo 155 refused between them); one
/// bill to try; the Drama roll by its digit, then the player's own dice: a bill's (chart 3) box -1 and a 4
/// (the Enter after the die is its own), and q.
const SCRIPT: &[&str] = &[
    "y", "1", "2", "0", "\r", "\r", "1", "5", "5", "\r", "1", "5", "\r", "y", "n", "1", "5", "d",
    "3", "-", "1", "\r", "4", "\r", "q",
];

/// How the script's keys reach the terminal.
enum Typist {
    /// A write a key, this long apart.
    Apart(Duration),
    /// All in one write, as a paste; in the terminal's paste markers too.
    Pasted { bracketed: bool },
}

/// The log a game gets from the script's keys, as `flipbook log --json` gives it, without the
/// entries' ids.
fn log_of(typist: &Typist) -> serde_json::Value {
    let env = Env::new();
    let mut s = play(
        &env,
        &[
            "--seed",
            "5",
            "--goto",
            "legislative",
            "--turn",
            "1",
            "--phase",
            "1",
        ],
        80,
    );
    s.expect("Pending Bills Track?").unwrap();
    match typist {
        Typist::Apart(gap) => {
            for k in SCRIPT {
                s.send(k).unwrap();
                // A typist's pace, simulated: nothing here is timed or asserted.
                std::thread::sleep(*gap);
            }
        }
        Typist::Pasted { bracketed } => {
            let keys = SCRIPT.concat();
            let pasted = if *bracketed {
                format!("\u{1b}[200~{keys}\u{1b}[201~")
            } else {
                keys
            };
            s.send(pasted).unwrap();
        }
    }
    s.set_expect_timeout(Some(Duration::from_secs(60)));
    s.expect(Eof).unwrap();
    let mut log = env.json(&["log"]);
    for e in log["log"].as_array_mut().unwrap() {
        e.as_object_mut().unwrap().remove("id");
    }
    log
}

/// Issue 26: the keys `2 0 ⏎ 1 5 ⏎` at Friends and Opponents logged Opponents as 5 when typed
/// fast or pasted, and cancelled the roll at 1.5 s a key. The same keys now give the same log at
/// any pace, pasted too.
#[test]
fn one_key_script_gives_one_log_at_any_speed_and_pasted() {
    let fast = log_of(&Typist::Apart(Duration::ZERO));
    let entries = fast["log"].as_array().unwrap();
    let charts: Vec<&str> = entries
        .iter()
        .map(|e| e["chart"].as_str().unwrap())
        .collect();
    assert_eq!(
        charts,
        ["legislative-support", "congress-drama", "pass-bill"],
        "{fast}"
    );
    assert_eq!(entries[0]["inputs"]["friends"], 20, "{fast}");
    assert_eq!(entries[0]["inputs"]["opponents"], 15, "{fast}");
    assert_eq!(entries[2]["inputs"]["box"], -1, "{fast}");
    assert_eq!(entries[2]["natural"], 4, "{fast}");
    for typist in [
        Typist::Apart(Duration::from_millis(120)),
        Typist::Apart(Duration::from_millis(1500)),
        Typist::Pasted { bracketed: false },
        Typist::Pasted { bracketed: true },
    ] {
        assert_eq!(log_of(&typist), fast);
    }
}

#[test]
fn r_marks_a_chart_the_rules_make_due_not_one_a_result_mentions() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = play(
        &env,
        &["--goto", "terror-or-chaos", "--turn", "1", "--phase", "2"],
        100,
    );
    s.expect("Roll: 1 Terror Acts or Chaos (r)").unwrap();
    s.send("1").unwrap();
    s.expect("I rolled").unwrap();
    // 3: Terror Acts, which makes the Terror chart due and mentions export-terror (only with a
    // Rogue State on the board).
    s.send("3\r").unwrap();
    // No Rogue State on the board: Export Terror is mentioned, not due.
    s.expect("Rogue State (any level) on the board?").unwrap();
    s.send("n").unwrap();
    s.expect("then Export Terror if a Rogue State").unwrap();
    s.expect("2 Terror Acts Table (r) · 3 Export Terror · 4 Random Conflict")
        .unwrap();
    s.send("2").unwrap();
    s.expect("Terror Groups are on the board?").unwrap();
    s.send("20\r").unwrap();
    s.expect("I rolled").unwrap();
    s.send("4\r").unwrap();
    // 4-7: a random region rolls with it.
    s.expect("I rolled").unwrap();
    s.send("5\r").unwrap();
    // Rolled: the mention is offered, not marked.
    s.expect("Terror Acts Table · d10").unwrap();
    s.expect(
        "Roll: 1 Terror Acts or Chaos · 2 Terror Acts Table · 3 Export Terror · 4 Random Conflict",
    )
    .unwrap();
    quit(s);
}

#[test]
fn a_ninth_regions_stability_is_asked_first_and_r_moves_on() {
    let env = Env::new();
    let mut s = play(&env, &["--goto", "consequences", "--turn", "1"], 100);
    s.expect("1 Regional Stability Consequences 0/8 (r)")
        .unwrap();
    s.send("1").unwrap();
    for made in 1..=7 {
        s.expect("The region's Stability? (0 to 8)").unwrap();
        s.send("4").unwrap();
        s.expect(format!("1 Regional Stability Consequences {made}/8 (r)").as_str())
            .unwrap();
        s.send(".").unwrap();
    }
    s.expect("The region's Stability? (0 to 8)").unwrap();
    s.send("4").unwrap();
    // All eight made: the count is gone, `r` offers the recruiting roll, `.` asks first.
    s.expect("Roll: 1 Regional Stability Consequences · 2 Random Region 0/2 (r)")
        .unwrap();
    s.send(".").unwrap();
    s.expect("stability was rolled here already (4): roll it again?")
        .unwrap();
    s.send("n").unwrap();
    s.expect("Not rolled").unwrap();
    quit(s);
    let log = env.json(&["log"]);
    assert_eq!(log["log"].as_array().unwrap().len(), 8, "{log}");
}

#[test]
fn r_marks_no_group_before_the_group_drawn_is_rolled() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "ally-rogue", "--turn", "1", "--phase", "1"],
        100,
    );
    // How many nations the group drawn holds (Flipbook p9): a roll of its chart for each.
    s.expect("How many Ally and Rogue Nations are in the group drawn")
        .unwrap();
    s.send("2").unwrap();
    // Any of the four groups does the step: none is marked before one is rolled, nor counted
    // (the count sits on the group drawn: none is, yet).
    s.expect("Roll: 1 Ally and Rogue Nation Action Chart, group A · 2 Ally")
        .unwrap();
    s.expect("4 Ally and Rogue Nation Action Chart, group D\r")
        .unwrap();
    s.send("2").unwrap();
    s.expect("Ally and Rogue Nation Action Chart, group B · d10")
        .unwrap();
    // Rolled for each Ally and Rogue Nation in it: the group drawn is offered again.
    s.expect("2 Ally and Rogue Nation Action Chart, group B 1/2 (r)")
        .unwrap();
    quit(s);
}

#[test]
fn a_key_that_does_nothing_draws_nothing_again() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "any-3-actions", "--turn", "1", "--phase", "1"],
        80,
    );
    s.expect("Keys:").unwrap();
    s.expect("quit").unwrap();
    // Three stray keys, then the next segment: no copy of the status between them.
    s.send("yzw").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    s.send("n").unwrap();
    let between = s.expect("Russia or China Acts").unwrap();
    let between = String::from_utf8_lossy(between.before()).into_owned();
    assert!(!between.contains("Keys:"), "{between}");
    quit(s);
}

#[test]
fn the_acting_peers_charts_are_both_on_the_roll_line_and_none_is_marked_once_rolled() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "3"],
        100,
    );
    // Who acted in Phase 1 is not known here: either peer's chart, by its digit.
    s.expect("Roll: 1 Russia Action Chart · 2 China Action Chart\r")
        .unwrap();
    s.send("2").unwrap();
    s.expect("China Action Chart · d10").unwrap();
    // Done: nothing is marked as wanted, nothing is open.
    s.expect("Roll: 1 Russia Action Chart · 2 China Action Chart\r")
        .unwrap();
    quit(s);
}

#[test]
fn the_uns_four_automatic_actions_are_counted_on_the_roll_line() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "un-acts", "--turn", "1", "--phase", "2"],
        100,
    );
    s.expect("Roll: 1 The UN Action Chart 0/4 (r) · 2 Civil War Resolution / Broker Peace Chart")
        .unwrap();
    s.send("1").unwrap();
    s.expect("The UN Action Chart · d10").unwrap();
    s.expect("Roll: 1 The UN Action Chart 1/4 (r)").unwrap();
    quit(s);
}

#[test]
fn a_chart_picked_from_the_roll_menu_is_answered_on_one_row() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "ally-rogue", "--turn", "1", "--phase", "1"],
        80,
    );
    // The nations of the group drawn first; then any of the four groups: none marked "(r)",
    // so `r` offers the menu.
    s.expect("How many Ally and Rogue Nations").unwrap();
    s.send("2").unwrap();
    s.expect("Keys:").unwrap();
    s.send("r").unwrap();
    s.expect("Roll another chart").unwrap();
    s.send("\u{1b}[B\u{1b}[B\u{1b}[B\r").unwrap();
    // Cut at a word to the width, never broken inside one.
    s.expect("✔ Roll which chart? · 4 Ally and Rogue Nation Action Chart, group D")
        .unwrap();
    esc(&mut s);
    quit(s);
}

#[test]
fn on_24_rows_a_long_menu_shows_half_the_screen_of_items() {
    let env = Env::new();
    let mut s = play_in(
        &env,
        &["--goto", "draw-chits", "--turn", "1", "--phase", "2"],
        80,
        24,
    );
    // Twelve items of the chit list at once (the segment above stays in sight); the rest are
    // taken by their keys or found by the arrows.
    s.expect("Cascading Event 3 (+)").unwrap();
    esc(&mut s);
    let rest = s.expect("stays open").unwrap();
    let rest = String::from_utf8_lossy(rest.before()).into_owned();
    assert!(!rest.contains("Good Times!"), "{rest}");
    quit(s);
}

/// Issue 26: undo kept the die of a roll but dropped the extra DRM (`x`) it was rolled with, so
/// the roll made again was another roll. Both go back together.
#[test]
fn undo_keeps_the_extra_drm_with_its_die() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--seed", "1", "--goto", "end-turn", "--turn", "1"],
        100,
    );
    s.expect("Keys:").unwrap();
    s.send("x").unwrap();
    s.expect("Extra DRM for the next roll").unwrap();
    s.send("-1\r").unwrap();
    s.expect("next roll extra -1").unwrap();
    s.send("r").unwrap();
    s.expect("End Turn · d10").unwrap();
    s.expect("Keys:").unwrap();
    s.send("u").unwrap();
    s.expect("Its extra DRM (-1) stays for the next roll")
        .unwrap();
    s.expect("next roll extra -1").unwrap();
    s.send("r").unwrap();
    s.expect("End Turn · d10").unwrap();
    s.expect("Keys:").unwrap();
    quit(s);
    let log = env.json(&["log"]);
    let rolls: Vec<(i64, i64, bool)> = log["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let extra: i64 = e["modifiers"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|m| m["source"] == "extra")
                .map(|m| m["value"].as_i64().unwrap())
                .sum();
            (
                e["natural"].as_i64().unwrap(),
                extra,
                e["undone"].as_bool().unwrap_or(false),
            )
        })
        .collect();
    assert_eq!(rolls.len(), 2, "{log}");
    // The same die, the same extra: the same roll.
    assert_eq!((rolls[0].0, rolls[0].1), (rolls[1].0, rolls[1].1), "{log}");
    assert_eq!(rolls[1].1, -1, "{log}");
    assert!(rolls[0].2 && !rolls[1].2, "{log}");
}

/// Issue 26: a die set aside by "roll again on a 1" was printed, logged and reported like a
/// result ("Look up 1 on WPR1"). It is shown as discarded, with no result of its own.
#[test]
fn a_die_rolled_again_on_a_1_is_shown_as_discarded() {
    let env = Env::new();
    // Seed 8: the first die of Russia Acts (2)'s roll is a 1, rolled again.
    let (code, out, err) = env.piped(
        &[
            "--seed",
            "8",
            "play",
            "--goto",
            "draw-chit",
            "--turn",
            "1",
            "--phase",
            "1",
        ],
        "russia-acts-2\nroll\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Russia Action Chart (russia-acts) · natural 1: discarded, rolled again"),
        "{out}"
    );
    assert!(!out.contains("Look up 1 on WPR1"), "{out}");
    assert!(out.contains("Look up 8 on WPR1"), "{out}");
    let (_, log, _) = env.run(&["log"]);
    assert!(
        log.contains("Russia Action Chart rolled 1 (discarded: rolled again)"),
        "{log}"
    );
    assert!(!log.contains("Look up 1 on WPR1"), "{log}");
    let (_, report, _) = env.run(&["report"]);
    assert!(!report.contains("Look up 1 on WPR1"), "{report}");
    assert!(report.contains("Look up 8 on WPR1"), "{report}");
}

/// Issue 26: a chart a chit adds came before the charts a result or a chit's text had named, and
/// moved them: the digit the player had read rolled another chart. Numbers stay while the walk
/// is in the segment; a new chart comes at the end.
#[test]
fn a_chart_a_chit_adds_does_not_renumber_the_roll_line() {
    let env = Env::new();
    let mut s = play(
        &env,
        &[
            "--seed",
            "1",
            "--goto",
            "draw-chits",
            "--turn",
            "1",
            "--phase",
            "1",
        ],
        100,
    );
    s.expect("Crisis chit 1 of at most 3").unwrap();
    s.expect("A Random Regional Crisis (+)").unwrap();
    s.send("A").unwrap();
    // The chit's text names WD1: the Roll line numbers it 2.
    s.expect("Roll: 1 Random Regional Crisis (r) · 2 Regional Major Crisis Table")
        .unwrap();
    s.send("1").unwrap();
    s.expect("MAJOR CRISIS? (y/n)").unwrap();
    s.send("n").unwrap();
    s.expect("Crisis chit 2 of at most 3").unwrap();
    s.send("d").unwrap();
    s.expect("Domestic Crisis").unwrap();
    s.send("\r").unwrap();
    s.expect(
        "Roll: 1 Random Regional Crisis · 2 Regional Major Crisis Table · 3 Domestic Crisis Event \
         Table (r)",
    )
    .unwrap();
    // 2 is still WD1 (nothing calls for it now: asked first).
    s.send("2").unwrap();
    s.expect("Nothing here calls for Regional Major Crisis Table now")
        .unwrap();
    s.send("y").unwrap();
    s.expect("Regional Major Crisis Table · d10").unwrap();
    quit(s);
}

/// Issue 26: with the player's own dice, a chart the tool can only say where to read (WPR1)
/// asked for the die and printed "Look up 6 on WPR1". One key makes it now, by hand.
#[test]
fn with_your_own_dice_a_look_up_only_chart_is_one_key() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = play(
        &env,
        &["--goto", "draw-chit", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("Crisis chit").unwrap();
    s.expect("u Russia Acts (2)").unwrap();
    s.send("u").unwrap();
    s.expect("1 Russia Action Chart (r)").unwrap();
    s.send("1").unwrap();
    let made = s
        .expect("Roll a d10, read WPR1 (Russia Action Chart)")
        .unwrap();
    let before = String::from_utf8_lossy(made.before()).into_owned();
    assert!(!before.contains("I rolled"), "{before}");
    // Made: nothing is left open here.
    s.expect("Roll: 1 Russia Action Chart\r").unwrap();
    quit(s);
    let log = env.json(&["log"]);
    let roll = &log["log"][1];
    assert_eq!(roll["chart"], "russia-acts", "{log}");
    assert_eq!(roll["hand"], true, "{log}");
    assert!(roll["natural"].is_null(), "{log}");
    // A chart with a DRM of its own still takes the die typed in (a bill's Pending box).
    let mut s = play(
        &env,
        &["--goto", "legislative", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("Pending Bills Track?").unwrap();
    s.send("y").unwrap();
    // Support (a table: no die), then attempts to make, control not split, one bill to try.
    s.expect("Keys:").unwrap();
    s.send("1").unwrap();
    s.expect("Friends?").unwrap();
    s.send("4\r").unwrap();
    s.expect("Opponents?").unwrap();
    s.send("2\r").unwrap();
    s.expect("Bipartisan Cooperation box 1 or more").unwrap();
    s.send("y").unwrap();
    s.expect("Is control of Congress split").unwrap();
    s.send("n").unwrap();
    s.expect("How many bills must you try to pass").unwrap();
    s.send("1").unwrap();
    s.send("3").unwrap();
    s.expect("Pending Bills box").unwrap();
    s.send("0\r").unwrap();
    s.expect("I rolled").unwrap();
    s.send("4").unwrap();
    s.expect("natural 4").unwrap();
    quit(s);
}

/// Issue 26 (a cold play-test): with the tool's dice, "did it reach MAJOR CRISIS?" was asked
/// before the region was shown. A question about the row the dice landed on comes after them.
#[test]
fn a_question_about_where_the_dice_landed_comes_after_the_dice() {
    let env = Env::new();
    let mut s = play(
        &env,
        &[
            "--seed",
            "1",
            "--goto",
            "draw-chits",
            "--turn",
            "1",
            "--phase",
            "1",
        ],
        100,
    );
    s.expect("Crisis chit 1 of at most 3").unwrap();
    s.expect("A Random Regional Crisis (+)").unwrap();
    s.send("A").unwrap();
    s.expect("Roll: 1 Random Regional Crisis (r)").unwrap();
    s.send("1").unwrap();
    let asked = s.expect("MAJOR CRISIS? (y/n)").unwrap();
    let before = String::from_utf8_lossy(asked.before()).into_owned();
    assert!(
        before.contains("Random Regional Crisis: rolled "),
        "{before}"
    );
    // Its one row is every face: no "→ row 1-10" (a cold player's find).
    assert!(!before.contains("→ row"), "{before}");
    s.send("n").unwrap();
    s.expect("Crisis chit 2 of at most 3").unwrap();
    esc(&mut s);
    quit(s);
}

/// A cold play-test: "Which turn (1-8)?" wanted Enter, though every answer is one digit. By the
/// key rule it is one key.
#[test]
fn another_turn_of_one_digit_is_one_key() {
    let env = Env::new();
    let mut s = play(&env, &[], 100);
    s.expect("Keys:").unwrap();
    s.send("g").unwrap();
    s.expect("Go to which segment of turn 1?").unwrap();
    s.send("another").unwrap();
    s.expect("Another turn").unwrap();
    s.send("\r").unwrap();
    s.expect("Which turn? (1 to 8)").unwrap();
    s.send("5").unwrap();
    s.expect("Go to which segment of turn 5?").unwrap();
    esc(&mut s);
    quit(s);
}

/// Issue 26 (a cold play-test): after D2 and the Cabinet Drama Table, whose result mentions D2
/// ("beside D2"), `r` offered D2 again and the open FNI counters had no "(r)". A table rolled
/// here already that no result makes due is not offered first: the open roll is, marked.
#[test]
fn r_marks_the_open_roll_not_a_table_a_result_mentions_that_was_rolled_here() {
    let env = Env::new();
    let mut s = play(&env, &["--goto", "begin-turn", "--turn", "2"], 100);
    s.expect("Is a key Cabinet member still on the Novice side?")
        .unwrap();
    s.send("n").unwrap();
    s.send("1").unwrap(); // APs
    s.expect("Which game are you playing?").unwrap();
    s.send("2").unwrap();
    s.expect("Cabinet Effectiveness Track gives").unwrap();
    s.send("0\r").unwrap();
    for _ in 0..3 {
        s.expect("(y/n)").unwrap();
        s.send("n").unwrap();
    }
    s.expect("Start the year with").unwrap();
    s.send("3").unwrap(); // D2
    s.expect("Look up").unwrap();
    // D2 sent us to the Cabinet Drama Table (the board says so): its roll is held.
    s.expect("send you to the Cabinet Drama Table?").unwrap();
    s.send("y").unwrap();
    s.send("4").unwrap(); // the Cabinet Drama Table, whose result mentions D2
    s.expect("beside D2").unwrap();
    s.expect("5 Focused National Intelligence Counters (r)")
        .unwrap();
    quit(s);
}

/// A cold player read "q quit, at a question too" and pressed q at a chit's menu and at a count's
/// (put aside), and at a typed number (typed into it). q quits at every question where it is no
/// answer, everything saved: a board's question is asked again at the next start.
#[test]
fn q_quits_at_every_question_and_the_boards_stays_open() {
    let at = |segment: &'static str, phase: &'static str| {
        vec!["--goto", segment, "--turn", "1", "--phase", phase]
    };
    let cases = [
        // A chit's menu (no chit's key is q).
        (at("draw-chits", "2"), "Cascading Event 3 (+)"),
        // A count up to 9: a menu.
        (at("ally-rogue", "1"), "How many Ally and Rogue Nations"),
        // A count that may have two digits: typed.
        (
            at("war-progress", "2"),
            "How many Wars are going on? (0 to 20)",
        ),
    ];
    for (args, asked) in cases {
        let env = Env::new();
        let mut s = play(&env, &args, 80);
        s.expect(asked).unwrap();
        s.send("q").unwrap();
        s.expect("Saved: `flipbook play` goes on from here.")
            .unwrap_or_else(|e| panic!("{asked}: {e}"));
        s.expect(Eof).unwrap();
        // Left open: asked again at the next start.
        let mut s = play(&env, &[], 80);
        s.expect(asked).unwrap();
        esc(&mut s);
        quit(s);
    }
    // A roll's typed number: q quits, nothing rolled.
    let env = Env::new();
    let mut s = play(&env, &["--goto", "begin-turn", "--turn", "1"], 100);
    s.expect("Keys:").unwrap();
    s.send("2").unwrap();
    s.expect("US Cyber Warfare capability? (0 to 10)").unwrap();
    s.send("q").unwrap();
    s.expect("Saved: `flipbook play` goes on from here.")
        .unwrap();
    s.expect(Eof).unwrap();
    assert!(env.json(&["log"])["log"].as_array().unwrap().is_empty());
}
