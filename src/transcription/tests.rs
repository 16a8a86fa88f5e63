//! Rows read and checked, from text and back: the transcription format's own tests.

use super::*;

const D6: Dice = Dice { count: 1, sides: 6 };

#[allow(clippy::unnecessary_wraps)] // the shape of a chart check
fn ok(_: &str) -> Result<(), String> {
    Ok(())
}

fn read(text: &str) -> Result<Transcription, String> {
    let sections = parse_file("rows.txt", text)?;
    sections[0].transcription("rows.txt", D6, &ok)
}

#[test]
fn a_file_of_rows_reads_in_order_of_the_ranges() {
    let t = read("# D14\n4-6  Nothing\n\n1-3  Scandal: -1 Public Approval -> d9\n").unwrap();
    let labels: Vec<&str> = t.rows.iter().map(|r| r.band.label()).collect();
    assert_eq!(labels, ["1-3", "4-6"]);
    assert_eq!(t.rows[0].results, ["Scandal: -1 Public Approval"]);
    assert_eq!(t.rows[0].then, ["d9"]);
    assert_eq!(t.rows[0].line, 4);
}

#[test]
fn bad_rows_name_their_line() {
    let e = read("1-3  A\nfour  B\n").unwrap_err();
    assert!(
        e.starts_with("rows.txt:2: row 'four' is not a range"),
        "{e}"
    );
    let e = read("1-3  A\n3-6  B\n").unwrap_err();
    assert_eq!(e, "rows.txt:2: row '3-6' overlaps row '1-3' (line 1)");
    let e = read("1-3  A\n5-6  B\n").unwrap_err();
    assert_eq!(
        e,
        "rows.txt:2: no row for 4: every roll of the d6 (1-6) needs one"
    );
    let e = read("1-3  A\n4-5  B\n").unwrap_err();
    assert!(e.starts_with("rows.txt:2: no row for 6"), "{e}");
    let e = read("1-3\n").unwrap_err();
    assert_eq!(e, "rows.txt:1: row '1-3' has no result");
    let e = read("# nothing\n").unwrap_err();
    assert!(e.starts_with("rows.txt:1: no rows"), "{e}");
}

#[test]
fn open_ranges_and_columns_and_the_die_read() {
    let t = read("die: d10\ncolumns: Calm | Stormy\n2 or less  a | b\n3-9  c | d\n10+  e | f\n")
        .unwrap();
    assert_eq!(t.dice.sides, 10);
    assert_eq!(t.columns, ["Calm", "Stormy"]);
    assert_eq!(t.rows[0].band.label(), "2 or less");
    let e = read("columns: A | B\n1-6  only one\n").unwrap_err();
    assert!(e.contains("one for each column"), "{e}");
}

#[test]
fn sections_name_their_charts() {
    let s = parse_file(
        "x.txt",
        "[scandal]\n1-6  A\n[good-times]\ndie: d10\n1-10  B\n",
    )
    .unwrap();
    assert_eq!(s.len(), 2);
    assert_eq!(s[1].id.as_ref().unwrap().0, "good-times");
    let e = parse_file("x.txt", "1-6 A\n[scandal]\n").unwrap_err();
    assert!(e.starts_with("x.txt:2:"), "{e}");
}

#[test]
fn coverage_says_what_is_missing() {
    let mut t = Transcription::new(D6, Vec::new());
    assert_eq!(t.missing(), [(1, 6)]);
    let band = t.check_range("2-3").unwrap();
    t.insert(RowEntry {
        band,
        results: vec!["x".into()],
        then: Vec::new(),
        line: 0,
    });
    assert_eq!(t.missing(), [(1, 1), (4, 6)]);
    assert!(t.coverage().contains("still missing: 1, 4-6"));
    assert!(t.check_range("3-4").is_err());
    assert!(t.check_range("1 or less").is_ok());
}

#[test]
fn a_transcription_round_trips_through_its_chart_and_text() {
    let t = read("1-3  A -> d9, d15\n4+  B\n").unwrap();
    let named: Chart = serde_yaml::from_str(
        "{id: s, title: S, printed: p, die: d6, stub: {code: D14, table: S, booklet: B}}",
    )
    .unwrap();
    let chart = t.chart(&named);
    assert!(chart.stub.is_none());
    assert_eq!(chart.rows.len(), 2);
    let (back, lost) = Transcription::of(&chart);
    assert!(lost.is_empty());
    assert_eq!(back.as_ref().unwrap().rows[0].rest(), "A -> d9, d15");
    let text = back.unwrap().text("s", "D14");
    let again = parse_file("e.txt", &text).unwrap();
    let t2 = again[0].transcription("e.txt", D6, &ok).unwrap();
    assert_eq!(t2.rows.len(), 2);
    assert_eq!(
        column_values(&["A b".into(), "a-B".into()]),
        ["a-b", "column-2"]
    );
}
