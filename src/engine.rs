//! Resolving a chart: input values, conditions, the chosen column, the modifiers (listed DRMs
//! under their cap, then the new-player DRM, then ad-hoc ones), the row a total lands on, and the
//! follow-up rolls a row calls for.

use crate::dice::Dicer;
use crate::error::{Error, Result};
use crate::model::{
    Chart, ColumnDef, Condition, Dice, Drm, Follow, Input, InputKind, Operand, ResultText, Row,
    Span, Test,
};
use crate::prompt::Prompter;
use serde::Serialize;
use std::collections::BTreeMap;

/// The value of one input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Value {
    Num(i64),
    Bool(bool),
    Choice(String),
}

impl Value {
    /// As a number: yes is 1, no is 0, a choice is its position.
    pub fn as_num(&self, input: &Input) -> i64 {
        match self {
            Value::Num(n) => *n,
            Value::Bool(b) => *b as i64,
            Value::Choice(c) => input
                .options
                .iter()
                .position(|o| o.value() == c)
                .unwrap_or(0) as i64,
        }
    }

    pub fn text(&self) -> String {
        match self {
            Value::Num(n) => n.to_string(),
            Value::Bool(true) => "yes".into(),
            Value::Bool(false) => "no".into(),
            Value::Choice(c) => c.clone(),
        }
    }
}

pub type Values = BTreeMap<String, Value>;

/// Read a value as typed after `--set key=` or at a prompt.
pub fn parse_value(input: &Input, text: &str) -> std::result::Result<Value, String> {
    let t = text.trim();
    match input.kind {
        InputKind::Number => {
            let n: i64 = t
                .strip_prefix('+')
                .unwrap_or(t)
                .parse()
                .map_err(|_| format!("{} takes a number, not '{t}'", input.key))?;
            let (lo, hi) = input.span();
            if !(lo..=hi).contains(&n) {
                return Err(format!("{} must be {lo} to {hi}, not {n}", input.key));
            }
            Ok(Value::Num(n))
        }
        InputKind::Yesno => match t.to_ascii_lowercase().as_str() {
            "yes" | "y" | "true" | "1" => Ok(Value::Bool(true)),
            "no" | "n" | "false" | "0" => Ok(Value::Bool(false)),
            _ => Err(format!("{} takes yes or no, not '{t}'", input.key)),
        },
        InputKind::Choice => input
            .options
            .iter()
            .find(|o| o.value().eq_ignore_ascii_case(t) || o.label().eq_ignore_ascii_case(t))
            .map(|o| Value::Choice(o.value().to_string()))
            .ok_or_else(|| {
                let opts: Vec<&str> = input.options.iter().map(|o| o.value()).collect();
                format!("{} takes one of {}, not '{t}'", input.key, opts.join(", "))
            }),
    }
}

/// What is known of an input at this point of a roll.
enum Known {
    Value(Value),
    /// Its question does not apply (its `ask_if` fails, or the roll missed its rows).
    NotApplicable,
    Unknown,
}

/// The inputs of one chart as far as they are known, and the row once the die is rolled.
pub struct Scope<'a> {
    pub chart: &'a Chart,
    pub values: &'a Values,
    pub row: Option<&'a str>,
}

impl Scope<'_> {
    fn input(&self, key: &str) -> Option<&Input> {
        self.chart.inputs.iter().find(|i| i.key == key)
    }

    fn known(&self, key: &str) -> Known {
        let Some(input) = self.input(key) else {
            return match self.values.get(key) {
                Some(v) => Known::Value(v.clone()),
                None => Known::NotApplicable,
            };
        };
        // A question that does not apply stays out, even when its answer was given.
        if let Some(cond) = &input.ask_if {
            if self.holds(cond) == Some(false) {
                return Known::NotApplicable;
            }
        }
        if let Some(v) = self.values.get(key) {
            return Known::Value(v.clone());
        }
        if !input.only_rows.is_empty() {
            match self.row {
                Some(r) if !input.only_rows.iter().any(|l| l == r) => return Known::NotApplicable,
                None => return Known::Unknown,
                _ => {}
            }
        }
        Known::Unknown
    }

    fn number(&self, key: &str) -> Option<i64> {
        match self.known(key) {
            Known::Value(v) => self.input(key).map(|i| v.as_num(i)),
            _ => None,
        }
    }

    /// Whether the condition holds: `None` while an input it needs is unknown.
    pub fn holds(&self, cond: &Condition) -> Option<bool> {
        let mut unknown = false;
        for (key, test) in cond {
            let r = if key == "any" {
                match test {
                    Test::Any(list) => {
                        let rs: Vec<Option<bool>> = list.iter().map(|c| self.holds(c)).collect();
                        if rs.contains(&Some(true)) {
                            Some(true)
                        } else if rs.contains(&None) {
                            None
                        } else {
                            Some(false)
                        }
                    }
                    _ => Some(false),
                }
            } else {
                match self.known(key) {
                    Known::NotApplicable => Some(false),
                    Known::Unknown => None,
                    Known::Value(v) => self.test(key, &v, test),
                }
            };
            match r {
                Some(false) => return Some(false),
                None => unknown = true,
                Some(true) => {}
            }
        }
        if unknown { None } else { Some(true) }
    }

    fn test(&self, key: &str, v: &Value, test: &Test) -> Option<bool> {
        let operand = |o: &Operand| match o {
            Operand::Int(n) => Some(*n),
            Operand::Input(k) => self.number(k),
        };
        Some(match (v, test) {
            (Value::Bool(b), Test::Bool(t)) => b == t,
            (Value::Bool(b), Test::Text(t)) => (t == "yes") == *b,
            (Value::Num(n), Test::Int(t)) => n == t,
            (Value::Num(n), Test::Range(r)) => {
                let lo = match &r.min {
                    Some(o) => Some(operand(o)?),
                    None => None,
                };
                let hi = match &r.max {
                    Some(o) => Some(operand(o)?),
                    None => None,
                };
                lo.is_none_or(|lo| *n >= lo) && hi.is_none_or(|hi| *n <= hi)
            }
            (Value::Choice(c), Test::Text(t)) => c == t,
            (Value::Choice(c), Test::OneOf(list)) => list.contains(c),
            _ => {
                let _ = key;
                false
            }
        })
    }
}

/// One modifier with its source, as shown and as in the JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Modifier {
    pub source: String,
    pub value: i64,
}

/// The modifiers of one roll, in the order they are applied.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Modifiers {
    /// The chart's listed DRMs that apply.
    pub listed: Vec<Modifier>,
    /// What the cap took off the listed DRMs together.
    pub cap: Option<Modifier>,
    /// The optional new-player DRM, after the cap.
    pub new_player: Option<Modifier>,
    /// Ad-hoc `--drm` values ("extra").
    pub extra: Vec<Modifier>,
    /// Listed DRMs that cannot be told yet, for want of an input.
    #[serde(skip)]
    pub pending: Vec<String>,
}

impl Modifiers {
    pub fn all(&self) -> Vec<Modifier> {
        let mut v = self.listed.clone();
        v.extend(self.cap.clone());
        v.extend(self.new_player.clone());
        v.extend(self.extra.iter().cloned());
        v
    }

    pub fn total(&self) -> i64 {
        self.all().iter().map(|m| m.value).sum()
    }
}

pub const NEW_PLAYER_SOURCE: &str = "New player (Easier game)";

/// How a roll is modified beyond the chart: the new-player choice and ad-hoc DRMs.
#[derive(Debug, Clone, Default)]
pub struct Options {
    pub new_player: bool,
    pub extra: Vec<i64>,
}

/// The listed DRMs that apply in `column`, capped, then the new-player DRM, then the extras.
pub fn modifiers(scope: &Scope, column: Option<&str>, opts: &Options) -> Modifiers {
    let chart = scope.chart;
    let mut m = Modifiers::default();
    for d in &chart.drms {
        if !d.columns.is_empty() && !column.is_some_and(|c| d.columns.iter().any(|l| l == c)) {
            if column.is_none() {
                m.pending.push(d.label.clone());
            }
            continue;
        }
        match drm_value(scope, d) {
            Ok(Some(mm)) => m.listed.push(mm),
            Ok(None) => {}
            Err(()) => m.pending.push(d.label.clone()),
        }
    }
    if let Some(cap) = &chart.cap {
        let sum: i64 = m.listed.iter().map(|x| x.value).sum();
        let capped = sum.clamp(cap.min.unwrap_or(i64::MIN), cap.max.unwrap_or(i64::MAX));
        if capped != sum {
            m.cap = Some(Modifier {
                source: format!("Cap ({})", cap.printed),
                value: capped - sum,
            });
        }
    }
    let applies = chart.new_player && !chart.selection;
    if opts.new_player && applies {
        m.new_player = Some(Modifier {
            source: NEW_PLAYER_SOURCE.into(),
            value: -1,
        });
    }
    m.extra = opts
        .extra
        .iter()
        .map(|&v| Modifier {
            source: "extra".into(),
            value: v,
        })
        .collect();
    m
}

/// A DRM's value when it applies; `Err` when an input it needs is unknown.
fn drm_value(scope: &Scope, d: &Drm) -> std::result::Result<Option<Modifier>, ()> {
    if let Some(w) = &d.when {
        match scope.holds(w) {
            Some(false) => return Ok(None),
            None => return Err(()),
            Some(true) => {}
        }
    }
    let (value, source) = match &d.per {
        None => (d.value, d.label.clone()),
        Some(k) => match scope.known(k) {
            Known::NotApplicable => return Ok(None),
            Known::Unknown => return Err(()),
            Known::Value(v) => {
                let n = v.as_num(scope.input(k).expect("validated input"));
                if n == 0 {
                    return Ok(None);
                }
                if d.value == 1 {
                    (n, d.label.clone())
                } else {
                    (d.value * n, format!("{} ({n} × {:+})", d.label, d.value))
                }
            }
        },
    };
    Ok((value != 0).then_some(Modifier { source, value }))
}

/// The column the inputs select: its index, or `None` while unknown. The second value explains
/// a column found by a sum ("Sum of 4 ratings = 25").
pub fn choose_column(scope: &Scope) -> Option<(usize, Option<String>)> {
    let chart = scope.chart;
    let by = chart.column_by.as_ref()?;
    if let Some(k) = &by.input {
        let v = match scope.known(k) {
            Known::Value(Value::Choice(v)) => v,
            Known::Value(Value::Bool(b)) => Value::Bool(b).text(),
            _ => return None,
        };
        let i = chart
            .columns
            .iter()
            .position(|c| c.value() == Some(v.as_str()))?;
        return Some((i, None));
    }
    let mut sum = 0;
    for k in &by.sum {
        sum += scope.number(k)?;
    }
    let spans: Vec<Span> = chart
        .columns
        .iter()
        .map(|c| Span::parse(c.label()).expect("validated band"))
        .collect();
    let (i, _) = nearest(&spans, sum);
    Some((i, Some(format!("{} = {sum}", by.title))))
}

/// The span holding `n`, or the nearest one (and `true`: clamped) when `n` is beyond them all.
pub fn nearest(spans: &[Span], n: i64) -> (usize, bool) {
    if let Some(i) = spans.iter().position(|s| s.contains(n)) {
        return (i, false);
    }
    let below = spans.first().and_then(|s| s.lo).is_some_and(|lo| n < lo);
    if below {
        (0, true)
    } else {
        (spans.len() - 1, true)
    }
}

/// The rows a column reads: its own, or the chart's shared rows.
pub fn column_rows(chart: &Chart, column: Option<usize>) -> &[Row] {
    match column.and_then(|i| chart.columns.get(i)) {
        Some(c) if !c.own_rows().is_empty() => c.own_rows(),
        _ => &chart.rows,
    }
}

/// The text of a result, with its variant by `result_by` chosen.
pub fn result_text(chart: &Chart, values: &Values, text: &ResultText) -> String {
    match text {
        ResultText::Text(t) => t.clone(),
        ResultText::ByValue(map) => {
            let key = chart.result_by.as_deref().unwrap_or_default();
            match values.get(key) {
                Some(Value::Choice(v)) => map.get(v).cloned().unwrap_or_default(),
                _ => map
                    .iter()
                    .map(|(k, v)| format!("{k}: {v}"))
                    .collect::<Vec<_>>()
                    .join(" / "),
            }
        }
    }
}

/// Fill `{total}`, `{natural}` and `{key}` of an input into a result.
fn fill(template: &str, total: i64, natural: Option<i64>, values: &Values) -> String {
    if !template.contains('{') {
        return template.to_string();
    }
    let mut s = template.replace("{total}", &total.to_string());
    if let Some(n) = natural {
        s = s.replace("{natural}", &n.to_string());
    }
    for (k, v) in values {
        s = s.replace(&format!("{{{k}}}"), &v.text());
    }
    s
}

/// Add notes to a result ("; a natural 6 ends the war").
fn with_notes(result: &mut Option<String>, notes: &[String]) {
    for n in notes {
        match result {
            Some(r) => {
                r.push_str("; ");
                r.push_str(n);
            }
            None => *result = Some(n.clone()),
        }
    }
}

/// One roll (or one look-up in a table without a die), with its follow-ups.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    /// The chart's id; `None` for plain dice.
    pub chart: Option<String>,
    pub die: String,
    /// The natural roll (the sum of the dice); `None` for a table without a die.
    pub natural: Option<i64>,
    pub modifiers: Vec<Modifier>,
    pub total: i64,
    /// The column's label as printed; `None` for a one-column chart.
    pub column: Option<String>,
    /// The row's label as printed.
    pub row: Option<String>,
    pub result: Option<String>,
    /// The total was beyond the printed rows, and the nearest row was read.
    pub clamped: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Each die, where there are several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<i64>,
    /// Natural rolls ignored and rolled again.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rerolled: Vec<i64>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub inputs: BTreeMap<String, Value>,
    /// How the column was found, limits that applied, why there was no roll.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The rolls this result called for, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub then: Vec<Outcome>,
}

/// Where charts come from, for follow-up rolls.
pub trait Charts {
    fn get(&self, name: &str) -> Result<Chart>;
}

/// Everything a roll draws on besides the chart.
pub struct Roller<'a> {
    pub charts: &'a dyn Charts,
    pub dicer: &'a mut Dicer,
    pub prompter: &'a mut dyn Prompter,
    pub opts: Options,
    /// Input values so far, shared down the chain of follow-ups.
    pub values: Values,
    /// Answers offered as the default when a question is asked (the last ones of the turn).
    pub defaults: Values,
}

const MAX_CHAIN: usize = 8;
const MAX_REROLLS: usize = 100;

impl Roller<'_> {
    /// Ask (or report missing) every input the chart needs before its die is rolled, or after it
    /// when `row` is given.
    fn gather(&mut self, chart: &Chart, row: Option<&str>) -> Result<()> {
        loop {
            let mut missing = Vec::new();
            let mut asked_one = false;
            for input in &chart.inputs {
                if self.values.contains_key(&input.key) {
                    continue;
                }
                if row.is_none() && !input.only_rows.is_empty() {
                    continue;
                }
                let scope = Scope {
                    chart,
                    values: &self.values,
                    row,
                };
                if !matches!(scope.known(&input.key), Known::Unknown) {
                    continue;
                }
                let ready = input
                    .ask_if
                    .as_ref()
                    .is_none_or(|c| scope.holds(c) == Some(true));
                if !ready {
                    missing.push(input.key.clone());
                    continue;
                }
                match self.prompter.ask(input, self.defaults.get(&input.key))? {
                    Some(v) => {
                        self.values.insert(input.key.clone(), v);
                        asked_one = true;
                        break;
                    }
                    None => missing.push(input.key.clone()),
                }
            }
            if asked_one {
                continue;
            }
            if missing.is_empty() {
                return Ok(());
            }
            if self.prompter.asks() {
                // Questions still waiting on an answer that never came: nothing more to ask.
                let all_waiting = missing.iter().all(|k| {
                    chart
                        .inputs
                        .iter()
                        .find(|i| &i.key == k)
                        .is_some_and(|i| i.ask_if.is_some())
                });
                if all_waiting {
                    return Ok(());
                }
            }
            return Err(Error::Missing {
                chart: chart.id.clone(),
                keys: missing,
            });
        }
    }

    /// Resolve one chart: gather inputs, roll, find the row, then roll what it calls for.
    pub fn resolve(&mut self, chart: &Chart) -> Result<Outcome> {
        self.resolve_at(chart, 0, &[])
    }

    fn resolve_at(&mut self, chart: &Chart, depth: usize, reroll: &[i64]) -> Result<Outcome> {
        if depth > MAX_CHAIN {
            return Err(Error::Other(format!(
                "rolls chain deeper than {MAX_CHAIN} charts at '{}'",
                chart.id
            )));
        }
        self.gather(chart, None)?;
        let dice = Dice::parse(&chart.die);
        let mut out = Outcome {
            chart: Some(chart.id.clone()),
            title: Some(chart.title.clone()),
            die: chart.die.clone(),
            natural: None,
            modifiers: vec![],
            total: 0,
            column: None,
            row: None,
            result: None,
            clamped: false,
            dice: vec![],
            rerolled: vec![],
            inputs: chart
                .inputs
                .iter()
                .filter_map(|i| Some((i.key.clone(), self.values.get(&i.key)?.clone())))
                .collect(),
            notes: vec![],
            then: vec![],
        };
        let scope = Scope {
            chart,
            values: &self.values,
            row: None,
        };
        if let Some(g) = chart
            .gates
            .iter()
            .find(|g| scope.holds(&g.when) == Some(true))
        {
            out.result = Some(fill(&g.result, 0, None, &self.values));
            out.notes.push("no roll".into());
            let follows: Vec<Follow> = g.then.clone();
            self.follow_up(&mut out, chart, None, &follows, depth)?;
            return Ok(out);
        }
        let column = choose_column(&scope);
        if let Some((i, why)) = &column {
            out.column = Some(chart.columns[*i].label().to_string());
            out.notes.extend(why.clone());
        }
        let col_label = out.column.clone();
        let mods = modifiers(&scope, col_label.as_deref(), &self.opts);
        let listed_total = mods.total();
        out.modifiers = mods.all();

        // The natural roll, or the value of a table without a die.
        let mut total = match dice {
            Some(d) => {
                let what = chart.title.clone();
                let mut tries = 0;
                loop {
                    let rolled = self.dicer.roll(d, &what, self.prompter)?;
                    let natural: i64 = rolled.iter().sum();
                    if reroll.contains(&natural) && tries < MAX_REROLLS {
                        out.rerolled.push(natural);
                        tries += 1;
                        continue;
                    }
                    out.natural = Some(natural);
                    if rolled.len() > 1 {
                        out.dice = rolled;
                    }
                    break natural + listed_total;
                }
            }
            None => {
                let v = listed_total;
                match chart.divide {
                    Some(n) => {
                        out.notes.push(format!("{v} ÷ {n}, rounded down"));
                        v.div_euclid(n)
                    }
                    None => v,
                }
            }
        };
        for l in &chart.limits {
            if scope.holds(&l.when) == Some(true) {
                let limited = total.clamp(l.min.unwrap_or(i64::MIN), l.max.unwrap_or(i64::MAX));
                if limited != total {
                    out.notes
                        .push(format!("{} ({total} counts as {limited})", l.note));
                    total = limited;
                }
            }
        }
        out.total = total;

        let natural_notes: Vec<String> = chart
            .on_natural
            .iter()
            .filter(|n| out.natural.is_some_and(|x| n.naturals.contains(&x)))
            .map(|n| fill(&n.text, total, out.natural, &self.values))
            .collect();
        if let Some(stub) = &chart.stub {
            out.result = Some(match &stub.read {
                Some(read) => fill(read, total, out.natural, &self.values),
                None => format!(
                    "Look up {total} on {} ({}) in the {}",
                    stub.code, stub.table, stub.booklet
                ),
            });
            with_notes(&mut out.result, &natural_notes);
            return Ok(out);
        }

        let col_index = column.as_ref().map(|(i, _)| *i);
        let rows = column_rows(chart, col_index);
        let spans: Vec<Span> = rows
            .iter()
            .map(|r| Span::parse(&r.row).expect("validated row"))
            .collect();
        let (ri, clamped) = nearest(&spans, total);
        let row = &rows[ri];
        out.row = Some(row.row.clone());
        out.clamped = clamped;
        if clamped {
            let side = if spans[ri].lo.is_some_and(|lo| total < lo) {
                "below"
            } else {
                "above"
            };
            out.notes.push(format!(
                "total {total} is {side} the printed rows: read {}",
                row.row
            ));
        }

        // Questions that only this row needs.
        self.gather(chart, Some(&row.row))?;
        for i in &chart.inputs {
            if let Some(v) = self.values.get(&i.key) {
                out.inputs.insert(i.key.clone(), v.clone());
            }
        }
        let scope = Scope {
            chart,
            values: &self.values,
            row: Some(&row.row),
        };
        let in_column = |cols: &[String]| {
            cols.is_empty() || col_label.as_ref().is_some_and(|c| cols.contains(c))
        };
        let mut text = row
            .result
            .as_ref()
            .or_else(|| col_index.and_then(|i| row.results.get(i)))
            .map(|t| result_text(chart, &self.values, t));
        for a in &row.alt {
            if in_column(&a.columns) && scope.holds(&a.when) == Some(true) {
                text = Some(a.result.clone());
                break;
            }
        }
        out.result = text.map(|t| fill(&t, total, out.natural, &self.values));
        with_notes(&mut out.result, &natural_notes);

        // Follow-up rolls.
        let follows: Vec<Follow> = row
            .then
            .iter()
            .filter(|f| in_column(&f.columns))
            .cloned()
            .collect();
        self.follow_up(&mut out, chart, Some(&row.row), &follows, depth)?;
        Ok(out)
    }

    /// Roll what a result calls for, each as often as it says, in order.
    fn follow_up(
        &mut self,
        out: &mut Outcome,
        chart: &Chart,
        row: Option<&str>,
        follows: &[Follow],
        depth: usize,
    ) -> Result<()> {
        for f in follows {
            let scope = Scope {
                chart,
                values: &self.values,
                row,
            };
            if f.when
                .as_ref()
                .is_some_and(|w| scope.holds(w) != Some(true))
            {
                continue;
            }
            let target = self.charts.get(&f.chart)?;
            let mut found: Vec<String> = Vec::new();
            let mut tries = 0;
            while found.len() < f.times as usize {
                let mut next = self.resolve_at(&target, depth + 1, &f.reroll)?;
                let label = next.row.clone().unwrap_or_default();
                if f.distinct && found.contains(&label) && tries < MAX_REROLLS {
                    tries += 1;
                    next.notes.push("already found: rolled again".into());
                    out.then.push(next);
                    continue;
                }
                found.push(label);
                out.then.push(next);
            }
        }
        Ok(())
    }
}

/// A roll of plain dice, with the new-player DRM and extras.
pub fn roll_plain(
    dice: Dice,
    dicer: &mut Dicer,
    prompter: &mut dyn Prompter,
    opts: &Options,
) -> Result<Outcome> {
    let rolled = dicer.roll(dice, &dice.to_string(), prompter)?;
    let natural: i64 = rolled.iter().sum();
    let mut mods = Vec::new();
    if opts.new_player {
        mods.push(Modifier {
            source: NEW_PLAYER_SOURCE.into(),
            value: -1,
        });
    }
    mods.extend(opts.extra.iter().map(|&v| Modifier {
        source: "extra".into(),
        value: v,
    }));
    let total = natural + mods.iter().map(|m| m.value).sum::<i64>();
    Ok(Outcome {
        chart: None,
        title: None,
        die: dice.to_string(),
        natural: Some(natural),
        modifiers: mods,
        total,
        column: None,
        row: None,
        result: None,
        clamped: false,
        dice: if rolled.len() > 1 { rolled } else { vec![] },
        rerolled: vec![],
        inputs: BTreeMap::new(),
        notes: vec![],
        then: vec![],
    })
}

/// The column label at an index, for display.
pub fn column_label(chart: &Chart, i: usize) -> &str {
    chart.columns.get(i).map_or("", ColumnDef::label)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prompt::{NoPrompt, Scripted};

    /// A test chart: d10, a cap of +3/-2, a multiplier, a condition, a column-only DRM.
    const CHART: &str = r#"
id: t
title: Test
printed: here
die: d10
new_player: true
inputs:
  - {key: groups, ask: Groups?, type: number, min: 0, max: 9}
  - {key: orator, ask: Orator?, type: yesno}
  - {key: side, ask: Side?, type: choice, options: [a, b]}
column_by: {input: side, title: Side}
columns:
  - {label: A, value: a}
  - {label: B, value: b}
drms:
  - {label: Groups, value: 1, per: groups}
  - {label: Orator, value: -2, when: {orator: true}}
  - {label: B only, value: -1, columns: [B]}
cap: {min: -2, max: 3, printed: "+3/-2 Max"}
rows:
  - {row: "1-2", results: [low-a, low-b]}
  - {row: "3-8", results: [mid-a, mid-b]}
  - {row: "9-10", results: [high-a, high-b]}
"#;

    struct One(Chart);
    impl Charts for One {
        fn get(&self, _: &str) -> Result<Chart> {
            Ok(self.0.clone())
        }
    }

    fn roll(sets: &[(&str, Value)], dice: Vec<i64>, opts: Options) -> Outcome {
        let chart: Chart = serde_yaml::from_str(CHART).unwrap();
        let charts = One(chart.clone());
        let mut dicer = Dicer::new(Some(1), dice, false);
        let mut r = Roller {
            charts: &charts,
            dicer: &mut dicer,
            prompter: &mut NoPrompt,
            opts,
            values: sets
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
            defaults: Values::new(),
        };
        r.resolve(&chart).unwrap()
    }

    fn sets(groups: i64, orator: bool, side: &str) -> Vec<(&'static str, Value)> {
        vec![
            ("groups", Value::Num(groups)),
            ("orator", Value::Bool(orator)),
            ("side", Value::Choice(side.into())),
        ]
    }

    fn mods(o: &Outcome) -> Vec<(String, i64)> {
        o.modifiers
            .iter()
            .map(|m| (m.source.clone(), m.value))
            .collect()
    }

    #[test]
    fn no_drm_reads_the_natural() {
        let o = roll(&sets(0, false, "a"), vec![5], Options::default());
        assert_eq!(
            (o.natural, o.total, o.row.as_deref()),
            (Some(5), 5, Some("3-8"))
        );
        assert!(o.modifiers.is_empty());
        assert_eq!(o.result.as_deref(), Some("mid-a"));
        assert_eq!(o.column.as_deref(), Some("A"));
    }

    #[test]
    fn a_multiplier_counts_each_one() {
        let o = roll(&sets(2, false, "a"), vec![5], Options::default());
        assert_eq!(mods(&o), vec![("Groups".into(), 2)]);
        assert_eq!(o.total, 7);
    }

    #[test]
    fn a_condition_gates_its_drm() {
        let o = roll(&sets(0, true, "a"), vec![5], Options::default());
        assert_eq!(mods(&o), vec![("Orator".into(), -2)]);
        assert_eq!(o.total, 3);
    }

    #[test]
    fn a_column_drm_applies_only_there() {
        let a = roll(&sets(0, false, "a"), vec![5], Options::default());
        let b = roll(&sets(0, false, "b"), vec![5], Options::default());
        assert_eq!(a.total, 5);
        assert_eq!(b.total, 4);
        assert_eq!(b.result.as_deref(), Some("mid-b"));
    }

    #[test]
    fn the_cap_holds_the_listed_drms_together() {
        let o = roll(&sets(5, false, "a"), vec![2], Options::default());
        assert_eq!(
            mods(&o),
            vec![("Groups".into(), 5), ("Cap (+3/-2 Max)".into(), -2)]
        );
        assert_eq!(o.total, 5);
        // Below: Orator -2 and column B -1 make -3, capped at -2.
        let o = roll(&sets(0, true, "b"), vec![5], Options::default());
        assert_eq!(o.total, 3);
    }

    #[test]
    fn the_new_player_drm_comes_after_the_cap() {
        let np = Options {
            new_player: true,
            extra: vec![],
        };
        let o = roll(&sets(0, true, "b"), vec![5], np.clone());
        // -3 listed, capped to -2, then -1: 5 - 3 = 2.
        assert_eq!(o.total, 2);
        assert_eq!(o.modifiers.last().unwrap().source, NEW_PLAYER_SOURCE);
        let o = roll(&sets(5, false, "a"), vec![5], np);
        assert_eq!(o.total, 5 + 3 - 1);
    }

    #[test]
    fn extra_drms_are_shown_as_extra_outside_the_cap() {
        let o = roll(
            &sets(5, false, "a"),
            vec![1],
            Options {
                new_player: false,
                extra: vec![2],
            },
        );
        assert_eq!(o.total, 1 + 3 + 2);
        assert_eq!(
            o.modifiers.last().unwrap(),
            &Modifier {
                source: "extra".into(),
                value: 2
            }
        );
    }

    #[test]
    fn a_total_beyond_the_rows_reads_the_nearest_and_says_so() {
        let o = roll(&sets(0, true, "b"), vec![1], Options::default());
        assert_eq!((o.natural, o.total), (Some(1), -1));
        assert_eq!(o.row.as_deref(), Some("1-2"));
        assert!(o.clamped);
        assert!(o.notes.iter().any(|n| n.contains("below the printed rows")));
        let o = roll(&sets(3, false, "a"), vec![10], Options::default());
        assert_eq!(
            (o.total, o.row.as_deref(), o.clamped),
            (13, Some("9-10"), true)
        );
        let o = roll(&sets(0, false, "a"), vec![10], Options::default());
        assert!(!o.clamped);
    }

    #[test]
    fn a_selection_roll_never_takes_the_new_player_drm() {
        let mut chart: Chart = serde_yaml::from_str(CHART).unwrap();
        chart.selection = true;
        chart.new_player = false;
        let values: Values = sets(0, false, "a")
            .into_iter()
            .map(|(k, v)| (k.into(), v))
            .collect();
        let scope = Scope {
            chart: &chart,
            values: &values,
            row: None,
        };
        let m = modifiers(
            &scope,
            Some("A"),
            &Options {
                new_player: true,
                extra: vec![],
            },
        );
        assert!(m.new_player.is_none());
    }

    #[test]
    fn missing_inputs_are_all_named_when_nothing_can_be_asked() {
        let chart: Chart = serde_yaml::from_str(CHART).unwrap();
        let charts = One(chart.clone());
        let mut dicer = Dicer::new(Some(1), vec![], false);
        let mut r = Roller {
            charts: &charts,
            dicer: &mut dicer,
            prompter: &mut NoPrompt,
            opts: Options::default(),
            values: Values::new(),
            defaults: Values::new(),
        };
        match r.resolve(&chart) {
            Err(Error::Missing { keys, .. }) => assert_eq!(keys, vec!["groups", "orator", "side"]),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_prompter_is_asked_each_missing_input_in_order() {
        let chart: Chart = serde_yaml::from_str(CHART).unwrap();
        let charts = One(chart.clone());
        let mut dicer = Dicer::new(Some(1), vec![5], false);
        let mut p = Scripted::new(&["2", "no", "b"]);
        let mut r = Roller {
            charts: &charts,
            dicer: &mut dicer,
            prompter: &mut p,
            opts: Options::default(),
            values: Values::new(),
            defaults: Values::new(),
        };
        let o = r.resolve(&chart).unwrap();
        assert_eq!(o.total, 5 + 2 - 1);
        assert_eq!(p.asked, vec!["groups", "orator", "side"]);
    }

    #[test]
    fn values_are_read_and_checked() {
        let chart: Chart = serde_yaml::from_str(CHART).unwrap();
        let [groups, orator, side] = [&chart.inputs[0], &chart.inputs[1], &chart.inputs[2]];
        assert_eq!(parse_value(groups, "+3"), Ok(Value::Num(3)));
        assert!(parse_value(groups, "10").unwrap_err().contains("0 to 9"));
        assert!(parse_value(groups, "x").is_err());
        assert_eq!(parse_value(orator, "Yes"), Ok(Value::Bool(true)));
        assert!(parse_value(orator, "maybe").is_err());
        assert_eq!(parse_value(side, "B"), Ok(Value::Choice("b".into())));
        assert!(parse_value(side, "c").unwrap_err().contains("one of a, b"));
    }
}
