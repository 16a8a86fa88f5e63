//! Texts a terminal would not show as written: a control character or a direction override is
//! refused in a chart and in a book's other files.

use super::{Finding, Problem};
use crate::Chart;

/// A chart's texts are shown on a terminal: a control character (an escape sequence could
/// set its title or clear it) or a direction override (U+202E) is refused wherever it is.
pub(super) fn hidden_characters(c: &Chart) -> Option<Finding> {
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
