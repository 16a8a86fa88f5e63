//! A chart's name, die and inputs, and the conditions written on its inputs.

use super::Check;
use crate::chart::{Chart, Condition, Input, InputKind, Operand, Test};
use crate::is_plain_dice;
use std::collections::BTreeSet;

fn valid_name(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|ch| ch.is_ascii_alphanumeric())
        && s.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-')
}

/// The id, aliases, title, where it is printed, and what goes with its die.
pub(super) fn identity(k: &mut Check) {
    let c = k.c;
    if !valid_name(&c.id) || c.id.chars().any(|ch| ch.is_ascii_uppercase()) {
        k.say(&[], "an id is lowercase letters, digits and dashes");
    }
    for a in &c.aliases {
        if !valid_name(a) {
            k.say(
                &[a],
                format!("alias '{a}' is not letters, digits and dashes"),
            );
        }
    }
    for name in c.names() {
        if is_plain_dice(name) {
            k.say(
                &[name],
                format!("'{name}' would hide the plain dice of that name"),
            );
        }
    }
    if c.title.trim().is_empty() {
        k.say(&["title"], "the title is empty");
    }
    if c.printed.trim().is_empty() {
        k.say(&["printed"], "say where the chart is printed");
    }
    let dice = c.die.dice();
    if c.selection && !c.options.is_empty() {
        k.say(
            &["options"],
            "a selection roll never takes an optional rule's DRM",
        );
    }
    if dice.is_none() && !c.options.is_empty() {
        k.say(&["options"], "a table without a die takes no optional DRM");
    }
    if dice.is_none() && c.stub.is_some() {
        k.say(&["stub"], "a chart to look up needs a die");
    }
    if c.divide.is_some_and(|d| d <= 0) {
        k.say(&["divide"], "divide by a number of 1 or more");
    }
    if dice.is_none() && !c.on_natural.is_empty() {
        k.say(&["on_natural"], "a table without a die has no natural roll");
    }
    if let Some(d) = dice {
        for n in c.on_natural.iter().flat_map(|o| o.naturals.iter()) {
            if !(d.min()..=d.max()).contains(n) {
                k.say(&["on_natural"], format!("{n} is not a natural roll of {d}"));
            }
        }
    }
    if dice.is_some() && c.divide.is_some() {
        k.say(&["divide"], "only a table without a die divides its value");
    }
}

/// Each input: a `snake_case` key declared once, bounds or options that fit its kind, and an
/// `ask_if` that does not lean on itself.
pub(super) fn check(k: &mut Check) {
    let c = k.c;
    let mut keys = BTreeSet::new();
    for i in &c.inputs {
        let key = format!("key: {}", i.key);
        let key_ok = i
            .key
            .chars()
            .next()
            .is_some_and(|ch| ch.is_ascii_lowercase())
            && i.key
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_');
        if !key_ok {
            k.say(&[&key], format!("input key '{}' is not snake_case", i.key));
        }
        if !keys.insert(i.key.as_str()) {
            k.say(&[&key], format!("input '{}' is declared twice", i.key));
        }
        match i.kind {
            InputKind::Number => match (i.min, i.max) {
                (Some(lo), Some(hi)) if lo.abs().max(hi.abs()) > super::MAX_VALUE => k.say(
                    &[&key],
                    format!("min and max stay within ±{}", super::MAX_VALUE),
                ),
                (Some(lo), Some(hi)) if lo <= hi => {}
                (Some(_), Some(_)) => k.say(&[&key], "min is above max"),
                _ => k.say(&[&key], "a number input needs min and max"),
            },
            InputKind::Yesno | InputKind::Choice => {
                if i.min.is_some() || i.max.is_some() {
                    k.say(&[&key], "only a number input has min and max");
                }
            }
        }
        if i.kind == InputKind::Choice {
            if i.options.is_empty() {
                k.say(&[&key], "a choice input needs options");
            }
            let mut seen = BTreeSet::new();
            for o in &i.options {
                if !seen.insert(o.value().to_ascii_lowercase()) {
                    k.say(&[&key], format!("option '{}' is listed twice", o.value()));
                }
            }
        } else if !i.options.is_empty() {
            k.say(&[&key], "only a choice input has options");
        }
        if let Some(cond) = &i.ask_if {
            let at = k.at(&[&key, "ask_if"]);
            k.condition(cond, &at);
            if cond.contains_key(&i.key) {
                k.say(&[&key], "an input cannot depend on itself");
            }
        }
    }
}

/// What is wrong with a condition: inputs it names that are not there, tests that cannot hold;
/// each with the text to point at (the key or the value at fault), when there is one.
pub(super) fn condition_problems(c: &Chart, cond: &Condition) -> Vec<(String, Option<String>)> {
    cond.iter()
        .flat_map(|(key, test)| test_problems(c, key, test))
        .collect()
}

/// What is wrong with one test of a condition: `any` of conditions, a test on the dice, on
/// `fails_by`, or on an input of the chart.
fn test_problems(c: &Chart, key: &str, test: &Test) -> Vec<(String, Option<String>)> {
    if key == "any" {
        return match test {
            Test::Any(list) => list
                .iter()
                .flat_map(|sub| condition_problems(c, sub))
                .collect(),
            _ => vec![("'any' takes a list of conditions".into(), None)],
        };
    }
    if crate::chart::DICE_WORDS.contains(&key) {
        return dice_test(c, key, test);
    }
    if key == crate::chart::FAILS_BY {
        return fails_by_test(c, test);
    }
    let Some(input) = c.input(key) else {
        let keys: Vec<&str> = c.inputs.iter().map(|i| i.key.as_str()).collect();
        return vec![(
            format!(
                "the condition names '{key}', which is not an input of this chart{}",
                if keys.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", keys.join(", "))
                }
            ),
            Some(format!("{key}:")),
        )];
    };
    if input.kind == InputKind::Choice
        && let Some(out) = choice_test(key, input, test)
    {
        return out;
    }
    input_test(c, key, input, test)
}

/// A test on a choice input naming its choices (a text or a list of them): each one of them.
/// None when the test names none.
fn choice_test(key: &str, input: &Input, test: &Test) -> Option<Vec<(String, Option<String>)>> {
    let given: Vec<&str> = match test {
        Test::Text(t) => vec![t.as_str()],
        Test::OneOf(list) => list.iter().map(String::as_str).collect(),
        _ => return None,
    };
    let choices: Vec<&str> = input
        .options
        .iter()
        .map(crate::chart::ChoiceOption::value)
        .collect();
    let out = given
        .iter()
        .filter(|t| !choices.contains(t))
        .map(|bad| {
            (
                format!(
                    "'{key}: {bad}': '{bad}' is not a choice of '{key}'; its choices: {}",
                    choices.join(", ")
                ),
                Some((*bad).to_string()),
            )
        })
        .collect();
    (!given.is_empty()).then_some(out)
}

/// A test that fits its input: true or false on a yes/no, a number or bounds (numbers or number
/// inputs) on a number.
fn input_test(c: &Chart, key: &str, input: &Input, test: &Test) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let ok = match (input.kind, test) {
        (InputKind::Yesno, Test::Bool(_)) | (InputKind::Number, Test::Int(_)) => true,
        (InputKind::Yesno, Test::Text(t)) => matches!(t.as_str(), "yes" | "no"),
        (InputKind::Number, Test::Range(r)) => {
            for o in r.operands() {
                if let Operand::Input(other) = o
                    && !c.input(other).is_some_and(|i| i.kind == InputKind::Number)
                {
                    out.push((
                        format!("'{key}' is compared with '{other}', which is not a number input"),
                        Some(other.clone()),
                    ));
                }
            }
            r.operands().next().is_some()
        }
        _ => false,
    };
    if !ok {
        let fits = match input.kind {
            InputKind::Yesno => "true or false (yes or no)",
            InputKind::Number => "a number, or {min, max, below, above}",
            InputKind::Choice => "one of its choices, or a list of them",
        };
        out.push((
            format!(
                "the test on '{key}' does not fit a {} input: it takes {fits}",
                format!("{:?}", input.kind).to_lowercase()
            ),
            Some(format!("{key}:")),
        ));
    }
    out
}

/// What is wrong with a test on the dice themselves: `natural` takes a number, bounds (numbers
/// or number inputs) or a number input's key (equal to it); `doubles` true or false; `die` a
/// face or bounds in numbers.
/// `fails_by`: on a roll `against` an input, compared with a number or a number input.
fn fails_by_test(c: &Chart, test: &Test) -> Vec<(String, Option<String>)> {
    let key = crate::chart::FAILS_BY;
    let mut out = Vec::new();
    if c.against.is_none() {
        out.push((
            format!(
                "'{key}' reads a roll `against` an input (how far the total is above it): this \
                 chart has no `against`"
            ),
            Some(format!("{key}:")),
        ));
    }
    let ok = match test {
        Test::Int(_) => true,
        Test::Range(r) => {
            for o in r.operands() {
                if let Operand::Input(other) = o
                    && !c.input(other).is_some_and(|i| i.kind == InputKind::Number)
                {
                    out.push((
                        format!("'{key}' is compared with '{other}', which is not a number input"),
                        Some(other.clone()),
                    ));
                }
            }
            r.operands().next().is_some()
        }
        _ => false,
    };
    if !ok {
        out.push((
            format!(
                "'{key}' takes a number or {{min, max, below, above}} (numbers or number inputs)"
            ),
            Some(format!("{key}:")),
        ));
    }
    out
}

fn dice_test(c: &Chart, key: &str, test: &Test) -> Vec<(String, Option<String>)> {
    let number_input = |k: &str| c.input(k).is_some_and(|i| i.kind == InputKind::Number);
    let mut out = Vec::new();
    let ok = match (key, test) {
        ("natural" | "die", Test::Int(_)) | ("doubles", Test::Bool(_)) => true,
        ("natural", Test::Text(other)) => {
            if !number_input(other) {
                out.push((
                    format!("'natural: {other}': '{other}' is not a number input of this chart"),
                    Some(other.clone()),
                ));
            }
            true
        }
        ("natural" | "die", Test::Range(r)) => {
            for o in r.operands() {
                if let Operand::Input(other) = o {
                    if key == "die" {
                        out.push((
                            format!("'die' is compared with numbers only, not '{other}'"),
                            Some(other.clone()),
                        ));
                    } else if !number_input(other) {
                        out.push((
                            format!(
                                "'natural' is compared with '{other}', which is not a number input"
                            ),
                            Some(other.clone()),
                        ));
                    }
                }
            }
            r.operands().next().is_some()
        }
        _ => false,
    };
    if !ok {
        let fits = match key {
            "doubles" => "true or false",
            "die" => "a face of the die, or {min, max, below, above} in numbers",
            _ => "a number, a number input's key, or {min, max, below, above}",
        };
        out.push((
            format!("the test on the dice' '{key}' takes {fits}"),
            Some(format!("{key}:")),
        ));
    }
    out
}
