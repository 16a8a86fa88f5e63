//! `report`: the story of the scripted four-turn game as text, JSON, SVG and HTML; the files
//! well-formed, self-contained, one plotted line per number given in two turns or more; the
//! guide's picture made from the same game (`UPDATE_DOCS=1` writes it anew); bad paths refused.

use crate::common;
use common::{Env, repo};

/// The scripted game of tests/transcripts, played with its seed.
fn played() -> Env {
    let env = Env::new();
    let input = std::fs::read_to_string(repo().join("tests/transcripts/four-turns.in")).unwrap();
    let out = env
        .cmd(&["--seed", "2026", "play"])
        .env("NO_COLOR", "1")
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    env
}

/// The `<polyline>`s drawn with the series' stroke (the axes are drawn 1 wide).
fn plotted_lines(doc: &roxmltree::Document) -> usize {
    doc.descendants()
        .filter(|n| n.has_tag_name("polyline") && n.attribute("stroke-width") == Some("2"))
        .count()
}

#[test]
fn the_story_of_the_scripted_game() {
    let env = played();
    let (code, text, err) = env.run(&["report"]);
    assert_eq!(code, 0, "{err}");
    for want in [
        "Mr. President · game 1",
        // Re-elected at turn 4: the game goes on into the second term.
        "played to turn 4; the game goes on",
        "Turn 1\n",
        "Turn 4\n",
        "Public Approval %: 38",
        "Russia or China Acts rolled 6 → 6-10: China acts",
        "Master Diplomatic Action Chart rolled 7 (re-roll)",
        "Focus: Improve Economy → Improve Relations with Congress",
        "Chits: Domestic Crisis, Cascading Event 2, Good Times!",
        "Turn by turn\n  turn                          1  2  3  4\n",
        "  Public Approval               5  6  7  6\n",
        "What the dice did\n  d10 (rolled by flipbook): 26 rolls, mean 6.54 (a fair die: 5.50)",
        "too few rolls to say (26 of the 50 a fair test needs)",
    ] {
        assert!(text.contains(want), "no {want:?} in:\n{text}");
    }

    let series = the_json_of_the_story(&env);
    the_files_of_the_story(&env, series);
}

/// `--json`: the values per turn, the series, the face counts; the number of series.
fn the_json_of_the_story(env: &Env) -> usize {
    let json = env.json(&["report"]);
    let series = json["series"].as_array().unwrap();
    let approval = series.iter().find(|s| s["key"] == "approval").unwrap();
    assert_eq!(approval["label"], "Public Approval");
    let points: Vec<(u64, i64)> = approval["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["turn"].as_u64().unwrap(), p["value"].as_i64().unwrap()))
        .collect();
    assert_eq!(points, [(1, 5), (2, 6), (3, 7), (4, 6)]);
    // Every series was given in two turns or more; yes/no answers are not plotted.
    assert!(
        series
            .iter()
            .all(|s| s["points"].as_array().unwrap().len() >= 2)
    );
    assert!(
        !series
            .iter()
            .any(|s| s["key"] == "orator" || s["key"] == "turn")
    );
    let turn3 = &json["turns"][2];
    assert_eq!(turn3["turn"], 3);
    let given: Vec<&str> = turn3["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["key"].as_str().unwrap())
        .collect();
    assert!(
        given.contains(&"approval") && given.contains(&"pile"),
        "{given:?}"
    );
    let d10 = &json["dice"][0];
    assert_eq!(
        (d10["die"].as_str(), d10["source"].as_str()),
        (Some("d10"), Some("tool"))
    );
    let counts: Vec<u64> = d10["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["count"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [2, 0, 3, 1, 3, 4, 2, 3, 2, 6]);
    assert_eq!(d10["rolls"], 26);
    assert!(d10["p_value"].is_null());

    series.len()
}

/// `--svg` and `--html`: well-formed, one line per series, nothing fetched; the guide's picture.
fn the_files_of_the_story(env: &Env, series: usize) {
    let dir = tempfile::tempdir().unwrap();
    let (svg_path, html_path) = (dir.path().join("year.svg"), dir.path().join("year.html"));
    let (code, out, err) = env.run(&[
        "report",
        "--svg",
        svg_path.to_str().unwrap(),
        "--html",
        html_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Wrote "), "{out}");
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(plotted_lines(&doc), series);

    let html = std::fs::read_to_string(&html_path).unwrap();
    let page = roxmltree::Document::parse_with_options(
        &html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..roxmltree::ParsingOptions::default()
        },
    )
    .expect("the page is well-formed");
    assert_eq!(page.root_element().tag_name().name(), "html");
    assert_eq!(plotted_lines(&page), series);
    assert!(page.descendants().any(|n| n.text() == Some("Turn 4")));
    // Self-contained: nothing fetched, nothing run.
    for n in page.descendants().filter(roxmltree::Node::is_element) {
        let tag = n.tag_name().name();
        assert!(
            ![
                "script", "link", "img", "iframe", "object", "embed", "image", "use"
            ]
            .contains(&tag),
            "<{tag}>"
        );
        for a in n.attributes() {
            assert!(
                !["src", "href"].contains(&a.name()),
                "{tag} has {}={}",
                a.name(),
                a.value()
            );
        }
    }
    let bare = html
        .replace("http://www.w3.org/1999/xhtml", "")
        .replace("http://www.w3.org/2000/svg", "");
    for fetch in ["http:", "https:", "url(", "@import", "//"] {
        assert!(!bare.contains(fetch), "the page names {fetch}");
    }

    // The guide's picture is this game's plots: made anew with UPDATE_DOCS=1, else compared.
    let docs = repo().join("docs/report.svg");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&docs, &svg).unwrap();
    }
    let checked_in = std::fs::read_to_string(&docs).unwrap_or_default();
    assert!(
        checked_in == svg,
        "docs/report.svg is stale: UPDATE_DOCS=1 cargo test --test it report:: writes it anew"
    );
}

#[test]
fn one_turn_and_an_earlier_game() {
    let env = played();
    let (code, text, err) = env.run(&["report", "--turn", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("Turn 3\n") && !text.contains("Turn 2\n"),
        "{text}"
    );
    assert!(text.contains("Reshuffle pile: 9"), "{text}");
    env.bad(&["report", "--game", "7"], "there is no game 7");
}

#[test]
fn paths_that_are_not_files_or_are_ours_are_refused() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    env.bad(&["report", "--svg", d], "is not a regular file");
    env.bad(
        &["report", "--html", "/nonexistent-folder/x.html"],
        "its folder does not exist",
    );
    std::fs::create_dir_all(env.data()).unwrap();
    let inside = env.data().join("r.html");
    env.bad(
        &["report", "--html", inside.to_str().unwrap()],
        "flipbook's own folder",
    );
    #[cfg(unix)]
    {
        let fifo = dir.path().join("fifo");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        env.bad(
            &["report", "--svg", fifo.to_str().unwrap()],
            "is not a regular file",
        );
    }
    // No game yet: an empty story, nothing to plot.
    let (code, text, _) = env.run(&["report"]);
    assert_eq!(code, 0);
    assert!(text.contains("nothing logged yet"), "{text}");
    env.bad(
        &[
            "report",
            "--svg",
            dir.path().join("a.svg").to_str().unwrap(),
        ],
        "nothing to plot",
    );
}

/// On a terminal wide enough the numbers are drawn, a line of blocks each; too narrow, a table.
#[cfg(unix)]
#[test]
fn on_a_terminal_the_numbers_are_drawn() {
    use expectrl::{Eof, Expect, Regex};
    let env = played();
    for (cols, drawn) in [(100, true), (50, false)] {
        let mut s = common::pty(&env, &["report"], cols);
        s.expect("Turn by turn").unwrap();
        let found = s.expect(Regex(r"  Public Approval +[^\r\n]*")).unwrap();
        let approval = String::from_utf8_lossy(found.get(0).unwrap()).to_string();
        s.expect(Eof).unwrap();
        if drawn {
            // 5, 6, 7, 6 between 5 and 7 (turn 2's Midterms take the Evaluation's 6, kept).
            assert!(
                approval.contains("▁ ▄ █ ▄  5 → 6 (low 5, high 7)"),
                "{approval}"
            );
        } else {
            assert!(approval.trim_end().ends_with("5  6  7  6"), "{approval}");
        }
    }
}

#[test]
fn dice_typed_in_are_counted_apart() {
    let env = played();
    let (code, _, err) = env.run(&["roll", "d10", "--roll", "3"]);
    assert_eq!(code, 0, "{err}");
    let json = env.json(&["report"]);
    let dice = json["dice"].as_array().unwrap();
    let hand = dice
        .iter()
        .find(|d| d["source"] == "hand")
        .expect("the typed die apart");
    assert_eq!(
        (hand["die"].as_str(), hand["rolls"].as_u64()),
        (Some("d10"), Some(1))
    );
    assert_eq!(hand["faces"][2]["count"], 1);
    let tool = dice
        .iter()
        .find(|d| d["source"] == "tool" && d["die"] == "d10")
        .unwrap();
    assert_eq!(tool["rolls"], 26, "the tool's d10 rolls are as before");
    let (_, text, _) = env.run(&["report"]);
    assert!(text.contains("d10 (typed in): 1 roll, mean 3.00"), "{text}");
    assert!(
        text.contains("d10 rolled 3 (by hand) (outside play)"),
        "{text}"
    );
}

/// A roll taken back in `play` (the journal appends an undo line naming it) is not in the story,
/// and a roll beside it stays.
#[test]
fn a_roll_undone_in_play_is_left_out_of_the_story() {
    let env = Env::new();
    let out = env
        .cmd(&["--seed", "3", "play"])
        .env("NO_COLOR", "1")
        .write_stdin("roll russia-or-china\nroll russia-or-china\nundo\nquit\n")
        .output()
        .unwrap();
    let log =
        std::fs::read_to_string(env.data().join("mr-president/log.jsonl")).unwrap_or_default();
    assert!(
        log.contains("\"undo\""),
        "no undo line in the log:\n{log}\n{out:?}"
    );
    let (code, text, err) = env.run(&["--json", "report"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let s = v.to_string();
    // Seed 3 rolls a 7, then a 1: the 1 is taken back.
    assert_eq!(v["undone"], 1, "{s}");
    let rolls = &v["turns"][0]["rolls"];
    assert_eq!(rolls.as_array().map(Vec::len), Some(1), "{s}");
    assert_eq!(rolls[0]["natural"], 7, "{s}");
    assert_eq!(v["dice"][0]["rolls"], 1, "{s}");
}
