//! The notes under a chart's table: how an opposed roll is read, odds too large to count, a
//! roll against an input, the column shifts, what the dice themselves decide, the share of
//! the rolls failing by more than another, then the chart's own notes.

use super::super::roller::decided_row;
use super::super::{Options, Scope, Spread, in_column, limit, spans};
use super::modifiers;
use flipbook_charts::{Chart, Span};

/// The notes under the table, in their order.
pub(super) fn notes(scope: &Scope, chosen: Option<usize>, opts: &Options) -> Vec<String> {
    let chart = scope.chart;
    opposed_note(chart)
        .into_iter()
        .chain(uncounted_note(chart))
        .chain(against_note(chart))
        .chain(shifts_note(chart))
        .chain(dice_notes(chart))
        .chain(fails_by_odds(scope, chosen, opts))
        .chain(chart.notes.clone())
        .collect()
}

/// How a roll against an input reads its rows.
fn against_note(chart: &Chart) -> Option<String> {
    chart.against.as_deref().map(|k| {
        let name = chart.input(k).map_or(k, |i| i.name());
        format!("Against {name}: the rows read the total minus {name} (0 or less: at most {name})")
    })
}

/// The chart's column shifts, as printed.
fn shifts_note(chart: &Chart) -> Option<String> {
    (!chart.shifts.is_empty()).then(|| {
        let each: Vec<String> = chart
            .shifts
            .iter()
            .map(|x| format!("{} {:+}", x.label, x.value))
            .collect();
        format!(
            "Column shifts (when they hold; held at the table's edges): {}",
            each.join(", ")
        )
    })
}

/// The share of the rolls each alternative on `fails_by` is read in (a roll against an input
/// failing by more than another), in the chosen column (or the only one), once the inputs tell
/// it: counted by the natural roll, where the single dice decide neither the total nor the row
/// nor the column (none is said otherwise).
fn fails_by_odds(scope: &Scope, chosen: Option<usize>, opts: &Options) -> Vec<String> {
    let chart = scope.chart;
    let reads = |w: Option<&flipbook_charts::Condition>| w.is_some_and(flipbook_charts::reads_dice);
    let by_faces = chart.drms.iter().any(|d| reads(d.when.as_ref()))
        || super::super::table::shifts_read_dice(chart)
        || chart
            .on_natural
            .iter()
            .any(|n| n.row.is_some() && reads(n.when.as_ref()));
    let col = if chart.columns.is_empty() {
        None
    } else {
        match chosen {
            Some(i) => Some(i),
            None => return Vec::new(),
        }
    };
    let (Some(key), Some(spread)) = (&chart.against, Spread::of_chart(chart)) else {
        return Vec::new();
    };
    let Some(against) = scope.number(key) else {
        return Vec::new();
    };
    if by_faces || chart.is_opposed() {
        return Vec::new();
    }
    let label = col.map(|i| chart.columns[i].label.as_str());
    let m = modifiers(scope, label, opts);
    if !m.pending.is_empty() {
        return Vec::new();
    }
    let rows = chart.column_rows(col);
    if !rows.iter().any(|r| {
        r.alt
            .iter()
            .any(|a| flipbook_charts::reads_fails_by(&a.when))
    }) {
        return Vec::new();
    }
    let spans = spans(rows);
    // Each alternative's ways, by (row, alt) in the order written.
    let mut ways: Vec<((usize, usize), u128)> = Vec::new();
    for (i, w) in spread.ways.iter().enumerate() {
        let natural = spread
            .min
            .saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
        let read = match decided_row(chart, rows, scope.values, &[natural]) {
            Some(_) => continue,
            None => limit(scope, natural.saturating_add(m.total()))
                .0
                .saturating_sub(against),
        };
        let ri = Span::nearest(&spans, read).0;
        let at = Scope {
            row: Some(rows[ri].row.label()),
            read: Some(read),
            ..*scope
        };
        let first = rows[ri]
            .alt
            .iter()
            .position(|a| in_column(&a.columns, label) && at.holds(&a.when) == Some(true));
        if let Some(ai) =
            first.filter(|ai| flipbook_charts::reads_fails_by(&rows[ri].alt[*ai].when))
        {
            match ways.iter_mut().find(|(k, _)| *k == (ri, ai)) {
                Some((_, n)) => *n += w,
                None => ways.push(((ri, ai), *w)),
            }
        }
    }
    ways.sort_by_key(|(k, _)| *k);
    ways.into_iter()
        .map(|((ri, ai), n)| {
            let share = crate::rules::Odds {
                ways: vec![n, spread.out_of.saturating_sub(n)],
                out_of: spread.out_of,
            }
            .percents()[0];
            format!(
                "Row {}, on {}: {share:.1}% of the rolls",
                rows[ri].row.label(),
                condition_words(chart, &rows[ri].alt[ai].when)
            )
        })
        .collect()
}

/// What the dice themselves decide, in words, for the notes under the table: each
/// `on_natural`, and each alternative result that reads the dice.
fn dice_notes(chart: &Chart) -> Vec<String> {
    let mut out = Vec::new();
    for n in &chart.on_natural {
        let mut on = Vec::new();
        if !n.naturals.is_empty() {
            let list: Vec<String> = n.naturals.iter().map(ToString::to_string).collect();
            on.push(format!("a natural {}", list.join(" or ")));
        }
        if let Some(w) = &n.when {
            on.push(condition_words(chart, w));
        }
        let on = on.join(" with ");
        match (&n.row, &n.text) {
            (Some(r), Some(t)) => out.push(format!("On {on}: row {r} whatever the total: {t}")),
            (Some(r), None) => out.push(format!("On {on}: row {r} whatever the total")),
            (None, Some(t)) => out.push(format!("On {on}: {t}")),
            (None, None) => {}
        }
    }
    for d in &chart.drms {
        if let Some(w) = d.when.as_ref().filter(|w| flipbook_charts::reads_dice(w)) {
            out.push(format!(
                "On {}: {} {:+} (counted once the dice are rolled)",
                condition_words(chart, w),
                d.label,
                d.value
            ));
        }
    }
    for x in &chart.shifts {
        if let Some(w) = x.when.as_ref().filter(|w| flipbook_charts::reads_dice(w)) {
            out.push(format!(
                "On {}: column shift {} {:+} (counted once the dice are rolled)",
                condition_words(chart, w),
                x.label,
                x.value
            ));
        }
    }
    for r in chart.all_rows() {
        for a in r.alt.iter().filter(|a| {
            flipbook_charts::reads_dice(&a.when) || flipbook_charts::reads_fails_by(&a.when)
        }) {
            out.push(format!(
                "Row {}, on {}: {}",
                r.row.label(),
                condition_words(chart, &a.when),
                a.result
            ));
        }
    }
    out
}

/// A condition as the notes say it: `doubles`, `a die shows 6`, `natural = sniper`, or its
/// tests as written.
fn condition_words(chart: &Chart, cond: &flipbook_charts::Condition) -> String {
    use flipbook_charts::Test;
    let name = |k: &str| {
        chart
            .input(k)
            .map_or(k.to_string(), |i| i.name().to_string())
    };
    cond.iter()
        .map(|(key, test)| match (key.as_str(), test) {
            ("doubles", Test::Bool(true)) => "doubles".to_string(),
            ("doubles", Test::Bool(false)) => "no doubles".to_string(),
            ("die", Test::Int(n)) => format!("a die showing {n}"),
            ("natural", Test::Int(n)) => format!("a natural {n}"),
            ("natural", Test::Text(k)) => format!("a natural equal to {}", name(k)),
            (flipbook_charts::FAILS_BY, Test::Int(n)) => format!("failing by {n}"),
            (flipbook_charts::FAILS_BY, Test::Range(r)) => {
                let says = |o: &flipbook_charts::Operand| match o {
                    flipbook_charts::Operand::Int(n) => n.to_string(),
                    flipbook_charts::Operand::Input(k) => name(k),
                };
                let parts: Vec<String> = [
                    r.above.as_ref().map(|o| format!("more than {}", says(o))),
                    r.min.as_ref().map(|o| format!("{} or more", says(o))),
                    r.below.as_ref().map(|o| format!("less than {}", says(o))),
                    r.max.as_ref().map(|o| format!("at most {}", says(o))),
                ]
                .into_iter()
                .flatten()
                .collect();
                format!("failing by {}", parts.join(" and "))
            }
            (k, t) => format!("{k} {}", serde_json::to_string(t).unwrap_or_default()),
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Said plainly when a chart's dice have more outcomes than are counted: no odds are shown,
/// rather than wrong ones.
fn uncounted_note(chart: &Chart) -> Option<String> {
    let dice = chart.die.dice()?;
    Spread::of_chart(chart).is_none().then(|| {
        format!(
            "The odds are too large to count exactly ({dice} against {dice} has more outcomes than flipbook counts): none is shown"
        )
    })
}

/// How an opposed roll is read, for the notes under its table.
fn opposed_note(chart: &Chart) -> Option<String> {
    let [first, second] = chart.opposed.as_slice() else {
        return None;
    };
    let wins = if chart.wins == Some(flipbook_charts::Better::Lower) {
        "the lower total wins"
    } else {
        "the higher total wins"
    };
    let tie = match &chart.tie {
        Some(t) if chart.opposed.contains(t) => format!("; {t} wins a tie"),
        _ => String::new(),
    };
    Some(format!(
        "Opposed roll: each side rolls {}; the rows read the first side's total ({first}) \
         minus the second's ({second}), whose modifiers count against it; {wins}{tie}",
        chart.die
    ))
}
