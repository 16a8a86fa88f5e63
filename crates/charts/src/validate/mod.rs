//! Validation: every problem of a book with its file, line and column.
//!
//! A chart is checked section by section (one file each: its name and die, inputs, columns,
//! DRMs, rows), then the charts of a book together (names, follow-up rolls), then the book's
//! turn sequence and ordering rules.

mod columns;
mod dice;
mod drms;
mod follow;
pub use follow::{MAX_CHAIN, MAX_ROLLS};
mod inputs;
mod locate;
mod orders;
mod rank;
mod rows;
mod sequence;
mod texts;

use crate::SourcedChart;
use crate::chart::{Chart, Condition};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

pub use dice::MAX_DICE_OUTCOMES;
pub use locate::{doc_start, line_col, locate};
pub use orders::validate_orders;
pub use sequence::{BookNames, validate_sequence};

/// The largest number a chart may hold (an input's bounds, a DRM, a cap, a limit), so that no
/// total can overflow.
pub const MAX_VALUE: i64 = 1_000_000;

/// The most results a follow-up roll may ask for (`times`).
pub const MAX_TIMES: u32 = 20;

/// A problem in a file, where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file, as named in the book's folder.
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// All the problems as one report (one line each), or nothing when there are none.
#[must_use]
pub fn report(problems: &[Problem]) -> Option<String> {
    (!problems.is_empty()).then(|| {
        problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// Every id and alias of these charts, in lower case: what a sequence may name.
#[must_use]
pub fn chart_names(charts: &[SourcedChart]) -> BTreeSet<String> {
    charts
        .iter()
        .flat_map(|c| c.chart.names())
        .map(str::to_ascii_lowercase)
        .collect()
}

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
    let (line, column) = within(text, line, column);
    Problem {
        file: file.to_string(),
        line,
        column,
        message,
    }
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

/// Validate a set of charts that make up one book (or one file), with cross-chart checks.
///
/// `texts` maps each file name to its text, to place the problems.
#[must_use]
pub fn validate_charts(charts: &[SourcedChart], texts: &BTreeMap<String, String>) -> Vec<Problem> {
    validate_charts_knowing(charts, texts, &BTreeSet::new())
}

/// The same, knowing that charts of these ids (lower case) are in the book but did not read:
/// their own problems are told; a follow-up roll on them is not one more.
#[must_use]
pub fn validate_charts_knowing(
    charts: &[SourcedChart],
    texts: &BTreeMap<String, String>,
    unread: &BTreeSet<String>,
) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    for sc in charts {
        let mut findings = check_chart(&sc.chart);
        for name in sc.chart.names() {
            let key = name.to_ascii_lowercase();
            if let Some(other) = names.get(&key) {
                findings.push(Finding {
                    needles: vec![format!("id: {}", sc.chart.id), name.to_string()],
                    message: format!("the name '{name}' is already used by chart '{other}'"),
                });
            } else {
                names.insert(key, sc.chart.id.clone());
            }
        }
        place(&mut problems, sc, texts, findings);
    }
    let by_id: std::collections::HashMap<&str, &SourcedChart> =
        charts.iter().map(|c| (c.chart.id.as_str(), c)).collect();
    let by_name = |n: &str| -> Option<&Chart> {
        let id = names.get(&n.to_ascii_lowercase())?;
        by_id.get(id.as_str()).map(|c| &c.chart)
    };
    for sc in charts {
        let findings = follow::check(&sc.chart, &by_name, unread);
        place(&mut problems, sc, texts, findings);
    }
    // What a row moves: inputs some chart of these asks.
    let keys: BTreeSet<&str> = charts
        .iter()
        .flat_map(|c| c.chart.inputs.iter().map(|i| i.key.as_str()))
        .collect();
    for sc in charts {
        let findings: Vec<Finding> = sc
            .chart
            .rows
            .iter()
            .chain(sc.chart.columns.iter().flat_map(|c| &c.rows))
            .flat_map(|r| r.moves.iter().map(move |k| (r, k)))
            .filter(|(_, k)| !keys.contains(k.as_str()))
            .map(|(r, k)| Finding {
                needles: vec![
                    format!("id: {}", sc.chart.id),
                    r.row.label().to_string(),
                    "moves".into(),
                    k.clone(),
                ],
                message: format!(
                    "row {} moves '{k}', which no chart of the book asks: `moves` names input keys",
                    r.row.label()
                ),
            })
            .collect();
        place(&mut problems, sc, texts, findings);
    }
    // What a row gives: an answer to an input some chart asks, in that input's terms.
    let inputs: BTreeMap<&str, &crate::Input> = charts
        .iter()
        .flat_map(|c| c.chart.inputs.iter().map(|i| (i.key.as_str(), i)))
        .collect();
    for sc in charts {
        let mut findings = Vec::new();
        let rows = sc
            .chart
            .rows
            .iter()
            .chain(sc.chart.columns.iter().flat_map(|c| &c.rows));
        for r in rows {
            for (k, v) in &r.gives {
                let bad = match inputs.get(k.as_str()) {
                    None => Some(format!(
                        "row {} gives '{k}', which no chart of the book asks: `gives` names input keys",
                        r.row.label()
                    )),
                    Some(i) if !gives_fits(i, v) => Some(format!(
                        "row {} gives '{k}' the value '{v}', which its input does not take",
                        r.row.label()
                    )),
                    Some(_) => None,
                };
                if let Some(message) = bad {
                    findings.push(Finding {
                        needles: vec![
                            format!("id: {}", sc.chart.id),
                            r.row.label().to_string(),
                            "gives".into(),
                            k.clone(),
                        ],
                        message,
                    });
                }
            }
        }
        place(&mut problems, sc, texts, findings);
    }
    let all: Vec<&Chart> = charts.iter().map(|c| &c.chart).collect();
    let reach = follow::reach(&all, &by_name);
    let wide = reach.wide.into_iter().map(|(id, n)| {
        let message = format!(
            "a roll on '{id}' may call {} rolls in all, follow-ups and theirs: a roll calls at most {}",
            if n == u64::MAX { "countless".to_string() } else { n.to_string() },
            follow::MAX_ROLLS
        );
        (id, message)
    });
    let circles = reach.circles.into_iter().map(|(id, circle)| {
        (
            id,
            format!("follow-up rolls go round in a circle: {circle}"),
        )
    });
    for (id, message) in circles.chain(reach.deep).chain(wide) {
        if let Some(sc) = by_id.get(id.as_str()) {
            let finding = Finding {
                needles: vec![format!("id: {id}"), "then".into()],
                message,
            };
            place(&mut problems, sc, texts, vec![finding]);
        }
    }
    problems
}

/// Whether `value` is an answer `input` takes: a whole number within its range, yes or no, or
/// one of its options.
fn gives_fits(input: &crate::Input, value: &str) -> bool {
    match input.kind {
        crate::InputKind::Number => value
            .parse::<i64>()
            .is_ok_and(|n| input.min.is_none_or(|m| n >= m) && input.max.is_none_or(|m| n <= m)),
        crate::InputKind::Yesno => matches!(value, "yes" | "no"),
        crate::InputKind::Choice => input.options.iter().any(|o| o.value() == value),
    }
}

/// The charts' use of the book's options: each option a chart names must be declared.
#[must_use]
pub fn validate_options(
    charts: &[SourcedChart],
    texts: &BTreeMap<String, String>,
    declared: &[crate::BookOption],
) -> Vec<Problem> {
    let mut problems = Vec::new();
    for sc in charts {
        let findings = sc
            .chart
            .options
            .iter()
            .filter(|o| !declared.iter().any(|d| &d.id == *o))
            .map(|o| Finding {
                needles: vec![format!("id: {}", sc.chart.id), "options".into(), o.clone()],
                message: format!("option '{o}' is not declared in the book's book.yaml"),
            })
            .collect();
        place(&mut problems, sc, texts, findings);
    }
    problems
}

/// A problem found in a chart, before it is placed: the texts to look for, in order, to find it.
struct Finding {
    needles: Vec<String>,
    message: String,
}

fn place(
    problems: &mut Vec<Problem>,
    sc: &SourcedChart,
    texts: &BTreeMap<String, String>,
    findings: Vec<Finding>,
) {
    let text = texts.get(&sc.file).map_or("", String::as_str);
    for f in findings {
        let (line, column) = locate(text, sc.doc, &f.needles);
        problems.push(Problem {
            file: sc.file.clone(),
            line,
            column,
            message: format!("chart '{}': {}", sc.chart.id, f.message),
        });
    }
}

/// The findings of one chart, and where to look for them.
struct Check<'a> {
    c: &'a Chart,
    out: Vec<Finding>,
}

impl Check<'_> {
    /// Needles: the chart's id, then these texts in order.
    fn at(&self, extra: &[&str]) -> Vec<String> {
        std::iter::once(format!("id: {}", self.c.id))
            .chain(extra.iter().map(ToString::to_string))
            .collect()
    }

    fn push(&mut self, needles: Vec<String>, message: impl Into<String>) {
        self.out.push(Finding {
            needles,
            message: message.into(),
        });
    }

    /// A problem at the chart's id and these texts.
    fn say(&mut self, extra: &[&str], message: impl Into<String>) {
        let needles = self.at(extra);
        self.push(needles, message);
    }

    /// Every problem of a condition, at these needles.
    fn condition(&mut self, cond: &Condition, needles: &[String]) {
        for (msg, at) in inputs::condition_problems(self.c, cond) {
            let mut here = needles.to_vec();
            here.extend(at);
            self.push(here, msg);
        }
    }
}

/// Everything that can be checked within one chart, section by section.
fn check_chart(c: &Chart) -> Vec<Finding> {
    let mut k = Check { c, out: Vec::new() };
    inputs::identity(&mut k);
    inputs::check(&mut k);
    columns::check(&mut k);
    drms::check(&mut k);
    rows::check(&mut k);
    dice::check(&mut k);
    rank::check(&mut k);
    texts::check(&mut k);
    k.out.extend(hidden_characters(c));
    k.out
}

/// A chart's texts are shown on a terminal: a control character (an escape sequence could
/// set its title or clear it) or a direction override (U+202E) is refused wherever it is.
fn hidden_characters(c: &Chart) -> Option<Finding> {
    let found = hidden_in(&serde_yaml::to_value(c).ok()?)?;
    Some(Finding {
        needles: vec![format!("id: {}", c.id)],
        message: hidden_message(found),
    })
}

/// The first control or direction character in a YAML value's texts (keys too).
fn hidden_in(v: &serde_yaml::Value) -> Option<char> {
    match v {
        serde_yaml::Value::String(s) => s.chars().find(|&c| {
            (c.is_control() && c != '\n' && c != '\t')
                || matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
        }),
        serde_yaml::Value::Sequence(items) => items.iter().find_map(hidden_in),
        serde_yaml::Value::Mapping(m) => m
            .iter()
            .find_map(|(k, v)| hidden_in(k).or_else(|| hidden_in(v))),
        serde_yaml::Value::Tagged(t) => hidden_in(&t.value),
        _ => None,
    }
}

fn hidden_message(c: char) -> String {
    format!(
        "a text holds U+{:04X}, a control or direction character: flipbook shows none (write the text without it)",
        u32::from(c)
    )
}

/// The same refusal for a book's other files (`book.yaml`, `sequence.yaml`, `orders.yaml`):
/// their texts are shown too. At the line that holds the character, when it is written as
/// itself (else the file's first line: it was written as an escape).
#[must_use]
pub fn hidden_problem(file: &str, text: &str) -> Option<Problem> {
    let value: serde_yaml::Value = serde_yaml::from_str(text).ok()?;
    let found = hidden_in(&value)?;
    let (line, column) = text
        .lines()
        .enumerate()
        .find_map(|(i, l)| {
            l.chars()
                .position(|c| c == found)
                .map(|col| (i + 1, col + 1))
        })
        .unwrap_or((1, 1));
    Some(Problem {
        file: file.to_string(),
        line,
        column,
        message: hidden_message(found),
    })
}

#[cfg(test)]
mod tests {
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
            p[0].contains("'per: veteran' counts a number, and 'veteran' is yes/no: write `when: {veteran: true}`"),
            "{p:?}"
        );
    }
}
