//! A chart's modifiers and bounds: its listed DRMs, the cap, the limits on the total, the gates
//! that replace the roll, and results that vary with an input.

use super::Check;
use crate::chart::{Drm, InputKind};

/// Each DRM, then the sides of an opposed roll, the groups, the bounds on the total, the gates,
/// a roll against an input and results by an input.
pub(super) fn check(k: &mut Check) {
    for d in &k.c.drms {
        drm(k, d);
    }
    opposed(k);
    groups(k);
    bounds(k);
    gates(k);
    against(k);
    if let Some(key) = &k.c.result_by
        && !k.c.input(key).is_some_and(|i| i.kind == InputKind::Choice)
    {
        k.say(
            &["result_by"],
            format!("result_by '{key}' is not a choice input"),
        );
    }
}

/// One DRM: within bounds, counting a number input (`per`), its condition, its columns, its
/// side.
fn drm(k: &mut Check, d: &Drm) {
    let c = k.c;
    let here = k.at(&["drms", &d.label]);
    if d.value.abs() > super::MAX_VALUE {
        k.push(
            here.clone(),
            format!("a DRM stays within ±{}", super::MAX_VALUE),
        );
    }
    if let Some(p) = &d.per {
        per(k, p, &here);
    }
    if let Some(w) = &d.when {
        k.condition(w, &here);
    }
    for l in d
        .columns
        .iter()
        .filter(|l| !c.columns.iter().any(|col| col.label == **l))
    {
        k.push(
            here.clone(),
            format!("column '{l}' is not a column of this chart"),
        );
    }
    side(k, d, here);
}

/// A DRM's `per`: a number input of the chart.
fn per(k: &mut Check, p: &str, here: &[String]) {
    match k.c.input(p) {
        Some(i) if i.kind == InputKind::Number => {}
        Some(i) if i.kind == InputKind::Yesno => k.push(
            here.to_vec(),
            format!("'per: {p}' counts a number, and '{p}' is yes/no: write `when: {{{p}: true}}`"),
        ),
        Some(_) => k.push(
            here.to_vec(),
            format!("'per: {p}' needs a number input, and '{p}' is a choice"),
        ),
        None => k.push(
            here.to_vec(),
            format!("'per: {p}' is not an input of this chart"),
        ),
    }
}

/// A DRM's `side`: on an opposed roll, one of its sides; on no other roll.
fn side(k: &mut Check, d: &Drm, here: Vec<String>) {
    let c = k.c;
    match (&d.side, c.is_opposed()) {
        (Some(s), true) if !c.opposed.contains(s) => k.push(
            here,
            format!(
                "side '{s}' is not a side of this roll: {}",
                c.opposed.join(", ")
            ),
        ),
        (Some(s), false) => k.push(
            here,
            format!("side '{s}': only an opposed roll (`opposed: [A, B]`) has sides"),
        ),
        (None, true) => k.push(
            here,
            format!(
                "on an opposed roll each DRM adds to a side: `side: {}`",
                c.opposed.join("` or `side: ")
            ),
        ),
        _ => {}
    }
}

/// The bounds on the total (the cap, the limits, divide) within ±[`super::MAX_VALUE`], each
/// min at most its max; the limits' conditions.
fn bounds(k: &mut Check) {
    let c = k.c;
    let bounds = c
        .cap
        .iter()
        .flat_map(|cap| cap.bounds().ends())
        .chain(c.limits.iter().flat_map(|l| l.bounds().ends()))
        .chain(c.divide);
    if bounds.into_iter().any(|n| n.abs() > super::MAX_VALUE) {
        k.say(
            &["id"],
            format!("caps, limits and divide stay within ±{}", super::MAX_VALUE),
        );
    }
    if let Some(cap) = &c.cap {
        if cap.min.is_none() && cap.max.is_none() {
            k.say(&["cap"], "a cap needs min or max");
        }
        if let (Some(a), Some(b)) = (cap.min, cap.max)
            && a > b
        {
            k.say(&["cap"], "the cap's min is above its max");
        }
    }
    let at_limits = k.at(&["limits"]);
    for l in &c.limits {
        k.condition(&l.when, &at_limits);
        if let (Some(a), Some(b)) = (l.min, l.max)
            && a > b
        {
            k.say(&["limits"], "a limit's min is above its max");
        }
    }
}

/// The conditions of the gates and of their follow-ups.
fn gates(k: &mut Check) {
    let at_gates = k.at(&["gates"]);
    for g in &k.c.gates {
        k.condition(&g.when, &at_gates);
        for w in g.then.iter().filter_map(|f| f.when.as_ref()) {
            k.condition(w, &at_gates);
        }
    }
}

/// A roll `against` an input: a number input, on a roll of the chart's own die.
fn against(k: &mut Check) {
    let c = k.c;
    let Some(key) = &c.against else { return };
    if !c.input(key).is_some_and(|i| i.kind == InputKind::Number) {
        k.say(
            &["against"],
            format!("against '{key}': the rows read the total against a number input, and '{key}' is not one"),
        );
    }
    if c.is_opposed() || c.die.dice().is_none() {
        k.say(
            &["against"],
            "`against` reads a roll of the chart's die against an input: not on an opposed roll or a table without a die",
        );
    }
}

/// An opposed roll: two named sides rolling a die, and what only such a roll may say.
fn opposed(k: &mut Check) {
    let c = k.c;
    if !c.is_opposed() {
        if c.tie.is_some() {
            k.say(
                &["tie"],
                "only an opposed roll (`opposed: [A, B]`) has a tie",
            );
        }
        if c.wins.is_some() || c.show_winner.is_some() {
            k.say(
                &[if c.wins.is_some() {
                    "wins"
                } else {
                    "show_winner"
                }],
                "only an opposed roll (`opposed: [A, B]`) has a winner: `wins` and \
                 `show_winner` are for it",
            );
        }
        return;
    }
    if c.opposed.len() != 2 || c.opposed[0] == c.opposed[1] {
        k.say(
            &["opposed"],
            "an opposed roll names two different sides: `opposed: [A, B]`",
        );
    }
    if c.opposed.iter().any(|s| s.trim().is_empty()) {
        k.say(&["opposed"], "a side's name is empty");
    }
    if c.die.dice().is_none() {
        k.say(
            &["opposed"],
            "an opposed roll needs a die for each side to roll",
        );
    }
    if !c.on_natural.is_empty() {
        k.say(
            &["on_natural"],
            "an opposed roll has two natural rolls: on_natural cannot say whose",
        );
    }
}

/// Groups of DRMs: each named once, with bounds that make sense, and used by a DRM; each DRM's
/// group is one of them.
fn groups(k: &mut Check) {
    let c = k.c;
    let mut seen = std::collections::BTreeSet::new();
    for g in &c.groups {
        let here = k.at(&["groups", &format!("id: {}", g.id)]);
        if !seen.insert(g.id.as_str()) {
            k.push(here.clone(), format!("group '{}' is declared twice", g.id));
        }
        match (g.min, g.max) {
            (None, None) => k.push(here.clone(), format!("group '{}' needs min or max", g.id)),
            (Some(a), Some(b)) if a > b => {
                k.push(here.clone(), format!("group '{}': min is above max", g.id));
            }
            _ => {}
        }
        if [g.min, g.max]
            .into_iter()
            .flatten()
            .any(|n| n.abs() > super::MAX_VALUE)
        {
            k.push(
                here.clone(),
                format!("a group's bounds stay within ±{}", super::MAX_VALUE),
            );
        }
        if !c.drms.iter().any(|d| d.group.as_ref() == Some(&g.id)) {
            k.push(here, format!("no DRM is in group '{}'", g.id));
        }
    }
    for d in &c.drms {
        if let Some(g) = d.group.as_ref().filter(|g| !seen.contains(g.as_str())) {
            let ids: Vec<&str> = c.groups.iter().map(|g| g.id.as_str()).collect();
            let known = if ids.is_empty() {
                "the chart declares no `groups`".to_string()
            } else {
                format!("groups: {}", ids.join(", "))
            };
            k.say(
                &["drms", &d.label, "group"],
                format!("group '{g}' is not a group of this chart ({known})"),
            );
        }
    }
}
