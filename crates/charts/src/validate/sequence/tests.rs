//! The turn sequence's checks, each message where it is placed.

use super::*;

const SEQ: &str = "title: T
turns: 1
phases:
  - {id: a, title: A, segments: [one]}
segments:
  - id: one
    title: One
    loop: {items: ['1', '2'], ask: 'x {item}?', skip_on: true, text: t, chart: c, per_item: [range]}
profile: [orator]
knows:
  turn: turn
derived:
  - key: higher
    all: [us > them]
";

fn names(inputs: &[&str]) -> BookNames {
    BookNames {
        charts: BTreeSet::from(["c".to_string()]),
        inputs: inputs.iter().map(ToString::to_string).collect(),
    }
}

fn problems(text: &str, inputs: &[&str]) -> Vec<String> {
    validate_sequence("s.yaml", text, &names(inputs))
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn inputs_it_names_are_asked_by_a_chart() {
    let all = ["orator", "turn", "higher", "us", "them", "range"];
    assert_eq!(problems(SEQ, &all), Vec::<String>::new());
    assert_eq!(
        problems(SEQ, &[]),
        vec![
            "s.yaml:9:11: the profile keeps 'orator', which no chart of the book asks",
            "s.yaml:11:3: knows turn as 'turn', which no chart of the book asks",
            "s.yaml:13:5: derives 'higher', which no chart of the book asks",
            "s.yaml:14:11: derived 'higher': 'us > them' compares 'us', which no chart of the book asks",
            "s.yaml:14:11: derived 'higher': 'us > them' compares 'them', which no chart of the book asks",
            "s.yaml:8:94: segment 'one' keeps 'range' for each item, which no chart of the book asks",
        ]
    );
}

#[test]
fn a_comparison_that_does_not_read_is_named() {
    let all = ["orator", "turn", "higher", "us", "them", "range"];
    let text = SEQ.replace("us > them", "us is above them");
    let p = problems(&text, &all);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with("s.yaml:14:11: derived 'higher': 'us is above them' does not read"),
        "{p:?}"
    );
    let text = SEQ.replace("us > them", "us > 3");
    assert_eq!(problems(&text, &all), Vec::<String>::new());
}

#[test]
fn the_players_answers_the_finale_a_review_and_a_chits_reroll_are_checked() {
    let all = ["orator", "turn", "higher", "us", "them", "range"];
    let good = SEQ
        .replace(
            "profile: [orator]",
            "profile: [orator]\nplayer: [orator]\nfinale: one",
        )
        .replace("    title: One\n", "    title: One\n    review: one\n");
    assert_eq!(problems(&good, &all), Vec::<String>::new());
    let bad = SEQ
        .replace(
            "profile: [orator]",
            "profile: [orator]\nplayer: [turn]\nfinale: two",
        )
        .replace("    title: One\n", "    title: One\n    review: nowhere\n")
        .replace(
            "segments:\n  - id: one",
            "chits:\n  - {id: k, name: K, text: t, reroll: [1]}\nsegments:\n  - id: one",
        );
    let p = problems(&bad, &all).join("\n");
    for says in [
        "'turn' is the player's, but the profile does not keep it",
        "the finale 'two' is not a segment of the sequence",
        "segment 'one' reviews 'nowhere', which is not a segment with per_item answers",
        "chit 'k' rolls again on some rolls, but rolls on no chart",
    ] {
        assert!(p.contains(says), "{says}: {p}");
    }
}

#[test]
fn moves_names_input_keys_and_an_unknown_one_is_pointed_at() {
    let all = ["orator", "turn", "higher", "us", "them", "range"];
    let good = SEQ.replace(
            "    title: One\n",
            "    title: One\n    moves: [us]\n    moves_any: true\n    steps:\n      - {chart: c, moves: [them]}\n",
        );
    assert_eq!(problems(&good, &all), Vec::<String>::new());
    let bad = SEQ.replace(
        "    title: One\n",
        "    title: One\n    moves: [us, us]\n    steps:\n      - {chart: c, moves: [approvl]}\n",
    );
    assert_eq!(
        problems(&bad, &all),
        vec![
            "s.yaml:8:13: segment 'one' names 'us' twice in one `moves`",
            "s.yaml:10:28: segment 'one' moves 'approvl', which no chart of the book asks: `moves` names input keys",
        ]
    );
}

const PHASED: &str = "title: T\nturns: 4\nphases:\n  - id: a\n    title: A\n    segments: [x, {segment: y, not_turns: [1]}]\nsegments:\n  - {id: x, title: X}\n  - {id: y, title: Y}\n";

#[test]
fn a_phase_entry_may_carry_its_turns() {
    assert!(
        problems(PHASED, &[]).is_empty(),
        "{:?}",
        problems(PHASED, &[])
    );
}

#[test]
fn a_phase_entry_is_checked() {
    let p = problems(&PHASED.replace("not_turns: [1]", "not_turns: [9]"), &[]);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].contains("by turn 9, which is not a turn of the game (1-4)"),
        "{p:?}"
    );
    assert!(p[0].starts_with("s.yaml:6:"), "{p:?}");
    let p = problems(&PHASED.replace("[x, {", "[x, x, {"), &[]);
    assert!(p[0].contains("lists segment 'x' twice"), "{p:?}");
    let p = problems(&PHASED.replace("segment: y", "segment: z"), &[]);
    assert!(
        p[0].contains("names segment 'z', which is not written"),
        "{p:?}"
    );
    let p = problems(&PHASED.replace("segment: y,", "segmnt: y,"), &[]);
    assert_eq!(p.len(), 1, "{p:?}");
}

#[test]
fn a_step_of_several_rolls_is_required_and_bounded() {
    let with = |step: &str| {
        PHASED.replace(
            "{id: x, title: X}",
            &format!("{{id: x, title: X, steps: [{step}]}}"),
        )
    };
    assert_eq!(
        problems(&with("{chart: c, required: true, times: 8}"), &[]),
        Vec::<String>::new()
    );
    for bad in [
        "{chart: c, times: 8}",
        "{chart: c, required: true, times: 1}",
        "{chart: c, required: true, times: 100}",
    ] {
        let p = problems(&with(bad), &[]);
        assert_eq!(p.len(), 1, "{bad}: {p:?}");
        assert!(
            p[0].contains("segment 'x': times needs a required step, and 2 to 99"),
            "{bad}: {p:?}"
        );
    }
    let seq: crate::Sequence =
        serde_yaml::from_str(&with("{chart: c, required: true, times: 8}")).unwrap();
    assert_eq!(seq.segment("x").unwrap().steps[0].rolls(), 8);
}

#[test]
fn a_step_made_by_the_boards_count_is_required_and_bounded() {
    let with = |step: &str| {
        PHASED.replace(
            "{id: x, title: X}",
            &format!("{{id: x, title: X, steps: [{step}]}}"),
        )
    };
    let good = "{chart: c, required: true, count: {key: bills, ask: How many bills?, max: 5}}";
    assert_eq!(problems(&with(good), &[]), Vec::<String>::new());
    for bad in [
        "{chart: c, count: {key: bills, ask: How many?, max: 5}}",
        "{chart: c, required: true, times: 2, count: {key: bills, ask: How many?, max: 5}}",
        "{chart: c, required: true, count: {key: Bills, ask: How many?, max: 5}}",
        "{chart: c, required: true, count: {key: bills, ask: ' ', max: 5}}",
        "{chart: c, required: true, count: {key: bills, ask: How many?, max: 0}}",
    ] {
        let p = problems(&with(bad), &[]);
        assert_eq!(p.len(), 1, "{bad}: {p:?}");
        assert!(p[0].contains("count needs a required step"), "{bad}: {p:?}");
    }
    let seq: crate::Sequence = serde_yaml::from_str(&with(good)).unwrap();
    assert_eq!(
        seq.segment("x").unwrap().steps[0]
            .count
            .as_ref()
            .unwrap()
            .max,
        5
    );
}

#[test]
fn a_count_read_from_the_segments_rolls_names_an_earlier_required_steps_chart() {
    let with = |steps: &str| {
        PHASED.replace(
            "{id: x, title: X}",
            &format!("{{id: x, title: X, steps: [{steps}]}}"),
        )
    };
    let tries = "{chart: c, required: true}";
    let good = format!(
        "{tries}, {{chart: c, required: true, count: {{key: passed, ask: How many?, max: 5, from: {{chart: c, rows: ['1-3']}}}}}}"
    );
    assert_eq!(problems(&with(&good), &[]), Vec::<String>::new());
    for bad in [
            // No earlier step rolls it (its own step does not count); a later steps; no rows.
            "{chart: c, required: true, count: {key: passed, ask: How many?, max: 5, from: {chart: c, rows: ['1-3']}}}".to_string(),
            format!("{{chart: c, required: true, count: {{key: passed, ask: How many?, max: 5, from: {{chart: c, rows: ['1-3']}}}}}}, {tries}"),
            format!("{tries}, {{chart: c, required: true, count: {{key: passed, ask: How many?, max: 5, from: {{chart: c, rows: []}}}}}}"),
        ] {
            let p = problems(&with(&bad), &[]);
            assert_eq!(p.len(), 1, "{bad}: {p:?}");
            assert!(p[0].contains("count's from needs"), "{bad}: {p:?}");
        }
}

#[test]
fn each_time_is_a_steps_and_required_when_names_rows_or_unknown() {
    let seg = "{id: x, title: X, only_if: {key: k, ask: K?, each_time: true}}";
    let p = problems(&PHASED.replace("{id: x, title: X}", seg), &[]);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("each_time is for a step's question"), "{p:?}");
    let step = "{id: x, title: X, steps: [{text: t, only_if: {key: k, ask: K?, each_time: true}}]}";
    assert!(problems(&PHASED.replace("{id: x, title: X}", step), &[]).is_empty());
    let with = |when: &str| {
        PHASED.replace(
                "{id: x, title: X}",
                &format!(
                    "{{id: x, title: X, steps: [{{chart: c, remember: r}}, {{chart: c, required: true, required_when: {when}}}]}}"
                ),
            )
    };
    let p = problems(&with("{key: r, unknown: true}"), &[]);
    assert!(p.is_empty(), "{p:?}");
    assert!(problems(&with("{key: r, rows: [\"1-5\"]}"), &[]).is_empty());
    let p = problems(&with("{key: r}"), &[]);
    assert!(p[0].contains("its rows (or unknown)"), "{p:?}");
}

#[test]
fn drawn_is_for_a_step_of_one_chart_among_several() {
    let with = |x: &str| PHASED.replace("{id: x, title: X}", x);
    let good = "{id: x, title: X, steps: [{chart: c, or: [c], drawn: true}]}";
    assert!(
        !problems(&with(good), &[])
            .iter()
            .any(|p| p.contains("drawn"))
    );
    let bad = "{id: x, title: X, steps: [{chart: c, drawn: true}]}";
    let p = problems(&with(bad), &[]);
    assert!(
        p.iter()
            .any(|m| m.contains("drawn is for a step of one chart among several")),
        "{p:?}"
    );
}

#[test]
fn two_questions_join_with_and_on_a_step_only() {
    let with = |x: &str| PHASED.replace("{id: x, title: X}", x);
    let step = "{id: x, title: X, steps: [{text: t, only_if: {key: a, ask: A?, each_time: true, and: {key: b, ask: B?}}}]}";
    assert_eq!(problems(&with(step), &[]), Vec::<String>::new());
    // On a segment; one key joined to itself; a joined question asked two ways.
    let seg = "{id: x, title: X, only_if: {key: a, ask: A?, and: {key: b, ask: B?}}}";
    let p = problems(&with(seg), &[]);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].contains("`and` joins a second question to a step's only_if, not a segment's"),
        "{p:?}"
    );
    let itself =
        "{id: x, title: X, steps: [{text: t, only_if: {key: a, ask: A?, and: {key: a, ask: A?}}}]}";
    let p = problems(&with(itself), &[]);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("'a' is joined to itself by `and`"), "{p:?}");
    let two = "{id: x, title: X, steps: [{text: t, only_if: {key: b, ask: B?}}, {text: u, only_if: {key: a, ask: A?, and: {key: b, ask: Bee?}}}]}";
    let p = problems(&with(two), &[]);
    assert!(
        p.iter()
            .any(|m| m.contains("'b' is asked as \"B?\" elsewhere")),
        "{p:?}"
    );
}

#[test]
fn questions_about_the_board_are_checked() {
    let text = PHASED.replace(
            "{id: y, title: Y}",
            "{id: y, title: Y, only_if: {key: extra, ask: An extra round?}, steps: [{text: t, only_if: {key: extra, ask: An extra round?, answer: false}}, {text: u, game_over: {ask: 20 VP?, text: Over}}]}",
        );
    assert_eq!(problems(&text, &[]), Vec::<String>::new());
    let seq: crate::Sequence = serde_yaml::from_str(&text).unwrap();
    let y = seq.segment("y").unwrap();
    assert!(y.only_if.as_ref().unwrap().answer);
    assert!(!y.steps[0].only_if.as_ref().unwrap().answer);
    assert_eq!(y.steps[1].game_over.as_ref().unwrap().text, "Over");
    let p = problems(
        &text.replace("answer: false", "answer: false, key: Extra"),
        &[],
    );
    assert!(!p.is_empty());
    let p = problems(
        &text.replace("ask: An extra round?, answer", "ask: More?, answer"),
        &[],
    );
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].contains("'extra' is asked as \"An extra round?\" elsewhere"),
        "{p:?}"
    );
    let p = problems(
        &text.replace("key: extra, ask: An extra round?}", "key: Extra, ask: ' '}"),
        &[],
    );
    assert_eq!(p.len(), 2, "{p:?}");
    let p = problems(&text.replace("text: Over", "text: ''"), &[]);
    assert!(
        p[0].contains("needs a question (`ask`) and what to say (`text`)"),
        "{p:?}"
    );
}

#[test]
fn turns_beyond_the_game_and_segments_no_phase_lists_are_named() {
    let text = PHASED.replace("{id: y, title: Y}", "{id: y, title: Y, turns: [2, 11]}");
    let p = problems(&text, &[]);
    assert_eq!(
        p,
        vec![
            "s.yaml:9:34: segment 'y': turns names turn 11, which is not a turn of the game (1-4)"
        ]
    );
    let text = format!("{PHASED}  - {{id: z, title: Z}}\n");
    let p = problems(&text, &[]);
    assert_eq!(
        p,
        vec!["s.yaml:10:6: segment 'z' is written but no phase lists it, so it is never played"]
    );
    let text = PHASED.replace(
        "{id: x, title: X}",
        "{id: x, title: X, steps: [{text: t, not_turns: [5], phases: [b]}]}",
    );
    let p = problems(&text, &[]);
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(
        p[0].contains("a step of segment 'x': not_turns names turn 5"),
        "{p:?}"
    );
    assert!(
        p[1].contains("names phase 'b', which is not a phase: a"),
        "{p:?}"
    );
}
