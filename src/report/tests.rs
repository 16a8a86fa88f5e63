//! The story read from a log: undone entries and appended undo records left out, the values
//! per turn, the series, the dice.

use super::*;

fn book() -> Book {
    Book::load("mr-president", None).unwrap()
}

fn story_of(log: &str, turn: Option<u32>) -> Story {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("log.jsonl");
    std::fs::write(&path, log).unwrap();
    let book = book();
    let r = Reading {
        book: &book,
        knows_turn: Some("turn"),
        turn,
    };
    r.story(&path, 1, None).unwrap()
}

const LOG: &str = r#"{"turn":1,"phase":"1","segment":"s","chart":"sotu","inputs":{"approval":7,"congress":6,"media":6,"prestige":6,"orator":true,"turn":1},"natural":4,"total":2,"row":"1-2","result":"good"}
{"turn":1,"phase":"1","segment":"s","chit":"Good Times!"}
{"turn":1,"phase":"1","segment":"s","chart":"d10","natural":3,"total":3,"hand":true}
{"turn":2,"phase":"1","segment":"s","chart":"sotu","inputs":{"approval":5,"congress":6,"media":6,"prestige":6,"orator":true,"turn":2},"natural":9,"total":7,"row":"6-8","result":"meh"}
{"turn":2,"phase":"1","segment":"s","chart":"sotu","inputs":{"approval":1},"natural":1,"total":1,"undone":true}
{"turn":2,"phase":"1","segment":"s","chart":"d10","natural":8,"total":8,"id":"5f3-18a2b-4"}
{"undo":["5f3-18a2b-4"]}
not json at all
"#;

#[test]
fn values_per_turn_series_and_dice_from_a_log() {
    let s = story_of(LOG, None);
    assert_eq!((s.undone, s.unreadable), (2, 1));
    assert_eq!(s.turns.len(), 2);
    let t1 = &s.turns[0];
    assert_eq!(
        t1.chits.iter().map(|c| &**c).collect::<Vec<_>>(),
        ["Good Times!"]
    );
    assert_eq!(t1.rolls.len(), 2);
    assert!(t1.rolls[1].hand);
    let approval = t1.values.iter().find(|g| g.key == "approval").unwrap();
    assert_eq!(approval.label, "Public Approval");
    assert!(
        !t1.values.iter().any(|g| g.key == "turn"),
        "the walker's turn is not a value given"
    );
    // Approval changed (7, 5): a series; congress stayed 6 but was given in two turns: a series
    // too; orator is yes/no, not a number.
    let keys: Vec<&str> = s.series.iter().map(|x| x.key.as_str()).collect();
    assert_eq!(keys, ["approval", "congress", "media", "prestige"]);
    assert_eq!(
        s.series[0].points,
        [Point { turn: 1, value: 7 }, Point { turn: 2, value: 5 }]
    );
    // d10: the sotu rolls by the tool (4, 9), the hand-typed 3 apart; the undone 8 left out.
    let tool = s.dice.iter().find(|d| d.source == "tool").unwrap();
    let hand = s.dice.iter().find(|d| d.source == "hand").unwrap();
    assert_eq!((tool.die.as_str(), tool.rolls, hand.rolls), ("d10", 2, 1));
    assert_eq!(tool.faces[3].count, 1);
    assert_eq!(tool.faces[8].count, 1);
}

#[test]
fn one_turn_keeps_the_whole_games_plots() {
    let s = story_of(LOG, Some(2));
    assert_eq!(s.turns.len(), 1);
    assert_eq!(s.turns[0].turn, 2);
    assert_eq!(s.series.len(), 4);
    assert_eq!(s.dice[0].rolls, 1);
}

#[test]
fn no_log_is_an_empty_story() {
    let book = book();
    let r = Reading {
        book: &book,
        knows_turn: None,
        turn: None,
    };
    let s = r
        .story(Path::new("/nonexistent/log.jsonl"), 1, None)
        .unwrap();
    assert!(s.turns.is_empty() && s.series.is_empty() && s.dice.is_empty());
}

#[test]
fn turns_far_apart_are_plotted_without_walking_the_gap() {
    let log = r#"{"turn":1,"phase":"1","segment":"s","chart":"sotu","inputs":{"approval":7},"natural":4,"total":4}
{"turn":4000000000,"phase":"1","segment":"s","chart":"sotu","inputs":{"approval":5},"natural":9,"total":9}
"#;
    let s = story_of(log, None);
    assert_eq!(s.series[0].points.len(), 2);
    let svg = svg::plots("t", &s.series).unwrap().unwrap();
    let labels = svg.matches("<text").count();
    assert!(labels < 60, "{labels} texts");
}

#[test]
fn extreme_values_do_not_overflow() {
    let log = format!(
        "{{\"turn\":1,\"phase\":\"1\",\"segment\":\"s\",\"chart\":\"sotu\",\"inputs\":{{\"approval\":{}}}}}\n{{\"turn\":2,\"phase\":\"1\",\"segment\":\"s\",\"chart\":\"sotu\",\"inputs\":{{\"approval\":{}}}}}\n",
        i64::MIN,
        i64::MAX
    );
    let s = story_of(&log, None);
    assert_eq!(s.series[0].points[1].value, i64::MAX);
    assert!(svg::plots("t", &s.series).is_ok());
}
