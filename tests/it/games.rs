//! Beside the walker: the turn track, the games kept by a restart, rolls made outside `play`
//! going to the open game's log, the game's profile, and a data folder of old moved in.

use crate::common;
use common::Env;
use serde_json::Value;

/// `flipbook play ARGS` with `input` on stdin, expecting success.
fn play(env: &Env, args: &[&str], input: &str) {
    let mut a = vec!["play"];
    a.extend_from_slice(args);
    let out = env.cmd(&a).write_stdin(input).output().unwrap();
    assert!(
        out.status.success(),
        "play {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn log_of(env: &Env, args: &[&str]) -> Vec<Value> {
    let mut a = vec!["log"];
    a.extend_from_slice(args);
    env.json(&a)["log"].as_array().unwrap().clone()
}

fn book_dir(env: &Env) -> std::path::PathBuf {
    env.data().join("mr-president")
}

#[test]
fn turn_one_lists_every_segment_with_its_skips() {
    let env = Env::new();
    let t = env.json(&["track", "--turn", "1"]);
    assert_eq!(t["turn"], 1);
    assert_eq!(t["here"], Value::Null);
    let segs = t["segments"].as_array().unwrap();
    let first = &segs[0];
    assert_eq!(
        (first["phase"].as_str(), first["segment"].as_str()),
        (Some("special"), Some("begin-turn"))
    );
    assert!(first["title"].as_str().is_some_and(|t| !t.is_empty()));
    assert_eq!(first["played"], true);
    let sotu = segs
        .iter()
        .find(|s| s["segment"] == "state-of-the-union")
        .unwrap();
    assert_eq!(sotu["played"], false, "turn 1 skips State of the Union");
    assert!(segs.iter().all(|s| s["done"] == false));
    // Every segment of every phase is listed, skipped ones too.
    let t2 = env.json(&["track", "--turn", "2"]);
    assert_eq!(t2["segments"].as_array().unwrap().len(), segs.len());
    let sotu2 = t2["segments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["segment"] == "state-of-the-union")
        .unwrap();
    assert_eq!(sotu2["played"], true);
    env.bad(&["track", "--turn", "0"], "--turn takes a turn from 1 to 8");
    env.bad(&["track", "--turn", "9"], "not 9");
}

#[test]
fn the_track_marks_done_and_here_after_a_step() {
    let env = Env::new();
    play(&env, &["--restart", "--yes"], "");
    play(&env, &[], "next\nquit\n");
    let t = env.json(&["track"]);
    assert_eq!(t["turn"], 1);
    assert_eq!(t["here"]["phase"], "special");
    assert_eq!(t["here"]["segment"], "strategic-capabilities");
    let segs = t["segments"].as_array().unwrap();
    // Begin Turn was left with its rolls open: it is behind the bookmark, open, not done.
    let marked = |field: &str| -> Vec<&str> {
        segs.iter()
            .filter(|s| s[field] == true)
            .map(|s| s["segment"].as_str().unwrap())
            .collect()
    };
    assert!(marked("done").is_empty(), "{t}");
    assert_eq!(marked("open"), vec!["begin-turn"]);
    let (code, text, err) = env.run(&["track"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("segment 2 of 4 in US Special Activations"),
        "{text}"
    );
    assert!(text.contains("○ Begin Turn"), "{text}");
    assert!(text.contains("▶ Improve Strategic Capabilities"), "{text}");
    assert!(text.contains("– State of the Union"), "{text}");
    assert!(text.contains("· Any 3 Actions"), "{text}");
    // Another turn: ahead, and nothing is here.
    let t = env.json(&["track", "--turn", "2"]);
    assert_eq!(t["here"], Value::Null);
    assert!(
        t["segments"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["done"] == false)
    );
}

#[test]
fn the_track_of_the_turn_before_keeps_what_was_left_open_and_what_was_not_played() {
    let env = Env::new();
    // Turn 2: the walk starts at the evaluation, which is left with its roll open.
    play(
        &env,
        &["--goto", "evaluation", "--turn", "2"],
        "next\nquit\n",
    );
    play(&env, &["--goto", "begin-turn", "--turn", "3"], "quit\n");
    let t = env.json(&["track", "--turn", "2"]);
    let seg = |id: &str| {
        t["segments"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["segment"] == id)
            .cloned()
            .unwrap()
    };
    assert_eq!(seg("evaluation")["open"], true, "{t}");
    assert_eq!(seg("evaluation")["done"], false, "{t}");
    // Jumped past, never played: not done.
    assert_eq!(seg("consequences")["done"], false, "{t}");
    // Turn 1, older than the turn before: no record is kept, behind is done.
    let t = env.json(&["track", "--turn", "1"]);
    assert!(
        t["segments"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["played"] == true)
            .all(|s| s["done"] == true),
        "{t}"
    );
}

#[test]
fn the_track_fits_sixty_columns() {
    let env = Env::new();
    let out = env.cmd(&["track"]).env("COLUMNS", "60").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    for l in text.lines() {
        assert!(l.chars().count() <= 60, "{l}");
    }
}

#[test]
fn two_restarts_keep_three_games() {
    let env = Env::new();
    for (game, n) in [(1, "3"), (2, "4"), (3, "5")] {
        if game > 1 {
            play(&env, &["--restart", "--yes"], "");
        } else {
            play(&env, &[], "quit\n");
        }
        let (code, _, err) = env.run(&["roll", "d10", "--roll", n]);
        assert_eq!(code, 0, "{err}");
    }
    let g = env.json(&["games"]);
    assert_eq!(g["current"], 3);
    let games = g["games"].as_array().unwrap();
    assert_eq!(games.len(), 3);
    for (i, game) in games.iter().enumerate() {
        assert_eq!(game["number"], i + 1);
        assert_eq!(game["current"], i == 2);
        assert_eq!(game["rolls"], 1);
        assert_eq!(game["turn"], 1);
    }
    // Each game's own log: the current by default, an earlier one with --game.
    assert_eq!(log_of(&env, &[])[0]["natural"], 5);
    assert_eq!(log_of(&env, &["--game", "1"])[0]["natural"], 3);
    assert_eq!(log_of(&env, &["--game", "2"])[0]["natural"], 4);
    assert_eq!(log_of(&env, &["--game", "3"])[0]["natural"], 5);
    assert_eq!(env.json(&["log", "--game", "1"])["game"], 1);
    env.bad(&["log", "--game", "4"], "there is no game 4");
    // The current game is where it always was: `where` and `play` go on with it.
    assert!(book_dir(&env).join("bookmark.json").is_file());
    assert!(book_dir(&env).join("games/1/log.jsonl").is_file());
    assert_eq!(env.json(&["where"])["started"], true);
    let (_, text, _) = env.run(&["games"]);
    assert!(
        text.contains("Game 3") && text.contains("(current)"),
        "{text}"
    );
}

#[test]
fn no_game_lists_no_game() {
    let env = Env::new();
    let g = env.json(&["games"]);
    assert_eq!(g["current"], 1);
    assert_eq!(g["games"].as_array().unwrap().len(), 0);
    let (_, text, _) = env.run(&["games"]);
    assert!(text.contains("No game"), "{text}");
}

#[test]
fn rolls_outside_play_go_to_the_open_game() {
    let env = Env::new();
    // No game: nothing is written.
    let (code, _, err) = env.run(&["roll", "d10", "--roll", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(!env.data().exists() || !book_dir(&env).join("log.jsonl").exists());
    play(&env, &["--restart", "--yes"], "");
    play(&env, &[], "next\nquit\n");
    let (code, _, err) = env.run(&["roll", "d10", "--roll", "3"]);
    assert_eq!(code, 0, "{err}");
    // --json rolls log too; --no-log does not; a failed roll logs nothing.
    let mut sotu = vec!["roll", "sotu", "--roll", "4", "--set", "orator=no"];
    sotu.extend_from_slice(common::SOTU_25);
    env.json(&sotu);
    env.json(&["roll", "d10", "--roll", "7", "--no-log"]);
    env.bad(&["roll", "d10", "--roll", "11"], "--roll 11");
    let log = log_of(&env, &[]);
    assert_eq!(log.len(), 2, "{log:?}");
    assert_eq!(log[0]["chart"], "d10");
    assert_eq!(log[0]["natural"], 3);
    assert_eq!(log[0]["outside"], true);
    assert_eq!(log[0]["turn"], 1);
    assert_eq!(log[0]["phase"], "special");
    assert_eq!(log[0]["segment"], "strategic-capabilities");
    assert_eq!(log[1]["chart"], "sotu");
    assert_eq!(log[1]["row"], "3-5");
    assert_eq!(log[1]["outside"], true);
    let (_, text, _) = env.run(&["log"]);
    assert!(text.contains("d10 rolled 3 (outside play)"), "{text}");
    let (_, md, _) = env.run(&["log", "--markdown"]);
    assert!(md.contains("(outside play)"), "{md}");
}

#[test]
fn undone_rolls_are_marked_in_the_log() {
    let env = Env::new();
    let dir = book_dir(&env);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("log.jsonl"),
        "{\"turn\":1,\"phase\":\"1\",\"segment\":\"fni\",\"chart\":\"fni\",\"natural\":4,\"total\":4,\"row\":\"4-6\",\"result\":\"one\",\"undone\":true}\n",
    )
    .unwrap();
    let log = log_of(&env, &[]);
    assert_eq!(log[0]["undone"], true);
    let (_, text, _) = env.run(&["log"]);
    assert!(text.contains("(undone)"), "{text}");
    let (_, md, _) = env.run(&["log", "--markdown"]);
    assert!(
        md.contains(
            "| Activation Phase 1 | Focused National Intelligence | ~~Focused National Intelligence Collection Table rolled 4 → 4-6~~ (undone)"
        ) && md.contains("~~one~~"),
        "{md}"
    );
    assert_eq!(env.json(&["games"])["games"][0]["rolls"], 0);
}

#[test]
fn the_profile_is_shown_set_and_cleared() {
    let env = Env::new();
    let p = env.json(&["profile"]);
    let keys: Vec<&str> = common::strings(&p, "answers", "key");
    assert_eq!(
        keys[..6],
        [
            "difficulty",
            "efficient",
            "disorganized",
            "chief_of_staff",
            "orator",
            "likeable"
        ]
    );
    // Each Focus priority keeps its counter's range and focus.
    assert!(
        keys.contains(&"range#6") && keys.contains(&"focus#1"),
        "{keys:?}"
    );
    assert!(
        p["answers"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["value"].is_null())
    );
    assert_eq!(
        p["answers"][4]["question"],
        "Does the President have the Orator attribute?"
    );
    let p = env.json(&["profile", "--set", "orator=y", "--set", "difficulty=Easier"]);
    assert_eq!(p["answers"][4]["value"], "yes");
    assert_eq!(p["answers"][0]["value"], "easier");
    let (_, text, _) = env.run(&["profile"]);
    assert!(text.contains("Orator: yes"), "{text}");
    assert!(text.contains("Likeable: not kept yet"), "{text}");
    env.bad(
        &["profile", "--set", "orator=maybe"],
        "Orator [orator] takes yes or no",
    );
    env.bad(
        &["profile", "--set", "speed=3"],
        "'speed' is not kept in the profile",
    );
    env.bad(&["profile", "--clear", "speed"], "'speed' is not kept");
    env.bad(&["profile", "--set", "orator"], "KEY=VALUE");
    // A bad value changes nothing, not even the good ones beside it.
    env.bad(
        &["profile", "--clear", "orator", "--set", "difficulty=hard"],
        "[difficulty] takes one of",
    );
    assert_eq!(env.json(&["profile"])["answers"][4]["value"], "yes");
    let p = env.json(&["profile", "--clear", "orator"]);
    assert!(p["answers"][4]["value"].is_null());
    assert_eq!(p["answers"][0]["value"], "easier");
}

#[test]
fn a_new_game_starts_with_the_players_answers_of_the_last_profile() {
    let env = Env::new();
    play(&env, &[], "quit\n");
    env.json(&[
        "profile",
        "--set",
        "likeable=yes",
        "--set",
        "difficulty=easier",
    ]);
    play(&env, &["--restart", "--yes"], "");
    let p = env.json(&["profile"]);
    assert_eq!(p["game"], 2);
    // The difficulty is the player's: carried over; the President's attributes are not.
    assert_eq!(p["answers"][0]["value"], "easier");
    assert!(p["answers"][5]["value"].is_null(), "{p}");
    // The earlier game keeps its own copy: a change now is the new game's only.
    env.json(&["profile", "--set", "likeable=no"]);
    let kept = std::fs::read_to_string(book_dir(&env).join("games/1/profile.json")).unwrap();
    assert!(kept.contains("\"likeable\": \"yes\""), "{kept}");
}

#[test]
fn a_data_folder_of_old_is_moved_in() {
    let env = Env::new();
    play(&env, &[], "next\nquit\n");
    let dir = book_dir(&env);
    let line = |n: u32| {
        format!(
            "{{\"turn\":{n},\"phase\":\"1\",\"segment\":\"fni\",\"chart\":\"fni\",\"natural\":{n},\"total\":{n}}}\n"
        )
    };
    std::fs::write(dir.join("log.previous.jsonl"), line(4)).unwrap();
    std::fs::write(dir.join("log.jsonl"), line(1)).unwrap();
    let g = env.json(&["games"]);
    assert_eq!(g["current"], 2);
    let games = g["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["turn"], 4);
    assert_eq!(games[1]["turn"], 1);
    assert!(!dir.join("log.previous.jsonl").exists());
    assert!(dir.join("games/1/log.jsonl").is_file());
    assert_eq!(log_of(&env, &["--game", "1"])[0]["natural"], 4);
    assert_eq!(log_of(&env, &[])[0]["natural"], 1);
    // The current game goes on where it stood, and a restart keeps it as game 2.
    assert_eq!(env.json(&["where"])["segment"], "strategic-capabilities");
    play(&env, &["--restart", "--yes"], "");
    assert_eq!(env.json(&["games"])["current"], 3);
    assert_eq!(log_of(&env, &["--game", "2"])[0]["natural"], 1);
    assert!(log_of(&env, &[]).is_empty());
}
