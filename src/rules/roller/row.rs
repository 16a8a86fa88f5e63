//! The row a roll reads: the one the dice decide or the total's, the questions only that row
//! asks, its result (or an alternative that holds) with its notes, then its follow-ups.

use super::super::outcome::Outcome;
use super::super::scope::Scope;
use super::super::table::{self, in_column, with_notes};
use super::super::{Value, Values};
use super::{DICE_DECIDE, Roller, counted};
use crate::error::Result;
use flipbook_charts::{Chart, Follow, Span};

impl Roller<'_> {
    /// Find the row the total lands on, ask what only that row needs, take its result (or an
    /// alternative that holds), then roll what it calls for.
    pub(super) fn read_row(
        &mut self,
        chart: &Chart,
        out: &mut Outcome,
        col_index: Option<usize>,
        natural_notes: &[String],
        depth: usize,
    ) -> Result<()> {
        let total = out.read.or(out.total).unwrap_or_default();
        let rows = chart.column_rows(col_index);
        let spans = table::spans(rows);
        let faces = out.faces();
        let decided = decided_row(chart, rows, &self.values, &faces);
        let (ri, clamped) = decided.map_or_else(|| Span::nearest(&spans, total), |ri| (ri, false));
        let decided = decided.is_some();
        let row = &rows[ri];
        let label = row.row.label();
        out.row = Some(label.to_string());
        out.clamped = clamped;
        if decided {
            out.notes.push(DICE_DECIDE.into());
            // Against an input, a row the dice decide on the other side of it (a natural 12
            // that fails under the morale) fails or passes by nothing the total shows.
            if let Some(read) = out.read {
                let span = spans[ri];
                let passes = span.hi.is_some_and(|hi| hi <= 0);
                let fails = span.lo.is_some_and(|lo| lo >= 1);
                if (passes && read > 0) || (fails && read <= 0) {
                    out.margin = Some(0);
                }
            }
        }
        if clamped {
            let side = if spans[ri].lo.is_some_and(|lo| total < lo) {
                "below"
            } else {
                "above"
            };
            out.notes.push(format!(
                "total {total} is {side} the printed rows: read {label}"
            ));
        }
        // Questions that only this row needs, the dice said first: the question is about
        // where they landed.
        let about_row = chart
            .inputs
            .iter()
            .any(|i| i.only_rows.iter().any(|r| r == label) && !self.values.contains_key(&i.key));
        if about_row {
            self.prompter.landed(&chart.title, &faces, total, label)?;
        }
        self.gather(chart, Some(label))?;
        for i in &chart.inputs {
            if let Some(v) = self.values.get(&i.key) {
                out.inputs.insert(i.key.clone(), v.clone());
            }
        }
        let scope = Scope {
            chart,
            values: &self.values,
            row: Some(label),
            dice: &faces,
            read: out.read,
        };
        let column = out.column.as_deref();
        let mut text = table::row_result(chart, row, col_index, &self.values);
        out.game_over = table::ends_game(&scope, row, column);
        out.next.clone_from(&row.next);
        if let Some(a) = row
            .alt
            .iter()
            .find(|a| in_column(&a.columns, column) && scope.holds(&a.when) == Some(true))
        {
            text = Some(a.result.clone());
            out.game_over = a.game_over;
            // An alt's own rolls named next replace the row's.
            if !a.next.is_empty() {
                out.next.clone_from(&a.next);
            }
        }
        out.result = match text {
            Some(t) => Some(counted(&out.filler(chart, &self.values), chart, &t)?),
            None => None,
        };
        with_notes(&mut out.result, natural_notes);
        let marked = footnotes(chart, out.result.as_deref().unwrap_or(""));
        with_notes(&mut out.result, &marked);
        let follows: Vec<Follow> = row
            .then
            .iter()
            .filter(|f| in_column(&f.columns, column))
            .cloned()
            .collect();
        // A total given on to a table of totals (`total_as`) is its answer there.
        for key in follows.iter().filter_map(|f| f.total_as.as_ref()) {
            self.values.insert(key.clone(), Value::Num(total));
        }
        self.follow_up(out, chart, Some(label), &follows, depth)
    }
}

/// Whether an `on_natural` holds for this roll: its naturals, and its `when` on the dice and
/// the inputs (`scope` knows the dice).
pub(super) fn on_natural_holds(
    n: &flipbook_charts::OnNatural,
    scope: &Scope,
    natural: Option<i64>,
) -> bool {
    natural.is_some_and(|x| n.natural_fits(x))
        && n.when.as_ref().is_none_or(|w| scope.holds(w) == Some(true))
}

/// The row the dice decide whatever the total (the first `on_natural` with a `row` that
/// holds), by its place among `rows`; `None` when the total decides.
pub(crate) fn decided_row(
    chart: &Chart,
    rows: &[flipbook_charts::Row],
    values: &Values,
    faces: &[i64],
) -> Option<usize> {
    if faces.is_empty() {
        return None;
    }
    let scope = Scope {
        chart,
        values,
        row: None,
        dice: faces,
        read: None,
    };
    let natural = super::super::values::sum(faces.iter().copied());
    chart
        .on_natural
        .iter()
        .filter(|n| on_natural_holds(n, &scope, Some(natural)))
        .find_map(|n| {
            let label = n.row.as_deref()?;
            rows.iter().position(|r| r.row.label() == label)
        })
}

/// The footnotes of the marks a result carries, the longest mark first (`**` before `*`).
fn footnotes(chart: &Chart, result: &str) -> Vec<String> {
    let mut marks: Vec<(&String, &String)> = chart.footnotes.iter().collect();
    marks.sort_by_key(|(m, _)| std::cmp::Reverse(m.len()));
    let mut rest = result.to_string();
    let mut out = Vec::new();
    for (mark, text) in marks {
        if !mark.is_empty() && rest.contains(mark.as_str()) {
            out.push(format!("{mark} {text}"));
            rest = rest.replace(mark.as_str(), "");
        }
    }
    out
}
