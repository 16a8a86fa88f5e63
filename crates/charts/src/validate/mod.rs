//! Validation: every problem of a book with its file, line and column.
//!
//! A chart is checked section by section (one file each: its name and die, inputs, columns,
//! DRMs, rows), then the charts of a book together (names, follow-up rolls), then the book's
//! turn sequence and ordering rules.

mod columns;
mod drms;
mod follow;
mod inputs;
mod locate;
mod orders;
mod rows;
mod sequence;

use crate::SourcedChart;
use crate::chart::{Chart, Condition};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

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
    Problem {
        file: file.to_string(),
        line,
        column,
        message,
    }
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
            Err(crate::YamlError::Yaml(e)) => problems.push(yaml_problem(file, text, doc, &e)),
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
    let by_name = |n: &str| -> Option<&Chart> {
        let id = names.get(&n.to_ascii_lowercase())?;
        charts.iter().map(|c| &c.chart).find(|c| &c.id == id)
    };
    for sc in charts {
        let findings = follow::check(&sc.chart, &by_name);
        place(&mut problems, sc, texts, findings);
    }
    let all: Vec<&Chart> = charts.iter().map(|c| &c.chart).collect();
    for (id, circle) in follow::circles(&all, &by_name) {
        if let Some(sc) = charts.iter().find(|c| c.chart.id == id) {
            let finding = Finding {
                needles: vec![format!("id: {id}"), "then".into()],
                message: format!("follow-up rolls go round in a circle: {circle}"),
            };
            place(&mut problems, sc, texts, vec![finding]);
        }
    }
    problems
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
        for msg in inputs::condition_problems(self.c, cond) {
            self.push(needles.to_vec(), msg);
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
    k.out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> Vec<String> {
        let (charts, mut p) = parse_chart_file("t.yaml", text);
        let texts = BTreeMap::from([("t.yaml".to_string(), text.to_string())]);
        p.extend(validate_charts(&charts, &texts));
        p.iter().map(ToString::to_string).collect()
    }

    const GOOD: &str = "id: t\ntitle: T\nprinted: p1\ndie: d10\nrows:\n  - {row: \"1-4\", result: a}\n  - {row: \"5+\", result: b}\n";

    #[test]
    fn a_good_chart_passes() {
        assert!(problems(GOOD).is_empty(), "{:?}", problems(GOOD));
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
        assert!(p[0].contains("die 'd1000' is not d6"), "{p:?}");
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
}
