//! The command line as a player and a script use it: results, JSON, and every kind of bad input.

use crate::common;
use common::{Env, SOTU_25, strings};

fn args<'a>(head: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    head.iter().chain(tail.iter()).copied().collect()
}

#[test]
fn the_done_when_roll_of_the_state_of_the_union() {
    let env = Env::new();
    let a = args(&["roll", "sotu"], SOTU_25);
    let a = args(&a, &["--set", "orator=yes", "--roll", "4", "--new-player"]);
    let v = env.json(&a);
    assert_eq!(v["chart"], "sotu");
    assert_eq!(v["die"], "d10");
    assert_eq!(v["natural"], 4);
    assert_eq!(v["total"], 1);
    assert_eq!(v["row"], "1-2");
    assert_eq!(v["column"], "24-27");
    assert_eq!(v["modifiers"][0]["source"], "Orator");
    assert_eq!(v["modifiers"][0]["value"], -2);
    assert_eq!(v["modifiers"][1]["value"], -1);
    assert!(
        v["result"]
            .as_str()
            .unwrap()
            .starts_with("+2 Public Approval, +3 APs, +1 RWC")
    );
}

#[test]
fn the_human_roll_shows_natural_modifiers_total_row_and_result() {
    let env = Env::new();
    let a = args(&["roll", "sotu"], SOTU_25);
    let (code, out, err) = env.run(&args(&a, &["--set", "orator=yes", "--roll", "4"]));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("column 24-27"), "{out}");
    assert!(out.contains("natural 4"), "{out}");
    assert!(out.contains("Orator  -2"), "{out}");
    assert!(out.contains("total 2 → row 1-2"), "{out}");
    assert!(
        !out.contains('\u{1b}'),
        "no colour when not a terminal: {out}"
    );
}

#[test]
fn a_seed_gives_the_same_roll_every_time() {
    let env = Env::new();
    let first = env.run(&["roll", "d10", "--seed", "42"]);
    let again = env.run(&["roll", "d10", "--seed", "42"]);
    assert_eq!(first.0, 0);
    assert_eq!(first.1, again.1);
    assert_eq!(env.json(&["roll", "d10", "--seed", "42"])["natural"], 7);
}

#[test]
fn plain_dice_take_the_new_player_drm_and_extras() {
    let env = Env::new();
    let v = env.json(&[
        "roll",
        "2d6",
        "--roll",
        "3",
        "--roll",
        "5",
        "--new-player",
        "--drm",
        "+2",
    ]);
    assert_eq!(v["natural"], 8);
    assert_eq!(v["total"], 9);
    assert_eq!(v["chart"], serde_json::Value::Null);
    assert_eq!(v["modifiers"][1]["source"], "extra");
}

#[test]
fn the_new_player_drm_warns_only_when_the_settings_say_another_difficulty() {
    let env = Env::new();
    // No settings file: nothing contradicts the flag, nothing to warn about.
    let (code, out, err) = env.run(&["roll", "d10", "--new-player", "--roll", "3"]);
    assert_eq!(code, 0);
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("New player (Easier game)  -1"), "{out}");
    // A settings file without a difficulty says nothing either.
    env.write_config("settings.yaml", "color: never\n");
    let (_, _, err) = env.run(&["roll", "d10", "--new-player", "--roll", "3"]);
    assert!(err.is_empty(), "{err}");
    env.write_config("settings.yaml", "difficulty: harder\n");
    let (code, _, err) = env.run(&["roll", "d10", "--new-player", "--roll", "3"]);
    assert_eq!(code, 0);
    assert_eq!(
        err.trim(),
        "warning: the new-player DRM is meant for the Easier game, but settings.yaml says \
         difficulty: harder"
    );
    env.write_config("settings.yaml", "difficulty: easier\nnew_player: true\n");
    let (code, out, err) = env.run(&["roll", "d10", "--roll", "3"]);
    assert_eq!(code, 0);
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("New player (Easier game)  -1"), "{out}");
    let (_, out, _) = env.run(&["roll", "d10", "--roll", "3", "--no-new-player"]);
    assert!(!out.contains("New player"), "{out}");
}

#[test]
fn values_are_named_as_printed_with_their_set_key() {
    let env = Env::new();
    env.bad(
        &["roll", "terror", "--set", "high_groups=many"],
        "Level 3 or 4 Terror Groups [high_groups] takes a number, not 'many'",
    );
    env.bad(
        &["chart", "sotu", "--set", "media=11"],
        "Media Relations [media] must be -5 to 10, not 11",
    );
    // Without a label, the question names the input.
    env.bad(
        &["roll", "un", "--set", "action=picnic"],
        "Which UN action [action] takes one of",
    );
}

#[test]
fn a_die_out_of_range_reads_naturally() {
    let env = Env::new();
    env.bad(
        &["roll", "d10", "--roll", "11"],
        "--roll 11 cannot be: a d10 rolls 1 to 10",
    );
    let mut sotu = vec!["roll", "sotu", "--set", "orator=yes", "--roll", "12"];
    sotu.extend_from_slice(common::SOTU_25);
    env.bad(
        &sotu,
        "--roll 12 cannot be: State of the Union rolls a d10 (1 to 10)",
    );
}

#[test]
fn a_value_table_has_no_natural() {
    let env = Env::new();
    let v = env.json(&["roll", "legacy", "--set", "points=41"]);
    assert_eq!(v["natural"], serde_json::Value::Null);
    assert_eq!(v["total"], 41);
    assert_eq!(v["row"], "40-44");
    assert_eq!(v["column"], serde_json::Value::Null);
}

#[test]
fn the_chart_highlights_the_column_and_gives_odds() {
    let env = Env::new();
    let v = env.json(&args(
        &args(&["chart", "sotu"], SOTU_25),
        &["--set", "orator=yes"],
    ));
    assert_eq!(v["column"], "24-27");
    let chosen: Vec<&serde_json::Value> = v["columns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["chosen"] == true)
        .collect();
    assert_eq!(chosen.len(), 1);
    let odds: Vec<f64> = chosen[0]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["odds"].as_f64().unwrap())
        .collect();
    // Orator -2: naturals 1-4 read 1-2, 5-7 read 3-5, 8-10 read 6-8.
    assert_eq!(odds, vec![40.0, 30.0, 30.0, 0.0]);
    let (code, out, _) = env.run(&args(&["chart", "sotu"], SOTU_25));
    assert_eq!(code, 0);
    assert!(out.contains("[24-27]"), "{out}");
    assert!(out.contains("20.0%"), "{out}");
}

#[test]
fn lists_of_charts_and_books() {
    let env = Env::new();
    let v = env.json(&["charts"]);
    let ids = strings(&v, "charts", "id");
    assert!(ids.contains(&"sotu") && ids.contains(&"legacy"), "{ids:?}");
    let v = env.json(&["books"]);
    assert!(
        v["books"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["id"] == "mr-president")
    );
    let (code, out, _) = env.run(&["charts"]);
    assert_eq!(code, 0);
    assert!(out.contains("State of the Union"));
}

#[test]
fn missing_inputs_without_a_terminal_name_every_set_needed() {
    let env = Env::new();
    let (code, out, err) = env.run(&["roll", "sotu"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(
        err.trim(),
        "flipbook: sotu needs --set approval=… --set congress=… --set media=… --set prestige=… --set orator=…"
    );
    let (code, _, err) = env.run(&["--json", "roll", "sotu", "--set", "approval=3"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--set congress=…") && !err.contains("approval=…"),
        "{err}"
    );
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let env = Env::new();
    env.bad(
        &["roll", "sotx"],
        "unknown chart 'sotx' in mr-president (did you mean sotu",
    );
    env.bad(&["chart", "legcy"], "did you mean legacy");
    env.bad(
        &["--book", "mr-presidnt", "charts"],
        "unknown book 'mr-presidnt' (did you mean mr-president?)",
    );
    env.bad(
        &["roll", "d10", "--roll", "11"],
        "--roll 11 cannot be: a d10 rolls 1 to 10",
    );
    env.bad(&["roll", "d10", "--roll", "0"], "--roll 0 cannot be: a d10");
    env.bad(
        &["roll", "d10", "--roll", "3", "--roll", "4"],
        "2 --roll values given, but the roll used only 1; not used: 4",
    );
    env.bad(
        &["roll", "legacy", "--set", "points=999"],
        "Legacy Points [points] must be -200 to 200, not 999",
    );
    env.bad(
        &["roll", "sotu", "--set", "orator=maybe"],
        "Orator [orator] takes yes or no",
    );
    env.bad(
        &["roll", "sotu", "--set", "approval"],
        "--set takes KEY=VALUE, not 'approval'",
    );
    env.bad(
        &["roll", "sotu", "--set", "charisma=3"],
        "sotu has no input 'charisma'",
    );
    env.bad(&["roll", "3d", "--roll", "1"], "unknown chart '3d'");
    env.bad(&["roll", "d1000"], "unknown chart 'd1000'");
    env.bad(&["--json", "roll", "legacy"], "legacy needs --set points=…");
    env.bad(
        &["roll", "d10", "--set", "x=1"],
        "plain dice (d10) take no --set",
    );
    assert!(!env.data().exists(), "bad input writes nothing");
}

#[test]
fn a_broken_chart_of_the_players_own_is_exit_1_with_its_place() {
    let env = Env::new();
    let p = env.write_config(
        "books/mr-president/d9.yaml",
        "id: d9\ntitle: Domestic Crisis Event Table\nprinted: D9\ndie: d10\nrows:\n  - {row: \"1-4\", result: a}\n  - {row: \"6+\", result: b}\n",
    );
    let (code, _, err) = env.run(&["roll", "sotu", "--roll", "3"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(&format!("{}:7:", p.display())), "{err}");
    assert!(err.contains("gap between rows '1-4' and '6+'"), "{err}");
    std::fs::write(&p, "id: d9\ntitle: [\n").unwrap();
    let (code, _, err) = env.run(&["charts"]);
    assert_eq!(code, 1);
    assert!(err.contains(&format!("{}:", p.display())), "{err}");
}

#[test]
fn a_broken_settings_file_names_its_line() {
    let env = Env::new();
    env.write_config("settings.yaml", "color: auto\ndice: telepathy\n");
    let (code, _, err) = env.run(&["charts"]);
    assert_eq!(code, 1);
    assert!(err.contains("settings.yaml:2:"), "{err}");
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let env = Env::new();
    let (_, out, _) = env.run(&["--color", "always", "roll", "d10", "--roll", "3"]);
    assert!(out.contains('\u{1b}'), "{out}");
    let out = env
        .cmd(&["--color", "never", "roll", "d10", "--roll", "3"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\u{1b}'));
    let out = env
        .cmd(&["roll", "d10", "--roll", "3"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\u{1b}'));
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    // A command's output, and help (clap's, written before any command runs).
    for args in [
        &["completions", "zsh"][..],
        &["--help"],
        &["play", "--help"],
    ] {
        closed_pipe_ends_quietly(args);
    }
}

fn closed_pipe_ends_quietly(args: &[&str]) {
    let env = Env::new();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_flipbook"))
        .args(args)
        .env("FLIPBOOK_HOME", env.home.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_new_player_option_belongs_to_the_book_that_declares_it() {
    let env = Env::new();
    env.bad(
        &["--book", "ti4", "roll", "d10", "--new-player"],
        "book ti4 has no new-player option",
    );
    // The settings' choice is the player's default everywhere: on a book without the option
    // it quietly does nothing.
    env.write_config("settings.yaml", "difficulty: easier\nnew_player: true\n");
    let v = env.json(&["--book", "ti4", "roll", "d10", "--roll", "4"]);
    assert_eq!(v["total"], 4);
    assert!(v["modifiers"].as_array().unwrap().is_empty(), "{v}");
    // Mr. President declares it: the label and the value come from its book.yaml.
    let v = env.json(&["roll", "d10", "--roll", "4"]);
    assert_eq!(v["modifiers"][0]["source"], "New player (Easier game)");
    assert_eq!(v["total"], 3);
}

#[test]
fn the_chart_json_carries_what_the_text_shows() {
    let env = Env::new();
    let v = env.json(&["chart", "fni"]);
    let listed: Vec<&str> = v["listed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["label"].as_str().unwrap())
        .collect();
    assert!(!listed.is_empty(), "{v}");
    assert_eq!(v["cap"], "+/-2 Max");
    assert_eq!(v["optional"][0]["source"], "new-player");
    assert_eq!(v["optional"][0]["value"], -1);
    let needs: Vec<&str> = v["needs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap())
        .collect();
    assert!(needs.contains(&"recon_higher"), "{needs:?}");
    let (_, text, _) = env.run(&["chart", "fni"]);
    for l in listed {
        assert!(text.contains(l), "{l} missing from the text: {text}");
    }
    assert!(text.contains("(+/-2 Max)"), "{text}");
    assert!(
        text.contains("-1 optional new-player DRM after the cap"),
        "{text}"
    );
}

#[test]
fn a_file_that_cannot_be_read_is_named() {
    let env = Env::new();
    std::fs::create_dir_all(env.data().join("mr-president/bookmark.json")).unwrap();
    let (code, _, err) = env.run(&["where"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("cannot read") && err.contains("bookmark.json"),
        "{err}"
    );
    let p = env.write_config("books/mr-president/huge.yaml", &"# x\n".repeat(300_000));
    let (code, _, err) = env.run(&["charts"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains(&p.display().to_string()), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn the_cabinet_drama_table_rolls_and_says_where_it_is_printed() {
    let env = Env::new();
    let v = env.json(&["roll", "cabinet-drama", "--roll", "6"]);
    assert_eq!(v["chart"], "cabinet-drama");
    assert_eq!(v["natural"], 6);
    let r = v["result"].as_str().unwrap();
    assert!(r.contains("Cabinet Drama Table") && r.contains('6'), "{r}");
    let (code, out, err) = env.run(&["chart", "cabinet-drama"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Cabinet Drama Table"), "{out}");
}

#[test]
fn a_selection_roll_takes_no_drm() {
    let env = Env::new();
    env.bad(&["roll", "conflict", "--drm", "1"], "takes no --drm");
    env.bad(
        &["roll", "russia-or-china", "--drm=-1", "--roll", "4"],
        "takes no --drm",
    );
    env.bad(&["chart", "region", "--drm", "2"], "takes no --drm");
    // Other charts still take one.
    let v = env.json(&["roll", "end-turn", "--roll", "4"]);
    assert_eq!(v["total"], 4);
    let v = env.json(&["roll", "summit", "--roll", "4", "--drm=-1"]);
    assert_eq!(v["total"], 3);
}

#[test]
fn a_table_without_a_die_answers_when_every_input_is_given() {
    let env = Env::new();
    let v = env.json(&["chart", "legacy", "--set", "points=33"]);
    assert_eq!(v["total"], 33);
    assert_eq!(v["row"], "32-34");
    assert!(v["result"].as_str().unwrap().contains("Wilson"), "{v}");
    assert!(v["columns"].is_array(), "the table is still there: {v}");
    let (code, out, err) = env.run(&["chart", "legacy", "--set", "points=33"]);
    assert_eq!(code, 0, "{err}");
    let answer = out.find("Legacy Points 33 → row 32-34").expect(&out);
    let wilson = out.find("Remembered like Woodrow Wilson").unwrap();
    let table = out.find("value ").expect(&out);
    assert!(
        answer < wilson && wilson < table,
        "answer, then the table: {out}"
    );
    // Without the inputs: the table alone.
    let v = env.json(&["chart", "legacy"]);
    assert!(v.get("total").is_none_or(serde_json::Value::is_null), "{v}");
    assert!(
        v.get("result").is_none_or(serde_json::Value::is_null),
        "{v}"
    );
    // The evaluation, and another book's look-up by a choice (with its column).
    let v = env.json(&[
        "chart",
        "evaluation",
        "--set",
        "approval=5",
        "--set",
        "congress=5",
        "--set",
        "media=5",
        "--set",
        "economy=5",
        "--set",
        "homeland=5",
        "--set",
        "weak_regions=1",
        "--set",
        "rogue_states=0",
        "--set",
        "turn=2",
    ]);
    assert_eq!(
        (v["total"].as_i64(), v["row"].as_str()),
        (Some(24), Some("22-25"))
    );
    assert!(v["result"].as_str().unwrap().contains("No impact"), "{v}");
    let v = env.json(&[
        "--book",
        "awaw",
        "chart",
        "regions",
        "--set",
        "country=Hungary",
    ]);
    assert_eq!(v["column"], "Hungary");
    assert!(
        v["result"].as_str().unwrap().contains("Central Europe"),
        "{v}"
    );
    // A chart with a die shows odds, not an answer.
    let v = env.json(&["chart", "terror", "--set", "high_groups=1"]);
    assert!(
        v.get("result").is_none_or(serde_json::Value::is_null),
        "{v}"
    );
}

#[test]
fn the_chosen_row_and_column_are_marked_without_colour() {
    let env = Env::new();
    let (_, out, _) = env.run(&["chart", "legacy", "--set", "points=33"]);
    let row = out
        .lines()
        .find(|l| l.contains("Woodrow Wilson") && !l.starts_with("  "))
        .expect(&out);
    assert!(row.starts_with("[32-34]"), "the row is marked: {out}");
    assert!(!out.contains('\u{1b}'), "no colour in a pipe: {out}");
    let args: Vec<&str> = ["chart", "sotu", "--set", "orator=no"]
        .iter()
        .chain(common::SOTU_25)
        .copied()
        .collect();
    let (_, out, _) = env.run(&args);
    assert!(out.contains("[24-27]"), "the column is marked: {out}");
    // Narrow: the columns are listed under each row, still marked.
    let o = env
        .cmd(&[
            "--book",
            "awaw",
            "chart",
            "regions",
            "--set",
            "country=Hungary",
        ])
        .env("COLUMNS", "40")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("[Hungary]"), "{out}");
}

#[test]
fn a_result_that_ends_the_game_says_so() {
    let env = Env::new();
    let eval: &[&str] = &[
        "--set",
        "approval=4",
        "--set",
        "congress=3",
        "--set",
        "media=3",
        "--set",
        "economy=3",
        "--set",
        "homeland=3",
        "--set",
        "weak_regions=0",
        "--set",
        "rogue_states=0",
        "--set",
        "turn=2",
    ];
    let args: Vec<&str> = ["roll", "evaluation"].iter().chain(eval).copied().collect();
    let (code, out, err) = env.run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Game over: this result ends the game."),
        "{out}"
    );
    let args: Vec<&str> = ["chart", "evaluation"]
        .iter()
        .chain(eval)
        .copied()
        .collect();
    let v = env.json(&args);
    assert_eq!(v["game_over"], true, "{v}");
    let (_, out, _) = env.run(&["roll", "legacy", "--set", "points=33"]);
    assert!(!out.contains("Game over"), "{out}");
}

#[test]
fn roll_results_speak_plain_words() {
    let env = Env::new();
    // One row for any total: no "row any".
    let (_, out, _) = env.run(&[
        "roll",
        "aps",
        "--set",
        "difficulty=easier",
        "--set",
        "effectiveness_bonus=-1",
        "--set",
        "efficient=no",
        "--set",
        "disorganized=no",
        "--set",
        "chief_of_staff=no",
    ]);
    assert!(
        out.contains("total 19") && !out.contains("row any"),
        "{out}"
    );
    // FNI counters name the comparison that fails.
    let fni = |us_cyber: &str| {
        env.run(&[
            "roll",
            "fni-counters",
            "--set",
            us_cyber,
            "--set",
            "us_recon=5",
            "--set",
            "russia_cyber=4",
            "--set",
            "russia_recon=2",
            "--set",
            "china_cyber=2",
            "--set",
            "china_recon=2",
        ])
        .1
    };
    let out = fni("us_cyber=3");
    assert!(out.contains("US Cyber 3 < Russia 4"), "{out}");
    assert!(
        out.contains("1 Focused National Intelligence counter"),
        "{out}"
    );
    assert!(
        !out.contains("row 3 or less") && !out.contains("+1"),
        "{out}"
    );
    let out = fni("us_cyber=4");
    assert!(
        out.contains("2 Focused National Intelligence counters"),
        "{out}"
    );
    // A region's Stability is one digit on every chart that asks it (the track runs 0-8): one
    // key in play, 9 refused.
    let (code, _, err) = env.run(&[
        "roll",
        "civil-war",
        "--set",
        "counter=civil-war",
        "--set",
        "un_action=no",
        "--set",
        "stability=9",
        "--set",
        "iran_influence=no",
    ]);
    assert!(code != 0 && err.contains("must be 0 to 8"), "{err}");
    // A count of something, in words.
    let (_, out, _) = env.run(&[
        "roll",
        "evaluation",
        "--set",
        "approval=5",
        "--set",
        "congress=5",
        "--set",
        "media=5",
        "--set",
        "economy=5",
        "--set",
        "homeland=5",
        "--set",
        "weak_regions=3",
        "--set",
        "rogue_states=0",
        "--set",
        "turn=2",
    ]);
    assert!(
        out.contains("Regions with Alignment 4 or less (3, -1 each)") && !out.contains('×'),
        "{out}"
    );
}

#[test]
fn charts_and_lists_speak_plain_words() {
    let env = Env::new();
    // "after the cap" only where there is a cap.
    let (_, out, _) = env.run(&["chart", "sotu"]);
    assert!(!out.contains("after the cap"), "{out}");
    assert!(out.contains("-1 optional new-player DRM"), "{out}");
    let (_, out, _) = env.run(&["chart", "terror"]);
    assert!(out.contains("after the cap"), "{out}");
    // Results by a choice not given: each by its label, on a line of its own.
    let (_, out, _) = env.run(&["chart", "focus", "--set", "range=1-3"]);
    assert!(
        !out.contains("cabinet:") && !out.contains("homeland:"),
        "{out}"
    );
    let line = out
        .lines()
        .find(|l| l.contains("Improve Homeland Security:"))
        .expect(&out);
    assert!(
        !line.contains("Improve Economy"),
        "one result a line: {out}"
    );
}

#[test]
fn search_and_the_chart_list_fit_the_terminal() {
    let env = Env::new();
    let (_, out, _) = env.run(&["search", "legacy"]);
    assert!(
        !out.lines().any(|l| l.trim() == "legacy"),
        "an id is no hit: {out}"
    );
    let (_, out, _) = env.run(&["search", "d9"]);
    assert!(!out.lines().any(|l| l.trim() == "d9"), "{out}");
    let (_, out, _) = env.run(&["search", "rout"]);
    for l in out.lines().filter(|l| l.starts_with("    ")) {
        assert!(l.chars().count() <= 100, "{l}");
        if let Some(cut) = l.strip_suffix('…') {
            assert!(cut.ends_with(|c: char| !c.is_whitespace()), "{l}");
            let words: Vec<&str> = cut.split_whitespace().collect();
            let last = words.last().unwrap();
            let whole = out.contains(last);
            assert!(whole, "{l}");
        }
    }
    assert!(
        out.contains('…'),
        "a long snippet is cut with an ellipsis: {out}"
    );
    let (_, out, _) = env.run(&["charts"]);
    // A chart's line: its id, then its die (or - for a table without one).
    let ids: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let (id, die) = (w.next()?, w.next()?);
            let is_dice = die
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .strip_prefix('d')
                .is_some_and(|n| n.parse::<u32>().is_ok());
            (die == "-" || is_dice).then_some(id)
        })
        .collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(ids, sorted, "one order: {out}");
    assert!(ids.len() > 50, "{out}");
    for l in out.lines() {
        assert!(l.chars().count() <= 100, "fits 100 columns: {l}");
    }
}

#[test]
fn segment_references_read_plainly() {
    let env = Env::new();
    let o = env
        .cmd(&["play", "--goto", "evaluation", "--turn", "1"])
        .env("NO_COLOR", "1")
        .write_stdin("quit\n")
        .output()
        .unwrap();
    // The heading is wrapped to the width: read its words as one text.
    let out = String::from_utf8_lossy(&o.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        out.contains("Presidential Performance Evaluation (Flipbook p27, Sandbox game)"),
        "{out}"
    );
    // No reference of any book nests parentheses in the play heading's own.
    for book in ["mr-president", "awaw", "bastards-inc", "ideology", "ti4"] {
        let path = common::repo().join(format!("charts/{book}/sequence.yaml"));
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        for l in text.lines().filter(|l| l.trim_start().starts_with("ref:")) {
            assert!(!l.contains('('), "{book}: {l}");
        }
    }
}

/// `play --help`'s table of keys at 80 and 60 columns: what a command does is wrapped under
/// its indent, never back to column 0, and no line is wider than the help (issue 29).
#[test]
fn plays_help_wraps_the_key_table_under_its_indent() {
    let env = Env::new();
    for width in [80, 60] {
        let out = env
            .cmd(&["play", "--help"])
            .env("COLUMNS", width.to_string())
            .output()
            .unwrap();
        let help = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            help.lines()
                .all(|l| console::measure_text_width(l) <= width),
            "{width}: {help}"
        );
        let table = &help[help.find("key ").unwrap()..];
        let table = &table[..table.find("\n\n").unwrap()];
        let rows: Vec<&str> = table.lines().collect();
        assert!(rows.len() > 40, "{table}");
        // A row is a command's keys and line (the key in column 0, padded to the line's
        // column), or what it does, 11 columns in.
        for row in &rows {
            let keyed = !row.starts_with(' ') && row.chars().nth(10) == Some(' ');
            assert!(
                keyed || row.starts_with(&" ".repeat(11)),
                "{width}: '{row}'\n{table}"
            );
        }
        let wrapped = rows.iter().find(|r| r.contains("script)")).unwrap();
        assert!(wrapped.starts_with(&" ".repeat(11)), "{width}: {table}");
    }
}
