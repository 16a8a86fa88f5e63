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

/// The fold of `turns` turns of the bench's log (one roll a turn, a number given), and what it
/// holds at the end.
fn fold_of(turns: u32) -> (usize, Story) {
    let book = book();
    let r = Reading {
        book: &book,
        knows_turn: Some("turn"),
        turn: None,
    };
    let mut fold = Fold::new(&r, HashSet::new());
    for t in 1..=turns {
        let line = format!(
            r#"{{"turn":{t},"phase":"1","segment":"sotu","chart":"sotu","inputs":{{"approval":{},"media":{}}},"natural":3,"total":3,"result":"r{}","id":"{t}"}}"#,
            t % 10,
            t % 7,
            t % 50
        );
        fold.line(line.as_bytes());
    }
    let held = fold.retained();
    (held, fold.finish(1, None, 0))
}

#[test]
fn the_fold_holds_a_bounded_story_however_long_the_log() {
    let (small, s) = fold_of(1_000);
    // Below the bounds: every turn told, every value kept.
    assert_eq!((s.turns.len(), s.untold), (1_000, 0));
    assert!(
        s.series
            .iter()
            .all(|x| x.stretch == 1 && x.points.len() == 1_000)
    );
    let (big, s) = fold_of(100_000);
    let (bigger, s2) = fold_of(200_000);
    // What the fold holds no longer grows with the log: the bound, not the length.
    let bound = 2 * fold::MAX_TOLD + 3 * fold::MAX_POINTS + 200;
    assert!(big <= bound, "100,000 turns: {big} held");
    assert!(bigger <= bound, "200,000 turns: {bigger} held");
    assert!(small < big);
    // Told: the latest turns, the earliest counted as left out.
    let told: usize = s2
        .turns
        .iter()
        .map(|t| t.rolls.len() + t.values.iter().map(|g| g.values.len()).sum::<usize>())
        .sum();
    assert!(told <= fold::MAX_TOLD);
    assert_eq!(s2.turns.last().unwrap().turn, 200_000);
    assert_eq!(told + s2.untold, 200_000 * 3);
    assert_eq!(s2.untold_turns + s2.turns.len(), 200_000);
    assert_eq!(s2.end.turn, Some(200_000));
    // The series span the whole game, thinned: each stretch's last value.
    for x in &s2.series {
        assert!(x.points.len() <= fold::MAX_POINTS && x.points.len() > fold::MAX_POINTS / 2);
        assert!(x.stretch > 1);
        assert!(x.points.first().unwrap().turn <= x.stretch as u32);
        let last = x.points.last().unwrap();
        assert_eq!(last.turn, 200_000);
        let m = if x.key == "approval" { 10 } else { 7 };
        assert!(
            x.points.iter().all(|p| p.value == i64::from(p.turn % m)),
            "{}",
            x.key
        );
    }
    // The dice count every roll.
    let rolls: u64 = s.dice.iter().map(|d| d.rolls).sum();
    assert_eq!(rolls, 100_000);
}

#[test]
fn a_series_thinned_keeps_each_stretchs_last_value_and_exact_below_the_bound() {
    let mut t = fold::Thinned::default();
    for turn in (1..=1_000).rev() {
        t.insert(turn, i64::from(turn));
    }
    // A turn given twice: its last value.
    t.insert(5, -5);
    assert_eq!(t.len(), 1_000);
    let exact = t.points();
    assert_eq!(exact[4], (5, -5));
    assert!(exact.iter().enumerate().all(|(i, p)| p.0 as usize == i + 1));
    for turn in 1_001..=10_000 {
        t.insert(turn, i64::from(turn));
    }
    // 10,000 turns in stretches of 16 (the first 1-15, the last 10,000 alone): 626 values, each
    // its stretch's last turn.
    let thin = t.points();
    assert_eq!(thin.len(), 626);
    assert!(
        thin.iter()
            .all(|&(turn, v)| turn % 16 == 15 && v == i64::from(turn) || turn == 10_000)
    );
    assert_eq!(thin.last(), Some(&(10_000, 10_000)));
}
