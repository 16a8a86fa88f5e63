//! A chart's rows: shared or each column's own, running upward with no gap and no overlap over
//! every natural roll, each with the results its columns need; and what a row may say besides.

use super::Check;
use crate::chart::{ChoiceOption, Condition, GameOver, ResultText, Row, Stub};
use crate::die::Span;
use std::collections::BTreeSet;

/// A stub's lack of rows, or the rows (shared or each column's own) and what each says; the
/// rows the inputs name.
pub(super) fn check(k: &mut Check) {
    let c = k.c;
    let own = c.columns.iter().filter(|col| !col.rows.is_empty()).count();
    if let Some(stub) = &c.stub {
        stub_rows(k, stub, own);
        return;
    }
    if own > 0 {
        columns_own_rows(k);
    } else {
        shared_rows(k);
    }
    for r in c.all_rows() {
        row_contents(k, r);
    }
    only_rows(k);
}

/// A chart to look up elsewhere: no rows of its own; DRMs printed elsewhere are added to a
/// natural roll there: not with `read` (its own words for the roll), nor on a table without a
/// die or a selection (which takes none).
fn stub_rows(k: &mut Check, stub: &Stub, own: usize) {
    let c = k.c;
    if !c.rows.is_empty() || own > 0 {
        k.say(
            &["stub"],
            "a chart to look up elsewhere has no rows of its own",
        );
    }
    if stub.drms_printed {
        if stub.read.is_some() {
            k.say(
                &["stub", "drms_printed"],
                "drms_printed says what the roll reads: not with read",
            );
        }
        if c.die.dice().is_none() || c.selection {
            k.say(
                &["stub", "drms_printed"],
                "drms_printed needs a roll that takes DRMs: not on a table without a die, nor a selection",
            );
        }
    }
}

/// How many results a row gives: one `result`, and how many `results`.
fn result_count(r: &Row) -> (usize, usize) {
    (usize::from(r.result.is_some()), r.results.len())
}

/// Rows each column's own: none shared, each column's covering the roll, one result a row.
fn columns_own_rows(k: &mut Check) {
    let c = k.c;
    let natural = c.read_range();
    if !c.rows.is_empty() {
        k.say(
            &["rows"],
            "rows are either shared or each column's own, not both",
        );
    }
    for col in &c.columns {
        if col.rows.is_empty() {
            k.say(
                &["columns", &col.label],
                format!("column '{}' has no rows", col.label),
            );
        }
        let at = k.at(&["columns", &col.label]);
        spans(k, &col.rows, natural, &at);
        for r in col.rows.iter().filter(|r| result_count(r) != (1, 0)) {
            k.say(
                &["columns", &col.label, r.row.label()],
                format!("row {} needs one result", r.row),
            );
        }
    }
}

/// Shared rows: covering the roll, each with one result, or one for each column.
fn shared_rows(k: &mut Check) {
    let c = k.c;
    if c.rows.is_empty() {
        k.say(&[], "the chart has no rows");
    }
    let at = k.at(&["rows"]);
    spans(k, &c.rows, c.read_range(), &at);
    let want = if c.columns.is_empty() {
        (1, 0)
    } else {
        (0, c.columns.len())
    };
    for r in c.rows.iter().filter(|r| result_count(r) != want) {
        let need = if c.columns.is_empty() {
            "one result".to_string()
        } else {
            format!("results for its {} columns", c.columns.len())
        };
        k.say(
            &["rows", r.row.label()],
            format!("row {} needs {need}", r.row),
        );
    }
}

/// The rows an input is asked on (`only_rows`) are rows of the chart.
fn only_rows(k: &mut Check) {
    let c = k.c;
    let row_labels: BTreeSet<&str> = c.all_rows().map(|r| r.row.label()).collect();
    for i in &c.inputs {
        for l in i
            .only_rows
            .iter()
            .filter(|l| !row_labels.contains(l.as_str()))
        {
            k.say(
                &[&format!("key: {}", i.key)],
                format!("only_rows names '{l}', which is not a row of this chart"),
            );
        }
    }
}

/// What a row says besides its result: results by value, alternatives, follow-ups, the end of
/// the game.
fn row_contents(k: &mut Check, r: &Row) {
    let here = k.at(&[r.row.label()]);
    results_by_value(k, r, &here);
    alts_never_read(k, r, &here);
    for a in &r.alt {
        k.condition(&a.when, &here);
        unknown_columns(k, &a.columns, &here);
    }
    for f in &r.then {
        if let Some(w) = &f.when {
            k.condition(w, &here);
        }
        unknown_columns(k, &f.columns, &here);
        if f.times == 0 || f.times > super::MAX_TIMES {
            k.push(
                here.clone(),
                format!(
                    "a follow-up roll takes times from 1 to {}",
                    super::MAX_TIMES
                ),
            );
        }
    }
    game_over(k, r, &here);
}

/// The columns named are columns of the chart.
fn unknown_columns(k: &mut Check, labels: &[String], here: &[String]) {
    let c = k.c;
    for l in labels
        .iter()
        .filter(|l| !c.columns.iter().any(|col| col.label == **l))
    {
        k.push(
            here.to_vec(),
            format!("column '{l}' is not a column of this chart"),
        );
    }
}

/// Results by value name every option of the chart's `result_by`.
fn results_by_value(k: &mut Check, r: &Row, here: &[String]) {
    let c = k.c;
    for t in r.result.iter().chain(r.results.iter()) {
        let ResultText::ByValue(map) = t else {
            continue;
        };
        match c.result_by.as_deref().and_then(|key| c.input(key)) {
            Some(i) => {
                let want: BTreeSet<&str> = i.options.iter().map(ChoiceOption::value).collect();
                let have: BTreeSet<&str> = map.keys().map(String::as_str).collect();
                if want != have {
                    let names: Vec<&str> = want.iter().copied().collect();
                    k.push(
                        here.to_vec(),
                        format!(
                            "row {}: results by '{}' must name each of: {}",
                            r.row,
                            i.key,
                            names.join(", ")
                        ),
                    );
                }
            }
            None => k.push(
                here.to_vec(),
                format!("row {} has results by value but no result_by", r.row),
            ),
        }
    }
}

/// The first alternative that holds replaces the result: one after an alternative that holds
/// whenever it does (its tests are some of this one's, in the same columns or more) is never
/// read.
fn alts_never_read(k: &mut Check, r: &Row, here: &[String]) {
    for (j, a) in r.alt.iter().enumerate() {
        let covers = |b: &crate::chart::Alt| {
            let in_columns = b.columns.is_empty()
                || (!a.columns.is_empty() && a.columns.iter().all(|l| b.columns.contains(l)));
            in_columns
                && b.when
                    .iter()
                    .all(|(key, test)| a.when.get(key) == Some(test))
        };
        if let Some(b) = r.alt[..j].iter().find(|b| covers(b)) {
            let mut at = here.to_vec();
            at.push(a.result.clone());
            k.push(
                at,
                format!(
                    "row {}: the alt \"{}\" is never read: the alt before it (\"{}\") holds \
                     whenever it does, and the first alt that holds is read",
                    r.row, a.result, b.result
                ),
            );
        }
    }
}

/// A row's `game_over`: saying something, its condition and columns read, and able to end the
/// game (no alt of the same condition takes every case of it).
fn game_over(k: &mut Check, r: &Row, here: &[String]) {
    match &r.game_over {
        Some(GameOver::Always(false)) => k.push(
            here.to_vec(),
            format!("row {}: game_over: false says nothing; leave it out", r.row),
        ),
        Some(GameOver::When(g)) => {
            if let Some(w) = &g.when {
                k.condition(w, here);
            }
            if g.when.is_none() && g.columns.is_empty() {
                k.push(
                    here.to_vec(),
                    format!(
                        "row {}: game_over needs `when` or `columns` (or is `true`)",
                        r.row
                    ),
                );
            }
            unknown_columns(k, &g.columns, here);
            if g.when.as_ref().is_some_and(|w| hidden(r, w, &g.columns)) {
                k.push(
                    here.to_vec(),
                    format!(
                        "row {}: its game_over can never end the game: whenever its condition \
                         holds, the alt of the same condition replaces the result, and an alt \
                         ends the game only with its own game_over ('game_over: true' on the \
                         alt, or leave the row's game_over out)",
                        r.row
                    ),
                );
            }
        }
        _ => {}
    }
}

/// Whether an alternative of `r` takes every case of a `game_over: {when, columns}`: one that
/// does not end the game itself, read in those columns, whose condition asks nothing more than
/// `when` (each of its tests is one of `when`'s), so that it holds whenever `when` does.
fn hidden(r: &Row, when: &Condition, columns: &[String]) -> bool {
    r.alt.iter().any(|a| {
        !a.game_over
            && (a.columns.is_empty()
                || (!columns.is_empty() && columns.iter().all(|c| a.columns.contains(c))))
            && a.when.iter().all(|(key, test)| when.get(key) == Some(test))
    })
}

fn spans(k: &mut Check, rows: &[Row], natural: Option<(i64, i64)>, at: &[String]) {
    let spans: Vec<(String, Option<Span>)> = rows
        .iter()
        .map(|r| (r.row.label().to_string(), Some(r.row.span())))
        .collect();
    for (label, msg) in coverage_problems(&spans, natural, "row") {
        let mut needles = at.to_vec();
        needles.push(label);
        k.push(needles, msg);
    }
}

/// Rows (or column bands) must run upward with no gap and no overlap, and cover `must_cover`.
/// The first and last are open-ended in use (a total beyond them takes the nearest), so a set
/// that runs without a gap covers every possible total exactly once.
pub(super) fn coverage_problems(
    spans: &[(String, Option<Span>)],
    must_cover: Option<(i64, i64)>,
    what: &str,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut prev: Option<(&str, Span)> = None;
    for (i, (label, span)) in spans.iter().enumerate() {
        let Some(span) = *span else {
            out.push((
                label.clone(),
                format!("{what} '{label}' is not a range like 1-2, 9+, 2 or less, 10"),
            ));
            return out;
        };
        if span.lo.is_none() && i > 0 {
            out.push((
                label.clone(),
                format!("only the first {what} can be open below ('{label}')"),
            ));
        }
        if span.hi.is_none() && i + 1 < spans.len() {
            out.push((
                label.clone(),
                format!("only the last {what} can be open above ('{label}')"),
            ));
        }
        if let Some((plabel, p)) = prev {
            match (p.hi, span.lo) {
                (Some(h), Some(l)) if Some(l) == h.checked_add(1) => {}
                (Some(h), Some(l)) if l <= h => out.push((
                    label.clone(),
                    format!("{what} '{label}' overlaps '{plabel}'"),
                )),
                (Some(h), Some(l)) => out.push((
                    label.clone(),
                    format!(
                        "gap between {what}s '{plabel}' and '{label}': {} not covered",
                        gap_text(h.saturating_add(1), l.saturating_sub(1))
                    ),
                )),
                _ => {}
            }
        }
        prev = Some((label, span));
    }
    if let (Some((lo, hi)), Some((first, f)), Some((last, l))) = (
        must_cover,
        spans.first().and_then(|(n, s)| s.map(|s| (n, s))),
        spans.last().and_then(|(n, s)| s.map(|s| (n, s))),
    ) {
        if f.lo.is_some_and(|x| x > lo) {
            out.push((
                first.clone(),
                format!("{what}s start at '{first}' but {lo} is possible"),
            ));
        }
        if l.hi.is_some_and(|x| x < hi) {
            out.push((
                last.clone(),
                format!("{what}s end at '{last}' but {hi} is possible"),
            ));
        }
    }
    out
}

fn gap_text(a: i64, b: i64) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}-{b}")
    }
}
