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
        let mut seen = BTreeSet::new();
        for s in &p.segments {
            if seq.segment(s).is_none() {
                say(
                    vec![format!("id: {}", p.id), s.clone()],
                    format!("phase '{}' names segment '{s}', which is not written", p.id),
                );
            }
            if !seen.insert(s.as_str()) {
                say(
                    vec![format!("id: {}", p.id), s.clone()],
                    format!("phase '{}' lists segment '{s}' twice", p.id),
                );
            }
        }
        for (s, t) in &p.when {
            let last = seq.final_turn();
            if let Some(bad) = t
                .turns
                .iter()
                .chain(&t.not_turns)
                .find(|&&n| n == 0 || n > last)
            {
                say(
                    vec![format!("id: {}", p.id), format!("segment: {s}")],
                    format!(
                        "phase '{}' plays segment '{s}' by turn {bad}, which is not a turn of the game (1-{last})",
                        p.id
                    ),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(text: &str) -> Vec<String> {
        let names = BTreeSet::from(["c".to_string()]);
        validate_sequence("s.yaml", text, &names)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    const SEQ: &str = "title: T\nturns: 4\nphases:\n  - id: a\n    title: A\n    segments: [x, {segment: y, not_turns: [1]}]\nsegments:\n  - {id: x, title: X}\n  - {id: y, title: Y}\n";

    #[test]
    fn a_phase_entry_may_carry_its_turns() {
        assert!(problems(SEQ).is_empty(), "{:?}", problems(SEQ));
    }

    #[test]
    fn a_phase_entry_is_checked() {
        let p = problems(&SEQ.replace("not_turns: [1]", "not_turns: [9]"));
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(
            p[0].contains("by turn 9, which is not a turn of the game (1-4)"),
            "{p:?}"
        );
        assert!(p[0].starts_with("s.yaml:6:"), "{p:?}");
        let p = problems(&SEQ.replace("[x, {", "[x, x, {"));
        assert!(p[0].contains("lists segment 'x' twice"), "{p:?}");
        let p = problems(&SEQ.replace("segment: y", "segment: z"));
        assert!(
            p[0].contains("names segment 'z', which is not written"),
            "{p:?}"
        );
        let p = problems(&SEQ.replace("segment: y,", "segmnt: y,"));
        assert_eq!(p.len(), 1, "{p:?}");
    }
}
