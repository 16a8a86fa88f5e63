//! `play` with keys and menus in a pseudo-terminal: one test for each defect a player met at
//! the table (issue 9), each walking the flow that lost a rules step or slowed the player.
// Unix only: expectrl drives a pseudo-terminal (openpty), which Windows has not; the key mode
// on Windows is console's and dialoguer's, tested upstream on the Windows console.
#![cfg(unix)]

use crate::common;
use common::Env;
use expectrl::session::OsSession;
use expectrl::{Eof, Expect, Regex};
use std::time::Duration;

const DOWN: &str = "\u{1b}[B";

/// Esc, then a pause: a lone Esc is told from the start of an arrow key by the time it waits.
fn esc(s: &mut OsSession) {
    s.send("\u{1b}").unwrap();
    std::thread::sleep(Duration::from_millis(300));
}

fn play(env: &Env, args: &[&str], cols: u16) -> OsSession {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    common::pty(env, &a, cols)
}

fn quit(mut s: OsSession) {
    s.send("q").unwrap();
    s.expect(Eof).unwrap();
}

/// Chit 1 of the draw, picked from the menu by how many rows down it is.
fn draw(s: &mut OsSession, down: usize) {
    s.expect("which did you draw?").unwrap();
    s.send(DOWN.repeat(down)).unwrap();
    s.send("\r").unwrap();
}

#[test]
fn defect_1_every_chit_keeps_its_roll() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "draw-chits", "--turn", "1", "--phase", "1"],
        100,
    );
    draw(&mut s, 3); // Domestic Crisis (+): each chit is listed without its (+), then with it
    s.expect("Domestic Crisis: Roll a d10").unwrap();
    // The next chit waits for this one's roll, but can be drawn first (a): chit 1 is still
    // rollable.
    s.expect("once this one is rolled").unwrap();
    s.send("a").unwrap();
    draw(&mut s, 12); // Good Times!
    s.expect("Good Times!: Roll a d10").unwrap();
    // The Roll line keeps the chits' charts as drawn, each by its digit (both open: not
    // asked first).
    let line = s
        .expect(Regex(r"(\d) Domestic Crisis Event Table.*Good Times Table"))
        .unwrap();
    let digit = String::from_utf8_lossy(&line[1]).into_owned();
    s.send(digit).unwrap();
    s.expect("Domestic Crisis Event Table · d10").unwrap();
    quit(s);
}

#[test]
fn defect_2_a_question_put_aside_is_kept_and_answered_later() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "draw-chit", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("which did you draw?").unwrap();
    esc(&mut s);
    s.expect("1 open").unwrap();
    // Leaving asks first; no stays.
    s.send("n").unwrap();
    s.expect("Leave with 1 still open?").unwrap();
    s.send("n").unwrap();
    s.expect("1 open").unwrap();
    s.send("a").unwrap();
    s.expect("which did you draw?").unwrap();
    s.send("\r").unwrap();
    s.expect("Crisis Cards: Draw the number").unwrap();
    quit(s);
}

#[test]
fn defect_3_a_chart_named_by_a_chit_or_a_result_is_offered() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "draw-chit", "--turn", "1", "--phase", "1"],
        100,
    );
    draw(&mut s, 3); // Random Regional Crisis: "roll on WD1 (major-crisis)"
    s.expect("Random Regional Crisis").unwrap();
    s.expect("Random Region").unwrap();
    s.expect("Regional Major Crisis Table").unwrap();
    s.expect("Keys:").unwrap();
    // Any chart at all, found by typing: the command menu's "Roll another chart…".
    s.send("m").unwrap();
    s.expect("What now?").unwrap();
    s.send(DOWN.repeat(3)).unwrap();
    s.send("\r").unwrap();
    s.expect("type to filter").unwrap();
    s.send("legacy-total").unwrap();
    s.send("\r").unwrap();
    s.expect("Legacy Point Track, leaving out").unwrap();
    esc(&mut s);
    s.expect("cancelled").unwrap();
    quit(s);
}

#[test]
fn defect_4_every_key_is_listed_and_h_shows_the_keys() {
    let env = Env::new();
    let mut s = play(&env, &[], 120);
    s.expect("R re-roll (1 AP)").unwrap();
    s.send("h").unwrap();
    s.expect("n/Enter/→").unwrap();
    s.expect("Esc").unwrap();
    // Esc closes the keys' view; at the page, it says what it does, and does not quit.
    s.expect("back to the page").unwrap();
    esc(&mut s);
    esc(&mut s);
    s.expect("q quits").unwrap();
    s.send("n").unwrap();
    s.expect("Leave with 2 still open?").unwrap();
    s.send("y").unwrap();
    s.expect("Improve Strategic Capabilities").unwrap();
    // Its question (a second roll at SoE 5+) waits in a menu: Esc puts it aside.
    s.expect("Is the US SoE 5 or more").unwrap();
    esc(&mut s);
    quit(s);
}

#[test]
fn defect_5_text_wraps_at_words_and_the_header_stays_in_sight_at_60_columns() {
    let env = Env::new();
    let mut s = play(&env, &[], 60);
    // "Six steps before the Activation Phases. Unused APs of last year are lost." is wider than
    // 60 columns with its indent: it breaks between words.
    s.expect(Regex(r"Unused APs of last\s*\r?\n\s+year are lost"))
        .unwrap();
    s.expect("[Turn 1 · US Special Activations · Begin Turn")
        .unwrap();
    quit(s);
}

#[test]
fn defect_6_focus_rolls_take_a_few_keys_with_the_ranges_kept() {
    let env = Env::new();
    for p in ["6", "5", "4", "3", "2", "1"] {
        let (code, _, err) = env.run(&["profile", "--set", &format!("range#{p}=1-3")]);
        assert_eq!(code, 0, "{err}");
        env.run(&["profile", "--set", &format!("focus#{p}=economy")]);
    }
    let mut s = play(
        &env,
        &["--goto", "focus-rolls", "--turn", "1", "--phase", "1"],
        100,
    );
    s.expect("Which priorities have a Tensions counter")
        .unwrap();
    // Key 1: Enter (no Tensions); the six rolls follow by themselves.
    s.send("\r").unwrap();
    for _ in 0..6 {
        s.expect("POTUS/Cabinet Focus · d6 · column 1-3").unwrap();
    }
    // Key 2: next.
    s.send("n").unwrap();
    s.expect("Media Relations, 2 Domestic Actions").unwrap();
    // The Legislative segment asks the board first: put aside.
    s.expect("Pending Bills Track?").unwrap();
    esc(&mut s);
    quit(s);
}

#[test]
fn defect_7_what_the_walker_knows_is_not_asked() {
    let env = Env::new();
    env.write_config("settings.yaml", "difficulty: easier\n");
    let mut s = play(&env, &["--goto", "evaluation", "--turn", "1"], 100);
    // The segment's one chart is rolled on r.
    s.send("r").unwrap();
    s.expect("Public Approval value").unwrap();
    for answer in ["5", "5", "5", "5", "5", "0", "0"] {
        s.send(format!("{answer}\r")).unwrap();
    }
    s.expect("Presidential Performance Evaluation · table")
        .unwrap();
    s.send("g").unwrap();
    s.send("Begin Turn").unwrap();
    s.send("\r").unwrap();
    s.expect("Turn 1 · US Special Activations · Begin Turn")
        .unwrap();
    s.send("r").unwrap();
    s.send("\r").unwrap();
    // The difficulty comes from the settings: the first question is Cabinet Effectiveness.
    s.expect("APs the Cabinet Effectiveness Track gives")
        .unwrap();
    esc(&mut s);
    quit(s);
    let log = env.json(&["log"]);
    let e = &log["log"][0];
    assert_eq!(e["inputs"]["turn"], 1, "{e}");
    assert!(!e["inputs"].as_object().unwrap().contains_key("kind"));
}

#[test]
fn defect_8_the_named_chart_comes_first_numbers_cancel_ctrl_c_restores_the_cursor() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = play(
        &env,
        &["--goto", "terror-or-chaos", "--turn", "1", "--phase", "2"],
        100,
    );
    // r: the chart marked "(r)", at once.
    s.send("r").unwrap();
    s.expect("I rolled").unwrap();
    s.send("8\r").unwrap();
    s.expect("then the Chaos Procedure").unwrap();
    // After a Chaos result `r` offers the roll the rules name next, the random conflict (then
    // the Chaos Procedure), not Terror.
    s.expect(Regex(r"\d Random Conflict \(r\)")).unwrap();
    s.send("r").unwrap();
    s.expect("I rolled … (d10 for Random Conflict").unwrap();
    esc(&mut s);
    s.expect("cancelled").unwrap();
    // A number prompt: Esc cancels, nothing rolled (an empty Enter is refused, asked again).
    // Any chart: the menu's "Roll another chart…".
    s.send("m").unwrap();
    s.expect("What now?").unwrap();
    s.send(DOWN.repeat(3)).unwrap();
    s.send("\r").unwrap();
    s.expect("type to filter").unwrap();
    s.send("legacy-total\r").unwrap();
    s.expect("Legacy Point Track, leaving out").unwrap();
    s.send("\r").unwrap();
    s.expect("an answer is needed").unwrap();
    esc(&mut s);
    s.expect("cancelled").unwrap();
    // Ctrl-C in a menu: the cursor is shown again on the way out.
    s.send("m").unwrap();
    s.expect("What now?").unwrap();
    s.send("\u{3}").unwrap();
    s.expect("\u{1b}[?25h").unwrap();
    s.expect(Eof).unwrap();
    assert_eq!(env.json(&["log"])["log"].as_array().unwrap().len(), 1);
}

#[test]
fn defect_9_enter_does_not_leave_open_items_and_back_rolls_nothing_again() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "1"],
        100,
    );
    s.send("r").unwrap();
    s.expect("Russia or China Acts · d10").unwrap();
    // Enter just after the result stays; n leaves, once told that the acting peer's chart
    // the result names is still to roll.
    s.send("\r").unwrap();
    s.expect("Enter just after a result stays here").unwrap();
    s.send("n").unwrap();
    s.expect("Leave with 1 still open?").unwrap();
    s.send("y").unwrap();
    s.expect("Draw One Crisis Chit").unwrap();
    s.expect("which did you draw?").unwrap();
    esc(&mut s);
    // Enter with the draw open asks first.
    s.send("\r").unwrap();
    s.expect("Leave with 1 still open?").unwrap();
    s.send("n").unwrap();
    // Back: the roll is still there, not rolled again.
    s.send("b").unwrap();
    s.expect("✓ Russia or China Acts").unwrap();
    quit(s);
    assert_eq!(env.json(&["log"])["log"].as_array().unwrap().len(), 1);
}

#[test]
fn defect_9_the_end_of_the_game_is_a_state() {
    let env = Env::new();
    // Not nominated: on to the Legacy Point Total, and the game is over once it is left.
    let mut s = play(&env, &["--goto", "reelection", "--turn", "4"], 100);
    s.expect("Keys:").unwrap();
    s.send("1").unwrap();
    s.expect("Party Relations?").unwrap();
    s.send("3\r").unwrap();
    s.expect("Legacy Point Total").unwrap();
    s.expect("Keys:").unwrap();
    s.send("n").unwrap();
    s.expect("Leave with 1 still open?").unwrap();
    s.send("y").unwrap();
    s.expect("The game is over. What now?").unwrap();
    s.expect("Play on anyway").unwrap();
    // The first Enter after y is y's own; the next one picks (Quit).
    s.send("\r\r").unwrap();
    s.expect(Eof).unwrap();
}

#[test]
fn defect_10_go_to_has_titles_phases_and_a_filter_and_resuming_shows_what_was_done() {
    let env = Env::new();
    let mut s = play(&env, &[], 100);
    s.send("g").unwrap();
    s.expect("POTUS/Cabinet Focus Rolls · Activation Phase 1 (focus-rolls)")
        .unwrap();
    s.send("Any 4").unwrap();
    s.send("\r").unwrap();
    s.expect("Any 4 Diplomatic and/or Military Actions")
        .unwrap();
    s.send("r").unwrap();
    s.send("\r").unwrap();
    s.expect("Look up").unwrap();
    quit(s);
    let mut s = play(&env, &[], 100);
    s.expect("✓ Master Diplomatic Action Chart").unwrap();
    quit(s);
}

#[test]
fn esc_at_an_automatic_roll_gives_the_keys_back() {
    let env = Env::new();
    let mut s = play(
        &env,
        &["--goto", "focus-rolls", "--turn", "1", "--phase", "1"],
        80,
    );
    s.expect("Which priorities have a Tensions counter")
        .unwrap();
    s.send("\r").unwrap();
    s.expect("The success range printed on the Focus counter?")
        .unwrap();
    esc(&mut s);
    s.expect("The rolls wait: r rolls Priority 6 when you are ready")
        .unwrap();
    // The keys work again: the track, then r rolls priority 6 after all.
    s.send("t").unwrap();
    s.expect("▶ POTUS/Cabinet Focus Rolls").unwrap();
    s.send("r").unwrap();
    s.expect("The success range printed on the Focus counter?")
        .unwrap();
    esc(&mut s);
    quit(s);
}

/// What a terminal of `rows` x `cols` shows once the status's keys line is drawn (its last
/// entry: "h help" on the short line, "q quit" on the whole one), the bytes read so far fed to a
/// terminal emulator.
fn screen_at(s: &mut OsSession, term: &mut vt100::Parser) -> Vec<String> {
    let c = s.expect(Regex(r"Keys: [\s\S]*?(h help|q quit)")).unwrap();
    term.process(c.as_bytes());
    let (_, cols) = term.screen().size();
    term.screen().rows(0, cols.get()).collect()
}

/// A terminal emulator of `rows` x `cols`, to read the screen a player sees.
fn emulator(rows: u16, cols: u16) -> vt100::Parser {
    let n = |v: u16| std::num::NonZeroU16::new(v).expect("a size");
    vt100::Parser::new(n(rows), n(cols), 0)
}

/// The rows of `screen` holding `text` (its words may wrap: a row holds its start).
fn on_screen(screen: &[String], text: &str) -> bool {
    let joined = screen.join(" ");
    let squeezed: String = joined.split_whitespace().collect::<Vec<_>>().join(" ");
    squeezed.contains(text)
}

/// `text` on one row of the screen, spaces squeezed (a no-break space counts as one).
fn on_one_line(screen: &[String], text: &str) -> bool {
    screen
        .iter()
        .any(|r| on_screen(std::slice::from_ref(r), text))
}

/// A heading too long for the terminal wraps between words, never inside the book's page: "(GM
/// p8 & 15)" stays on one line (a cold player saw "(GM p8 &" / "15)" at 80 columns).
#[test]
fn the_headings_page_is_never_broken_across_lines() {
    let (cols, rows) = (80u16, 24u16);
    let env = Env::new();
    let mut s = common::pty_sized(
        &env,
        &[
            "play",
            "--goto",
            "cabinet-actions",
            "--turn",
            "1",
            "--phase",
            "special",
        ],
        cols,
        rows,
    );
    let mut term = emulator(rows, cols);
    let screen = screen_at(&mut s, &mut term);
    let at = screen.join("\n");
    assert!(
        on_screen(&screen, "1 Action for POTUS & Each Cabinet Member"),
        "{at}"
    );
    assert!(
        on_one_line(&screen, "(GM p8 & 15)"),
        "the page on one line: {at}"
    );
}

#[test]
fn the_page_in_sight_a_long_segment_opens_with_its_heading_and_first_step() {
    // (segment, phase, the board's questions on entering and their keys, the title's words, its
    // page of the book, the first step, the last step)
    let segments = [
        (
            "legislative",
            "1",
            &[("Is any bill on the Pending Bills Track?", "y")][..],
            "Turn 1 · Activation Phase 1 · Media Relations, 2 Domestic Actions, the Legislative Segment",
            "(GM p8 & 22)",
            "• 1. Support: Friends' Legislative Ratings",
            "• 10. A free Action for each of your bills signed",
        ),
        (
            "consequences",
            "end",
            &[][..],
            "Turn 1 · End of Turn Clean-up & Consequences · Consequences",
            "(Flipbook p25-27)",
            "• 1. Stability in each region",
            "• 13. Not the end of turn 4",
        ),
    ];
    for (cols, rows) in [(80u16, 24u16), (60, 30)] {
        for (seg, phase, questions, title, page, first, last) in segments {
            let env = Env::new();
            let mut s = common::pty_sized(
                &env,
                &["play", "--goto", seg, "--turn", "1", "--phase", phase],
                cols,
                rows,
            );
            let mut term = emulator(rows, cols);
            // The board's questions asked on entering: answered on their keys (the page is
            // drawn again from its top once they are, the charts offered under it).
            for (question, key) in questions {
                let c = s.expect(*question).unwrap();
                term.process(c.as_bytes());
                s.send(key).unwrap();
            }
            let screen = screen_at(&mut s, &mut term);
            let at = format!("{seg} at {cols}x{rows}:\n{}", screen.join("\n"));
            // The heading, not the status line under the page: a row of its own at the top.
            assert!(
                screen.iter().any(|r| r.starts_with("Turn 1 · ")),
                "the heading: {at}"
            );
            assert!(on_screen(&screen, title), "the title: {at}");
            assert!(on_screen(&screen, page), "the book's page: {at}");
            // The page is never broken across two lines ("(GM p8 &" / "22)").
            assert!(
                on_one_line(&screen, page),
                "the book's page on one line: {at}"
            );
            assert!(on_screen(&screen, first), "the first step: {at}");
            // The charts offered, under the page, on the same screen.
            assert!(on_screen(&screen, "Roll: 1 "), "the Roll line: {at}");
            // The rest is one key away (`s`, again and again), the heading on top each time.
            let mut seen_last = on_screen(&screen, last);
            for _ in 0..3 {
                if seen_last {
                    break;
                }
                assert!(on_screen(&screen, "more of this page below: s"), "{at}");
                s.send("s").unwrap();
                let screen = screen_at(&mut s, &mut term);
                let at = format!("{seg} at {cols}x{rows}, s:\n{}", screen.join("\n"));
                assert!(on_screen(&screen, title), "the title again: {at}");
                seen_last = on_screen(&screen, last);
            }
            assert!(
                seen_last,
                "the last step, a key or two away: {seg} at {cols}x{rows}"
            );
            quit(s);
        }
    }
}

#[test]
fn the_page_in_sight_when_the_segment_is_walked_into() {
    // Entered with `n` from the segment before, as a player comes to it: the screen is cleared
    // and the page drawn from its top.
    let env = Env::new();
    let mut s = common::pty_sized(
        &env,
        &["play", "--goto", "cleanup", "--turn", "1", "--phase", "end"],
        80,
        24,
    );
    let mut term = emulator(24, 80);
    screen_at(&mut s, &mut term);
    s.send("n").unwrap();
    let screen = screen_at(&mut s, &mut term);
    let at = screen.join("\n");
    assert!(
        screen.iter().any(|r| r.starts_with("Turn 1 · End of Turn")),
        "{at}"
    );
    assert!(on_screen(&screen, "(Flipbook p25-27)"), "{at}");
    assert!(on_screen(&screen, "• 1. Stability in each region"), "{at}");
    quit(s);
}

/// Issue 26, the page in sight: at 80x24 a result pushes the segment's heading off the top; its
/// page in the book and the step at hand come back in one line above the status. And no
/// chart's id reaches the player: the steps' marks, the roll's heading and the open items
/// name charts by their titles.
#[test]
fn at_80x24_the_page_and_the_step_stay_in_sight_in_the_games_words() {
    let env = Env::new();
    let mut s = common::pty_sized(&env, &["play"], 80, 24);
    let page = s.expect("Keys:").unwrap();
    // The page's rows as one text: a mark may wrap.
    let page = String::from_utf8_lossy(page.before())
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        page.contains("[roll Action Points at the Start of a Year]"),
        "{page}"
    );
    assert!(!page.contains("[roll aps]"), "{page}");
    s.send("1").unwrap();
    s.expect("Which game").unwrap();
    s.send("\r").unwrap();
    s.expect("(-5 to 10)").unwrap();
    s.send("2\r").unwrap();
    for _ in 0..3 {
        s.expect("(y/n)").unwrap();
        s.send("n").unwrap();
    }
    let after = s.expect("· 1 open]").unwrap();
    let after = String::from_utf8_lossy(after.before())
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        after.contains("Action Points at the Start of a Year · table"),
        "{after}"
    );
    assert!(!after.contains("(aps)"), "{after}");
    assert!(
        after.contains("Flipbook p4 · now: 6. One or two Focused National"),
        "the page and the step at hand: {after}"
    );
    quit(s);
}

/// What the terminal shows once `until` is read, the bytes so far fed to `term`.
fn screen_when(s: &mut OsSession, term: &mut vt100::Parser, until: &str) -> Vec<String> {
    let c = s.expect(Regex(until)).unwrap();
    term.process(c.as_bytes());
    let (_, cols) = term.screen().size();
    term.screen().rows(0, cols.get()).collect()
}

/// The track (`t`), the log (`l`) and the keys (`h`) stay on the screen until the next key (a
/// cold player at 80x24 saw each printed and at once covered by the page drawn again); the keys,
/// taller than the screen, in parts; any key gives the page back as it was, results and all.
#[test]
fn the_track_the_log_and_the_keys_stay_in_sight_until_the_next_key() {
    for (cols, rows) in [(80u16, 24u16), (60, 30)] {
        let env = Env::new();
        let mut s = common::pty_sized(
            &env,
            &[
                "play",
                "--goto",
                "core-support",
                "--turn",
                "3",
                "--phase",
                "2",
            ],
            cols,
            rows,
        );
        let mut term = emulator(rows, cols);
        screen_at(&mut s, &mut term);
        s.send("t").unwrap();
        let screen = screen_when(&mut s, &mut term, r"back to the page\)");
        let at = format!("{cols}x{rows}:\n{}", screen.join("\n"));
        assert!(on_screen(&screen, "▶ Core Support"), "the track: {at}");
        assert!(
            !on_screen(&screen, "(GM p19)"),
            "the page not drawn over it: {at}"
        );
        // Esc: the page back, as it was.
        esc(&mut s);
        s.send("h").unwrap();
        let screen = screen_when(&mut s, &mut term, r"back to the page\)");
        let at = format!("{cols}x{rows}:\n{}", screen.join("\n"));
        assert!(screen[0].contains("Keys:"), "the keys from their top: {at}");
        assert!(on_screen(&screen, "1/2 · Space/↓ more"), "in parts: {at}");
        s.send(" ").unwrap();
        let screen = screen_when(&mut s, &mut term, r"2/2 [^\n]*back to the page\)");
        let at = format!("{cols}x{rows}:\n{}", screen.join("\n"));
        assert!(on_screen(&screen, "At a question:"), "the rest: {at}");
        // Any key back: the page, its heading on top.
        s.send("h").unwrap();
        s.send("l").unwrap();
        let screen = screen_when(&mut s, &mut term, r"back to the page\)");
        let at = format!("{cols}x{rows}:\n{}", screen.join("\n"));
        assert!(
            on_screen(&screen, "The log is empty for turn 3"),
            "the log: {at}"
        );
        assert!(
            !on_screen(&screen, "(GM p19)"),
            "the page not drawn over it: {at}"
        );
        // Esc: the page as it was, its heading on top.
        esc(&mut s);
        let screen = screen_when(&mut s, &mut term, r"\x1b\[\?1049l");
        let at = format!("{cols}x{rows}:\n{}", screen.join("\n"));
        assert!(
            on_screen(&screen, "Core Support (GM p19)"),
            "the page back: {at}"
        );
        // A key other than Esc leaves the view and is done: q quits.
        s.send("t").unwrap();
        s.expect("back to the page").unwrap();
        quit(s);
    }
}

/// A yes/no question with an answer for Enter says it as a hint: no "› no" after the prompt,
/// which a cold player read as an answer already typed.
#[test]
fn a_yes_no_questions_enter_answer_is_a_hint_not_a_typed_no() {
    let (cols, rows) = (80u16, 24u16);
    let env = Env::new();
    let mut s = common::pty_sized(&env, &["play"], cols, rows);
    let mut term = emulator(rows, cols);
    screen_at(&mut s, &mut term);
    s.send("n").unwrap();
    let screen = screen_when(&mut s, &mut term, r"Leave with 2 still open\?[^\n]*›");
    let row = screen
        .iter()
        .find(|r| r.contains("Leave with 2 still open?"))
        .cloned()
        .unwrap_or_default();
    assert!(row.contains("(y/n; Enter: no)"), "{row}");
    assert!(!row.trim_end().ends_with("no"), "{row}");
    s.send("n").unwrap();
    s.expect("✔ Leave with 2 still open? · no").unwrap();
    quit(s);
}

/// Phase 3's Roll line offers only the peer that acts now, as its page lists it (a cold player
/// saw "2 China Action Chart" offered when Russia acts).
#[test]
fn phase_3s_roll_line_offers_only_the_peer_that_acts() {
    let env = Env::new();
    env.write_config("settings.yaml", "dice: hand\n");
    let mut s = play(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "1"],
        120,
    );
    s.expect("Keys:").unwrap();
    // 7: China acted in Phase 1, Russia acts in Phase 3.
    s.send("r").unwrap();
    s.expect("I rolled").unwrap();
    s.send("7").unwrap();
    s.expect("row 6-10").unwrap();
    s.expect("Keys:").unwrap();
    quit(s);
    let mut s = play(
        &env,
        &["--goto", "russia-or-china", "--turn", "1", "--phase", "3"],
        120,
    );
    let c = s.expect(Regex(r"Roll: [^\n]*")).unwrap();
    let line = String::from_utf8_lossy(c.get(0).unwrap()).to_string();
    assert!(line.contains("Russia Action Chart"), "{line}");
    assert!(!line.contains("China"), "{line}");
    s.expect("Keys:").unwrap();
    quit(s);
}
