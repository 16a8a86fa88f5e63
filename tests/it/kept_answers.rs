//! An answer is kept exactly as long as nothing can have moved it (issue 26, item 2): given
//! again, never asked twice, while no segment, step or result the book marks as moving it lies
//! between; asked fresh, with nothing offered, once one does. `play` driven by piped lines.

use crate::common;
use common::Env;
use serde_json::Value;

fn play(env: &Env, args: &[&str], input: &str) -> (i32, String, String) {
    let mut a = vec!["--seed", "7", "play"];
    a.extend_from_slice(args);
    env.piped(&a, input)
}

fn hand(env: &Env) {
    env.write_config("settings.yaml", "dice: hand\n");
}

/// The game's log rolls on `chart`, in order.
fn rolls(env: &Env, chart: &str) -> Vec<Value> {
    env.json(&["log"])["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["chart"] == chart && e["undone"] != true)
        .cloned()
        .collect()
}

/// Walk on with `next` (a play each) until the screen shows the segment `title`.
fn walk_to(env: &Env, title: &str) {
    for _ in 0..120 {
        let (code, out, err) = play(env, &[], "next\nquit\n");
        assert_eq!(code, 0, "{err}");
        if out.contains(&format!("· {title} ")) {
            return;
        }
    }
    panic!("never reached {title}");
}

/// How many times `out` shows `question` asked.
fn asked(out: &str, question: &str) -> usize {
    out.lines()
        .filter(|l| l.trim_start().starts_with(&format!("? {question}")))
        .count()
}

#[test]
fn the_second_capability_roll_does_not_ask_the_secdef_again() {
    let env = Env::new();
    hand(&env);
    // SecDef 2, die 3; SoE 5+ (a second roll); the second roll takes only its die.
    let (code, out, err) = play(
        &env,
        &["--goto", "strategic-capabilities", "--turn", "2"],
        "roll\n2\n3\nyes\nroll\n4\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(asked(&out, "The SecDef's Military Rating?"), 1, "{out}");
    assert!(
        out.contains("Kept from earlier (nothing has moved it since): SecDef Military Rating 2"),
        "{out}"
    );
    let caps = rolls(&env, "capability");
    assert_eq!(caps.len(), 2, "{caps:?}");
    assert_eq!(caps[1]["inputs"]["secdef"], 2);
    assert_eq!(caps[1]["natural"], 4);
}

#[test]
fn the_re_election_asks_afresh_what_the_evaluation_moved_and_keeps_the_rest() {
    let env = Env::new();
    hand(&env);
    // The turn-4 Evaluation: PA 6, RWC 5, Media 5, SoE 5, Homeland 5 = 26: +1 Public Approval.
    // Then the nomination (Party Relations 6) and the election: Prestige 3, Public Approval
    // asked fresh (an empty line is refused: nothing offered), 7; not Likeable; die 8: defeated,
    // so the game ends and the Legacy Point Total is played at turn 4.
    let (code, out, err) = play(
        &env,
        &["--goto", "evaluation", "--turn", "4"],
        "roll\n6\n5\n5\n5\n5\n0\n0\nnext\nroll\n6\nroll\n3\n\n7\nno\n8\nquit\n",
    );
    // The refused line makes the exit code 2; the rest was played.
    assert_eq!(code, 2, "{err}");
    assert!(out.contains("+1 Legacy Point, +1 Public Approval"), "{out}");
    assert!(
        err.contains("Public Approval value (top left of the current PA box)?"),
        "the empty answer refused: {err}"
    );
    let election = &rolls(&env, "election")[0];
    assert_eq!(election["inputs"]["approval"], 7, "{election}");
    assert_eq!(election["inputs"]["prestige"], 3, "{election}");
    // Media (the Evaluation does not move it) and Party Relations (just given): kept, given.
    assert_eq!(election["inputs"]["media"], 5, "{election}");
    assert_eq!(election["inputs"]["party_relations"], 6, "{election}");
    assert_eq!(asked(&out, "Media Relations?"), 0, "{out}");
    // The Legacy Point Total does not ask Party Relations again either, nor the Evaluation's
    // Legacy Points just rolled (+1: given by its row).
    let (code, out, err) = play(&env, &[], "next\nroll\n10\n2\nlost\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(asked(&out, "Party Relations?"), 0, "{out}");
    assert_eq!(
        asked(&out, "Legacy Points from the final Performance Evaluation"),
        0,
        "{out}"
    );
    let total = &rolls(&env, "legacy-total")[0];
    assert_eq!(total["inputs"]["party_relations"], 6, "{total}");
}

#[test]
fn the_turn_2_evaluation_and_the_midterms_ask_afresh_what_moved_since_the_state_of_the_union() {
    let env = Env::new();
    hand(&env);
    // The State of the Union: PA 2, RWC 1, Media 3, Prestige 4, no Orator; die 4.
    let (code, _, err) = play(
        &env,
        &["--goto", "state-of-the-union", "--turn", "2"],
        "roll\n2\n1\n3\n4\nno\n4\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    walk_to(&env, "Presidential Performance Evaluation");
    // Nothing of the State of the Union is offered: an empty line is refused, the values typed.
    let (code, _, err) = play(&env, &[], "roll\n\n6\n5\n5\n5\n5\n0\n0\nquit\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("needs an answer"), "{err}");
    let eval = &rolls(&env, "evaluation")[0];
    for (key, v) in [("approval", 6), ("congress", 5), ("media", 5)] {
        assert_eq!(eval["inputs"][key], v, "{key}: {eval}");
    }
    // The Midterms: Prestige and PA moved by the Evaluation, asked fresh (empty lines
    // refused); Media kept from the Evaluation.
    let (code, out, err) = play(&env, &[], "next\nroll\n\n3\n\n7\n0\nno\n5\nquit\n");
    assert_eq!(code, 2, "{err}");
    assert_eq!(asked(&out, "Media Relations?"), 0, "{out}");
    let midterm = &rolls(&env, "election")[0];
    assert_eq!(midterm["inputs"]["kind"], "midterm", "{midterm}");
    for (key, v) in [("prestige", 3), ("approval", 7), ("media", 5)] {
        assert_eq!(midterm["inputs"][key], v, "{key}: {midterm}");
    }
}

/// BOOKS.md's camp, as files of a book folder.
fn camp(env: &Env, sequence: &str) -> std::path::PathBuf {
    let watch = "id: watch\ntitle: The Watch\nprinted: Rulebook p2\ndie: d6\ninputs:\n  - {key: guards, label: Guards awake, ask: How many guards are awake?, type: number, min: 0, max: 6}\ndrms:\n  - {label: Guards awake, value: 1, per: guards}\nrows:\n  - {row: \"1-4\", result: Surprised}\n  - {row: \"5+\", result: Raised in time}\n";
    env.write_config(
        "books/camp/book.yaml",
        "id: camp\ntitle: Night Camp\ngame: Night Camp\nsource: a test\n",
    );
    env.write_config("books/camp/watch.yaml", watch);
    env.write_config("books/camp/sequence.yaml", sequence)
        .with_file_name("")
}

#[test]
fn check_refuses_a_moves_naming_no_input_and_points_at_it() {
    let env = Env::new();
    let seq = "title: A night\nturns: 1\nphases:\n  - {id: night, title: Night, segments: [dusk, storm]}\nsegments:\n  - {id: dusk, title: Dusk, steps: [{chart: watch}]}\n  - id: storm\n    title: The Storm\n    moves: [guards]\n";
    let dir = camp(&env, seq);
    let (code, out, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    camp(&env, &seq.replace("moves: [guards]", "moves: [gaurds]"));
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("sequence.yaml:9:13:")
            && err.contains("segment 'storm' moves 'gaurds', which no chart of the book asks"),
        "{err}"
    );
}
