//! The four small books and the book format: each book's rules, the seed's own Ideology example,
//! the ordering helpers' bad input, and BOOKS.md's worked example.

use crate::common;
use common::{Env, repo, strings};
use serde_json::Value;

fn order(env: &Env, book: &str, args: &[&str]) -> Value {
    let mut a = vec!["--book", book, "order"];
    a.extend_from_slice(args);
    env.json(&a)
}

fn names(v: &Value) -> Vec<String> {
    v["order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn five_books_are_listed() {
    let env = Env::new();
    let v = env.json(&["books"]);
    let ids = strings(&v, "books", "id");
    for id in ["mr-president", "ideology", "ti4", "awaw", "bastards-inc"] {
        assert!(ids.contains(&id), "{ids:?}");
    }
    assert_eq!(ids.len(), 5);
}

#[test]
fn ideology_the_seeds_own_sample_turn() {
    let env = Env::new();
    // In the turn order at the start: Imperialist 3, Capitalist 4, Fascist 3, Communist 4,
    // Islamic Fundamentalist 3. The Capitalist and the Communist pass the Imperialist (and the
    // Fascist); the Communist stays behind the Capitalist, who was ahead of him and ties him.
    let v = order(
        &env,
        "ideology",
        &[
            "turn-order",
            "--player",
            "Imperialist=3",
            "--player",
            "Capitalist=4",
            "--player",
            "Fascist=3",
            "--player",
            "Communist=4",
            "--player",
            "Fundamentalist=3",
        ],
    );
    assert_eq!(
        names(&v),
        [
            "Capitalist",
            "Communist",
            "Imperialist",
            "Fascist",
            "Fundamentalist"
        ]
    );
    assert_eq!(v["game_over"], false);
    // Once the Communist exceeds the Capitalist, he goes ahead; a later tie keeps him there.
    let v = order(
        &env,
        "ideology",
        &[
            "turn-order",
            "--player",
            "Capitalist=4",
            "--player",
            "Communist=5",
        ],
    );
    assert_eq!(names(&v), ["Communist", "Capitalist"]);
    let v = order(
        &env,
        "ideology",
        &[
            "turn-order",
            "--player",
            "Communist=6",
            "--player",
            "Capitalist=6",
        ],
    );
    assert_eq!(names(&v), ["Communist", "Capitalist"]);
    // 12 or more ends the game; 11 does not.
    let v = order(
        &env,
        "ideology",
        &["turn-order", "--player", "A=11", "--player", "B=12"],
    );
    assert_eq!(v["game_over"], true);
    let v = order(
        &env,
        "ideology",
        &["turn-order", "--player", "A=11", "--player", "B=3"],
    );
    assert_eq!(v["game_over"], false);
    // Global Influence: Development Levels + 1 per WMD advancement.
    let gi = env.json(&[
        "--book",
        "ideology",
        "roll",
        "global-influence",
        "--set",
        "development=4",
        "--set",
        "wmd=1",
    ]);
    assert_eq!(gi["total"], 5);
    let gi = env.json(&[
        "--book",
        "ideology",
        "roll",
        "global-influence",
        "--set",
        "development=10",
        "--set",
        "wmd=2",
    ]);
    assert_eq!(gi["row"], "12+");
}

/// `--book ti4 order initiative` with a `--player` for each of `players`, then `extra`.
fn ti4<'a>(players: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec!["--book", "ti4", "order", "initiative"];
    for p in players {
        a.extend(["--player", p]);
    }
    a.extend_from_slice(extra);
    a
}

#[test]
fn ti4_initiative_from_strategy_cards() {
    let env = Env::new();
    // Five players: one card each, lowest first.
    let v = env.json(&ti4(&["A=8", "B=2", "C=5", "D=1", "E=7"], &[]));
    assert_eq!(names(&v), ["D", "B", "C", "E", "A"]);
    assert_eq!(v["players"][0]["label"], "Leadership");
    assert_eq!(v["players"][4]["label"], "Imperial");
    // Three players: two cards each, the lowest counts; the Naalu token is 0.
    let v = env.json(&ti4(&["Alice=3,8", "Bob=1,5", "Cy=2,7"], &[]));
    assert_eq!(names(&v), ["Bob", "Cy", "Alice"]);
    let v = env.json(&ti4(
        &["Alice=3,8", "Bob=1,5", "Cy=2,7"],
        &["--set", "naalu=Alice"],
    ));
    assert_eq!(names(&v), ["Alice", "Bob", "Cy"]);
    assert_eq!(v["players"][0]["value"], 0);
    let t = env.json(&["--book", "ti4", "roll", "strategy-cards", "--set", "card=7"]);
    assert!(t["result"].as_str().unwrap().contains("Technology"));
    env.bad(
        &ti4(&["A=9", "B=1", "C=2", "D=3", "E=4"], &[]),
        "strategy card 9 is outside 1-8",
    );
    env.bad(
        &ti4(&["A=3", "B=3", "C=2", "D=4", "E=5"], &[]),
        "strategy card 3 is held by both A and B",
    );
    env.bad(
        &ti4(&["A=3", "B=1", "C=2"], &[]),
        "A gives 1 strategy card(s) but 2 are needed with 3 players",
    );
    env.bad(
        &ti4(&["A", "B=1", "C=2", "D=4", "E=5"], &[]),
        "A has no strategy card",
    );
    env.bad(
        &ti4(&["A=1", "a=2", "C=3", "D=4", "E=5"], &[]),
        "player 'a' is given twice",
    );
    env.bad(
        &ti4(
            &["A=1", "B=2", "C=3", "D=4", "E=5"],
            &["--set", "naalu=Zed"],
        ),
        "the token holder 'Zed' is not one of the players",
    );
    env.bad(
        &["--book", "ti4", "order", "initiative", "--player", "A=1,2"],
        "is for 3-8 players, not 1",
    );
    env.bad(
        &["--book", "ti4", "order", "initative", "--player", "A=1"],
        "unknown order 'initative' in ti4 (did you mean initiative?)",
    );
}

#[test]
fn bastards_inc_placement_war_and_hand_size() {
    let env = Env::new();
    let v = order(
        &env,
        "bastards-inc",
        &[
            "placement",
            "--player",
            "Ann",
            "--player",
            "Ben",
            "--player",
            "Cid",
        ],
    );
    assert_eq!(names(&v), ["Ann", "Ben", "Cid", "Cid", "Ben", "Ann"]);
    let places = strings(&v, "players", "places");
    assert_eq!(places, ["one", "one", "one", "all", "all", "all"]);
    env.bad(
        &[
            "--book",
            "bastards-inc",
            "order",
            "placement",
            "--player",
            "Ann=3",
        ],
        "placement takes no values",
    );
    // War: a die + the region's Stuff, read on the board; a natural 1 or 6 ends the war.
    let w = env.json(&[
        "--book",
        "bastards-inc",
        "roll",
        "war",
        "--set",
        "stuff=3",
        "--roll",
        "4",
    ]);
    assert_eq!(w["total"], 7);
    let r = w["result"].as_str().unwrap();
    assert!(
        r.contains("Read 7 on the war table on the game board") && !r.contains("war is over"),
        "{r}"
    );
    for n in ["1", "6"] {
        let w = env.json(&[
            "--book",
            "bastards-inc",
            "roll",
            "war",
            "--set",
            "stuff=0",
            "--roll",
            n,
        ]);
        assert!(w["result"].as_str().unwrap().contains(&format!(
            "a natural {n}: after its effects, remove the war counter"
        )));
    }
    let h = env.json(&[
        "--book",
        "bastards-inc",
        "roll",
        "hand-size",
        "--set",
        "vps=4",
        "--set",
        "bonus=2",
    ]);
    assert!(
        h["result"]
            .as_str()
            .unwrap()
            .contains("Draw until you hold 6 cards")
    );
}

#[test]
fn bastards_inc_walks_its_five_phases() {
    let env = Env::new();
    // The five phases, then the next starting player to the left; costs on the business phase.
    let (code, out, err) = env
        .cmd(&["--book", "bastards-inc", "play"])
        .write_stdin("next\nnext\nnext\nnext\nnext\nquit\n")
        .output()
        .map(|o| {
            (
                o.status.code().unwrap(),
                String::from_utf8_lossy(&o.stdout).into_owned(),
                String::from_utf8_lossy(&o.stderr).into_owned(),
            )
        })
        .unwrap();
    assert_eq!(code, 0, "{err}");
    for t in [
        "1. Draw Action Cards",
        "2. Place VPs",
        "3. Events",
        "4. War",
        "5. Business",
        "The Next Starting Player",
        "12 Billions",
        "10 Goodwill",
        "reshuffles",
    ] {
        assert!(out.contains(t), "missing {t}: {out}");
    }
}

#[test]
fn awaw_walks_the_ten_steps_and_knows_the_regions() {
    let env = Env::new();
    let out = env
        .cmd(&["--book", "awaw", "play"])
        .env("NO_COLOR", "1")
        .write_stdin("next\n".repeat(10) + "quit\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    // Lines are wrapped to the width: read the words as one text.
    let text = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for n in 1..=10 {
        assert!(
            text.contains(&format!("Step {n}:")),
            "step {n} missing: {text}"
        );
    }
    for t in [
        "Finland, Poland, Rumania and Turkey",
        "Albania, Bulgaria, Czechoslovakia, Greece, Hungary, Sweden and Yugoslavia",
        "Russian flag",
        "Germany, Italy, Britain, France, Russia",
        "two diplomatic counters",
    ] {
        assert!(text.contains(t), "missing {t}");
    }
    let v = env.json(&["where"]);
    assert_eq!(
        v["started"], false,
        "the bookmark of mr-president is its own: {v}"
    );
    let v = env.json(&["--book", "awaw", "where"]);
    assert_eq!(v["segment"], "resolution");
    let r = env.json(&[
        "--book",
        "awaw",
        "roll",
        "regions",
        "--set",
        "country=Hungary",
    ]);
    assert_eq!(r["result"], "Hungary is in D. Central Europe");
    for (c, region) in [
        ("Finland", "A. Scandinavia"),
        ("Russia", "B. Eastern Europe"),
        ("Rhineland", "C. Western Europe"),
        ("Yugoslavia", "E. Balkans"),
    ] {
        let r = env.json(&[
            "--book",
            "awaw",
            "roll",
            "regions",
            "--set",
            &format!("country={c}"),
        ]);
        assert!(r["result"].as_str().unwrap().ends_with(region), "{c}");
    }
    let (_, out, _) = env.run(&[
        "--book",
        "awaw",
        "chart",
        "regions",
        "--set",
        "country=Hungary",
    ]);
    assert!(out.contains("Central Europe"), "{out}");
    let p = env.json(&[
        "--book",
        "awaw",
        "roll",
        "placement-limit",
        "--set",
        "spy_rings=1",
        "--set",
        "civil_wars=2",
        "--set",
        "civil_war_success=yes",
        "--set",
        "events=0",
    ]);
    assert_eq!(p["total"], 6);
    env.bad(
        &[
            "--book",
            "awaw",
            "roll",
            "regions",
            "--set",
            "country=Atlantis",
        ],
        "Which country [country] takes one of",
    );
}

/// The yaml blocks of BOOKS.md that start with `# file: NAME` (not `DIR/NAME`: another book).
fn example_files() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(repo().join("BOOKS.md")).unwrap();
    let mut files = Vec::new();
    let mut cur: Option<(String, String)> = None;
    for line in text.lines() {
        if let Some((name, body)) = &mut cur {
            if line.starts_with("```") {
                files.push((name.clone(), body.clone()));
                cur = None;
            } else {
                body.push_str(line);
                body.push('\n');
            }
        } else if let Some(name) = line.strip_prefix("# file: ").filter(|n| !n.contains('/')) {
            cur = Some((name.trim().to_string(), String::new()));
        }
    }
    files
}

#[test]
fn the_books_md_example_passes_check_and_plays() {
    let env = Env::new();
    let files = example_files();
    assert_eq!(files.len(), 4, "{files:?}");
    let dir = env.config().join("books/lighthouse");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, body) in &files {
        std::fs::write(dir.join(name), body).unwrap();
    }
    let (code, out, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok: 2 chart(s)"), "{out}");
    let v = env.json(&["books"]);
    assert!(
        v["books"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["id"] == "lighthouse" && b["origin"] == "user")
    );
    let r = env.json(&[
        "--book",
        "lighthouse",
        "roll",
        "storm",
        "--set",
        "wind=4",
        "--set",
        "harbour=no",
        "--roll",
        "5",
        "--roll",
        "2",
    ]);
    assert_eq!(r["total"], 8);
    assert_eq!(r["modifiers"][1]["source"], "Cap (+3 Max)");
    assert_eq!(r["then"][0]["row"], "1-3");
    let o = env.json(&[
        "--book",
        "lighthouse",
        "order",
        "watch",
        "--player",
        "Ada=3",
        "--player",
        "Ben=5",
    ]);
    assert_eq!(names(&o), ["Ben", "Ada"]);
    let out = env
        .cmd(&["--book", "lighthouse", "play"])
        .write_stdin("next\nquit\n")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("Weather"));
    // A mistake in it is reported with its place.
    std::fs::write(dir.join("orders.yaml"), "- id: watch\n  title: W\n  printed: p\n  kind: snake\n  value: {name: oil, min: 0, max: 2}\n").unwrap();
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("orders.yaml:1:") && err.contains("placement turns take no values"),
        "{err}"
    );
    std::fs::write(
        dir.join("sequence.yaml"),
        "title: t\nturns: 1\nphases:\n  - {id: a, title: A, segments: [nope]}\nsegments: []\n",
    )
    .unwrap();
    let (code, _, err) = env.run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("sequence.yaml:") && err.contains("'nope'"),
        "{err}"
    );
}

#[test]
fn search_finds_segments_too() {
    let env = Env::new();
    let v = env.json(&["search", "Legislative Segment"]);
    let ids = strings(&v, "matches", "id");
    assert!(ids.contains(&"segment legislative"), "{ids:?}");
}
