//! Keys typed ahead, and keys that mean one thing (issue 26, "play you can trust"): an answer
//! typed for a question the tool no longer asks never rolls or leaves; `r`, `.` and the menus'
//! digits do what the Roll line and the menus show.
#![cfg(unix)]

use crate::common;
use common::Env;
use expectrl::session::OsSession;
use expectrl::{Eof, Expect};
use std::time::Duration;

fn play(env: &Env, args: &[&str]) -> OsSession {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    common::pty_sized(env, &a, 100, 40)
}

fn quit(mut s: OsSession) {
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
}

fn rolls(env: &Env) -> usize {
    env.json(&["log"])["log"].as_array().map_or(0, Vec::len)
}

#[test]
fn a_digit_for_a_chart_nothing_calls_for_asks_first_and_enter_says_no() {
    let env = Env::new();
    let mut s = play(&env, &["--goto", "consequences", "--turn", "1"]);
    s.expect("1 Regional Stability Consequences 0/8 (r)")
        .unwrap();
    s.expect("Keys:").unwrap();
    // 4, the Rogue State 4 check, is optional: nothing calls for it now. "4" Enter typed ahead
    // for a question no longer asked rolls nothing.
    s.send("4\r").unwrap();
    s.expect("Nothing here calls for").unwrap();
    s.expect("Not rolled").unwrap();
    quit(s);
    assert_eq!(rolls(&env), 0);
}

#[test]
fn the_enter_after_a_refused_key_stays_on_the_segment() {
    let env = Env::new();
    let mut s = play(&env, &["--goto", "consequences", "--turn", "1"]);
    s.expect("Keys:").unwrap();
    // "9" Enter: no chart 9; its Enter is the 9's own, never "next segment".
    s.send("9\r").unwrap();
    s.expect("No chart 9 here").unwrap();
    // `.` with nothing rolled, and a key that does nothing: their Enter is theirs too.
    s.send(".\r0\r").unwrap();
    s.expect("Nothing to roll again here").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    s.send("?").unwrap();
    let seen = s.expect("At a question:").unwrap();
    let seen = String::from_utf8_lossy(seen.before()).into_owned();
    assert!(!seen.contains("Leave with"), "{seen}");
    quit(s);
}

#[test]
fn r_rolls_the_chart_marked_r_at_once() {
    let env = Env::new();
    let mut s = play(&env, &["--goto", "consequences", "--turn", "1"]);
    s.expect("1 Regional Stability Consequences 0/8 (r)")
        .unwrap();
    s.expect("Keys:").unwrap();
    s.send("r").unwrap();
    let seen = s.expect("The region's Stability? (0 to 8)").unwrap();
    let seen = String::from_utf8_lossy(seen.before()).into_owned();
    assert!(!seen.contains("Roll which chart?"), "{seen}");
    s.send("4").unwrap();
    s.expect("1 Regional Stability Consequences 1/8 (r)")
        .unwrap();
    quit(s);
}

#[test]
fn a_digit_picks_from_the_roll_menu() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "3"],
    );
    // Either peer's chart: none marked "(r)", so `r` offers the menu.
    s.expect("Roll: 1 Russia Action Chart · 2 China Action Chart\r")
        .unwrap();
    s.send("r").unwrap();
    s.expect("Roll which chart?").unwrap();
    s.expect("2 China Action Chart").unwrap();
    s.send("2").unwrap();
    s.expect("China Action Chart · d10").unwrap();
    quit(s);
    assert_eq!(rolls(&env), 1);
}

#[test]
fn dot_rolls_again_a_chart_the_rules_still_want() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "legislative", "--turn", "1", "--phase", "1"],
    );
    s.expect("Pending Bills Track?").unwrap();
    s.send("n").unwrap();
    s.expect("Congressional Maneuvering & Drama Table 0/2 (r)")
        .unwrap();
    s.send("r").unwrap();
    s.expect("Congressional Maneuvering & Drama Table · d6")
        .unwrap();
    // A yes in between: the chart is wanted once more ("1/2 (r)"), and `.` rolls it.
    s.expect("Bipartisan Cooperation in its leftmost box?")
        .unwrap();
    s.send("y").unwrap();
    s.expect("Congressional Maneuvering & Drama Table 1/2 (r)")
        .unwrap();
    s.expect("Keys:").unwrap();
    s.send(".").unwrap();
    s.expect("Congressional Maneuvering & Drama Table · d6")
        .unwrap();
    quit(s);
    assert_eq!(rolls(&env), 2);
}

#[test]
fn a_focus_keeps_its_number_all_game_and_the_last_one_left_is_taken() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = play(
        &env,
        &["--goto", "focus-rolls", "--turn", "1", "--phase", "1"],
    );
    // No Tensions counter: Enter with none marked.
    s.expect("⬚ Priority 1").unwrap();
    s.send("\r").unwrap();
    // Each priority: its range (1-6: any roll succeeds), the die, then its focus by number.
    for (priority, key, focus) in [
        ("6", "3", "Improve Homeland Security"),
        ("5", "5", "Address Domestic Crisis"),
        ("4", "1", "Improve Relations with Congress"),
        ("3", "2", "Improve Economy"),
        ("2", "4", "Improve Public/Press Relations"),
    ] {
        // The focus is read off the counter with its range, before the die (p7, p10).
        s.expect(format!("Priority {priority} - The success range").as_str())
            .unwrap();
        s.send("6").unwrap();
        s.expect(format!("Priority {priority} - Which focus is it?").as_str())
            .unwrap();
        s.send(key).unwrap();
        s.expect(format!("· {focus}").as_str()).unwrap();
        s.expect("I rolled").unwrap();
        s.send("1").unwrap();
    }
    // The last focus left is taken, and said: no key asked.
    s.expect("Priority 1 - The success range").unwrap();
    s.send("6").unwrap();
    s.expect("Improve Cabinet Effectiveness (the only one left)")
        .unwrap();
    s.expect("I rolled").unwrap();
    s.send("1").unwrap();
    // Its success rolls Cabinet Effectiveness: its die is asked; Esc puts the roll off.
    s.expect("I rolled").unwrap();
    s.send("\u{1b}").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    s.expect("Keys:").unwrap();
    quit(s);
}

#[test]
fn q_at_a_board_question_quits_and_the_question_waits() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "legislative", "--turn", "1", "--phase", "1"],
    );
    s.expect("Pending Bills Track?").unwrap();
    s.send("q").unwrap();
    s.expect("Saved").unwrap();
    s.expect(Eof).unwrap();
    let mut s = play(&env, &[]);
    s.expect("Pending Bills Track?").unwrap();
    // Esc still puts it aside.
    s.send("\u{1b}").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    s.expect("Keys:").unwrap();
    quit(s);
}
