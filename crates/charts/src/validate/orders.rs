//! A book's ordering rules (`orders.yaml`, a list).

use super::{Problem, locate, yaml_problem};
use crate::die::Span;
use std::collections::BTreeSet;

/// Check a book's ordering rules (`orders.yaml`, a list).
#[must_use]
pub fn validate_orders(file: &str, text: &str) -> Vec<Problem> {
    use crate::{OrderKind, OrderRule};
    if let Some(p) = super::depth_problem(file, text) {
        return vec![p];
    }
    let rules: Vec<OrderRule> = match serde_yaml::from_str(text) {
        Ok(r) => r,
        Err(e) => return vec![yaml_problem(file, text, 0, &e)],
    };
    let mut out: Vec<Problem> = super::hidden_problem(file, text).into_iter().collect();
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
                say("a sorted order needs a value".into());
            }
            _ => {}
        }
        if let Some(v) = &r.value
            && v.min > v.max
        {
            say("the value's min is above its max".into());
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
