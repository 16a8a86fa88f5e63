//! Reading a chart file: each document on its own, and a YAML or schema error placed where it
//! is, in the words of a book's writer.

use super::{Problem, doc_start, line_col};
use crate::Chart;
use crate::SourcedChart;

/// A YAML or schema error, placed where serde says it is.
#[must_use]
pub fn yaml_problem(file: &str, text: &str, doc: usize, e: &serde_yaml::Error) -> Problem {
    let (line, column) = match e.location() {
        Some(loc) => (loc.line(), loc.column()),
        None => line_col(text, doc_start(text, doc)),
    };
    let mut message = e.to_string();
    // serde_yaml appends " at line L column C"; the location is already in front.
    if let Some(i) = message.find(" at line ") {
        message.truncate(i);
    }
    let message = plain_words(&message);
    let (line, column) = within(text, line, column);
    Problem {
        file: file.to_string(),
        line,
        column,
        message,
    }
}

/// The parser's words for types said as a book's writer says them ("expected u32": "expected a
/// whole number, 0 or more"), and a hint where an `alt`'s result is written as a map.
fn plain_words(message: &str) -> String {
    const WORDS: [(&str, &str); 10] = [
        ("expected u8", "expected a whole number, 0 or more"),
        ("expected u16", "expected a whole number, 0 or more"),
        ("expected u32", "expected a whole number, 0 or more"),
        ("expected u64", "expected a whole number, 0 or more"),
        ("expected usize", "expected a whole number, 0 or more"),
        ("expected i32", "expected a whole number"),
        ("expected i64", "expected a whole number"),
        ("expected f64", "expected a number"),
        ("expected a borrowed string", "expected a text"),
        ("expected a string", "expected a text"),
    ];
    let mut out = message.to_string();
    for (raw, plain) in WORDS {
        out = out.replace(raw, plain);
    }
    if out.contains("invalid type: map") && out.contains("].result:") && out.contains(".alt[") {
        out.push_str(
            " (an alt's result is one text, not a map by `result_by`: give one alt per value)",
        );
    }
    out
}

/// A place inside the file: a file cut short is read to its end, and the parser may place its
/// error on a line past the last one (the line a newline would begin); it is the file's end.
fn within(text: &str, line: usize, column: usize) -> (usize, usize) {
    let lines = text.lines().count().max(1);
    if line <= lines {
        return (line, column);
    }
    let last = text.lines().last().map_or(0, |l| l.chars().count());
    (lines, last + 1)
}

/// A YAML or schema error in the document starting at byte `start` of `text`, read on its own:
/// serde's place is counted from that document's start. An error serde cannot place (a bad
/// `die:`) is placed at the field it is about.
fn doc_problem(file: &str, text: &str, start: usize, e: &serde_yaml::Error) -> Problem {
    let mut p = yaml_problem(file, text, 0, e);
    let (line0, _) = line_col(text, start);
    // serde places a bad die at the document's start: it is the `die:` line.
    let die = p
        .message
        .starts_with("die '")
        .then(|| text[start..].find("die:").map(|i| start + i))
        .flatten();
    match (die, e.location()) {
        (Some(at), _) => (p.line, p.column) = line_col(text, at),
        (None, Some(loc)) => {
            (p.line, p.column) = within(text, loc.line() + line0 - 1, loc.column());
        }
        (None, None) => (p.line, p.column) = line_col(text, start),
    }
    p
}

/// The ids of the charts of a file whose documents did not read (`read`: those that did), by
/// their `id:` line: other charts and the sequence may name them without a second error.
#[must_use]
pub fn unread_ids(text: &str, read: &[SourcedChart]) -> Vec<String> {
    crate::yaml::documents(text)
        .into_iter()
        .filter(|(i, _, _)| !read.iter().any(|c| c.doc == *i))
        .filter_map(|(_, _, doc)| {
            doc.lines()
                .find_map(|l| l.strip_prefix("id:"))
                .map(|id| id.trim().trim_matches(['"', '\'']).to_string())
                .filter(|id| !id.is_empty())
        })
        .collect()
}

/// The problem of a YAML file whose `[` and `{` nest deeper than [`crate::MAX_FLOW_DEPTH`]
/// (the parser's time grows with the square of the depth: it is never handed one).
#[must_use]
pub fn depth_problem(file: &str, text: &str) -> Option<Problem> {
    crate::flow_too_deep(text).map(|line| Problem {
        file: file.to_string(),
        line,
        column: 1,
        message: format!("[ and {{ nest deeper than {}", crate::MAX_FLOW_DEPTH),
    })
}

/// The old chart field `reroll_for_ap`, no longer read: the one line of `book.yaml` that says it
/// (the chart's id read from its document, where it has one).
fn reroll_for_ap_gone(doc: &str) -> String {
    let mut lines = doc.lines().peekable();
    lines.next_if(|l| l.starts_with("---"));
    let id = lines
        .take_while(|l| !l.starts_with("---"))
        .find_map(|l| l.strip_prefix("id:"))
        .map(|v| v.trim().trim_matches(['"', '\'']).to_string())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| "THIS CHART".into());
    format!(
        "`reroll_for_ap` is no longer read: drop it and name the chart in book.yaml's re-roll rule, one line: `reroll: {{cost: WHAT IT COSTS, charts: [{id}]}}`"
    )
}

/// Parse every chart in a YAML file (documents separated by `---`).
#[must_use]
pub fn parse_chart_file(file: &str, text: &str) -> (Vec<SourcedChart>, Vec<Problem>) {
    let mut charts = Vec::new();
    let mut problems = Vec::new();
    for (doc, parsed) in crate::parse_yaml_documents::<Chart>(text) {
        match parsed {
            Ok(chart) => charts.push(SourcedChart {
                file: file.to_string(),
                doc,
                chart,
            }),
            Err(crate::YamlError::Yaml(e)) => {
                let start = doc_start(text, doc);
                let mut p = doc_problem(file, text, start, &e);
                if e.to_string().contains("unknown field `reroll_for_ap`") {
                    p.message = reroll_for_ap_gone(&text[start..]);
                }
                problems.push(p);
            }
            Err(crate::YamlError::TooDeep { line }) => {
                let start = doc_start(text, doc);
                problems.push(Problem {
                    file: file.to_string(),
                    line: text[..start].matches('\n').count() + line,
                    column: 1,
                    message: format!("[ and {{ nest deeper than {}", crate::yaml::MAX_FLOW_DEPTH),
                });
            }
            Err(e) => problems.push(Problem {
                file: file.to_string(),
                line: 1,
                column: 1,
                message: e.to_string(),
            }),
        }
    }
    (charts, problems)
}
