//! The checks of a chart file, each message where it is placed; `problems` (a one-file book's
//! problems as text) is the section files' tests' too.

use super::*;

/// Every problem of a one-file book, as text (the section files' tests use it too).
pub(super) fn problems(text: &str) -> Vec<String> {
    let (charts, mut p) = parse_chart_file("t.yaml", text);
    let texts = BTreeMap::from([("t.yaml".to_string(), text.to_string())]);
    p.extend(validate_charts(&charts, &texts));
    p.iter().map(ToString::to_string).collect()
}

const GOOD: &str = "id: t\ntitle: T\nprinted: p1\ndie: d10\nrows:\n  - {row: \"1-4\", result: a}\n  - {row: \"5+\", result: b}\n";

#[test]
fn a_row_gives_an_answer_some_chart_asks_in_its_terms() {
    let chart = |gives: &str| {
        format!(
            "id: a\ntitle: A\nprinted: p1\ndie: d10\ninputs:\n  - {{key: points, ask: P?, type: number, min: -2, max: 2}}\nrows:\n  - {{row: \"1-10\", result: a, gives: {gives}}}\n"
        )
    };
    assert!(problems(&chart("{points: \"-1\"}")).is_empty());
    let p = problems(&chart("{pints: \"1\"}"));
    assert!(
        p.iter()
            .any(|m| m.contains("row 1-10 gives 'pints', which no chart of the book asks")),
        "{p:?}"
    );
    let p = problems(&chart("{points: \"5\"}"));
    assert!(
        p.iter()
            .any(|m| m.contains("gives 'points' the value '5', which its input does not take")),
        "{p:?}"
    );
}

#[test]
fn a_file_cut_short_is_placed_at_its_end_never_past_it() {
    let one = "{\"id\": \"a\", \"title\": \"A\", \"rows\": [{\"row\": \"1-6\"}, {\"row\": ";
    let p = problems(one);
    assert!(
        p[0].starts_with(&format!("t.yaml:1:{}:", one.len() + 1)),
        "{p:?}"
    );
    let two = "id: a\ntitle: A\nprinted: p\ndie: d6\nrows:\n  - {row: \"1-6\", result: x}\n---\nid: b\nrows:\n  - {";
    let p = problems(two);
    assert!(p.iter().all(|p| !p.starts_with("t.yaml:11:")), "{p:?}");
    assert!(p.iter().any(|p| p.starts_with("t.yaml:10:6:")), "{p:?}");
}

#[test]
fn a_good_chart_passes() {
    assert!(problems(GOOD).is_empty(), "{:?}", problems(GOOD));
}

#[test]
fn a_row_moves_an_input_some_chart_asks_or_is_pointed_at() {
    let asks = "inputs:\n  - {key: guards, ask: Guards?, type: number, min: 0, max: 6}\n";
    let good = GOOD
        .replace("rows:\n", &format!("{asks}rows:\n"))
        .replace("result: b}", "result: b, moves: [guards]}");
    assert!(problems(&good).is_empty(), "{:?}", problems(&good));
    let bad = good.replace("moves: [guards]", "moves: [gaurds]");
    assert_eq!(
        problems(&bad),
        vec![
            "t.yaml:9:36: chart 't': row 5+ moves 'gaurds', which no chart of the book asks: `moves` names input keys"
        ]
    );
}

#[test]
fn a_gap_is_named_with_its_place() {
    let text = GOOD.replace("\"5+\"", "\"6+\"");
    assert_eq!(
        problems(&text),
        vec!["t.yaml:7:12: chart 't': gap between rows '1-4' and '6+': 5 not covered"]
    );
}

#[test]
fn an_overlap_is_named_with_its_place() {
    let text = GOOD.replace("\"5+\"", "\"4+\"");
    assert_eq!(
        problems(&text),
        vec!["t.yaml:7:12: chart 't': row '4+' overlaps '1-4'"]
    );
}

#[test]
fn rows_must_cover_the_die() {
    let text = GOOD.replace("\"5+\"", "\"5-9\"");
    assert!(problems(&text)[0].contains("rows end at '5-9' but 10 is possible"));
    let text = GOOD.replace("\"1-4\"", "\"2-4\"");
    assert!(problems(&text)[0].contains("rows start at '2-4' but 1 is possible"));
}

#[test]
fn yaml_errors_have_their_place() {
    let p = problems("id: t\ntitle: [\n");
    assert!(p[0].starts_with("t.yaml:"), "{p:?}");
    let p = problems("id: t\ntitle: T\nprinted: p\ndie: d10\nrowz: []\n");
    assert!(p[0].contains("unknown field `rowz`"), "{p:?}");
}

#[test]
fn a_row_that_is_no_range_and_a_bad_die_are_named() {
    let p = problems(&GOOD.replace("\"5+\"", "\"five\""));
    assert!(p[0].contains("row 'five' is not a range"), "{p:?}");
    let p = problems(&GOOD.replace("d10", "d1000"));
    assert!(
        p[0].starts_with("t.yaml:4:1: die 'd1000' is not a die: write dN"),
        "{p:?}"
    );
}

#[test]
fn names_inputs_and_follow_ups_are_checked() {
    let text = format!(
        "{GOOD}---\nid: t\ntitle: U\nprinted: p\ndie: d6\nrows:\n  - {{row: \"1+\", result: x, then: [{{chart: nope}}]}}\n"
    );
    let p = problems(&text);
    assert!(
        p.iter().any(|m| m.contains("the name 't' is already used")),
        "{p:?}"
    );
    assert!(p.iter().any(|m| m.contains("rolls on 'nope'")), "{p:?}");
    assert!(
        p.iter().any(|m| m.starts_with("t.yaml:9:")),
        "second document placed: {p:?}"
    );
    let bad_drm = GOOD.replace(
        "rows:",
        "drms:\n  - {label: X, value: 1, per: ghost}\nrows:",
    );
    assert!(problems(&bad_drm)[0].contains("'per: ghost' is not an input"));
}

#[test]
fn column_bands_must_cover_the_sum() {
    let text = "id: t\ntitle: T\nprinted: p\ndie: d6\ninputs:\n  - {key: a, ask: A?, type: number, min: 0, max: 20}\ncolumn_by: {sum: [a], title: A}\ncolumns: [\"5 or less\", \"7+\"]\nrows:\n  - {row: \"1+\", results: [x, y]}\n";
    let p = problems(text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("gap between columns '5 or less' and '7+': 6 not covered"));
}

#[test]
fn a_game_over_flag_is_checked() {
    let ok = GOOD.replace("result: b}", "result: b, game_over: true}");
    assert!(problems(&ok).is_empty(), "{:?}", problems(&ok));
    let p = problems(&GOOD.replace("result: b}", "result: b, game_over: false}"));
    assert!(p[0].contains("game_over: false says nothing"), "{p:?}");
    let p = problems(&GOOD.replace("result: b}", "result: b, game_over: {columns: [X]}}"));
    assert!(p[0].contains("column 'X' is not a column"), "{p:?}");
    let p = problems(&GOOD.replace("result: b}", "result: b, game_over: {when: {ghost: 1}}}"));
    assert!(p[0].contains("ghost"), "{p:?}");
    let p = problems(&GOOD.replace("result: b}", "result: b, game_over: {}}"));
    assert!(p[0].contains("needs `when` or `columns`"), "{p:?}");
}

#[test]
fn a_chart_may_name_only_declared_options() {
    let text = GOOD.replace("die: d10", "die: d10\noptions: [new-player]");
    let (charts, _) = parse_chart_file("t.yaml", &text);
    let texts = BTreeMap::from([("t.yaml".to_string(), text.clone())]);
    let p = validate_options(&charts, &texts, &[]);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].to_string()
            .contains("option 'new-player' is not declared")
    );
}

#[test]
fn one_broken_document_gives_its_own_errors_alone() {
    // The second of three charts does not read; the third rolls on it.
    let text = "id: a\ntitle: A\nprinted: p\ndie: d6\nrows:\n  - {row: \"1+\", result: x}\n---\nid: b\ntitle: [B\nprinted: p\ndie: d6\nrows:\n  - {row: \"1+\", result: x}\n---\nid: c\ntitle: C\nprinted: p\ndie: d6\nrows:\n  - {row: \"1-3\", result: x, then: [{chart: b}]}\n  - {row: \"5+\", result: y}\n";
    let (charts, mut p) = parse_chart_file("t.yaml", text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].to_string().starts_with("t.yaml:9:"), "{p:?}");
    assert_eq!(charts.len(), 2, "the third chart is read");
    let texts = BTreeMap::from([("t.yaml".to_string(), text.to_string())]);
    let unread: BTreeSet<String> = unread_ids(text, &charts).into_iter().collect();
    assert_eq!(unread, BTreeSet::from(["b".to_string()]));
    p.extend(validate_charts_knowing(&charts, &texts, &unread));
    let p: Vec<String> = p.iter().map(ToString::to_string).collect();
    // The third chart's own mistake is found, placed in its own document; 'b' is not
    // named again.
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(
        p[1].starts_with("t.yaml:21:") && p[1].contains("gap between rows '1-3' and '5+'"),
        "{p:?}"
    );
}

#[test]
fn a_misspelt_choice_is_named_with_the_choices_where_it_is() {
    let text = "id: t\ntitle: T\nprinted: p\ndie: d6\ninputs:\n  - {key: region, ask: Where?, type: choice, options: [europe, asia]}\ngates:\n  - {when: {region: asia}, result: fine}\n  - {when: {region: europa}, result: No coup}\nrows:\n  - {row: \"1+\", result: x}\n";
    assert_eq!(
        problems(text),
        vec![
            "t.yaml:9:21: chart 't': 'region: europa': 'europa' is not a choice of 'region'; its choices: europe, asia"
        ]
    );
    let p = problems(&text.replace("europa", "[asia, afrika]"));
    assert!(
        p[0].contains("'afrika' is not a choice of 'region'"),
        "{p:?}"
    );
}

#[test]
fn per_counts_a_number_only() {
    let text = GOOD.replace(
            "rows:",
            "inputs:\n  - {key: veteran, ask: V?, type: yesno}\ndrms:\n  - {label: Veteran, value: -2, per: veteran}\nrows:",
        );
    let p = problems(&text);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].contains(
            "'per: veteran' counts a number, and 'veteran' is yes/no: write `when: {veteran: true}`"
        ),
        "{p:?}"
    );
}
