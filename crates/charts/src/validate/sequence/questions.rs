//! The questions about the board (`only_if`, a step's `game_over`): each answer's key a
//! `snake_case` name asked in one wording, and nothing empty.

use super::Say;
use crate::{OnlyIf, Segment, Sequence, StepGameOver};
use std::collections::BTreeMap;

/// Every segment's question and its steps' questions, in order: the first wording of a key is
/// the one the others are held to.
pub(super) fn check(k: &mut Say, seq: &Sequence) {
    let mut asked: BTreeMap<&str, &str> = BTreeMap::new();
    for s in &seq.segments {
        let at = vec![format!("id: {}", s.id)];
        let steps = s
            .steps
            .iter()
            .map(|st| (st.only_if.as_ref(), st.game_over.as_ref()));
        let all = std::iter::once((s.only_if.as_ref(), None)).chain(steps);
        for (n, (only_if, game_over)) in all.enumerate() {
            let of_segment = n == 0;
            if let Some(first) = only_if {
                joined(k, s, first, of_segment, &at);
            }
            for q in only_if.into_iter().flat_map(OnlyIf::chain) {
                question(k, s, q, of_segment, &at, &mut asked);
            }
            if let Some(g) = game_over {
                step_game_over(k, s, g, &at);
            }
        }
    }
}

/// Questions joined by `and`: on a step only, each joined to another.
fn joined(k: &mut Say, s: &Segment, first: &OnlyIf, of_segment: bool, at: &[String]) {
    let mut here = at.to_vec();
    here.extend(["only_if".to_string(), first.key.clone()]);
    if of_segment && first.and.is_some() {
        k.say(
            here.clone(),
            format!(
                "segment '{}': `and` joins a second question to a step's only_if, not a segment's",
                s.id
            ),
        );
    }
    let keys: Vec<&str> = first.chain().map(|q| q.key.as_str()).collect();
    if let Some(twice) = keys
        .iter()
        .enumerate()
        .find(|(i, k)| keys[..*i].contains(k))
    {
        k.say(
            here,
            format!(
                "only_if: '{}' is joined to itself by `and`: join another question",
                twice.1
            ),
        );
    }
}

/// One question: a `snake_case` key, a question asked, `each_time` on a step's only, and one
/// wording for one key (`asked`: the first wording of each key so far).
fn question<'a>(
    k: &mut Say,
    s: &Segment,
    q: &'a OnlyIf,
    of_segment: bool,
    at: &[String],
    asked: &mut BTreeMap<&'a str, &'a str>,
) {
    let mut here = at.to_vec();
    here.extend(["only_if".to_string(), q.key.clone()]);
    if !super::snake_case(&q.key) {
        k.say(
            here.clone(),
            format!("only_if: key '{}' is not snake_case", q.key),
        );
    }
    if q.ask.trim().is_empty() {
        k.say(here.clone(), "only_if: the question `ask` is empty".into());
    }
    if q.each_time && of_segment {
        k.say(
            here.clone(),
            format!(
                "segment '{}': each_time is for a step's question (a segment's is asked once a turn)",
                s.id
            ),
        );
    }
    match asked.get(q.key.as_str()) {
        Some(first) if *first != q.ask => k.say(
            here,
            format!(
                "only_if: '{}' is asked as \"{first}\" elsewhere: one key, one question",
                q.key
            ),
        ),
        Some(_) => {}
        None => {
            asked.insert(&q.key, &q.ask);
        }
    }
}

/// A step's `game_over`: a question and what to say.
fn step_game_over(k: &mut Say, s: &Segment, g: &StepGameOver, at: &[String]) {
    if g.ask.trim().is_empty() || g.text.trim().is_empty() {
        let mut here = at.to_vec();
        here.push("game_over".into());
        k.say(
            here,
            format!(
                "segment '{}': a step's game_over needs a question (`ask`) and what to say (`text`)",
                s.id
            ),
        );
    }
}
