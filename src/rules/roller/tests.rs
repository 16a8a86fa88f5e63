//! The roller against a test chart: every kind of modifier, the cap, clamping, questions.

use super::*;
use crate::rules::ask::{NoPrompt, Scripted};
use crate::rules::{Modifiers, Value, parse_value};
use flipbook_charts::BookOption;

const NEW_PLAYER_SOURCE: &str = "New player";

fn new_player() -> Options {
    Options {
        enabled: vec![BookOption {
            id: "np".into(),
            label: NEW_PLAYER_SOURCE.into(),
            drm: -1,
            difficulty: None,
            plain_dice: true,
            printed: "here".into(),
        }],
        extra: vec![],
    }
}

/// A test chart: d10, a cap of +3/-2, a multiplier, a condition, a column-only DRM.
const CHART: &str = r#"
id: t
title: Test
printed: here
die: d10
options: [np]
inputs:
  - {key: groups, ask: Groups?, type: number, min: 0, max: 9}
  - {key: orator, ask: Orator?, type: yesno}
  - {key: side, ask: Side?, type: choice, options: [a, b]}
column_by: {input: side, title: Side}
columns:
  - {label: A, value: a}
  - {label: B, value: b}
drms:
  - {label: Groups, value: 1, per: groups}
  - {label: Orator, value: -2, when: {orator: true}}
  - {label: B only, value: -1, columns: [B]}
cap: {min: -2, max: 3, printed: "+3/-2 Max"}
rows:
  - {row: "1-2", results: [low-a, low-b]}
  - {row: "3-8", results: [mid-a, mid-b]}
  - {row: "9-10", results: [high-a, high-b]}
"#;

struct One(Chart);
impl Charts for One {
    fn get(&self, _: &str) -> Result<Chart> {
        Ok(self.0.clone())
    }
}

fn roll(sets: &[(&str, Value)], dice: Vec<i64>, opts: Options) -> Outcome {
    let chart: Chart = serde_yaml::from_str(CHART).unwrap();
    let charts = One(chart.clone());
    let mut dicer = Dicer::new(Some(1), dice, false);
    let mut r = Roller {
        charts: &charts,
        dicer: &mut dicer,
        prompter: &mut NoPrompt,
        opts,
        values: sets
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
        defaults: Values::new(),
        fresh: Vec::new(),
        rolls: 0,
    };
    r.resolve(&chart).unwrap()
}

fn sets(groups: i64, orator: bool, side: &str) -> Vec<(&'static str, Value)> {
    vec![
        ("groups", Value::Num(groups)),
        ("orator", Value::Bool(orator)),
        ("side", Value::Choice(side.into())),
    ]
}

fn mods(o: &Outcome) -> Vec<(String, i64)> {
    o.modifiers
        .iter()
        .map(|m| (m.source.clone(), m.value))
        .collect()
}

#[test]
fn no_drm_reads_the_natural() {
    let o = roll(&sets(0, false, "a"), vec![5], Options::default());
    assert_eq!(
        (o.natural, o.total.unwrap(), o.row.as_deref()),
        (Some(5), 5, Some("3-8"))
    );
    assert!(o.modifiers.is_empty());
    assert_eq!(o.result.as_deref(), Some("mid-a"));
    assert_eq!(o.column.as_deref(), Some("A"));
}

#[test]
fn a_multiplier_counts_each_one() {
    let o = roll(&sets(2, false, "a"), vec![5], Options::default());
    assert_eq!(mods(&o), vec![("Groups".into(), 2)]);
    assert_eq!(o.total, Some(7));
}

#[test]
fn a_condition_gates_its_drm() {
    let o = roll(&sets(0, true, "a"), vec![5], Options::default());
    assert_eq!(mods(&o), vec![("Orator".into(), -2)]);
    assert_eq!(o.total, Some(3));
}

#[test]
fn a_column_drm_applies_only_there() {
    let a = roll(&sets(0, false, "a"), vec![5], Options::default());
    let b = roll(&sets(0, false, "b"), vec![5], Options::default());
    assert_eq!(a.total, Some(5));
    assert_eq!(b.total, Some(4));
    assert_eq!(b.result.as_deref(), Some("mid-b"));
}

#[test]
fn the_cap_holds_the_listed_drms_together() {
    let o = roll(&sets(5, false, "a"), vec![2], Options::default());
    assert_eq!(
        mods(&o),
        vec![("Groups".into(), 5), ("Cap (+3/-2 Max)".into(), -2)]
    );
    assert_eq!(o.total, Some(5));
    // Below: Orator -2 and column B -1 make -3, capped at -2.
    let o = roll(&sets(0, true, "b"), vec![5], Options::default());
    assert_eq!(o.total, Some(3));
}

#[test]
fn the_new_player_drm_comes_after_the_cap() {
    let np = new_player();
    let o = roll(&sets(0, true, "b"), vec![5], np.clone());
    // -3 listed, capped to -2, then -1: 5 - 3 = 2.
    assert_eq!(o.total, Some(2));
    assert_eq!(o.modifiers.last().unwrap().source, NEW_PLAYER_SOURCE);
    let o = roll(&sets(5, false, "a"), vec![5], np);
    assert_eq!(o.total, Some(5 + 3 - 1));
}

#[test]
fn extra_drms_are_shown_as_extra_inside_the_cap() {
    // Issue 10, item 10: a printed cap limits the extras too, and says it cut them.
    let o = roll(
        &sets(5, false, "a"),
        vec![1],
        Options {
            enabled: vec![],
            extra: vec![2],
        },
    );
    assert_eq!(o.total, Some(1 + 3));
    assert_eq!(
        mods(&o),
        vec![
            ("Groups".into(), 5),
            ("extra".into(), 2),
            ("Cap (+3/-2 Max), extras included".into(), -4)
        ]
    );
    // Within the cap, an extra counts whole; the new-player DRM still comes after the cap.
    let mut np = new_player();
    np.extra = vec![-1];
    let o = roll(&sets(1, false, "a"), vec![5], np);
    assert_eq!(o.total, Some(5 + 1 - 1 - 1));
    assert_eq!(o.modifiers.last().unwrap().source, NEW_PLAYER_SOURCE);
}

#[test]
fn a_total_beyond_the_rows_reads_the_nearest_and_says_so() {
    let o = roll(&sets(0, true, "b"), vec![1], Options::default());
    assert_eq!((o.natural, o.total), (Some(1), Some(-1)));
    assert_eq!(o.row.as_deref(), Some("1-2"));
    assert!(o.clamped);
    assert!(o.notes.iter().any(|n| n.contains("below the printed rows")));
    let o = roll(&sets(3, false, "a"), vec![10], Options::default());
    assert_eq!(
        (o.total.unwrap(), o.row.as_deref(), o.clamped),
        (13, Some("9-10"), true)
    );
    let o = roll(&sets(0, false, "a"), vec![10], Options::default());
    assert!(!o.clamped);
}

#[test]
fn a_selection_roll_never_takes_the_new_player_drm() {
    let mut chart: Chart = serde_yaml::from_str(CHART).unwrap();
    chart.selection = true;
    let values: Values = sets(0, false, "a")
        .into_iter()
        .map(|(k, v)| (k.into(), v))
        .collect();
    let scope = Scope {
        chart: &chart,
        values: &values,
        row: None,
        dice: &[],
        read: None,
    };
    let m = Modifiers::of(&scope, Some("A"), &new_player());
    assert!(m.options.is_empty());
    let plain = new_player().plain_dice();
    assert_eq!(plain[0].source, NEW_PLAYER_SOURCE);
}

#[test]
fn missing_inputs_are_all_named_when_nothing_can_be_asked() {
    let chart: Chart = serde_yaml::from_str(CHART).unwrap();
    let charts = One(chart.clone());
    let mut dicer = Dicer::new(Some(1), vec![], false);
    let mut r = Roller {
        charts: &charts,
        dicer: &mut dicer,
        prompter: &mut NoPrompt,
        opts: Options::default(),
        values: Values::new(),
        defaults: Values::new(),
        fresh: Vec::new(),
        rolls: 0,
    };
    match r.resolve(&chart) {
        Err(Error::Missing { keys, .. }) => assert_eq!(keys, vec!["groups", "orator", "side"]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_prompter_is_asked_each_missing_input_in_order() {
    let chart: Chart = serde_yaml::from_str(CHART).unwrap();
    let charts = One(chart.clone());
    let mut dicer = Dicer::new(Some(1), vec![5], false);
    let mut p = Scripted::new(&["2", "no", "b"]);
    let mut r = Roller {
        charts: &charts,
        dicer: &mut dicer,
        prompter: &mut p,
        opts: Options::default(),
        values: Values::new(),
        defaults: Values::new(),
        fresh: Vec::new(),
        rolls: 0,
    };
    let o = r.resolve(&chart).unwrap();
    assert_eq!(o.total, Some(5 + 2 - 1));
    assert_eq!(p.asked, vec!["groups", "orator", "side"]);
}

#[test]
fn values_are_read_and_checked() {
    let chart: Chart = serde_yaml::from_str(CHART).unwrap();
    let [groups, orator, side] = [&chart.inputs[0], &chart.inputs[1], &chart.inputs[2]];
    assert_eq!(parse_value(groups, "+3"), Ok(Value::Num(3)));
    assert!(parse_value(groups, "10").unwrap_err().contains("0 to 9"));
    assert!(parse_value(groups, "x").is_err());
    assert_eq!(parse_value(orator, "Yes"), Ok(Value::Bool(true)));
    assert!(parse_value(orator, "maybe").is_err());
    assert_eq!(parse_value(side, "B"), Ok(Value::Choice("b".into())));
    assert!(parse_value(side, "c").unwrap_err().contains("one of a, b"));
}

/// A chart whose gate reads the last input: it is asked first, and a roll it forbids asks
/// nothing more.
const GATED: &str = r#"
id: g
title: Gated
printed: here
die: d6
inputs:
  - {key: ops, ask: Ops?, type: number, min: 1, max: 4}
  - {key: region, ask: Region?, type: choice, options: [europe, asia]}
  - {key: defcon, ask: DEFCON?, type: number, min: 1, max: 5}
gates:
  - {when: {region: europe, defcon: {max: 4}}, result: "No coup in {region} at DEFCON {defcon}"}
drms:
  - {label: Ops, value: 1, per: ops}
rows:
  - {row: "1+", result: "Coup: {total}"}
"#;

fn gated(answers: &[&str], dice: Vec<i64>) -> (Result<Outcome>, Vec<String>) {
    let chart: Chart = serde_yaml::from_str(GATED).unwrap();
    let charts = One(chart.clone());
    let mut dicer = Dicer::new(Some(1), dice, false);
    let mut asked = Scripted::new(answers);
    let out = Roller {
        charts: &charts,
        dicer: &mut dicer,
        prompter: &mut asked,
        opts: Options::default(),
        values: Values::new(),
        defaults: Values::new(),
        fresh: Vec::new(),
        rolls: 0,
    }
    .resolve(&chart);
    (out, asked.asked)
}

#[test]
fn a_gate_is_decided_before_the_other_inputs_are_asked() {
    // The gate's inputs come first; Europe at DEFCON 4 forbids the roll: Ops is never asked.
    let (o, asked) = gated(&["europe", "4"], vec![]);
    let o = o.unwrap();
    assert_eq!(asked, vec!["region", "defcon"]);
    assert_eq!(o.total, None);
    assert_eq!(o.row, None);
    assert_eq!(o.result.as_deref(), Some("No coup in europe at DEFCON 4"));
    // Asia: the gate cannot hold once the region is known; the rest is asked in the chart's
    // order (Ops 2, DEFCON 3), then the die: 5 + 2.
    let (o, asked) = gated(&["asia", "2", "3"], vec![5]);
    let o = o.unwrap();
    assert_eq!(asked, vec!["region", "ops", "defcon"]);
    assert_eq!(o.total, Some(7));
    assert_eq!(o.result.as_deref(), Some("Coup: 7"));
}

/// A roll on `chart` with `defaults` kept from earlier rolls (all given this turn), the
/// prompter answering `answers` and `keeps` to the kept answers offered together.
fn with_kept(
    chart: &str,
    defaults: &[(&str, Value)],
    keeps: Option<bool>,
    answers: &[&str],
) -> (Outcome, Vec<String>) {
    let fresh: Vec<&str> = defaults.iter().map(|(k, _)| *k).collect();
    with_kept_from(chart, defaults, &fresh, keeps, answers)
}

/// The same, with only the defaults `fresh` given this turn.
fn with_kept_from(
    chart: &str,
    defaults: &[(&str, Value)],
    fresh: &[&str],
    keeps: Option<bool>,
    answers: &[&str],
) -> (Outcome, Vec<String>) {
    let chart: Chart = serde_yaml::from_str(chart).unwrap();
    let charts = One(chart.clone());
    let mut dicer = Dicer::new(Some(1), vec![5], false);
    let mut p = Scripted::new(answers);
    p.keeps = keeps;
    let out = Roller {
        charts: &charts,
        dicer: &mut dicer,
        prompter: &mut p,
        opts: Options::default(),
        values: Values::new(),
        defaults: defaults
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect(),
        fresh: fresh.iter().map(ToString::to_string).collect(),
        rolls: 0,
    }
    .resolve(&chart)
    .unwrap();
    (out, p.asked)
}

/// Two of the board's numbers and a choice of what the roll is about.
const RATINGS: &str = r#"
id: r
title: Ratings
printed: here
die: d6
inputs:
  - {key: friends, ask: Friends?, type: number, min: 0, max: 9}
  - {key: side, ask: Side?, type: choice, options: [a, b]}
  - {key: foes, ask: Foes?, type: number, min: 0, max: 9}
drms:
  - {label: Friends, value: 1, per: friends}
  - {label: Foes, value: -1, per: foes}
rows:
  - {row: "any", result: "{total}"}
"#;

#[test]
fn kept_answers_are_offered_together_and_a_yes_gives_them_all() {
    let kept = [
        ("friends", Value::Num(3)),
        ("side", Value::Choice("b".into())),
        ("foes", Value::Num(1)),
    ];
    // Yes: both numbers given on one answer; the choice (what the roll is about) is asked.
    let (o, asked) = with_kept(RATINGS, &kept, Some(true), &["a"]);
    assert_eq!(asked, vec!["keep:friends,foes", "side"]);
    assert_eq!(o.total, Some(5 + 3 - 1));
    assert_eq!(o.inputs.get("foes"), Some(&Value::Num(1)));
    // No: each is asked again, its kept answer offered (an empty answer takes it).
    let (o, asked) = with_kept(RATINGS, &kept, Some(false), &["1", "", ""]);
    assert_eq!(asked, vec!["keep:friends,foes", "friends", "side", "foes"]);
    assert_eq!(o.total, Some(5 + 1 - 1));
    // A prompter that asks one at a time is never offered them together.
    let (_, asked) = with_kept(RATINGS, &kept, None, &["", "", ""]);
    assert_eq!(asked, vec!["friends", "side", "foes"]);
}

#[test]
fn one_kept_number_or_a_gate_still_to_decide_asks_one_at_a_time() {
    // One kept number (the other kept answer a choice): its question, pre-filled, is one key.
    let kept = [
        ("groups", Value::Num(3)),
        ("side", Value::Choice("b".into())),
    ];
    let (_, asked) = with_kept(CHART, &kept, Some(true), &["", "no", ""]);
    assert_eq!(asked, vec!["groups", "orator", "side"]);
    // A gate's questions come first and may end the roll: nothing is offered together.
    let kept = [
        ("ops", Value::Num(2)),
        ("region", Value::Choice("asia".into())),
        ("defcon", Value::Num(3)),
    ];
    let (o, asked) = with_kept(GATED, &kept, Some(true), &["", "", ""]);
    assert_eq!(asked, vec!["region", "ops", "defcon"]);
    assert_eq!(o.total, Some(7));
}

#[test]
fn only_answers_given_this_turn_are_offered_together() {
    // Foes was answered in an earlier turn: offered (pre-filled) but not kept unasked.
    let kept = [("friends", Value::Num(3)), ("foes", Value::Num(1))];
    let (_, asked) = with_kept_from(RATINGS, &kept, &["friends"], Some(true), &["", "a", ""]);
    assert_eq!(asked, vec!["friends", "side", "foes"]);
}
