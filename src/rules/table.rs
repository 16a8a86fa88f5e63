//! Reading a table: the column the inputs choose, the value of a table without a die, the
//! limits on a total, the row a total lands on, and a result's text. Shared by `roll` and the
//! chart view, so each rule of reading is written once.

use super::outcome::Winner;
use super::scope::{Known, Scope};
use super::{Value, Values};
use flipbook_charts::{
    Chart, Expr, GameOver, ResultText, Round, Row, Span, Stop, parse_ratio, placeholders,
};

/// The column the inputs select: its index, or `None` while unknown. The second value explains
/// a column found by a sum ("Sum of 4 ratings = 25").
pub(crate) fn choose_column(scope: &Scope) -> Option<(usize, Option<String>)> {
    let (i, why) = base_column(scope)?;
    Some(shifted(scope, i, why))
}

/// The column the inputs select before any shift.
fn base_column(scope: &Scope) -> Option<(usize, Option<String>)> {
    let chart = scope.chart;
    let by = chart.column_by.as_ref()?;
    if let [a, b] = by.ratio.as_slice() {
        let (x, y) = (scope.number(a)?, scope.number(b)?);
        let ratios: Vec<(i64, i64)> = chart
            .columns
            .iter()
            .map(|c| parse_ratio(&c.label))
            .collect::<Option<_>>()?;
        let round = by.round.unwrap_or(Round::Down);
        let (i, edge) = ratio_column(&ratios, x, y, round);
        // Below the first column where the chart says what happens instead: no column.
        if edge == Some(Edge::Below) && by.below.is_some() {
            return None;
        }
        let label = &chart.columns[i].label;
        let how = match (edge, round) {
            (Some(Edge::Above), _) => format!("above the last column: read {label}"),
            (Some(Edge::Below), _) => format!("below the first column: read {label}"),
            (None, _)
                if i128::from(x) * i128::from(ratios[i].1)
                    == i128::from(ratios[i].0) * i128::from(y) =>
            {
                format!("is {label}")
            }
            (None, Round::Down) => format!("rounded down to {label}"),
            (None, Round::Up) => format!("rounded up to {label}"),
        };
        let sep = if how.starts_with("is ") { " " } else { ", " };
        return Some((i, Some(format!("{} {x}:{y}{sep}{how}", by.title))));
    }
    if let Some(k) = &by.input {
        let v = match scope.known(k) {
            Known::Value(Value::Choice(v)) => v,
            Known::Value(Value::Bool(b)) => Value::Bool(b).text(),
            _ => return None,
        };
        let i = chart
            .columns
            .iter()
            .position(|c| c.value.as_deref() == Some(v.as_str()))?;
        return Some((i, None));
    }
    let mut sum: i64 = 0;
    for k in &by.sum {
        sum = sum.saturating_add(scope.number(k)?);
    }
    let bands: Option<Vec<Span>> = chart.columns.iter().map(|c| c.band).collect();
    let (i, _) = Span::nearest(&bands?, sum);
    Some((i, Some(format!("{} = {sum}", by.title))))
}

/// Where a ratio lies beyond the printed odds columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Edge {
    Below,
    Above,
}

/// The odds column of the ratio `x:y` among `ratios` (in printed order, lowest first), as
/// `round` reads a ratio between two columns; with the edge it lies beyond, if it does. The
/// ratios compare as whole numbers (`x * b` against `a * y`): no rounding error.
pub(crate) fn ratio_column(
    ratios: &[(i64, i64)],
    x: i64,
    y: i64,
    round: Round,
) -> (usize, Option<Edge>) {
    let last = ratios.len().saturating_sub(1);
    // x:y against a:b, as x * b against a * y.
    let cmp = |&(a, b): &(i64, i64)| {
        (i128::from(x) * i128::from(b)).cmp(&(i128::from(a) * i128::from(y)))
    };
    if y <= 0 {
        return if x > 0 {
            (last, Some(Edge::Above))
        } else {
            (0, Some(Edge::Below))
        };
    }
    if ratios.first().is_none_or(|r| cmp(r).is_lt()) {
        return (0, Some(Edge::Below));
    }
    if ratios.last().is_some_and(|r| cmp(r).is_gt()) {
        return (last, Some(Edge::Above));
    }
    let i = match round {
        Round::Down => ratios.iter().rposition(|r| !cmp(r).is_lt()),
        Round::Up => ratios.iter().position(|r| !cmp(r).is_gt()),
    };
    (i.unwrap_or(0), None)
}

/// What the chart says instead of a roll when the ratio of its odds columns is below the first
/// column (`column_by`'s `below`); `None` otherwise or while the inputs are not known.
pub(crate) fn ratio_below<'c>(scope: &Scope<'c>) -> Option<&'c str> {
    let by = scope.chart.column_by.as_ref()?;
    let below = by.below.as_deref()?;
    let [a, b] = by.ratio.as_slice() else {
        return None;
    };
    let (x, y) = (scope.number(a)?, scope.number(b)?);
    let ratios: Vec<(i64, i64)> = scope
        .chart
        .columns
        .iter()
        .map(|c| parse_ratio(&c.label))
        .collect::<Option<_>>()?;
    let first = *ratios.first()?;
    let (_, edge) = ratio_column(&[first], x, y, Round::Down);
    (edge == Some(Edge::Below)).then_some(below)
}

/// The chart's column shifts that hold, each with its source and the columns it moves.
pub(crate) fn shifts(scope: &Scope) -> Vec<super::Modifier> {
    scope
        .chart
        .shifts
        .iter()
        .filter(|s| s.when.as_ref().is_none_or(|w| scope.holds(w) == Some(true)))
        .map(|s| super::Modifier {
            source: s.label.clone(),
            value: s.value,
        })
        .collect()
}

/// Whether some column shift reads the dice (`doubles`, `die`, `natural`): the column is then
/// chosen again once they are rolled.
pub(crate) fn shifts_read_dice(chart: &Chart) -> bool {
    chart
        .shifts
        .iter()
        .any(|s| s.when.as_ref().is_some_and(flipbook_charts::reads_dice))
}

/// The column `i` moved by the shifts on the dice that hold with these dice (`scope.dice`),
/// held at the table's edges: the column a roll begun in column `i` is read in.
pub(crate) fn moved_by_dice(scope: &Scope, i: usize) -> usize {
    let by = scope
        .chart
        .shifts
        .iter()
        .filter(|s| s.when.as_ref().is_some_and(flipbook_charts::reads_dice))
        .filter(|s| {
            s.when
                .as_ref()
                .is_some_and(|w| scope.holds(w) == Some(true))
        })
        .fold(0i64, |a, s| a.saturating_add(s.value));
    let last = i64::try_from(scope.chart.columns.len().saturating_sub(1)).unwrap_or(i64::MAX);
    let wanted = i64::try_from(i).unwrap_or(0).saturating_add(by);
    usize::try_from(wanted.clamp(0, last)).unwrap_or(0)
}

/// The column `i` moved by the chart's shifts that hold (each named with its value), held at
/// the table's edges; the reason joins `why`.
fn shifted(scope: &Scope, i: usize, why: Option<String>) -> (usize, Option<String>) {
    let chart = scope.chart;
    let holding = shifts(scope);
    let by = holding.iter().fold(0i64, |a, m| a.saturating_add(m.value));
    let parts: Vec<String> = holding
        .iter()
        .map(|m| format!("{} {:+}", m.source, m.value))
        .collect();
    if parts.is_empty() || chart.columns.is_empty() {
        return (i, why);
    }
    let last = i64::try_from(chart.columns.len() - 1).unwrap_or(i64::MAX);
    let wanted = i64::try_from(i).unwrap_or(0).saturating_add(by);
    let to = usize::try_from(wanted.clamp(0, last)).unwrap_or(0);
    let edge = if (0..=last).contains(&wanted) {
        ""
    } else {
        ", held at the table's edge"
    };
    let note = format!("column shift {by:+} ({}){edge}", parts.join(", "));
    let why = Some(match why {
        Some(w) => format!("{w}; {note}"),
        None => note,
    });
    (to, why)
}

/// The spans of rows, as read when the chart was loaded.
pub(crate) fn spans(rows: &[Row]) -> Vec<Span> {
    rows.iter().map(|r| r.row.span()).collect()
}

/// The value of a table without a die from its terms: divided, rounded down, when it says so.
pub(crate) fn value(chart: &Chart, terms: i64) -> (i64, Option<String>) {
    match chart.divide {
        Some(n) if n > 0 => (
            terms.div_euclid(n),
            Some(format!("{terms} ÷ {n}, rounded down")),
        ),
        _ => (terms, None),
    }
}

/// The total after the chart's limits that hold, with a note for each limit that changed it.
pub(crate) fn limit(scope: &Scope, total: i64) -> (i64, Vec<String>) {
    let mut notes = Vec::new();
    let mut total = total;
    for l in &scope.chart.limits {
        if scope.holds(&l.when) == Some(true) {
            let limited = l.bounds().clamp(total);
            if limited != total {
                notes.push(format!("{} ({total} counts as {limited})", l.note));
                total = limited;
            }
        }
    }
    (total, notes)
}

/// The text of a result, with its variant by `result_by` chosen.
pub(crate) fn result_text(chart: &Chart, values: &Values, text: &ResultText) -> String {
    match text {
        ResultText::Text(t) => t.clone(),
        ResultText::ByValue(map) => {
            let key = chart.result_by.as_deref().unwrap_or_default();
            match values.get(key) {
                Some(Value::Choice(v)) => map.get(v).cloned().unwrap_or_default(),
                _ => by_value(chart, map)
                    .iter()
                    .map(|(label, text)| format!("{label}: {text}"))
                    .collect::<Vec<_>>()
                    .join("\n"),
            }
        }
    }
}

/// Each result of a map by the `result_by` choice, in the choice's order, named by its label.
pub(crate) fn by_value<'a>(
    chart: &'a Chart,
    map: &'a std::collections::BTreeMap<String, String>,
) -> Vec<(&'a str, &'a str)> {
    let input = chart.result_by.as_deref().and_then(|k| chart.input(k));
    match input {
        Some(i) => i
            .options
            .iter()
            .filter_map(|o| Some((o.label(), map.get(o.value())?.as_str())))
            .collect(),
        None => map.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect(),
    }
}

/// The printed result of a row in a column (before alternatives).
pub(crate) fn row_result(
    chart: &Chart,
    row: &Row,
    column: Option<usize>,
    values: &Values,
) -> Option<String> {
    let shared = chart.shared_rows() && !chart.columns.is_empty();
    let text = if shared {
        column
            .and_then(|i| row.results.get(i))
            .or(row.result.as_ref())
    } else {
        row.result
            .as_ref()
            .or_else(|| column.and_then(|i| row.results.get(i)))
    };
    text.map(|t| result_text(chart, values, t))
}

/// Whether the row's result ends the game, in this column with these inputs.
pub(crate) fn ends_game(scope: &Scope, row: &Row, column: Option<&str>) -> bool {
    match &row.game_over {
        None => false,
        Some(GameOver::Always(b)) => *b,
        Some(GameOver::When(g)) => {
            in_column(&g.columns, column)
                && g.when.as_ref().is_none_or(|w| scope.holds(w) == Some(true))
        }
    }
}

/// Whether a part of a row that names columns (an alternative, a follow-up) is read in this
/// column: every column when it names none.
pub(crate) fn in_column(columns: &[String], label: Option<&str>) -> bool {
    columns.is_empty() || label.is_some_and(|c| columns.iter().any(|l| l == c))
}

/// What a result's placeholders are filled with: the inputs as far as they are known, and the
/// roll's numbers once there are some. A placeholder that cannot be filled yet stays as written.
pub(crate) struct Fill<'a> {
    pub(crate) chart: &'a Chart,
    pub(crate) values: &'a Values,
    pub(crate) total: Option<i64>,
    pub(crate) natural: Option<i64>,
    /// An opposed roll's margin and winner.
    pub(crate) margin: Option<i64>,
    pub(crate) winner: Option<Winner>,
}

/// What `{winner}` says on a tie when the chart says nothing.
const TIE: &str = "neither side";

impl<'a> Fill<'a> {
    /// Only the inputs: no roll yet.
    pub(crate) fn inputs(chart: &'a Chart, values: &'a Values) -> Fill<'a> {
        Fill {
            chart,
            values,
            total: None,
            natural: None,
            margin: None,
            winner: None,
        }
    }

    /// `template` with every placeholder that can be filled, filled; the others as written.
    pub(crate) fn text(&self, template: &str) -> String {
        self.fill(template, |inner| format!("{{{inner}}}"))
    }

    /// `template` for a reader, not for a second filling: a placeholder that cannot be filled
    /// yet is named in words, between ‹ and ›: an input by its printed name ("‹Core Support›"),
    /// the roll's numbers by theirs ("‹total›"), an expression as written ("‹total - 3›").
    pub(crate) fn readable(&self, template: &str) -> String {
        self.fill(template, |inner| {
            let name = inner.trim();
            let input = self.chart.inputs.iter().find(|i| i.key == name);
            let words = input.map_or(name, |i| {
                i.label
                    .as_deref()
                    .unwrap_or_else(|| i.ask.trim_end_matches('?'))
            });
            format!("‹{words}›")
        })
    }

    fn fill(&self, template: &str, unknown: impl Fn(&str) -> String) -> String {
        if !template.contains('{') {
            return template.to_string();
        }
        let mut out = String::with_capacity(template.len());
        let mut rest = template;
        while let Some(start) = rest.find('{') {
            out.push_str(&rest[..start]);
            let after = &rest[start + 1..];
            let Some(end) = after.find('}') else {
                out.push_str(&rest[start..]);
                return out;
            };
            let inner = &after[..end];
            match self.placeholder(inner) {
                Some(v) => out.push_str(&v),
                None => out.push_str(&unknown(inner)),
            }
            rest = &after[end + 1..];
        }
        out.push_str(rest);
        out
    }

    /// The first placeholder of `template` that divides by zero with the values known: a roll
    /// stops there (the book's expression cannot count with the values given).
    pub(crate) fn zero_division(&self, template: &str) -> Option<String> {
        placeholders(template)
            .find(|inner| {
                Expr::parse(inner)
                    .is_ok_and(|e| e.count(&|n| self.number(n)) == Err(Stop::DivideByZero))
            })
            .map(|inner| format!("{{{inner}}}"))
    }

    fn placeholder(&self, inner: &str) -> Option<String> {
        let name = inner.trim();
        match name {
            "total" => return self.total.map(|t| t.to_string()),
            "natural" => return self.natural.map(|n| n.to_string()),
            "margin" => return self.margin.map(|m| m.to_string()),
            "winner" => {
                return self.winner.as_ref().map(|w| match w {
                    Winner::Side(name) => name.clone(),
                    Winner::Tie => self.chart.tie.clone().unwrap_or_else(|| TIE.into()),
                });
            }
            _ => {}
        }
        if let Some(v) = self.values.get(name) {
            return Some(v.text());
        }
        let e = Expr::parse(name).ok()?;
        e.eval(&|n| self.number(n)).map(|v| v.to_string())
    }

    /// A name's value in an expression: the roll's numbers, a number or yes/no input (1 or 0).
    fn number(&self, name: &str) -> Option<i64> {
        match name {
            "total" => self.total,
            "natural" => self.natural,
            "margin" => self.margin,
            _ => match self.values.get(name)? {
                Value::Num(n) => Some(*n),
                Value::Bool(b) => Some(i64::from(*b)),
                Value::Choice(_) => None,
            },
        }
    }
}

/// Add notes to a result ("; a natural 6 ends the war").
pub(crate) fn with_notes(result: &mut Option<String>, notes: &[String]) {
    for n in notes {
        match result {
            Some(r) => {
                // After a sentence's full stop, the note is a sentence of its own (not ".;").
                let sep = if r.trim_end().ends_with(['.', '!', '?']) {
                    " "
                } else {
                    "; "
                };
                r.truncate(r.trim_end().len());
                r.push_str(sep);
                r.push_str(n);
            }
            None => *result = Some(n.clone()),
        }
    }
}

#[cfg(test)]
mod note_tests {
    use super::with_notes;

    #[test]
    fn a_note_after_a_full_stop_is_a_sentence_of_its_own() {
        // FNI's row 1-2 ends "…at -2." and its footnote followed as "at -2.; ** Helping…".
        let mut r = Some("a civil war here at -2.".to_string());
        with_notes(&mut r, &["** Helping an Ally".into()]);
        assert_eq!(
            r.as_deref(),
            Some("a civil war here at -2. ** Helping an Ally")
        );
        let mut r = Some("Public Approval +1".to_string());
        with_notes(&mut r, &["a note".into()]);
        assert_eq!(r.as_deref(), Some("Public Approval +1; a note"));
    }
}

#[cfg(test)]
mod ratio_tests {
    use super::{Edge, ratio_column};
    use flipbook_charts::Round;

    const ODDS: [(i64, i64); 4] = [(1, 2), (1, 1), (2, 1), (3, 1)];

    #[test]
    fn a_ratio_reads_its_column_by_the_rounding_named() {
        // 7:3 lies between 2:1 and 3:1.
        assert_eq!(ratio_column(&ODDS, 7, 3, Round::Down), (2, None));
        assert_eq!(ratio_column(&ODDS, 7, 3, Round::Up), (3, None));
        // Exactly a column, either way: 4:4 is 1:1.
        assert_eq!(ratio_column(&ODDS, 4, 4, Round::Down), (1, None));
        assert_eq!(ratio_column(&ODDS, 4, 4, Round::Up), (1, None));
        // Beyond the table: held at the edge, which is said.
        assert_eq!(ratio_column(&ODDS, 1, 3, Round::Up), (0, Some(Edge::Below)));
        assert_eq!(
            ratio_column(&ODDS, 9, 2, Round::Down),
            (3, Some(Edge::Above))
        );
        // Nothing against: above every column; nothing against nothing: below.
        assert_eq!(
            ratio_column(&ODDS, 5, 0, Round::Down),
            (3, Some(Edge::Above))
        );
        assert_eq!(
            ratio_column(&ODDS, 0, 0, Round::Down),
            (0, Some(Edge::Below))
        );
        // Whole numbers compared exactly, however large.
        assert_eq!(
            ratio_column(&ODDS, 1_999_999, 1_000_000, Round::Down),
            (1, None)
        );
    }
}
