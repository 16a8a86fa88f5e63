//! `flipbook transcribe` by keys in a pseudo-terminal: a d6 and a d10 table typed in, the die's
//! coverage shown as rows come, an overlap refused at once and a gap fixed on the spot; an edit
//! that offers each answer; a cancel that leaves the player's chart as it was.
// Unix only: expectrl drives a pseudo-terminal (openpty), which Windows has not; the key mode
// on Windows is console's and dialoguer's, tested upstream on the Windows console.
#![cfg(unix)]

use crate::common;
use common::{Env, repo};
use expectrl::session::OsSession;
use expectrl::{Eof, Expect, Session};
use std::process::Command;
use std::time::Duration;

fn transcribe(env: &Env, id: &str) -> OsSession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_flipbook"));
    cmd.args(["transcribe", id])
        .env("FLIPBOOK_HOME", env.home.path())
        .env("TERM", "xterm")
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS");
    let mut s = Session::spawn(cmd).expect("spawn in a pty");
    s.get_process_mut()
        .set_window_size(100, 40)
        .expect("window size");
    s.set_expect_timeout(Some(Duration::from_secs(10)));
    s
}

/// Esc, then a pause: a lone Esc is told from the start of an arrow key by the time it waits.
fn esc(s: &mut OsSession) {
    s.send("\u{1b}").unwrap();
    std::thread::sleep(Duration::from_millis(300));
}

/// Wait for a prompt, then type an answer and Enter.
fn answer(s: &mut OsSession, prompt: &str, text: &str) {
    s.expect(prompt).unwrap();
    s.send(text).unwrap();
    s.send("\r").unwrap();
}

fn backspaces(n: usize) -> String {
    "\u{8}".repeat(n)
}

fn scandal_file(env: &Env) -> std::path::PathBuf {
    env.config().join("books/mr-president/scandal.yaml")
}

#[test]
fn a_d6_table_is_typed_in_with_an_overlap_refused_and_a_gap_fixed() {
    let env = Env::new();
    let mut s = transcribe(&env, "scandal");
    s.expect("Scandal Table (scandal): D14 in your Domestic Charts Booklet")
        .unwrap();
    s.expect("The flipbook gives it a d6.").unwrap();
    answer(&mut s, "Die › d6", "");
    answer(&mut s, "Columns", "");
    s.expect("no rows yet · still missing: 1-6").unwrap();
    answer(&mut s, "Range", "1-3");
    answer(&mut s, "Result for 1-3", "Scandal: -1 Public Approval");
    s.expect("rows 1-3 · still missing: 4-6").unwrap();
    // An overlap is refused at once, beside the answer, and mended there.
    answer(&mut s, "Range", "3-4");
    s.expect("row '3-4' overlaps row '1-3'").unwrap();
    s.send(backspaces(3)).unwrap();
    s.send("5-6\r").unwrap();
    answer(&mut s, "Result for 5-6", "Media frenzy -> domestic-crisis");
    s.expect("rows 1-3, 5-6 · still missing: 4").unwrap();
    // Finishing with a gap is refused: the gap is filled on the spot.
    answer(&mut s, "Range", "");
    s.expect("still missing: 4").unwrap();
    s.send("4\r").unwrap();
    answer(&mut s, "Result for 4", "Weathered");
    s.expect("every roll of the d6 has its row").unwrap();
    answer(&mut s, "Range", "");
    s.expect("scandal (Scandal Table, D14): 3 rows over the d6")
        .unwrap();
    s.expect(Eof).unwrap();

    assert_eq!(
        env.json(&["roll", "scandal", "--roll", "4"])["result"],
        "Weathered"
    );
    let v = env.json(&["roll", "scandal", "--roll", "6", "--seed", "1"]);
    assert_eq!(v["result"], "Media frenzy");
    assert_eq!(v["then"][0]["chart"], "domestic-crisis");
}

#[test]
fn a_d10_table_is_typed_in_and_a_bad_follow_up_is_refused() {
    let env = Env::new();
    let mut s = transcribe(&env, "good-times");
    s.expect("Good Times Table (good-times): D15").unwrap();
    answer(&mut s, "Die › d10", "");
    answer(&mut s, "Columns", "");
    s.expect("still missing: 1-10").unwrap();
    answer(&mut s, "Range", "1-4");
    answer(&mut s, "Result for 1-4", "Quiet times");
    s.expect("still missing: 5-10").unwrap();
    answer(&mut s, "Range", "8+");
    answer(&mut s, "Result for 8+", "Boom: +1 Economy -> nowhere");
    s.expect("'nowhere' is not a chart of mr-president")
        .unwrap();
    s.send(backspaces(" -> nowhere".len())).unwrap();
    s.send("\r").unwrap();
    s.expect("rows 1-4, 8+ · still missing: 5-7").unwrap();
    answer(&mut s, "Range", "4-7");
    s.expect("row '4-7' overlaps row '1-4'").unwrap();
    s.send(backspaces(3)).unwrap();
    s.send("5-7\r").unwrap();
    answer(&mut s, "Result for 5-7", "Good news: +1 Public Approval");
    s.expect("every roll of the d10 has its row").unwrap();
    answer(&mut s, "Range", "");
    s.expect("3 rows over the d10").unwrap();
    s.expect(Eof).unwrap();

    let v = env.json(&["roll", "good-times", "--roll", "10"]);
    assert_eq!(
        (v["row"].as_str(), v["result"].as_str()),
        (Some("8+"), Some("Boom: +1 Economy"))
    );
    assert_eq!(
        env.json(&["roll", "d15", "--roll", "6"])["result"],
        "Good news: +1 Public Approval"
    );
}

#[test]
fn running_it_again_edits_with_each_answer_offered() {
    let env = Env::new();
    let rows = repo().join("tests/fixtures/scandal-rows.txt");
    let (code, _, err) = env.run(&["transcribe", "scandal", "--from", rows.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let mut s = transcribe(&env, "scandal");
    s.expect("editing your transcription").unwrap();
    answer(&mut s, "Die › d6", "");
    answer(&mut s, "Columns", "");
    answer(&mut s, "Range › 1-2", "");
    answer(&mut s, "Result for 1-2 › Scandal: -1 Public Approval", "");
    answer(&mut s, "Range › 3-5", "");
    s.expect("Result for 3-5 › Weathered: no effect").unwrap();
    s.send(backspaces("Weathered: no effect".len())).unwrap();
    s.send("A quiet week\r").unwrap();
    answer(&mut s, "Range › 6", "");
    answer(
        &mut s,
        "Media frenzy: -1 Media Relations -> domestic-crisis",
        "",
    );
    s.expect("every roll of the d6 has its row").unwrap();
    answer(&mut s, "Range", "");
    s.expect("(your earlier one replaced)").unwrap();
    s.expect(Eof).unwrap();
    assert_eq!(
        env.json(&["roll", "scandal", "--roll", "4"])["result"],
        "A quiet week"
    );
    assert_eq!(
        env.json(&["roll", "scandal", "--roll", "2"])["result"],
        "Scandal: -1 Public Approval"
    );
}

#[test]
fn cancelling_leaves_the_players_chart_as_it_was() {
    let env = Env::new();
    let rows = repo().join("tests/fixtures/scandal-rows.txt");
    let (code, _, err) = env.run(&["transcribe", "scandal", "--from", rows.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let kept = std::fs::read(scandal_file(&env)).unwrap();

    // Esc halfway through: a row changed, then left.
    let mut s = transcribe(&env, "scandal");
    answer(&mut s, "Die › d6", "");
    answer(&mut s, "Columns", "");
    answer(&mut s, "Range › 1-2", "");
    s.expect("Result for 1-2").unwrap();
    s.send(backspaces(40)).unwrap();
    s.send("Changed my mind").unwrap();
    esc(&mut s);
    s.expect("(cancelled)").unwrap();
    s.expect(Eof).unwrap();
    assert_eq!(std::fs::read(scandal_file(&env)).unwrap(), kept);

    // Ctrl-C at the die.
    let mut s = transcribe(&env, "scandal");
    s.expect("Die › d6").unwrap();
    s.send("\u{3}").unwrap();
    s.expect(Eof).unwrap();
    assert_eq!(std::fs::read(scandal_file(&env)).unwrap(), kept);
    assert_eq!(
        env.json(&["roll", "scandal", "--roll", "2"])["result"],
        "Scandal: -1 Public Approval"
    );
}
