//! The fields of the book format, as serde reads them: every part of a book and the fields it
//! accepts, collected from the types themselves (a part refuses an unknown field and names the
//! ones it knows). BOOKS.md documents each; a test keeps the two the same.

use crate::book::{BookMeta, BookOption, Reroll};
use crate::chart::{
    Alt, Cap, Chart, ColumnBy, Drm, DrmGroup, Follow, FullColumn, GameOverWhen, Gate, Input, Limit,
    OnNatural, RangeTest, Row, Shift, Stub,
};
use crate::orders::{OrderRule, OrderToken, OrderValue, PerPlayers};
use crate::sequence::{
    Chit, Count, CountFrom, Derived, Draw, Knows, OnlyIf, PhaseEntryWith, RawPhase, Recall,
    Remembered, Repeat, Segment, Sequence, Step, StepGameOver,
};
use serde::de::DeserializeOwned;

/// Every part of a book, by the name BOOKS.md gives it, with the fields it accepts, sorted.
#[must_use]
pub fn format_fields() -> Vec<(&'static str, Vec<String>)> {
    vec![
        ("book", probe::<BookMeta>()),
        ("option", probe::<BookOption>()),
        ("reroll", probe::<Reroll>()),
        ("chart", probe::<Chart>()),
        ("input", probe::<Input>()),
        ("column_by", probe::<ColumnBy>()),
        ("column", probe::<FullColumn>()),
        ("row", probe::<Row>()),
        ("game_over", probe::<GameOverWhen>()),
        ("alt", probe::<Alt>()),
        ("then", probe::<Follow>()),
        ("drm", probe::<Drm>()),
        ("shift", probe::<Shift>()),
        ("group", probe::<DrmGroup>()),
        ("cap", probe::<Cap>()),
        ("limit", probe::<Limit>()),
        ("gate", probe::<Gate>()),
        ("on_natural", probe::<OnNatural>()),
        ("stub", probe::<Stub>()),
        ("range", probe::<RangeTest>()),
        ("sequence", probe::<Sequence>()),
        ("knows", probe::<Knows>()),
        ("derived", probe::<Derived>()),
        ("phase", probe::<RawPhase>()),
        ("phase entry", probe::<PhaseEntryWith>()),
        ("chit", probe::<Chit>()),
        ("segment", probe::<Segment>()),
        ("step", probe::<Step>()),
        ("recall", probe::<Recall>()),
        ("required_when", probe::<Remembered>()),
        ("count", probe::<Count>()),
        ("count from", probe::<CountFrom>()),
        ("draw", probe::<Draw>()),
        ("only_if", probe::<OnlyIf>()),
        ("step game_over", probe::<StepGameOver>()),
        ("loop", probe::<Repeat>()),
        ("amendments", probe::<crate::amend::Amendments>()),
        ("row change", probe::<crate::amend::RowChange>()),
        ("step change", probe::<crate::amend::StepChange>()),
        ("order", probe::<OrderRule>()),
        ("value", probe::<OrderValue>()),
        ("values_per_player", probe::<PerPlayers>()),
        ("token", probe::<OrderToken>()),
    ]
}

/// The fields a part accepts: given a field it does not know, serde names those it does.
fn probe<T: DeserializeOwned>() -> Vec<String> {
    let Err(e) = serde_yaml::from_str::<T>("not_a_field_of_any_part: 0") else {
        return Vec::new();
    };
    let msg = e.to_string();
    let Some((_, expected)) = msg.split_once("expected") else {
        return Vec::new();
    };
    let mut fields: Vec<String> = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(ToString::to_string)
        .collect();
    fields.sort();
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_names_its_fields() {
        let all = format_fields();
        for (part, fields) in &all {
            assert!(!fields.is_empty(), "{part}: no fields read");
        }
        let chart = &all.iter().find(|(p, _)| *p == "chart").unwrap().1;
        for f in ["id", "die", "opposed", "tie", "groups", "rows"] {
            assert!(chart.contains(&f.to_string()), "{chart:?}");
        }
        let segment = &all.iter().find(|(p, _)| *p == "segment").unwrap().1;
        assert!(segment.contains(&"ref".to_string()) && segment.contains(&"loop".to_string()));
    }
}
