//! Validation of chart files: every problem with its file, line and column.
//!
//! Shared with `build.rs`, so that a shipped book that does not validate does not build, and used at
//! run time for the player's own charts and books (`flipbook check`).

use crate::model::{Chart, Condition, Dice, InputKind, Operand, ResultText, Row, Span, Test};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A problem in a file, where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: String,
    pub line: usize,
    pub column: usize,
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
pub fn report(problems: &[Problem]) -> Option<String> {
    (!problems.is_empty()).then(|| {
        problems
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// Every id and alias of these charts, in lower case: what a sequence may name.
pub fn chart_names(charts: &[SourcedChart]) -> BTreeSet<String> {
    charts
        .iter()
        .flat_map(|c| std::iter::once(&c.chart.id).chain(c.chart.aliases.iter()))
        .map(|n| n.to_ascii_lowercase())
        .collect()
}

/// A chart as read from a file: the file's name and text, and which YAML document it was.
#[derive(Debug, Clone)]
pub struct SourcedChart {
    pub file: String,
    pub doc: usize,
    pub chart: Chart,
}

/// A problem found in a chart, before it is placed: the texts to look for, in order, to find it.
struct Finding {
    needles: Vec<String>,
    message: String,
}

/// Parse every chart in a YAML file (documents separated by `---`).
pub fn parse_chart_file(file: &str, text: &str) -> (Vec<SourcedChart>, Vec<Problem>) {
    let mut charts = Vec::new();
    let mut problems = Vec::new();
    for (doc, parsed) in crate::model::parse_yaml_documents::<Chart>(text) {
        match parsed {
            Ok(chart) => charts.push(SourcedChart {
                file: file.to_string(),
                doc,
                chart,
            }),
            Err(crate::model::YamlError::Yaml(e)) => {
                problems.push(yaml_problem(file, text, doc, &e))
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

/// A YAML or schema error, placed where serde says it is.
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

/// Validate a set of charts that make up one book (or one file), with cross-chart checks.
///
/// `texts` maps each file name to its text, to place the problems.
pub fn validate_charts(charts: &[SourcedChart], texts: &BTreeMap<String, String>) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    for sc in charts {
        let mut findings = check_chart(&sc.chart);
        for name in std::iter::once(&sc.chart.id).chain(sc.chart.aliases.iter()) {
            let key = name.to_ascii_lowercase();
            if let Some(other) = names.get(&key) {
                findings.push(Finding {
                    needles: vec![format!("id: {}", sc.chart.id), name.clone()],
                    message: format!("the name '{name}' is already used by chart '{other}'"),
                });
            } else {
                names.insert(key, sc.chart.id.clone());
            }
        }
        place(&mut problems, sc, texts, findings);
    }
    // Follow-up rolls must name a chart of the same set, and must be able to end.
    let by_name = |n: &str| -> Option<&Chart> {
        let id = names.get(&n.to_ascii_lowercase())?;
        charts.iter().map(|c| &c.chart).find(|c| &c.id == id)
    };
    for sc in charts {
        let mut findings = Vec::new();
        let gate_follows = sc
            .chart
            .gates
            .iter()
            .flat_map(|g| g.then.iter().map(|f| ("gates", "a gate".to_string(), f)));
        let row_follows = all_rows(&sc.chart).flat_map(|r| {
            r.then
                .iter()
                .map(move |f| (r.row.as_str(), format!("row {}", r.row), f))
        });
        for (row_label, what, follow) in row_follows.chain(gate_follows) {
            let needles = vec![
                format!("id: {}", sc.chart.id),
                row_label.to_string(),
                follow.chart.clone(),
            ];
            let Some(target) = by_name(&follow.chart) else {
                findings.push(Finding {
                    needles: needles.clone(),
                    message: format!(
                        "{what} rolls on '{}', which is not a chart here",
                        follow.chart
                    ),
                });
                continue;
            };
            let Some(dice) = Dice::parse(&target.die) else {
                findings.push(Finding {
                    needles: needles.clone(),
                    message: format!("{what} rolls on '{}', which has no die", target.id),
                });
                continue;
            };
            let open: Vec<i64> = (dice.min()..=dice.max())
                .filter(|n| !follow.reroll.contains(n))
                .collect();
            if open.is_empty() {
                findings.push(Finding {
                    needles: needles.clone(),
                    message: "every natural roll is rolled again: the roll could never end".into(),
                });
            }
            let rows_there = target.rows.len().max(
                target
                    .columns
                    .iter()
                    .map(|c| c.own_rows().len())
                    .max()
                    .unwrap_or(0),
            );
            if follow.distinct && follow.times as usize > rows_there {
                findings.push(Finding {
                    needles: needles.clone(),
                    message: format!(
                        "{} different results are asked of '{}', which has {} rows",
                        follow.times, target.id, rows_there
                    ),
                });
            }
            if target.id == sc.chart.id {
                // A chart that calls itself must not be able to land on the calling row again.
                if let Some(span) = Span::parse(row_label) {
                    if open.iter().any(|n| span.contains(*n)) {
                        findings.push(Finding {
                            needles: needles.clone(),
                            message: format!(
                                "row {} rolls on its own chart again without rolling again on {}",
                                row_label, row_label
                            ),
                        });
                    }
                }
            }
        }
        place(&mut problems, sc, texts, findings);
    }
    problems
}

fn place(
    problems: &mut Vec<Problem>,
    sc: &SourcedChart,
    texts: &BTreeMap<String, String>,
    findings: Vec<Finding>,
) {
    let text = texts.get(&sc.file).map(String::as_str).unwrap_or("");
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

/// The dice that always mean plain dice, whatever a book calls its charts.
pub fn is_plain_dice(name: &str) -> bool {
    matches!(
        name.to_ascii_lowercase().as_str(),
        "d6" | "d10" | "2d6" | "1d6" | "1d10"
    )
}

/// Every row of a chart: the shared rows and every column's own.
pub fn all_rows(chart: &Chart) -> impl Iterator<Item = &Row> {
    chart
        .rows
        .iter()
        .chain(chart.columns.iter().flat_map(|c| c.own_rows().iter()))
}

fn find(needles: Vec<String>, message: impl Into<String>) -> Finding {
    Finding {
        needles,
        message: message.into(),
    }
}

/// Everything that can be checked within one chart.
fn check_chart(c: &Chart) -> Vec<Finding> {
    let mut out = Vec::new();
    let at = |extra: &[&str]| -> Vec<String> {
        std::iter::once(format!("id: {}", c.id))
            .chain(extra.iter().map(|s| s.to_string()))
            .collect()
    };
    let valid_name = |s: &str| {
        !s.is_empty()
            && s.chars()
                .next()
                .is_some_and(|ch| ch.is_ascii_alphanumeric())
            && s.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-')
    };
    if !valid_name(&c.id) || c.id.chars().any(|ch| ch.is_ascii_uppercase()) {
        out.push(find(
            at(&[]),
            "an id is lowercase letters, digits and dashes",
        ));
    }
    for a in &c.aliases {
        if !valid_name(a) {
            out.push(find(
                at(&[a]),
                format!("alias '{a}' is not letters, digits and dashes"),
            ));
        }
    }
    for name in std::iter::once(&c.id).chain(c.aliases.iter()) {
        if is_plain_dice(name) {
            out.push(find(
                at(&[name]),
                format!("'{name}' would hide the plain dice of that name"),
            ));
        }
    }
    if c.title.trim().is_empty() {
        out.push(find(at(&["title"]), "the title is empty"));
    }
    if c.printed.trim().is_empty() {
        out.push(find(at(&["printed"]), "say where the chart is printed"));
    }
    let dice = if c.die == "none" {
        None
    } else {
        match Dice::parse(&c.die) {
            Some(d) => Some(d),
            None => {
                out.push(find(
                    at(&["die"]),
                    format!("die '{}' is not d6, d10, 2d6 ... or none", c.die),
                ));
                return out;
            }
        }
    };
    if c.selection && c.new_player {
        out.push(find(
            at(&["new_player"]),
            "a selection roll never takes the new-player DRM",
        ));
    }
    if dice.is_none() && c.new_player {
        out.push(find(
            at(&["new_player"]),
            "a table without a die has no new-player DRM",
        ));
    }
    if dice.is_none() && c.stub.is_some() {
        out.push(find(at(&["stub"]), "a chart to look up needs a die"));
    }
    if c.divide.is_some_and(|d| d <= 0) {
        out.push(find(at(&["divide"]), "divide by a number of 1 or more"));
    }
    if dice.is_none() && !c.on_natural.is_empty() {
        out.push(find(
            at(&["on_natural"]),
            "a table without a die has no natural roll",
        ));
    }
    if let Some(d) = dice {
        for n in c.on_natural.iter().flat_map(|o| o.naturals.iter()) {
            if !(d.min()..=d.max()).contains(n) {
                out.push(find(
                    at(&["on_natural"]),
                    format!("{n} is not a natural roll of {d}"),
                ));
            }
        }
    }
    if dice.is_some() && c.divide.is_some() {
        out.push(find(
            at(&["divide"]),
            "only a table without a die divides its value",
        ));
    }

    // Inputs.
    let mut keys = BTreeSet::new();
    for i in &c.inputs {
        let here = at(&[&format!("key: {}", i.key)]);
        let key_ok = i
            .key
            .chars()
            .next()
            .is_some_and(|ch| ch.is_ascii_lowercase())
            && i.key
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_');
        if !key_ok {
            out.push(find(
                here.clone(),
                format!("input key '{}' is not snake_case", i.key),
            ));
        }
        if !keys.insert(i.key.as_str()) {
            out.push(find(
                here.clone(),
                format!("input '{}' is declared twice", i.key),
            ));
        }
        match i.kind {
            InputKind::Number => match (i.min, i.max) {
                (Some(lo), Some(hi)) if lo <= hi => {}
                (Some(_), Some(_)) => out.push(find(here.clone(), "min is above max")),
                _ => out.push(find(here.clone(), "a number input needs min and max")),
            },
            InputKind::Yesno | InputKind::Choice => {
                if i.min.is_some() || i.max.is_some() {
                    out.push(find(here.clone(), "only a number input has min and max"));
                }
            }
        }
        if i.kind == InputKind::Choice {
            if i.options.is_empty() {
                out.push(find(here.clone(), "a choice input needs options"));
            }
            let mut seen = BTreeSet::new();
            for o in &i.options {
                if !seen.insert(o.value().to_ascii_lowercase()) {
                    out.push(find(
                        here.clone(),
                        format!("option '{}' is listed twice", o.value()),
                    ));
                }
            }
        } else if !i.options.is_empty() {
            out.push(find(here.clone(), "only a choice input has options"));
        }
    }
    let input = |k: &str| c.inputs.iter().find(|i| i.key == k);
    let check_cond = |cond: &Condition, needles: Vec<String>, out: &mut Vec<Finding>| {
        for msg in condition_problems(c, cond) {
            out.push(find(needles.clone(), msg));
        }
    };
    for i in &c.inputs {
        if let Some(cond) = &i.ask_if {
            check_cond(cond, at(&[&format!("key: {}", i.key), "ask_if"]), &mut out);
            if cond.contains_key(&i.key) {
                out.push(find(
                    at(&[&format!("key: {}", i.key)]),
                    "an input cannot depend on itself",
                ));
            }
        }
    }

    // Columns.
    let labels: Vec<&str> = c.columns.iter().map(|col| col.label()).collect();
    let known_column = |l: &str| labels.contains(&l);
    match &c.column_by {
        None => {
            if !c.columns.is_empty() {
                out.push(find(
                    at(&["columns"]),
                    "columns need a column_by saying how one is chosen",
                ));
            }
        }
        Some(by) => {
            if c.columns.len() < 2 {
                out.push(find(
                    at(&["columns"]),
                    "a chart with column_by needs two or more columns",
                ));
            }
            match (&by.input, by.sum.is_empty()) {
                (Some(k), true) => match input(k) {
                    Some(i) if i.kind != InputKind::Number => {
                        let options: Vec<&str> = if i.kind == InputKind::Yesno {
                            vec!["yes", "no"]
                        } else {
                            i.options.iter().map(|o| o.value()).collect()
                        };
                        let mut used = BTreeSet::new();
                        for col in &c.columns {
                            match col.value() {
                                None => out.push(find(
                                    at(&["columns", col.label()]),
                                    format!(
                                        "column '{}' needs the value of '{k}' that selects it",
                                        col.label()
                                    ),
                                )),
                                Some(v) => {
                                    if !options.contains(&v) {
                                        out.push(find(
                                            at(&["columns", col.label()]),
                                            format!(
                                                "column '{}': '{v}' is not an option of '{k}'",
                                                col.label()
                                            ),
                                        ));
                                    }
                                    if !used.insert(v) {
                                        out.push(find(
                                            at(&["columns", col.label()]),
                                            format!("two columns are selected by '{v}'"),
                                        ));
                                    }
                                }
                            }
                        }
                        // An option may go without a column when a gate sends it elsewhere.
                        let gated = |v: &str| {
                            c.gates
                                .iter()
                                .any(|g| matches!(g.when.get(k), Some(Test::Text(t)) if t == v))
                        };
                        for o in &options {
                            if !used.contains(o) && !gated(o) {
                                out.push(find(
                                    at(&["columns"]),
                                    format!("no column for option '{o}' of '{k}'"),
                                ));
                            }
                        }
                    }
                    _ => out.push(find(
                        at(&["column_by"]),
                        format!("column_by input '{k}' is not a choice or yes/no input"),
                    )),
                },
                (None, false) => {
                    let (mut lo, mut hi) = (0i64, 0i64);
                    for k in &by.sum {
                        match input(k) {
                            Some(i) if i.kind == InputKind::Number => {
                                let (a, b) = i.span();
                                lo += a;
                                hi += b;
                            }
                            _ => out.push(find(
                                at(&["column_by", k]),
                                format!("'{k}' is not a number input"),
                            )),
                        }
                    }
                    let spans: Vec<(String, Option<Span>)> = c
                        .columns
                        .iter()
                        .map(|col| (col.label().to_string(), Span::parse(col.label())))
                        .collect();
                    for m in coverage_problems(&spans, Some((lo, hi)), "column") {
                        out.push(find(at(&["columns", &m.0]), m.1));
                    }
                }
                _ => out.push(find(
                    at(&["column_by"]),
                    "column_by takes either an input or a sum",
                )),
            }
        }
    }

    // DRMs.
    for d in &c.drms {
        let here = at(&["drms", &d.label]);
        if let Some(p) = &d.per {
            match input(p) {
                Some(i) if i.kind != InputKind::Choice => {}
                Some(_) => out.push(find(
                    here.clone(),
                    format!("'per: {p}' needs a number or yes/no input"),
                )),
                None => out.push(find(
                    here.clone(),
                    format!("'per: {p}' is not an input of this chart"),
                )),
            }
        }
        if let Some(w) = &d.when {
            check_cond(w, here.clone(), &mut out);
        }
        for l in &d.columns {
            if !known_column(l) {
                out.push(find(
                    here.clone(),
                    format!("column '{l}' is not a column of this chart"),
                ));
            }
        }
    }
    if let Some(cap) = &c.cap {
        if cap.min.is_none() && cap.max.is_none() {
            out.push(find(at(&["cap"]), "a cap needs min or max"));
        }
        if let (Some(a), Some(b)) = (cap.min, cap.max) {
            if a > b {
                out.push(find(at(&["cap"]), "the cap's min is above its max"));
            }
        }
    }
    for l in &c.limits {
        check_cond(&l.when, at(&["limits"]), &mut out);
        if let (Some(a), Some(b)) = (l.min, l.max) {
            if a > b {
                out.push(find(at(&["limits"]), "a limit's min is above its max"));
            }
        }
    }
    for g in &c.gates {
        check_cond(&g.when, at(&["gates"]), &mut out);
        for f in &g.then {
            if let Some(w) = &f.when {
                check_cond(w, at(&["gates"]), &mut out);
            }
        }
    }
    if let Some(k) = &c.result_by {
        if !input(k).is_some_and(|i| i.kind == InputKind::Choice) {
            out.push(find(
                at(&["result_by"]),
                format!("result_by '{k}' is not a choice input"),
            ));
        }
    }

    // Rows.
    let own = c
        .columns
        .iter()
        .filter(|col| !col.own_rows().is_empty())
        .count();
    if c.stub.is_some() {
        if !c.rows.is_empty() || own > 0 {
            out.push(find(
                at(&["stub"]),
                "a chart to look up elsewhere has no rows of its own",
            ));
        }
        return out;
    }
    let natural = dice.map(|d| (d.min(), d.max()));
    let result_count = |r: &Row| (r.result.is_some() as usize, r.results.len());
    if own > 0 {
        if !c.rows.is_empty() {
            out.push(find(
                at(&["rows"]),
                "rows are either shared or each column's own, not both",
            ));
        }
        for col in &c.columns {
            if col.own_rows().is_empty() {
                out.push(find(
                    at(&["columns", col.label()]),
                    format!("column '{}' has no rows", col.label()),
                ));
            }
            check_rows(
                col.own_rows(),
                natural,
                &at(&["columns", col.label()]),
                &mut out,
            );
            for r in col.own_rows() {
                if result_count(r) != (1, 0) {
                    out.push(find(
                        at(&["columns", col.label(), &r.row]),
                        format!("row {} needs one result", r.row),
                    ));
                }
            }
        }
    } else {
        if c.rows.is_empty() {
            out.push(find(at(&[]), "the chart has no rows"));
        }
        check_rows(&c.rows, natural, &at(&["rows"]), &mut out);
        for r in &c.rows {
            let ok = if c.columns.is_empty() {
                result_count(r) == (1, 0)
            } else {
                result_count(r) == (0, c.columns.len())
            };
            if !ok {
                let want = if c.columns.is_empty() {
                    "one result".to_string()
                } else {
                    format!("results for its {} columns", c.columns.len())
                };
                out.push(find(
                    at(&["rows", &r.row]),
                    format!("row {} needs {want}", r.row),
                ));
            }
        }
    }
    for r in all_rows(c) {
        let here = at(&[&r.row]);
        let texts: Vec<&ResultText> = r.result.iter().chain(r.results.iter()).collect();
        for t in texts {
            if let ResultText::ByValue(map) = t {
                match c.result_by.as_deref().and_then(input) {
                    Some(i) => {
                        let want: BTreeSet<&str> = i.options.iter().map(|o| o.value()).collect();
                        let have: BTreeSet<&str> = map.keys().map(String::as_str).collect();
                        if want != have {
                            out.push(find(
                                here.clone(),
                                format!(
                                    "row {}: results by '{}' must name each of: {}",
                                    r.row,
                                    i.key,
                                    join(&want)
                                ),
                            ));
                        }
                    }
                    None => out.push(find(
                        here.clone(),
                        format!("row {} has results by value but no result_by", r.row),
                    )),
                }
            }
        }
        for a in &r.alt {
            check_cond(&a.when, here.clone(), &mut out);
            for l in &a.columns {
                if !known_column(l) {
                    out.push(find(
                        here.clone(),
                        format!("column '{l}' is not a column of this chart"),
                    ));
                }
            }
        }
        for f in &r.then {
            if let Some(w) = &f.when {
                check_cond(w, here.clone(), &mut out);
            }
            for l in &f.columns {
                if !known_column(l) {
                    out.push(find(
                        here.clone(),
                        format!("column '{l}' is not a column of this chart"),
                    ));
                }
            }
            if f.times == 0 {
                out.push(find(
                    here.clone(),
                    "a follow-up roll needs times of 1 or more",
                ));
            }
        }
    }
    let row_labels: BTreeSet<&str> = all_rows(c).map(|r| r.row.as_str()).collect();
    for i in &c.inputs {
        for l in &i.only_rows {
            if !row_labels.contains(l.as_str()) {
                out.push(find(
                    at(&[&format!("key: {}", i.key)]),
                    format!("only_rows names '{l}', which is not a row of this chart"),
                ));
            }
        }
    }
    out
}

fn join(set: &BTreeSet<&str>) -> String {
    set.iter().copied().collect::<Vec<_>>().join(", ")
}

fn check_rows(rows: &[Row], natural: Option<(i64, i64)>, at: &[String], out: &mut Vec<Finding>) {
    let spans: Vec<(String, Option<Span>)> = rows
        .iter()
        .map(|r| (r.row.clone(), Span::parse(&r.row)))
        .collect();
    for (label, msg) in coverage_problems(&spans, natural, "row") {
        let mut needles = at.to_vec();
        needles.push(label);
        out.push(find(needles, msg));
    }
}

/// Rows (or column bands) must run upward with no gap and no overlap, and cover `must_cover`.
/// The first and last are open-ended in use (a total beyond them takes the nearest), so a set
/// that runs without a gap covers every possible total exactly once.
fn coverage_problems(
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
                (Some(h), Some(l)) if l == h + 1 => {}
                (Some(h), Some(l)) if l <= h => out.push((
                    label.clone(),
                    format!("{what} '{label}' overlaps '{plabel}'"),
                )),
                (Some(h), Some(l)) => out.push((
                    label.clone(),
                    format!(
                        "gap between {what}s '{plabel}' and '{label}': {} not covered",
                        gap_text(h + 1, l - 1)
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

/// What is wrong with a condition: inputs it names that are not there, tests that cannot hold.
fn condition_problems(c: &Chart, cond: &Condition) -> Vec<String> {
    let mut out = Vec::new();
    for (key, test) in cond {
        if key == "any" {
            match test {
                Test::Any(list) => {
                    for sub in list {
                        out.extend(condition_problems(c, sub));
                    }
                }
                _ => out.push("'any' takes a list of conditions".into()),
            }
            continue;
        }
        let Some(input) = c.inputs.iter().find(|i| &i.key == key) else {
            out.push(format!(
                "the condition names '{key}', which is not an input of this chart"
            ));
            continue;
        };
        let ok = match (input.kind, test) {
            (InputKind::Yesno, Test::Bool(_)) => true,
            (InputKind::Yesno, Test::Text(t)) => matches!(t.as_str(), "yes" | "no"),
            (InputKind::Number, Test::Int(_)) => true,
            (InputKind::Number, Test::Range(r)) => {
                for o in r.min.iter().chain(r.max.iter()) {
                    if let Operand::Input(k) = o {
                        if !c
                            .inputs
                            .iter()
                            .any(|i| &i.key == k && i.kind == InputKind::Number)
                        {
                            out.push(format!(
                                "'{key}' is compared with '{k}', which is not a number input"
                            ));
                        }
                    }
                }
                r.min.is_some() || r.max.is_some()
            }
            (InputKind::Choice, Test::Text(t)) => input.options.iter().any(|o| o.value() == t),
            (InputKind::Choice, Test::OneOf(list)) => list
                .iter()
                .all(|t| input.options.iter().any(|o| o.value() == t)),
            _ => false,
        };
        if !ok {
            out.push(
                format!("the test on '{key}' does not fit a {:?} input", input.kind).to_lowercase(),
            );
        }
    }
    out
}

/// Check a book's turn sequence against its charts: every segment, chart and chit it names exists.
pub fn validate_sequence(file: &str, text: &str, chart_names: &BTreeSet<String>) -> Vec<Problem> {
    let seq: crate::model::Sequence = match serde_yaml::from_str(text) {
        Ok(s) => s,
        Err(e) => return vec![yaml_problem(file, text, 0, &e)],
    };
    let mut out = Vec::new();
    let mut say = |needles: Vec<String>, message: String| {
        let (line, column) = locate(text, 0, &needles);
        out.push(Problem {
            file: file.to_string(),
            line,
            column,
            message,
        });
    };
    let chart_ok = |c: &str| chart_names.contains(&c.to_ascii_lowercase());
    let mut ids = BTreeSet::new();
    for s in &seq.segments {
        let at = vec![format!("id: {}", s.id)];
        if !ids.insert(s.id.as_str()) {
            say(at.clone(), format!("segment '{}' is written twice", s.id));
        }
        let charts = s
            .steps
            .iter()
            .filter_map(|st| st.chart.as_deref())
            .chain(s.repeat.as_ref().map(|r| r.chart.as_str()));
        for c in charts {
            if !chart_ok(c) {
                say(
                    at.clone(),
                    format!(
                        "segment '{}' offers chart '{c}', which is not in the book",
                        s.id
                    ),
                );
            }
        }
        for st in &s.steps {
            if !st.chits_on.is_empty() && st.chart.is_none() {
                say(
                    at.clone(),
                    format!("segment '{}': chits_on needs a chart", s.id),
                );
            }
        }
        if s.draw.is_some_and(|d| d.max == 0) {
            say(
                at.clone(),
                format!("segment '{}' draws at most 0 chits", s.id),
            );
        }
    }
    let mut phase_ids = BTreeSet::new();
    for p in &seq.phases {
        if !phase_ids.insert(p.id.as_str()) {
            say(
                vec![format!("id: {}", p.id)],
                format!("phase '{}' is listed twice", p.id),
            );
        }
        if p.segments.is_empty() {
            say(
                vec![format!("id: {}", p.id)],
                format!("phase '{}' has no segments", p.id),
            );
        }
        for s in &p.segments {
            if seq.segment(s).is_none() {
                say(
                    vec![format!("id: {}", p.id), s.clone()],
                    format!("phase '{}' names segment '{s}', which is not written", p.id),
                );
            }
        }
    }
    if seq.phases.is_empty() {
        say(vec!["phases".into()], "the sequence has no phases".into());
    }
    for c in &seq.chits {
        if let Some(ch) = &c.chart {
            if !chart_ok(ch) {
                say(
                    vec![format!("id: {}", c.id)],
                    format!("chit '{}' rolls on '{ch}', which is not in the book", c.id),
                );
            }
        }
    }
    if seq.turns == 0 {
        say(vec!["turns".into()], "a game has at least one turn".into());
    }
    out
}

/// Check a book's ordering rules (`orders.yaml`, a list).
pub fn validate_orders(file: &str, text: &str) -> Vec<Problem> {
    use crate::model::{OrderKind, OrderRule};
    let rules: Vec<OrderRule> = match serde_yaml::from_str(text) {
        Ok(r) => r,
        Err(e) => return vec![yaml_problem(file, text, 0, &e)],
    };
    let mut out = Vec::new();
    let mut ids = BTreeSet::new();
    for r in &rules {
        let mut say = |m: String| {
            let (line, column) = locate(text, 0, &[format!("id: {}", r.id)]);
            out.push(Problem {
                file: file.to_string(),
                line,
                column,
                message: format!("order '{}': {m}", r.id),
            });
        };
        if !ids.insert(r.id.clone()) {
            say("the id is used twice".into());
        }
        match (r.kind, &r.value) {
            (OrderKind::Snake, Some(_)) => say("placement turns take no values".into()),
            (OrderKind::Ascending | OrderKind::Descending, None) => {
                say("a sorted order needs a value".into())
            }
            _ => {}
        }
        if let Some(v) = &r.value {
            if v.min > v.max {
                say("the value's min is above its max".into());
            }
        }
        for p in &r.values_per_player {
            if Span::parse(&p.players).is_none() || p.values == 0 {
                say(format!(
                    "values_per_player '{}' is not a range of players with 1 or more values",
                    p.players
                ));
            }
        }
        if r.players
            .as_deref()
            .is_some_and(|p| Span::parse(p).is_none())
        {
            say("players is not a range like 3-8".into());
        }
    }
    out
}

/// Where the `doc`-th YAML document of a file starts.
pub fn doc_start(text: &str, doc: usize) -> usize {
    let mut markers = Vec::new();
    let mut offset = 0;
    let mut content_before_first = false;
    for line in text.split_inclusive('\n') {
        let t = line.trim_end();
        if t == "---" || t.starts_with("--- ") {
            markers.push(offset + line.len());
        } else if markers.is_empty() && !t.is_empty() && !t.starts_with('#') {
            content_before_first = true;
        }
        offset += line.len();
    }
    let starts: Vec<usize> = if content_before_first || markers.is_empty() {
        std::iter::once(0).chain(markers).collect()
    } else {
        markers
    };
    starts.get(doc).copied().unwrap_or(0)
}

/// Find the needles in order, from the start of the document; the place of the last one found.
pub fn locate(text: &str, doc: usize, needles: &[String]) -> (usize, usize) {
    let mut pos = doc_start(text, doc);
    for n in needles {
        if let Some(i) = text[pos..].find(n.as_str()) {
            pos += i;
        }
    }
    line_col(text, pos)
}

/// 1-based line and column of a byte offset.
pub fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let before = &text[..pos.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> Vec<String> {
        let (charts, mut p) = parse_chart_file("t.yaml", text);
        let texts = BTreeMap::from([("t.yaml".to_string(), text.to_string())]);
        p.extend(validate_charts(&charts, &texts));
        p.iter().map(|p| p.to_string()).collect()
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
    fn labels_parse_as_printed() {
        let s = |l: &str| Span::parse(l).map(|s| (s.lo, s.hi));
        assert_eq!(s("1-2"), Some((Some(1), Some(2))));
        assert_eq!(s("9+"), Some((Some(9), None)));
        assert_eq!(s("2 or less"), Some((None, Some(2))));
        assert_eq!(s("18 or Less"), Some((None, Some(18))));
        assert_eq!(s("-3 or less"), Some((None, Some(-3))));
        assert_eq!(s("-2"), Some((Some(-2), Some(-2))));
        assert_eq!(s("-3--1"), Some((Some(-3), Some(-1))));
        assert_eq!(s("10"), Some((Some(10), Some(10))));
        assert_eq!(s("5-3"), None);
        assert_eq!(s("x"), None);
    }
}
