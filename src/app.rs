//! The commands: each takes the parsed command line and writes what it shows.

use crate::book::{self, Book, Entry};
use crate::cli::{ChartArgs, Cli, Command, PlayArgs, RollArgs};
use crate::dice::Dicer;
use crate::engine::{
    self, Modifier, Options, Roller, Scope, Values, choose_column, column_rows, modifiers,
    parse_value, result_text,
};
use crate::error::{Error, Result};
use crate::model::{Chart, Dice, Input, Span};
use crate::odds::row_odds;
use crate::prompt::{self, NoPrompt, Prompter, TermPrompter};
use crate::render::{self, Grid};
use crate::settings::{ColorChoice, DiceBy, Difficulty, Dirs, Settings};
use crate::validate;
use crate::walk;
use clap::CommandFactory;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// What every command shares: the folders, the settings, the global flags.
pub struct Ctx {
    pub dirs: Option<Dirs>,
    pub settings: Settings,
    pub json: bool,
    pub new_player: bool,
    pub seed: Option<u64>,
    pub book: String,
    /// Warnings for stderr.
    pub warnings: Vec<String>,
}

impl Ctx {
    pub fn new(cli: &Cli) -> Result<Ctx> {
        let dirs = Dirs::find();
        let settings = Settings::load(dirs.as_ref().map(|d| d.config.as_path()))?;
        let new_player = cli.new_player || (settings.new_player && !cli.no_new_player);
        Ok(Ctx {
            dirs,
            settings,
            json: cli.json,
            new_player,
            seed: cli.seed,
            book: cli.book.clone(),
            warnings: Vec::new(),
        })
    }

    fn config(&self) -> Option<&Path> {
        self.dirs.as_ref().map(|d| d.config.as_path())
    }

    fn load_book(&self) -> Result<Book> {
        Book::load(&self.book, self.config())
    }

    /// Colour on or off, decided once: the flag, then NO_COLOR, then the settings, then whether
    /// the output is a terminal.
    pub fn decide_color(&self, flag: Option<ColorChoice>) {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let choice = match flag {
            Some(c) => c,
            None if no_color => ColorChoice::Never,
            None => self.settings.color,
        };
        match choice {
            ColorChoice::Always => {
                console::set_colors_enabled(true);
                console::set_colors_enabled_stderr(true);
            }
            ColorChoice::Never => {
                console::set_colors_enabled(false);
                console::set_colors_enabled_stderr(false);
            }
            ColorChoice::Auto => {}
        }
        if self.json {
            console::set_colors_enabled(false);
        }
    }

    fn options(&mut self, extra: &[i64], applies: bool) -> Options {
        if self.new_player && applies && self.settings.difficulty != Difficulty::Easier {
            let d = format!("{:?}", self.settings.difficulty).to_lowercase();
            let w = format!(
                "the new-player DRM is meant for the Easier game; settings say {d} (settings.yaml: difficulty)"
            );
            if !self.warnings.contains(&w) {
                self.warnings.push(w);
            }
        }
        Options {
            new_player: self.new_player,
            extra: extra.to_vec(),
        }
    }

    fn prompter(&self) -> Box<dyn Prompter> {
        if !self.json && prompt::terminal() {
            Box::new(TermPrompter::default())
        } else {
            Box::new(NoPrompt)
        }
    }
}

/// Run one command, writing what it shows to `out`.
pub fn run(cli: Cli, ctx: &mut Ctx, out: &mut String) -> Result<()> {
    match cli.command {
        Command::Play(a) => play(ctx, a, out),
        Command::Where => where_(ctx, out),
        Command::Log { turn, markdown } => log(ctx, turn, markdown, out),
        Command::Order { id, players, set } => order(ctx, &id, &players, &set, out),
        Command::Charts => charts(ctx, out),
        Command::Books => books(ctx, out),
        Command::Chart(a) => chart(ctx, a, out),
        Command::Roll(a) => roll(ctx, a, out),
        Command::Search { words } => search(ctx, &words, out),
        Command::Check { path } => check(ctx, &path, out),
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "flipbook", &mut buf);
            out.push_str(&String::from_utf8_lossy(&buf));
            Ok(())
        }
    }
}

fn json<T: Serialize>(out: &mut String, v: &T) -> Result<()> {
    let s = serde_json::to_string_pretty(v).map_err(|e| Error::Other(e.to_string()))?;
    out.push_str(&s);
    out.push('\n');
    Ok(())
}

#[derive(Serialize)]
struct ChartListing<'a> {
    id: &'a str,
    aliases: &'a [String],
    title: &'a str,
    die: &'a str,
    printed: &'a str,
    /// Only named by the seed: roll, then read the printed chart.
    stub: bool,
    /// The player's own transcription.
    transcribed: bool,
}

fn charts(ctx: &Ctx, out: &mut String) -> Result<()> {
    let book = ctx.load_book()?;
    let list: Vec<ChartListing> = book
        .entries
        .iter()
        .map(|e| ChartListing {
            id: &e.id,
            aliases: &e.aliases,
            title: &e.title,
            die: &e.die,
            printed: &e.printed,
            stub: e.stub,
            transcribed: e.transcribed,
        })
        .collect();
    if ctx.json {
        return json(out, &serde_json::json!({"book": book.id, "charts": list}));
    }
    let id_w = list.iter().map(|c| c.id.len()).max().unwrap_or(2);
    let _ = writeln!(
        out,
        "{} — {}",
        console::style(&book.title).bold(),
        book.game
    );
    for c in &list {
        let mark = if c.transcribed {
            " (yours)"
        } else if c.stub {
            " (look up)"
        } else {
            ""
        };
        let die = if c.die == "none" { "-" } else { c.die };
        let _ = writeln!(
            out,
            "{:<id_w$}  {die:<4}  {}{mark}  {}",
            console::style(c.id).bold(),
            c.title,
            console::style(format!("· {}", c.printed)).dim()
        );
    }
    let stubs = list.iter().filter(|c| c.stub).count();
    if stubs > 0 {
        let _ = writeln!(
            out,
            "{}",
            console::style(format!(
                "(look up): named by the flipbook but printed elsewhere; flipbook rolls and says where to read. \
                 Transcribe one into {} to use it like the others.",
                ctx.config()
                    .map(|c| book::user_books_dir(c).join(&book.id).display().to_string())
                    .unwrap_or_else(|| "your config folder".into())
            ))
            .dim()
        );
    }
    Ok(())
}

fn books(ctx: &Ctx, out: &mut String) -> Result<()> {
    let list = book::list_books(ctx.config());
    if ctx.json {
        return json(out, &serde_json::json!({"books": list}));
    }
    let w = list.iter().map(|b| b.id.len()).max().unwrap_or(2);
    for b in &list {
        let _ = writeln!(
            out,
            "{:<w$}  {} — {}  {}",
            console::style(&b.id).bold(),
            b.title,
            b.game,
            console::style(format!(
                "({} chart{}, {})",
                b.charts,
                if b.charts == 1 { "" } else { "s" },
                b.origin
            ))
            .dim()
        );
    }
    Ok(())
}

/// Every input a chart may ask, with those of the charts its rows roll on.
fn chain_inputs(book: &Book, chart: &Chart) -> Result<Vec<Input>> {
    let mut seen = vec![chart.id.clone()];
    let mut inputs: Vec<Input> = chart.inputs.clone();
    let mut queue: Vec<String> = follow_names(chart);
    while let Some(name) = queue.pop() {
        let c = book.get_chart(&name)?;
        if seen.contains(&c.id) {
            continue;
        }
        seen.push(c.id.clone());
        for i in &c.inputs {
            if !inputs.iter().any(|x| x.key == i.key) {
                inputs.push(i.clone());
            }
        }
        queue.extend(follow_names(&c));
    }
    Ok(inputs)
}

/// The charts a chart's rows and gates roll on.
fn follow_names(chart: &Chart) -> Vec<String> {
    validate::all_rows(chart)
        .flat_map(|r| r.then.iter())
        .chain(chart.gates.iter().flat_map(|g| g.then.iter()))
        .map(|f| f.chart.clone())
        .collect()
}

/// Read `--set KEY=VALUE` values against the inputs they may name.
fn parse_sets(chart: &Chart, inputs: &[Input], sets: &[String]) -> Result<Values> {
    let mut values = Values::new();
    for s in sets {
        let Some((k, v)) = s.split_once('=') else {
            return Err(Error::usage(format!("--set takes KEY=VALUE, not '{s}'")));
        };
        let k = k.trim();
        let Some(input) = inputs.iter().find(|i| i.key == k) else {
            let keys: Vec<&str> = inputs.iter().map(|i| i.key.as_str()).collect();
            let has = if keys.is_empty() {
                "it takes no inputs".to_string()
            } else {
                format!("its inputs: {}", keys.join(", "))
            };
            return Err(Error::usage(format!(
                "{} has no input '{k}'; {has}",
                chart.id
            )));
        };
        values.insert(k.to_string(), parse_value(input, v).map_err(Error::Usage)?);
    }
    Ok(values)
}

impl Book {
    fn get_chart(&self, name: &str) -> Result<Chart> {
        self.entry(name)?.chart()
    }
}

fn roll(ctx: &mut Ctx, a: RollArgs, out: &mut String) -> Result<()> {
    let book = ctx.load_book()?;
    let entry: Option<&Entry> = book.find(&a.target);
    let mut prompter = ctx.prompter();
    let by_hand = ctx.settings.dice == DiceBy::Hand;
    // d6, d10 and 2d6 are always dice; other dice only when no chart has the name (D9 is a chart).
    let dice =
        Dice::parse(&a.target).filter(|_| entry.is_none() || validate::is_plain_dice(&a.target));
    let entry = entry.filter(|_| dice.is_none());
    let outcome = match (entry, dice) {
        (None, Some(dice)) => {
            if !a.set.is_empty() {
                return Err(Error::usage(format!("plain dice ({dice}) take no --set")));
            }
            let opts = ctx.options(&a.drm, true);
            let mut dicer = Dicer::new(ctx.seed, a.roll.clone(), by_hand);
            let o = engine::roll_plain(dice, &mut dicer, prompter.as_mut(), &opts)?;
            if let Some(u) = dicer.unused() {
                return Err(Error::Usage(u));
            }
            o
        }
        (None, None) => {
            return Err(book
                .entry(&a.target)
                .err()
                .unwrap_or_else(|| Error::usage(format!("unknown chart or dice '{}'", a.target))));
        }
        (Some(entry), _) => {
            let chart = entry.chart()?;
            let inputs = chain_inputs(&book, &chart)?;
            let values = parse_sets(&chart, &inputs, &a.set)?;
            let opts = ctx.options(&a.drm, chart.new_player && !chart.selection);
            let mut dicer = Dicer::new(ctx.seed, a.roll.clone(), by_hand);
            let mut roller = Roller {
                charts: &book,
                dicer: &mut dicer,
                prompter: prompter.as_mut(),
                opts,
                values,
                defaults: Values::new(),
            };
            let o = roller.resolve(&chart)?;
            if let Some(u) = dicer.unused() {
                return Err(Error::Usage(u));
            }
            o
        }
    };
    if ctx.json {
        return json(out, &outcome);
    }
    render::outcome(out, &outcome, 0);
    Ok(())
}

/// A chart laid out for `chart`: the chosen column, the modifiers, and each row's odds.
#[derive(Serialize)]
struct ChartView {
    chart: String,
    title: String,
    die: String,
    printed: String,
    /// What the columns are chosen by, as printed.
    #[serde(skip_serializing_if = "Option::is_none")]
    columns_by: Option<String>,
    /// The chosen column's label, when the inputs tell.
    column: Option<String>,
    modifiers: Vec<Modifier>,
    /// Listed DRMs that wait on an input (or on the column) to be known.
    pending: Vec<String>,
    /// For a table without a die: its value, when the inputs tell.
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lookup: Option<String>,
    columns: Vec<ColumnView>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<String>,
}

#[derive(Serialize)]
struct ColumnView {
    label: Option<String>,
    chosen: bool,
    /// The sum of the modifiers in this column.
    modifier: i64,
    rows: Vec<RowView>,
}

#[derive(Serialize)]
struct RowView {
    row: String,
    result: String,
    /// Percent, to one decimal place; the rows of a column add up to 100.
    odds: Option<f64>,
    /// In how many of `out_of` equally likely rolls this row is read.
    ways: Option<u64>,
    out_of: Option<u64>,
    /// The value of a table without a die lands here.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    hit: bool,
}

fn chart_view(chart: &Chart, values: &Values, opts: &Options) -> ChartView {
    let scope = Scope {
        chart,
        values,
        row: None,
    };
    let chosen = choose_column(&scope);
    let chosen_i = chosen.as_ref().map(|(i, _)| *i);
    let chosen_label = chosen_i.map(|i| chart.columns[i].label().to_string());
    let base = modifiers(&scope, chosen_label.as_deref(), opts);
    let dice = Dice::parse(&chart.die);
    let notes = chart.notes.clone();
    let limit = |t: i64| {
        chart
            .limits
            .iter()
            .filter(|l| scope.holds(&l.when) == Some(true))
            .fold(t, |t, l| {
                t.clamp(l.min.unwrap_or(i64::MIN), l.max.unwrap_or(i64::MAX))
            })
    };
    let value = (dice.is_none() && base.pending.is_empty()).then(|| {
        let v = base.total();
        limit(chart.divide.map_or(v, |n| v.div_euclid(n)))
    });
    let column_defs: Vec<Option<usize>> = if chart.columns.is_empty() {
        vec![None]
    } else {
        (0..chart.columns.len()).map(Some).collect()
    };
    let mut columns = Vec::new();
    if chart.stub.is_none() {
        for ci in column_defs {
            let label = ci.map(|i| chart.columns[i].label().to_string());
            let m = modifiers(&scope, label.as_deref(), opts);
            let rows = column_rows(chart, ci);
            let odds = dice.map(|d| row_odds(d, rows, m.total(), limit));
            let percents = odds.as_ref().map(|o| o.percents());
            let spans: Vec<Span> = rows
                .iter()
                .map(|r| Span::parse(&r.row).expect("validated"))
                .collect();
            let hit = value.map(|v| engine::nearest(&spans, v).0);
            let shared =
                chart.columns.is_empty() || chart.columns[ci.unwrap_or(0)].own_rows().is_empty();
            let rows = rows
                .iter()
                .enumerate()
                .map(|(ri, r)| {
                    let text = if shared && ci.is_some() {
                        r.results.get(ci.unwrap_or(0)).or(r.result.as_ref())
                    } else {
                        r.result.as_ref()
                    };
                    let mut result = text
                        .map(|t| result_text(chart, values, t))
                        .unwrap_or_default();
                    for a in &r.alt {
                        if a.columns.is_empty()
                            || label.as_ref().is_some_and(|l| a.columns.contains(l))
                        {
                            let _ = write!(result, " — {}", a.result);
                        }
                    }
                    for f in &r.then {
                        if f.columns.is_empty()
                            || label.as_ref().is_some_and(|l| f.columns.contains(l))
                        {
                            let _ = write!(result, " → roll {}", f.chart);
                        }
                    }
                    RowView {
                        row: r.row.clone(),
                        result,
                        odds: percents.as_ref().map(|p| p[ri]),
                        ways: odds.as_ref().map(|o| o.ways[ri]),
                        out_of: odds.as_ref().map(|o| o.out_of),
                        hit: hit == Some(ri),
                    }
                })
                .collect();
            columns.push(ColumnView {
                chosen: ci.is_some() && ci == chosen_i,
                label,
                modifier: m.total(),
                rows,
            });
        }
    }
    ChartView {
        chart: chart.id.clone(),
        title: chart.title.clone(),
        die: chart.die.clone(),
        printed: chart.printed.clone(),
        columns_by: chart.column_by.as_ref().map(|b| {
            chosen
                .as_ref()
                .and_then(|(_, why)| why.clone())
                .unwrap_or_else(|| b.title.clone())
        }),
        column: chosen_label,
        modifiers: base.all(),
        pending: base.pending.clone(),
        value,
        lookup: chart.stub.as_ref().map(|s| {
            format!(
                "Roll, then read the total on {} ({}) in the {}",
                s.code, s.table, s.booklet
            )
        }),
        columns,
        notes,
    }
}

fn chart(ctx: &mut Ctx, a: ChartArgs, out: &mut String) -> Result<()> {
    let book = ctx.load_book()?;
    let chart = book.entry(&a.id)?.chart()?;
    let values = parse_sets(&chart, &chart.inputs, &a.set)?;
    let opts = ctx.options(&a.drm, chart.new_player && !chart.selection);
    let view = chart_view(&chart, &values, &opts);
    if ctx.json {
        return json(out, &view);
    }
    let die = if view.die == "none" {
        "table without a die"
    } else {
        &view.die
    };
    let _ = writeln!(
        out,
        "{} ({}) · {die} · {}",
        console::style(&view.title).bold(),
        view.chart,
        console::style(&view.printed).dim()
    );
    if let Some(by) = &view.columns_by {
        let chosen = view
            .column
            .as_ref()
            .map(|c| format!(" → {}", console::style(c).cyan().bold()))
            .unwrap_or_else(|| " (give the inputs to choose)".into());
        let _ = writeln!(out, "Columns: {by}{chosen}");
    }
    if let Some(l) = &view.lookup {
        let _ = writeln!(out, "{l}");
    }
    let mods: Vec<String> = view
        .modifiers
        .iter()
        .map(|m| format!("{} {:+}", m.source, m.value))
        .collect();
    if let (Some(v), false) = (view.value, mods.is_empty()) {
        let _ = writeln!(
            out,
            "Value: {} = {}",
            mods.join(" "),
            console::style(v).bold()
        );
    } else if !mods.is_empty() && chart.die != "none" {
        let total: i64 = view.modifiers.iter().map(|m| m.value).sum();
        let _ = writeln!(out, "DRMs: {} (total {total:+})", mods.join(" · "));
    }
    if !view.pending.is_empty() {
        let keys: Vec<String> = chart
            .inputs
            .iter()
            .filter(|i| !values.contains_key(&i.key))
            .map(|i| format!("--set {}=…", i.key))
            .collect();
        let _ = writeln!(
            out,
            "{}",
            console::style(format!(
                "Not counted yet: {} (give {})",
                view.pending.join(", "),
                keys.join(" ")
            ))
            .dim()
        );
    }
    let listed: Vec<String> = chart
        .drms
        .iter()
        .map(|d| match &d.per {
            Some(_) => format!("{} {:+} each", d.label, d.value),
            None => format!("{} {:+}", d.label, d.value),
        })
        .collect();
    if !listed.is_empty() && chart.die != "none" {
        let cap = chart
            .cap
            .as_ref()
            .map(|c| format!(" ({})", c.printed))
            .unwrap_or_default();
        let np = if chart.new_player {
            "; -1 optional new-player DRM after the cap"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{}",
            console::style(format!("Listed DRMs{cap}: {}{np}", listed.join("; "))).dim()
        );
    } else if chart.new_player {
        let _ = writeln!(
            out,
            "{}",
            console::style("-1 optional new-player DRM").dim()
        );
    }
    let width = render::width();
    let corner = if chart.die == "none" {
        "value"
    } else {
        chart.die.as_str()
    };
    let shared = chart.columns.iter().all(|c| c.own_rows().is_empty());
    if shared && !view.columns.is_empty() {
        // One grid: rows down, columns across; odds for the chosen column (or the only one).
        let odds_from = view.columns.iter().position(|c| c.chosen).unwrap_or(0);
        let odds_col = &view.columns[odds_from];
        let rows = (0..odds_col.rows.len())
            .map(|ri| {
                let odds = odds_col.rows[ri]
                    .odds
                    .map(|p| format!("{p:.1}%"))
                    .unwrap_or_default();
                let results = view
                    .columns
                    .iter()
                    .map(|c| c.rows[ri].result.clone())
                    .collect();
                (odds_col.rows[ri].row.clone(), odds, results)
            })
            .collect();
        let grid = Grid {
            corner,
            headings: view
                .columns
                .iter()
                .map(|c| c.label.clone().unwrap_or_else(|| "result".into()))
                .collect(),
            chosen: view.columns.iter().position(|c| c.chosen),
            hit: odds_col.rows.iter().position(|r| r.hit),
            rows,
        };
        out.push('\n');
        grid.render(out, width);
    } else {
        // Columns with rows of their own: the chosen one alone, or all of them.
        let chosen_only = view.columns.iter().any(|c| c.chosen);
        for c in view.columns.iter().filter(|c| c.chosen || !chosen_only) {
            let grid = Grid {
                corner,
                headings: vec![c.label.clone().unwrap_or_default()],
                chosen: c.chosen.then_some(0),
                hit: c.rows.iter().position(|r| r.hit),
                rows: c
                    .rows
                    .iter()
                    .map(|r| {
                        (
                            r.row.clone(),
                            r.odds.map(|p| format!("{p:.1}%")).unwrap_or_default(),
                            vec![r.result.clone()],
                        )
                    })
                    .collect(),
            };
            out.push('\n');
            grid.render(out, width);
        }
    }
    if !view.notes.is_empty() {
        out.push('\n');
        for n in &view.notes {
            for (i, l) in render::wrap(n, width.saturating_sub(2)).iter().enumerate() {
                let lead = if i == 0 { "• " } else { "  " };
                let _ = writeln!(out, "{}", console::style(format!("{lead}{l}")).dim());
            }
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct Match {
    id: String,
    title: String,
    /// The texts that matched.
    found: Vec<String>,
}

fn search(ctx: &Ctx, words: &[String], out: &mut String) -> Result<()> {
    let book = ctx.load_book()?;
    let words: Vec<String> = words
        .iter()
        .flat_map(|w| w.split_whitespace().map(|s| s.to_lowercase()))
        .collect();
    let mut matches = Vec::new();
    for e in &book.entries {
        let chart = e.chart()?;
        if let Some(found) = matching(&chart_texts(&chart), &words) {
            matches.push(Match {
                id: chart.id.clone(),
                title: chart.title.clone(),
                found,
            });
        }
    }
    // Segments of the turn sequence, for `play --goto`.
    if let Ok(seq) = walk::sequence(&book) {
        for seg in &seq.segments {
            let mut texts = vec![seg.id.clone(), seg.title.clone()];
            texts.extend(seg.reference.iter().cloned());
            texts.extend(seg.text.iter().cloned());
            texts.extend(seg.steps.iter().filter_map(|s| s.text.clone()));
            if let Some(found) = matching(&texts, &words) {
                matches.push(Match {
                    id: format!("segment {}", seg.id),
                    title: seg.title.clone(),
                    found,
                });
            }
        }
    }
    if ctx.json {
        return json(
            out,
            &serde_json::json!({"book": book.id, "matches": matches}),
        );
    }
    if matches.is_empty() {
        let _ = writeln!(out, "Nothing in {} mentions {}.", book.id, words.join(" "));
        return Ok(());
    }
    let w = render::width().saturating_sub(6);
    for m in &matches {
        let _ = writeln!(out, "{}  {}", console::style(&m.id).bold(), m.title);
        for f in &m.found {
            let short: String = f.chars().take(w).collect();
            let _ = writeln!(out, "    {}", console::style(short).dim());
        }
    }
    Ok(())
}

/// When the texts together hold every word: the first few texts that hold one.
fn matching(texts: &[String], words: &[String]) -> Option<Vec<String>> {
    let all = texts.join("\n").to_lowercase();
    if !words.iter().all(|w| all.contains(w.as_str())) {
        return None;
    }
    let found = texts
        .iter()
        .filter(|t| {
            let l = t.to_lowercase();
            words.iter().any(|w| l.contains(w.as_str()))
        })
        .take(3)
        .cloned()
        .collect();
    Some(found)
}

/// Everything a chart says that a player might remember it by.
fn chart_texts(c: &Chart) -> Vec<String> {
    let mut t = vec![c.id.clone(), c.title.clone(), c.printed.clone()];
    t.extend(c.aliases.iter().cloned());
    if let Some(s) = &c.stub {
        t.push(format!("{} {} ({})", s.code, s.table, s.booklet));
    }
    t.extend(c.drms.iter().map(|d| format!("DRM: {}", d.label)));
    t.extend(c.inputs.iter().map(|i| i.ask.clone()));
    for r in validate::all_rows(c) {
        for res in r.result.iter().chain(r.results.iter()) {
            let empty = Values::new();
            t.push(format!("{}: {}", r.row, result_text(c, &empty, res)));
        }
        t.extend(r.alt.iter().map(|a| format!("{}: {}", r.row, a.result)));
    }
    t.extend(c.columns.iter().map(|col| col.label().to_string()));
    t.extend(c.notes.iter().cloned());
    t
}

fn check(ctx: &Ctx, path: &Path, out: &mut String) -> Result<()> {
    let (charts, texts, mut problems, standalone) = if path.is_dir() {
        let has_meta = path.join("book.yaml").is_file();
        if has_meta {
            let text = std::fs::read_to_string(path.join("book.yaml"))?;
            if let Err(e) = serde_yaml::from_str::<crate::model::BookMeta>(&text) {
                let f = path.join("book.yaml").display().to_string();
                return Err(Error::Broken(
                    validate::yaml_problem(&f, &text, 0, &e).to_string(),
                ));
            }
        }
        let (c, t, p) = book::read_chart_dir(path)?;
        (c, t, p, has_meta)
    } else if path.is_file() {
        let name = path.display().to_string();
        let text =
            std::fs::read_to_string(path).map_err(|e| Error::Other(format!("{name}: {e}")))?;
        let (c, p) = validate::parse_chart_file(&name, &text);
        let mut t = BTreeMap::new();
        t.insert(name, text);
        (c, t, p, false)
    } else {
        return Err(Error::usage(format!(
            "{}: no such file or folder",
            path.display()
        )));
    };
    // Charts that add to a book may roll on its charts: check them together with the book.
    let mut all = charts.clone();
    if !standalone {
        let book = ctx.load_book()?;
        for e in &book.entries {
            if !charts.iter().any(|c| c.chart.id == e.id) && !e.transcribed {
                all.push(validate::SourcedChart {
                    file: "<embedded>".into(),
                    doc: 0,
                    chart: e.chart()?,
                });
            }
        }
    }
    problems.extend(
        validate::validate_charts(&all, &texts)
            .into_iter()
            .filter(|p| p.file != "<embedded>"),
    );
    if path.is_dir() {
        let names = validate::chart_names(&all);
        let sequence = path.join("sequence.yaml");
        if let Ok(text) = std::fs::read_to_string(&sequence) {
            problems.extend(validate::validate_sequence(
                &sequence.display().to_string(),
                &text,
                &names,
            ));
        }
        let orders = path.join("orders.yaml");
        if let Ok(text) = std::fs::read_to_string(&orders) {
            problems.extend(validate::validate_orders(
                &orders.display().to_string(),
                &text,
            ));
        }
    }
    if ctx.json {
        let list: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        json(
            out,
            &serde_json::json!({"path": path.display().to_string(), "charts": charts.len(), "problems": list}),
        )?;
    } else if problems.is_empty() {
        let _ = writeln!(out, "ok: {} chart(s) in {}", charts.len(), path.display());
    }
    match validate::report(&problems) {
        Some(r) => Err(Error::Broken(r)),
        None => Ok(()),
    }
}

fn files(ctx: &Ctx, book: &str) -> Result<walk::Files> {
    let dirs = ctx.dirs.as_ref().ok_or_else(|| {
        Error::Other(format!(
            "no data folder for the bookmark: set {}",
            crate::settings::HOME_ENV
        ))
    })?;
    Ok(walk::Files::new(&dirs.data, book))
}

fn play(ctx: &mut Ctx, a: PlayArgs, out: &mut String) -> Result<()> {
    if ctx.json {
        return Err(Error::usage(
            "play has no --json: `flipbook where --json` and `flipbook log --json` are for scripts",
        ));
    }
    let book = ctx.load_book()?;
    let seq = walk::sequence(&book)?;
    let files = files(ctx, &book.id)?;
    let terminal = prompt::terminal();
    let mut mark = if a.restart {
        if !a.yes {
            if !terminal {
                return Err(Error::usage(
                    "--restart needs --yes when nothing can be asked",
                ));
            }
            let sure = dialoguer::Confirm::with_theme(&dialoguer::theme::ColorfulTheme::default())
                .with_prompt("Begin again at turn 1? (the old log is kept as log.previous.jsonl)")
                .default(false)
                .interact_on_opt(&console::Term::stderr())?;
            if sure != Some(true) {
                return Err(Error::Cancelled);
            }
        }
        if files.log.is_file() {
            std::fs::rename(&files.log, files.log.with_file_name("log.previous.jsonl"))?;
        }
        walk::start(&seq, &book.id)
    } else if a.goto.is_some() {
        // A bookmark that cannot be read is replaced by the jump.
        walk::load_bookmark(&files, &seq)
            .ok()
            .flatten()
            .unwrap_or_else(|| walk::start(&seq, &book.id))
    } else {
        walk::load_bookmark(&files, &seq)?.unwrap_or_else(|| walk::start(&seq, &book.id))
    };
    mark.book = book.id.clone();
    let opts = ctx.options(&[], true);
    let io = if terminal {
        walk::Io::Term(console::Term::stderr())
    } else {
        walk::Io::Lines(Box::new(std::io::BufReader::new(std::io::stdin())))
    };
    let by_hand = ctx.settings.dice == DiceBy::Hand;
    let mut w = walk::Walk {
        book: &book,
        seq,
        mark,
        files,
        dicer: Dicer::new(ctx.seed, vec![], by_hand),
        opts,
        io,
        out: Box::new(std::io::stdout()),
    };
    if let Some(seg) = &a.goto {
        w.goto(seg, a.turn, a.phase.as_deref())?;
    }
    let result = w.run();
    // Whatever happened, the position is kept.
    let saved = w.save_now();
    let _ = out;
    result.and(saved)
}

fn where_(ctx: &Ctx, out: &mut String) -> Result<()> {
    let book = ctx.load_book()?;
    let seq = walk::sequence(&book)?;
    let files = files(ctx, &book.id)?;
    let (mark, started) = match walk::load_bookmark(&files, &seq)? {
        Some(m) => (m, true),
        None => (walk::start(&seq, &book.id), false),
    };
    if ctx.json {
        return json(
            out,
            &serde_json::json!({"turn": mark.turn, "phase": mark.phase, "segment": mark.segment, "started": started}),
        );
    }
    let title = seq
        .segment(&mark.segment)
        .map(|s| s.title.clone())
        .unwrap_or_default();
    let phase = seq
        .phases
        .iter()
        .find(|p| p.id == mark.phase)
        .map(|p| p.title.clone())
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "Turn {} · {phase} · {title} ({}){}",
        mark.turn,
        mark.segment,
        if started {
            ""
        } else {
            " - not started: `flipbook play` begins here"
        }
    );
    Ok(())
}

fn log(ctx: &Ctx, turn: Option<u32>, markdown: bool, out: &mut String) -> Result<()> {
    let book = ctx.load_book()?;
    let files = files(ctx, &book.id)?;
    let entries = walk::read_log(&files)?;
    if ctx.json {
        let list: Vec<&walk::LogEntry> = entries
            .iter()
            .filter(|e| turn.is_none_or(|t| e.turn == t))
            .collect();
        return json(out, &serde_json::json!({"book": book.id, "log": list}));
    }
    if markdown {
        let _ = writeln!(out, "# {} - game log", book.title);
    }
    walk::format_log(out, &entries, turn, markdown);
    Ok(())
}

fn order(ctx: &Ctx, id: &str, players: &[String], set: &[String], out: &mut String) -> Result<()> {
    let book = ctx.load_book()?;
    let rules = book.orders()?;
    let Some(rule) = rules.iter().find(|r| r.id.eq_ignore_ascii_case(id)) else {
        let ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
        let near = book::suggest(id, ids.iter().copied());
        return Err(Error::usage(if ids.is_empty() {
            format!("book {} has no ordering rules", book.id)
        } else {
            format!(
                "unknown order '{id}' in {}{}; orders: {}",
                book.id,
                book::did_you_mean(&near),
                ids.join(", ")
            )
        }));
    };
    let players: Vec<crate::order::Player> = players
        .iter()
        .map(|p| crate::order::parse_player(p))
        .collect::<Result<_>>()?;
    let mut holder = None;
    for s in set {
        let (k, v) = s
            .split_once('=')
            .ok_or_else(|| Error::usage(format!("--set takes TOKEN=PLAYER, not '{s}'")))?;
        match &rule.token {
            Some(t) if t.key.eq_ignore_ascii_case(k.trim()) => holder = Some(v.trim().to_string()),
            _ => {
                return Err(Error::usage(format!(
                    "{} has no token '{}'{}",
                    rule.id,
                    k.trim(),
                    rule.token
                        .as_ref()
                        .map(|t| format!(" (its token: {})", t.key))
                        .unwrap_or_default()
                )));
            }
        }
    }
    let ordered = crate::order::apply(rule, &players, holder.as_deref())?;
    if ctx.json {
        return json(out, &ordered);
    }
    let _ = writeln!(
        out,
        "{} ({}) · {}",
        console::style(&rule.title).bold(),
        rule.id,
        console::style(&rule.printed).dim()
    );
    let w = ordered
        .players
        .iter()
        .map(|p| p.player.chars().count())
        .max()
        .unwrap_or(4);
    for (i, p) in ordered.players.iter().enumerate() {
        let mut line = format!("  {:>2}. {:<w$}", i + 1, p.player);
        if let Some(v) = p.value {
            let _ = write!(line, "  {v}");
        }
        if let Some(l) = &p.label {
            let _ = write!(line, " {l}");
        }
        if let Some(pl) = &p.places {
            let _ = write!(
                line,
                "  places {}",
                if pl == "one" {
                    "one VP"
                } else {
                    "all the rest"
                }
            );
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if let Some(over) = ordered.game_over {
        if over {
            let end = rule.ends_at.unwrap_or_default();
            let _ = writeln!(
                out,
                "{}",
                console::style(format!("Game over: a player has {end} or more."))
                    .bold()
                    .yellow()
            );
        }
    }
    for n in &rule.notes {
        let _ = writeln!(out, "{}", console::style(format!("• {n}")).dim());
    }
    Ok(())
}
