//! The game's profile: answers that rarely change (`sequence.yaml`: `profile`, and a loop's
//! `per_item` answers as `key#item`), asked once, kept with the game, given from then on.
//! What may be kept, checked and read back; the file itself is the journal's.

use super::state::Profile;
use crate::error::{Error, Result};
use crate::library::Book;
use crate::rules::parse_value;
use flipbook_charts::{Input, Sequence};

/// One answer a game may keep: an input of the book, for one item of a loop or for all.
#[derive(Debug, Clone)]
pub(crate) struct Slot {
    /// The key it is kept under: the input's, or `key#item`.
    pub(crate) key: String,
    pub(crate) input: Input,
    pub(crate) item: Option<String>,
    /// What the player reads: the input's label, after its loop item ("Item 6 · Counter's
    /// range").
    pub(crate) name: String,
}

/// An input as the player reads it: its label, or its question without the mark.
fn shown_name(i: &Input) -> String {
    i.label
        .clone()
        .unwrap_or_else(|| i.ask.trim_end_matches('?').to_string())
}

/// Every answer the book's games may keep, in the sequence's order, then the loops' items.
/// A key no chart asks is left out (`flipbook check` reports it).
pub(crate) fn slots(book: &Book, seq: &Sequence) -> Result<Vec<Slot>> {
    let mut charts = Vec::new();
    for e in &book.entries {
        charts.push(e.chart()?);
    }
    let input = |key: &str, first: Option<&str>| {
        let mut found = charts.iter().filter(|c| first.is_none_or(|f| c.id == f));
        found
            .find_map(|c| c.inputs.iter().find(|i| i.key == key))
            .or_else(|| {
                charts
                    .iter()
                    .find_map(|c| c.inputs.iter().find(|i| i.key == key))
            })
            .cloned()
    };
    let mut out: Vec<Slot> = seq
        .profile
        .iter()
        .filter_map(|k| {
            let input = input(k, None)?;
            Some(Slot {
                key: k.clone(),
                name: shown_name(&input),
                input,
                item: None,
            })
        })
        .collect();
    for r in seq.segments.iter().filter_map(|s| s.repeat.as_ref()) {
        for k in &r.per_item {
            let Some(i) = input(k, Some(&r.chart)) else {
                continue;
            };
            for item in &r.items {
                let key = format!("{k}#{item}");
                if !out.iter().any(|s| s.key == key) {
                    out.push(Slot {
                        key,
                        name: format!("{} {item} · {}", r.noun(), shown_name(&i)),
                        input: i.clone(),
                        item: Some(item.clone()),
                    });
                }
            }
        }
    }
    Ok(out)
}

/// The slot kept under `key`, or bad input that lists the keys.
pub(crate) fn find<'a>(slots: &'a [Slot], key: &str) -> Result<&'a Slot> {
    slots.iter().find(|s| s.key == key).ok_or_else(|| {
        let keys: Vec<&str> = slots.iter().map(|s| s.key.as_str()).collect();
        Error::usage(if keys.is_empty() {
            format!("'{key}' is not kept in a profile: this book keeps none")
        } else {
            format!(
                "'{key}' is not kept in the profile; the keys are {}",
                keys.join(", ")
            )
        })
    })
}

/// Keep `KEY=VALUE`, checked by the input's own rules; kept as the answer reads back.
pub(crate) fn set(slots: &[Slot], profile: &mut Profile, assignment: &str) -> Result<()> {
    let Some((k, v)) = assignment.split_once('=') else {
        return Err(Error::usage(format!(
            "--set takes KEY=VALUE, not '{assignment}'"
        )));
    };
    let slot = find(slots, k.trim())?;
    let value = parse_value(&slot.input, v).map_err(Error::Usage)?;
    profile.insert(slot.key.clone(), value.text());
    Ok(())
}

/// Forget the answer kept under `key`.
pub(crate) fn clear(slots: &[Slot], profile: &mut Profile, key: &str) -> Result<()> {
    let slot = find(slots, key.trim())?;
    profile.remove(&slot.key);
    Ok(())
}

/// A new game's profile: only the player's answers of the last game are kept (`sequence.yaml`:
/// `player`); the line that says what was carried over.
pub(crate) fn carry(seq: &Sequence, profile: &mut Profile) -> String {
    profile.retain(|k, _| seq.player.contains(k));
    if profile.is_empty() {
        return "New game: the profile starts empty (nothing carried over).".into();
    }
    let kept: Vec<String> = profile.iter().map(|(k, v)| format!("{k} = {v}")).collect();
    format!(
        "New game: carried over {}; the rest of the profile starts empty.",
        kept.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn yesno(key: &str) -> Input {
        serde_yaml::from_str(&format!("{{key: {key}, ask: '{key}?', type: yesno}}")).unwrap()
    }

    fn slots() -> Vec<Slot> {
        let range: Input =
            serde_yaml::from_str("{key: range, ask: Range?, type: number, min: 1, max: 6}")
                .unwrap();
        vec![
            Slot {
                key: "orator".into(),
                input: yesno("orator"),
                item: None,
                name: "orator".into(),
            },
            Slot {
                key: "range#6".into(),
                input: range,
                item: Some("6".into()),
                name: "Priority 6 · Range".into(),
            },
        ]
    }

    #[test]
    fn answers_are_checked_kept_and_read_back() {
        let s = slots();
        let mut p = Profile::new();
        set(&s, &mut p, "orator=Y").unwrap();
        set(&s, &mut p, "range#6=4").unwrap();
        assert_eq!(p.get("orator").map(String::as_str), Some("yes"));
        assert_eq!(p.get("range#6").map(String::as_str), Some("4"));
        clear(&s, &mut p, "orator").unwrap();
        assert!(!p.contains_key("orator"));
    }

    #[test]
    fn bad_answers_and_keys_are_bad_input() {
        let s = slots();
        let mut p = Profile::new();
        let e = set(&s, &mut p, "range#6=9").unwrap_err();
        assert!(matches!(e, Error::Usage(_)), "{e}");
        assert!(
            e.to_string().contains("Range [range] must be 1 to 6"),
            "{e}"
        );
        let e = set(&s, &mut p, "speed=1").unwrap_err().to_string();
        assert!(e.contains("orator, range#6"), "{e}");
        assert!(set(&s, &mut p, "orator").is_err());
        assert!(clear(&s, &mut p, "nope").is_err());
        assert!(p.is_empty());
    }
}
