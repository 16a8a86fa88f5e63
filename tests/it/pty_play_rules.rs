//! `play` in key mode through a pseudo-terminal: the rules of issue 17 (sections 1 and 2) as a
//! player at the keys meets them.
// Unix only: expectrl drives a pseudo-terminal (openpty), which Windows has not; the key mode
// on Windows is console's and dialoguer's, tested upstream on the Windows console.
#![cfg(unix)]

use crate::common;
use common::Env;
use expectrl::session::OsSession;
use expectrl::{Eof, Expect};
use std::time::Duration;

const DOWN: &str = "\u{1b}[B";

fn play(env: &Env, args: &[&str], cols: u16) -> OsSession {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    common::pty(env, &a, cols)
}

fn quit(mut s: OsSession) {
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
}

fn focus_kept(env: &Env) {
    env.keep(&[
        "range#6=1-4",
        "focus#6=economy",
        "range#5=1-2",
        "focus#5=press",
    ]);
}

#[test]
fn set_focus_shows_the_kept_pairs_and_one_key_keeps_them_all() {
    let env = Env::new();
    focus_kept(&env);
    let mut s = play(&env, &["--goto", "set-focus", "--turn", "2"], 80);
    s.expect("Moved any?").unwrap();
    s.expect("Priority 6: Counter's range 1-4, Focus Improve Economy")
        .unwrap();
    s.expect("Priority 5: Counter's range 1-2, Focus Improve Public/Press Relations")
        .unwrap();
    s.send("\r").unwrap();
    s.expect("All kept.").unwrap();
    quit(s);
    let v = env.json(&["profile"]).to_string();
    assert!(v.contains("\"press\""), "{v}");
}

#[test]
fn set_focus_forgets_the_pairs_marked_as_moved() {
    let env = Env::new();
    focus_kept(&env);
    let mut s = play(&env, &["--goto", "set-focus", "--turn", "2"], 60);
    s.expect("Priority 5: Counter's range 1-2, Focus Improve")
        .unwrap();
    s.send(DOWN).unwrap();
    s.send(" ").unwrap();
    s.send("\r").unwrap();
    s.expect("Asked again at the next roll: Priority 5.")
        .unwrap();
    quit(s);
    let v = env.json(&["profile"]).to_string();
    assert!(!v.contains("\"press\""), "{v}");
    assert!(v.contains("\"economy\""), "{v}");
}

#[test]
fn u_after_n_takes_back_the_last_roll_in_the_segment_it_was_made_in() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = play(
        &env,
        &["--goto", "draw-chit", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("which did you draw?").unwrap();
    s.send(DOWN.repeat(6)).unwrap(); // Good Times!
    s.send("\r").unwrap();
    s.expect("Good Times!").unwrap();
    // The chit's chart is the one due: `r` rolls it at once.
    s.send("r").unwrap();
    // D15 only says where to read the die: with your own dice it is made on that key.
    s.expect("Good Times Table · d10").unwrap();
    s.expect("Roll a d10, read D15").unwrap();
    s.send("n").unwrap();
    s.expect("Focused National Intelligence").unwrap();
    s.send("u").unwrap();
    s.expect("Draw One Crisis Chit (one only)").unwrap();
    s.expect("Undone: the roll on Good Times Table").unwrap();
    s.send("u").unwrap();
    s.expect("Undone: the chit Good Times!").unwrap();
    // The chit is asked again: Esc puts it aside, and q quits.
    s.expect("which did you draw?").unwrap();
    s.send("\u{1b}").unwrap();
    std::thread::sleep(Duration::from_millis(300));
    quit(s);
    assert_eq!(env.json(&["where"])["segment"], "draw-chit");
}

#[test]
fn start_a_new_game_from_the_game_over_menu_keeps_only_the_players_answers() {
    let env = Env::new();
    env.keep(&["difficulty=easier", "orator=yes", "range#6=1-4"]);
    // The game ends after turn 8 (a script leaves the last segment); the keys find it over.
    let (code, _, err) = env.piped(&["play", "--goto", "legacy", "--turn", "8"], "next\n");
    assert_eq!(code, 0, "{err}");
    let mut s = play(&env, &[], 100);
    s.expect("The game is over. What now?").unwrap();
    // Down from Quit wraps round to "Start a new game", which asks first: n keeps the game.
    s.send("\u{1b}[B").unwrap();
    s.send("\r").unwrap();
    s.expect("Start a new game, this one kept in").unwrap();
    s.send("n").unwrap();
    s.expect("The game is over. What now?").unwrap();
    s.send("\u{1b}[A\u{1b}[A").unwrap(); // from Quit up to "Start a new game"
    s.send("\r").unwrap();
    s.expect("Start a new game, this one kept in").unwrap();
    s.send("y").unwrap();
    s.expect("New game: carried over difficulty = easier; the rest of the profile starts empty.")
        .unwrap();
    s.expect("Turn 1").unwrap();
    quit(s);
    let v = env.json(&["profile"]);
    let kept: Vec<&str> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| !a["value"].is_null())
        .map(|a| a["key"].as_str().unwrap())
        .collect();
    assert_eq!(kept, ["difficulty"]);
    assert_eq!(v["game"], 2);
}

#[test]
fn leaving_the_un_segment_with_its_automatic_actions_unrolled_asks_first() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "un-acts", "--turn", "1", "--phase", "2"],
        80,
    );
    s.expect("The UN Acts").unwrap();
    s.send("n").unwrap();
    // Humanitarian and Infrastructure Aid; the other two ask the board once those are made.
    s.expect("Leave with 2 still open?").unwrap();
    s.send("\r").unwrap(); // the default: stay
    quit(s);
    assert_eq!(env.json(&["where"])["segment"], "un-acts");
}

/// The keys under the Roll line, short or whole: the status drawn.
const KEYS: expectrl::Regex<&str> = expectrl::Regex(r"Keys: [\s\S]*?(h help|q quit)");

/// The Roll line of the next status drawn: from its last "Roll: " to the line of keys under it.
fn roll_line(s: &mut OsSession) -> String {
    let got = s.expect(KEYS).unwrap();
    let text = String::from_utf8_lossy(got.before());
    let at = text
        .rfind("Roll: ")
        .unwrap_or_else(|| panic!("no Roll line: {text}"));
    text[at..]
        .split('\n')
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn the_ally_group_drawn_keeps_its_number_and_carries_the_count() {
    // Issue 26: with group C drawn and rolled, the Roll line counted "1/3" beside group A (the
    // step's first chart), and the numbers moved once the other groups were left out (after a
    // resume: "1 ... group C"), so a digit typed for one group rolled another.
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "ally-rogue", "--turn", "1", "--phase", "1"],
        200,
    );
    s.expect("How many Ally and Rogue Nations are in the group drawn")
        .unwrap();
    s.send("3").unwrap();
    s.expect("Roll: 1 Ally and Rogue Nation Action Chart, group A")
        .unwrap();
    s.send("3").unwrap(); // group C drawn
    s.expect("natural").unwrap();
    let line = roll_line(&mut s);
    assert!(
        line.contains("3 Ally and Rogue Nation Action Chart, group C 1/3"),
        "{line}"
    );
    assert!(!line.contains("group A"), "only the group drawn: {line}");
    quit(s);
    // Resumed: group C keeps its 3, and 3 rolls it.
    let mut s = play(&env, &[], 200);
    let line = roll_line(&mut s);
    assert!(
        line.contains("3 Ally and Rogue Nation Action Chart, group C 1/3"),
        "{line}"
    );
    s.send("3").unwrap();
    s.expect("natural").unwrap();
    let line = roll_line(&mut s);
    assert!(line.contains("group C 2/3"), "{line}");
    // A digit of a group not drawn rolls nothing.
    s.send("1").unwrap();
    s.expect("is not offered here").unwrap();
    quit(s);
    // A later phase: the groups left keep their numbers (1 A, 2 B, 4 D), C is not offered.
    let mut s = play(
        &env,
        &["--goto", "ally-rogue", "--turn", "1", "--phase", "3"],
        200,
    );
    s.expect("How many Ally and Rogue Nations are in the group drawn")
        .unwrap();
    s.send("2").unwrap();
    let line = roll_line(&mut s);
    assert!(
        line.contains("4 Ally and Rogue Nation Action Chart, group D"),
        "{line}"
    );
    assert!(!line.contains("group C"), "{line}");
    s.send("4").unwrap();
    let got = s.expect("natural").unwrap();
    let before = String::from_utf8_lossy(got.before()).to_string();
    assert!(before.contains("group D"), "4 rolls group D: {before}");
    quit(s);
}

#[test]
fn r_offers_only_the_ally_chit_drawn_and_later_phases_only_the_remaining() {
    // Issue 26: a drawn Ally chit was offered again by `r` in its segment and in later phases.
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "ally-rogue", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("How many Ally and Rogue Nations are in the group drawn")
        .unwrap();
    s.send("3").unwrap(); // three nations in the group drawn
    s.expect("Roll: 1 Ally and Rogue Nation Action Chart, group A")
        .unwrap();
    s.send("2").unwrap(); // group B drawn
    s.expect("natural").unwrap();
    // `r` rolls group B again for the next nation: no menu of the four.
    s.send("r").unwrap();
    let got = s.expect("natural").unwrap();
    let before = String::from_utf8_lossy(got.before()).to_string();
    assert!(!before.contains("Roll which chart?"), "{before}");
    quit(s);
    let mut s = play(
        &env,
        &["--goto", "ally-rogue", "--turn", "1", "--phase", "2"],
        100,
    );
    s.expect("Ally/Rogue Group Acts").unwrap();
    s.expect("How many Ally and Rogue Nations are in the group drawn")
        .unwrap();
    s.send("2").unwrap();
    s.send("r").unwrap();
    let got = s.expect("Roll another chart").unwrap();
    let before = String::from_utf8_lossy(got.before()).to_string();
    // The menu itself, under its question (the page above names all four groups), in titles.
    let menu = before
        .split("Roll which chart?")
        .last()
        .unwrap_or_default()
        .to_string();
    assert!(menu.contains("Action Chart, group A"), "{menu}");
    assert!(menu.contains("Action Chart, group D"), "{menu}");
    assert!(!menu.contains("Action Chart, group B"), "{menu}");
    assert!(!menu.contains("ally-group-"), "no ids: {menu}");
    s.send("\u{1b}").unwrap();
    quit(s);
}

/// A cold player drew Good Times!, rolled it, and undid the roll ("Its die (7) stays as it fell:
/// the next roll on Good Times Table uses it") and the chit: drawn again, its roll took a new
/// die. The undo of the chit keeps the die: the roll made again is the one seen.
#[test]
fn undoing_the_chit_after_its_roll_keeps_the_rolls_die() {
    let env = Env::new();
    let mut s = play(
        &env,
        &[
            "--seed",
            "3",
            "--goto",
            "draw-chit",
            "--turn",
            "1",
            "--phase",
            "1",
        ],
        100,
    );
    s.expect("which did you draw?").unwrap();
    s.send("g").unwrap();
    s.expect("Good Times!: Roll a d10").unwrap();
    s.expect("Keys:").unwrap();
    s.send("r").unwrap();
    s.expect("Good Times Table · d10").unwrap();
    let rolled = s.expect(expectrl::Regex(r"natural (\d+)")).unwrap();
    let natural = String::from_utf8_lossy(rolled.get(1).unwrap()).into_owned();
    s.expect("Keys:").unwrap();
    s.send("u").unwrap();
    s.expect(format!("Its die ({natural}) stays").as_str())
        .unwrap();
    s.send("u").unwrap();
    s.expect("Undone: the chit Good Times!").unwrap();
    s.expect("which did you draw?").unwrap();
    s.send("g").unwrap();
    s.expect("Good Times!: Roll a d10").unwrap();
    s.expect("Keys:").unwrap();
    s.send("r").unwrap();
    s.expect("Good Times Table · d10").unwrap();
    let again = s.expect(expectrl::Regex(r"natural (\d+)")).unwrap();
    let again = String::from_utf8_lossy(again.get(1).unwrap()).into_owned();
    assert_eq!(again, natural, "the die kept is the one used");
    s.expect("Keys:").unwrap();
    quit(s);
}
