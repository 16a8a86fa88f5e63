//! A book's turn sequence: every segment, chart and chit it names exists, and it can be played.

use super::{Problem, locate, yaml_problem};
use std::collections::BTreeSet;

/// Check a book's turn sequence against its charts: every segment, chart and chit it names exists.
#[must_use]
pub fn validate_sequence(file: &str, text: &str, chart_names: &BTreeSet<String>) -> Vec<Problem> {
    let seq: crate::Sequence = match serde_yaml::from_str(text) {
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
