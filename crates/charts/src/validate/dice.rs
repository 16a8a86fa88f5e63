//! What the dice themselves decide: conditions on the dice (`natural`, `doubles`, `die`), read
//! only once the dice are rolled (a DRM, a column shift, a row's `alt`, a row's `then`, `on_natural`), and `on_natural`
//! entries that add a note or decide the row whatever the total.

use super::Check;
use crate::chart::{Chart, Condition, DICE_WORDS, GameOver, reads_dice};

/// The most outcomes of the single dice `chart` counts for exact odds when the dice decide a
/// row or a DRM (`on_natural` with `row` and a `when` on them, a DRM on them): 6^6 fits, 10^6
/// does not, so that `chart` stays quick over many columns.
pub const MAX_DICE_OUTCOMES: u128 = 100_000;

/// The words of the dice, and the conditions that read them: only once the dice are rolled, on
/// faces and naturals the dice can show, with one roll of dice that can be counted.
pub(super) fn check(k: &mut Check) {
    words_as_keys(k);
    read_before_the_roll(k);
    let after = read_after_the_roll(k.c);
    for (w, _) in &after {
        faces_shown(k, w);
    }
    one_roll(k, &after);
    countable(k);
    if after.iter().any(|(w, _)| reads_word(w, "doubles"))
        && k.c.die.dice().is_some_and(|d| d.count < 2)
    {
        k.say(&["doubles"], "doubles need two dice or more (`die: 2d6`)");
    }
    on_natural(k);
    fails_by(k);
}

/// No input is keyed by a word of the dice.
fn words_as_keys(k: &mut Check) {
    let c = k.c;
    for i in c
        .inputs
        .iter()
        .filter(|i| DICE_WORDS.contains(&i.key.as_str()))
    {
        k.say(
            &[&format!("key: {}", i.key)],
            format!(
                "'{}' is a word of the conditions on the dice ({}): give the input another key",
                i.key,
                DICE_WORDS.join(", ")
            ),
        );
    }
}

/// A condition read before the roll cannot see the dice.
fn read_before_the_roll(k: &mut Check) {
    let c = k.c;
    let before: Vec<(&Condition, &str)> = gates_questions_and_limits(c)
        .chain(game_over_conditions(c))
        .collect();
    for (w, at) in before {
        if let Some(word) = DICE_WORDS.iter().find(|word| reads_word(w, word)) {
            k.say(
                &[at, &format!("{word}:")],
                format!(
                    "a condition in {at} reads the dice ({}), which are not rolled when it is \
                     decided: only a DRM, a column shift, a row's `alt`, a row's `then` and \
                     `on_natural` read them",
                    DICE_WORDS.join(", ")
                ),
            );
        }
    }
}

/// The conditions decided before the roll, each with the section it is in: the gates' (and
/// their follow-ups'), the inputs' `ask_if` and the limits'.
fn gates_questions_and_limits(c: &Chart) -> impl Iterator<Item = (&Condition, &'static str)> {
    c.gates
        .iter()
        .flat_map(|g| std::iter::once(&g.when).chain(g.then.iter().filter_map(|f| f.when.as_ref())))
        .map(|w| (w, "gates"))
        .chain(
            c.inputs
                .iter()
                .filter_map(|i| Some((i.ask_if.as_ref()?, "ask_if"))),
        )
        .chain(c.limits.iter().map(|l| (&l.when, "limits")))
}

/// The conditions of the rows' `game_over: {when: …}`.
fn game_over_conditions(c: &Chart) -> impl Iterator<Item = (&Condition, &'static str)> {
    c.all_rows().filter_map(|r| match &r.game_over {
        Some(GameOver::When(g)) => Some((g.when.as_ref()?, "game_over")),
        _ => None,
    })
}

/// The conditions read once the dice are rolled (a row's `alt` and `then`, `on_natural`, a DRM,
/// a column shift), each with the section it is in.
fn read_after_the_roll(c: &Chart) -> Vec<(&Condition, &'static str)> {
    c.all_rows()
        .flat_map(|r| {
            r.alt
                .iter()
                .map(|a| &a.when)
                .chain(r.then.iter().filter_map(|f| f.when.as_ref()))
        })
        .map(|w| (w, "rows"))
        .chain(
            c.on_natural
                .iter()
                .filter_map(|n| Some((n.when.as_ref()?, "on_natural"))),
        )
        .chain(
            c.drms
                .iter()
                .filter_map(|d| Some((d.when.as_ref()?, "drms"))),
        )
        .chain(
            c.shifts
                .iter()
                .filter_map(|s| Some((s.when.as_ref()?, "shifts"))),
        )
        .collect()
}

/// A face (`die: N`) or a natural roll (`natural: N`) the chart's dice can show.
fn faces_shown(k: &mut Check, w: &Condition) {
    let Some(d) = k.c.die.dice() else { return };
    for (word, n) in faces_named(w) {
        let (lo, hi) = if word == "die" {
            (1, i64::from(d.sides))
        } else {
            (d.min(), d.max())
        };
        if !(lo..=hi).contains(&n) {
            let what = if word == "die" {
                "a face"
            } else {
                "a natural roll"
            };
            k.say(
                &[&format!("{word}: {n}")],
                format!("'{word}: {n}' never holds: {n} is not {what} of {d}"),
            );
        }
    }
}

/// A condition on the dice needs one roll of a die: placed at the first word of the dice read.
fn one_roll(k: &mut Check, after: &[(&Condition, &str)]) {
    let c = k.c;
    let reads = after.iter().any(|(w, _)| reads_dice(w));
    if !reads || (c.die.dice().is_some() && !c.is_opposed()) {
        return;
    }
    let first_word = after.iter().find_map(|(w, at)| {
        DICE_WORDS
            .iter()
            .copied()
            .find(|word| reads_word(w, word))
            .map(|word| (*at, word))
    });
    k.say(
        &first_word
            .map_or(["natural".to_string(), String::new()], |(at, word)| {
                [at.to_string(), format!("{word}:")]
            })
            .iter()
            .map(String::as_str)
            .filter(|n| !n.is_empty())
            .collect::<Vec<_>>(),
        "a condition on the dice needs one roll of a die: a table without a die or an \
         opposed roll has none",
    );
}

/// A DRM or a column shift on the dice reads each die: the dice's outcomes are few enough to
/// count.
fn countable(k: &mut Check) {
    let c = k.c;
    let on_dice = |w: Option<&Condition>| w.is_some_and(reads_dice);
    let reader = if c.drms.iter().any(|x| on_dice(x.when.as_ref())) {
        Some(("drms", "a DRM"))
    } else if c.shifts.iter().any(|x| on_dice(x.when.as_ref())) {
        Some(("shifts", "a column shift"))
    } else {
        None
    };
    if let (Some(d), Some((at, what))) = (c.die.dice(), reader)
        && u128::from(d.sides)
            .checked_pow(d.count)
            .is_none_or(|x| x > MAX_DICE_OUTCOMES)
    {
        k.say(
            &[at],
            format!(
                "{what} reads the dice: {d} has too many outcomes to count each die's \
                 (at most {MAX_DICE_OUTCOMES})"
            ),
        );
    }
}

/// `fails_by` (how far a roll `against` an input is above it) is known once the row is read:
/// only a row's `alt` and a row's `then` read it. An input is not named so.
fn fails_by(k: &mut Check) {
    let c = k.c;
    let word = crate::chart::FAILS_BY;
    if c.inputs.iter().any(|i| i.key == word) {
        k.say(
            &[&format!("key: {word}")],
            format!("'{word}' is the word of a roll against an input: give the input another key"),
        );
    }
    let early = gates_questions_and_limits(c)
        .chain(
            c.drms
                .iter()
                .filter_map(|d| Some((d.when.as_ref()?, "drms"))),
        )
        .chain(
            c.shifts
                .iter()
                .filter_map(|s| Some((s.when.as_ref()?, "shifts"))),
        )
        .chain(
            c.on_natural
                .iter()
                .filter_map(|n| Some((n.when.as_ref()?, "on_natural"))),
        )
        .chain(game_over_conditions(c));
    for (w, at) in early {
        if crate::chart::reads_fails_by(w) {
            k.say(
                &[at, &format!("{word}:")],
                format!(
                    "a condition in {at} reads '{word}', which is known only once the row is \
                     read: only a row's `alt` and a row's `then` read it"
                ),
            );
        }
    }
}

/// The numbers a condition compares `die` or `natural` with for equality (`die: 6`), in `any`
/// too.
fn faces_named(cond: &Condition) -> Vec<(&str, i64)> {
    let mut out = Vec::new();
    for (key, test) in cond {
        match test {
            crate::chart::Test::Any(list) => list.iter().for_each(|c| out.extend(faces_named(c))),
            crate::chart::Test::Int(n) if key == "die" || key == "natural" => {
                out.push((key.as_str(), *n));
            }
            _ => {}
        }
    }
    out
}

/// Whether a condition tests this word of the dice, in `any` too.
fn reads_word(cond: &Condition, word: &str) -> bool {
    cond.iter().any(|(key, test)| match test {
        crate::chart::Test::Any(list) => list.iter().any(|c| reads_word(c, word)),
        _ => key == word,
    })
}

/// Each `on_natural`: for some naturals or dice, with a note or a row; its row is printed in
/// every column it may be read in.
fn on_natural(k: &mut Check) {
    let c = k.c;
    for n in &c.on_natural {
        let mut here = k.at(&["on_natural"]);
        if let Some(t) = n.text.clone().or_else(|| n.row.clone()) {
            here.push(t);
        } else {
            // The entry's `when`, and in it the word on the dice it reads.
            let w = n.when.as_ref();
            let word = w.and_then(|w| DICE_WORDS.iter().find(|word| reads_word(w, word)));
            here.extend(w.map(|_| "when".to_string()));
            here.extend(word.map(|word| format!("{word}:")));
        }
        if n.naturals.is_empty() && n.when.is_none() {
            k.push(
                here.clone(),
                "an on_natural needs `naturals` or a `when` on the dice",
            );
        }
        if n.text.is_none() && n.row.is_none() {
            k.push(
                here.clone(),
                "an on_natural needs a `text` (a note) or a `row` (the row read)",
            );
        }
        if let Some(w) = &n.when {
            k.condition(w, &here);
        }
        let Some(row) = &n.row else { continue };
        let sets: Vec<&[crate::chart::Row]> = if c.shared_rows() {
            vec![&c.rows]
        } else {
            (0..c.columns.len())
                .map(|i| c.column_rows(Some(i)))
                .collect()
        };
        for rows in sets {
            if !rows.iter().any(|r| r.row.label() == row) {
                let labels: Vec<&str> = rows.iter().map(|r| r.row.label()).collect();
                k.push(
                    here.clone(),
                    format!(
                        "on_natural's row '{row}' is not a row of the chart (rows: {})",
                        labels.join(", ")
                    ),
                );
                break;
            }
        }
        if let (Some(d), Some(w)) = (c.die.dice(), &n.when)
            && reads_dice(w)
            && u128::from(d.sides)
                .checked_pow(d.count)
                .is_none_or(|x| x > MAX_DICE_OUTCOMES)
        {
            k.push(
                here.clone(),
                format!(
                    "the dice decide the row here: {d} has too many outcomes to count each die's \
                     (at most {MAX_DICE_OUTCOMES})"
                ),
            );
        }
    }
}
