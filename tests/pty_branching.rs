//! Turns that branch on the board, with keys and menus in a pseudo-terminal: the segment's
//! question is a yes/no menu when the walk reaches it, `u` takes the answer back and asks again,
//! a no leaves the segment, and a step's yes ends the game.
#![cfg(unix)]

mod common;
use common::Env;
use expectrl::{Eof, Expect};

const DOWN: &str = "\u{1b}[B";

const SEQUENCE: &str = r"title: Branch turn
turns: 2
game_over: The war is over
phases:
  - {id: main, title: Main Phase, segments: [action, extra, score]}
segments:
  - {id: action, title: Action Round, steps: [{text: Fight, chart: fight}]}
  - id: extra
    title: Extra Action Round
    only_if: {key: extra_round, ask: Does a player hold the lead in space?}
    steps: [{text: Fight again, chart: fight}]
  - id: score
    title: Scoring
    steps:
      - {text: Look at the VP track, game_over: {ask: Does a player have 20 VP?, text: '20 VP: an automatic victory'}}
";

fn env() -> Env {
    let env = Env::new();
    env.write_config(
        "books/branch/book.yaml",
        "id: branch\ntitle: Branch\ngame: Branch (a test game)\nsource: tests/pty_branching.rs\n",
    );
    env.write_config(
        "books/branch/fight.yaml",
        "id: fight\ntitle: Fight\nprinted: Rules p2\ndie: d6\nrows:\n  - {row: \"1-6\", result: Fought}\n",
    );
    env.write_config("books/branch/sequence.yaml", SEQUENCE);
    env
}

#[test]
fn the_board_question_is_a_menu_undone_by_u_and_a_yes_ends_the_game() {
    for cols in [120, 60] {
        let env = env();
        let mut s = common::pty(&env, &["--book", "branch", "play"], cols);
        s.expect("Action Round").unwrap();
        s.send("n").unwrap();
        s.expect("Does a player hold the lead in space?").unwrap();
        s.send(DOWN).unwrap();
        s.send("\r").unwrap();
        s.expect("Extra Action Round: played this turn.").unwrap();
        // u takes the answer back: the question is asked again, and a no leaves the segment.
        s.send("u").unwrap();
        s.expect("Undone: the last answer").unwrap();
        s.expect("Does a player hold the lead in space?").unwrap();
        s.send("\r").unwrap();
        s.expect("Extra Action Round: not played this turn.")
            .unwrap();
        s.expect("Turn 1 · Main Phase · Scoring").unwrap();
        s.expect("Does a player have 20 VP?").unwrap();
        s.send(DOWN).unwrap();
        s.send("\r").unwrap();
        s.expect("The game is over: 20 VP: an automatic victory")
            .unwrap();
        s.expect("What now?").unwrap();
        // Quit is the menu's default.
        s.send("\r").unwrap();
        s.expect(Eof).unwrap();
        let mark = std::fs::read_to_string(env.data().join("branch/bookmark.json")).unwrap();
        assert!(mark.contains("\"extra_round\""), "{mark}");
        assert!(mark.contains("20 VP: an automatic victory"), "{mark}");
    }
}
