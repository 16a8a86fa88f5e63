//! A chart's ranking of its results for the player (`rank:`): every row once, from the worst
//! to the best, or which way the total is better; only for a chart that is rolled.

use super::Check;
use crate::chart::Rank;
use std::collections::BTreeSet;

pub(super) fn check(k: &mut Check) {
    let c = k.c;
    let Some(rank) = &c.rank else { return };
    if c.die.dice().is_none() {
        k.say(
            &["rank"],
            "only a chart rolled with dice ranks its results (`die: none` here)",
        );
        return;
    }
    let Rank::Rows(listed) = rank else { return };
    if c.stub.is_some() {
        k.say(
            &["rank"],
            "a chart to look up elsewhere has no rows to rank: give `rank: lower` or `rank: higher`",
        );
        return;
    }
    let mut seen = BTreeSet::new();
    for label in listed {
        if !seen.insert(label.as_str()) {
            k.say(&["rank", label], format!("rank lists row '{label}' twice"));
        }
    }
    let rows: BTreeSet<&str> = c
        .rows
        .iter()
        .chain(c.columns.iter().flat_map(|col| &col.rows))
        .map(|r| r.row.label())
        .collect();
    for label in listed.iter().filter(|l| !rows.contains(l.as_str())) {
        k.say(
            &["rank", label],
            format!("rank lists '{label}', which is no row of the chart"),
        );
    }
    for label in rows.iter().filter(|r| !seen.contains(*r)) {
        k.say(
            &["rank"],
            format!("rank leaves out row '{label}': list every row, from the worst to the best"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::validate::tests::problems;

    const ROWS: &str = "id: t\ntitle: T\nprinted: p1\ndie: d10\nrows:\n  - {row: \"1-4\", result: a}\n  - {row: \"5+\", result: b}\n";

    #[test]
    fn every_row_once_or_a_direction() {
        assert!(problems(&format!("{ROWS}rank: [5+, 1-4]\n")).is_empty());
        assert!(problems(&format!("{ROWS}rank: lower\n")).is_empty());
        let p = problems(&format!("{ROWS}rank: [5+, 5+, 9]\n"));
        assert!(
            p.iter().any(|m| m.contains("lists row '5+' twice")),
            "{p:?}"
        );
        assert!(
            p.iter().any(|m| m.contains("'9', which is no row")),
            "{p:?}"
        );
        assert!(
            p.iter().any(|m| m.contains("leaves out row '1-4'")),
            "{p:?}"
        );
        assert!(!problems(&format!("{ROWS}rank: sideways\n")).is_empty());
        let table = "id: t\ntitle: T\nprinted: p1\ndie: none\ndrms: [{label: x, value: 1}]\nrows:\n  - {row: \"1+\", result: a}\nrank: higher\n";
        assert!(
            problems(table)
                .iter()
                .any(|m| m.contains("only a chart rolled")),
            "{:?}",
            problems(table)
        );
    }
}
