//! `play`: the turn sequence, segment by segment, with a bookmark that survives anything and a
//! log of every roll. The tool keeps only what the flipbook tracks: where you are, the turn, who
//! acted in Phase 1, the chits drawn in this segment, and the answers given this turn.

use crate::book::Book;
use crate::dice::Dicer;
use crate::engine::{Modifier, Options, Outcome, Roller, Value, Values, parse_value};
use crate::error::{Error, Result};
use crate::model::{Chart, Draw, Segment, Sequence, Step, turn_applies};
use crate::prompt::{LinePrompter, Prompter, TermPrompter};
use crate::render;
use crate::settings::write_atomic;
use console::style;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// Where the player stands, and what the current segment has seen so far.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Bookmark {
    pub book: String,
    pub turn: u32,
    pub phase: String,
    pub segment: String,
    #[serde(default)]
    pub state: SegmentState,
    /// Rows remembered this turn (who acted in Phase 1).
    #[serde(default)]
    pub memory: BTreeMap<String, Memo>,
    /// The last answer to each question, with its turn: offered again within the same turn.
    #[serde(default)]
    pub answers: BTreeMap<String, Memo>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Memo {
    pub turn: u32,
    pub value: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct SegmentState {
    /// Chits drawn in this segment, each with whether it had a (+).
    #[serde(default)]
    pub drawn: Vec<(String, bool)>,
    /// Waiting for the (+) answer of the last chit.
    #[serde(default)]
    pub awaiting_plus: bool,
    /// A draw a roll called for (End Turn 5-10).
    #[serde(default)]
    pub extra_draw: Option<(u32, bool)>,
    /// The chart the last chit drawn calls for, until it is rolled.
    #[serde(default)]
    pub chit_chart: Option<String>,
    /// The item of a loop being asked about, and whether it is waiting for its roll.
    #[serde(default)]
    pub item: usize,
    #[serde(default)]
    pub item_ready: bool,
    /// Charts rolled in this segment.
    #[serde(default)]
    pub rolled: Vec<String>,
    /// The last roll may be re-rolled for 1 AP (a Master Action roll not yet re-rolled).
    #[serde(default)]
    pub rerollable: Option<String>,
}

/// One line of the game log.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LogEntry {
    pub turn: u32,
    pub phase: String,
    pub segment: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plus: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chart: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub inputs: BTreeMap<String, Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub natural: Option<i64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifiers: Vec<Modifier>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reroll: bool,
}

/// The bookmark and log files of a book.
pub struct Files {
    pub bookmark: PathBuf,
    pub log: PathBuf,
}

impl Files {
    pub fn new(data: &Path, book: &str) -> Files {
        let dir = data.join(book);
        Files {
            bookmark: dir.join("bookmark.json"),
            log: dir.join("log.jsonl"),
        }
    }
}

/// The book's turn sequence, parsed.
pub fn sequence(book: &Book) -> Result<Sequence> {
    let text = book
        .sequence_text()?
        .ok_or_else(|| Error::usage(format!("book '{}' has no turn sequence to play", book.id)))?;
    serde_yaml::from_str(&text).map_err(|e| Error::Broken(format!("{} sequence: {e}", book.id)))
}

/// The first segment of turn 1.
pub fn start(seq: &Sequence, book: &str) -> Bookmark {
    let first = &seq.phases[0];
    let mut b = Bookmark {
        book: book.into(),
        turn: 1,
        phase: first.id.clone(),
        segment: first.segments[0].clone(),
        state: SegmentState::default(),
        memory: BTreeMap::new(),
        answers: BTreeMap::new(),
    };
    if !applies(seq, &b.segment, 1) {
        if let Some((p, s)) = step_from(seq, &b, 1) {
            b.phase = p;
            b.segment = s;
        }
    }
    b
}

fn applies(seq: &Sequence, segment: &str, turn: u32) -> bool {
    seq.segment(segment)
        .is_some_and(|s| turn_applies(&s.turns, &s.not_turns, turn))
}

/// Every (phase, segment) of a turn, in order.
fn order(seq: &Sequence) -> Vec<(String, String)> {
    seq.phases
        .iter()
        .flat_map(|p| p.segments.iter().map(|s| (p.id.clone(), s.clone())))
        .collect()
}

/// The next (dir 1) or previous (dir -1) segment that applies in the bookmark's turn.
fn step_from(seq: &Sequence, b: &Bookmark, dir: i32) -> Option<(String, String)> {
    let all = order(seq);
    let here = all
        .iter()
        .position(|(p, s)| *p == b.phase && *s == b.segment)?;
    let mut i = here as i64;
    loop {
        i += dir as i64;
        if i < 0 || i as usize >= all.len() {
            return None;
        }
        let (p, s) = &all[i as usize];
        if applies(seq, s, b.turn) {
            return Some((p.clone(), s.clone()));
        }
    }
}

/// Load the bookmark, or explain what is wrong with it and how to go on.
pub fn load_bookmark(files: &Files, seq: &Sequence) -> Result<Option<Bookmark>> {
    let text = match std::fs::read_to_string(&files.bookmark) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::Other(format!("{}: {e}", files.bookmark.display()))),
    };
    let way_on = "start again with `flipbook play --restart`, or go on with `flipbook play --goto SEGMENT --turn N`";
    let b: Bookmark = serde_json::from_str(&text).map_err(|e| {
        Error::Broken(format!(
            "the bookmark {} cannot be read ({e}): {way_on}",
            files.bookmark.display()
        ))
    })?;
    let known = seq
        .phases
        .iter()
        .any(|p| p.id == b.phase && p.segments.contains(&b.segment));
    if !known || b.turn == 0 || b.turn > seq.final_turn() {
        return Err(Error::Broken(format!(
            "the bookmark points at turn {} phase {} segment '{}', which this book does not have: {way_on}",
            b.turn, b.phase, b.segment
        )));
    }
    Ok(Some(b))
}

pub fn save_bookmark(files: &Files, b: &Bookmark) -> Result<()> {
    let json = serde_json::to_string_pretty(b).map_err(|e| Error::Other(e.to_string()))?;
    write_atomic(&files.bookmark, json.as_bytes())
}

pub fn read_log(files: &Files) -> Result<Vec<LogEntry>> {
    let text = match std::fs::read_to_string(&files.log) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(Error::Other(format!("{}: {e}", files.log.display()))),
    };
    // A line cut short by a crash is skipped, not fatal.
    Ok(text
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect())
}

fn append_log(files: &Files, entries: &[LogEntry]) -> Result<()> {
    if entries.is_empty() {
        return Ok(());
    }
    if let Some(dir) = files.log.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut text = String::new();
    for e in entries {
        text.push_str(&serde_json::to_string(e).map_err(|e| Error::Other(e.to_string()))?);
        text.push('\n');
    }
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&files.log)?;
    f.write_all(text.as_bytes())?;
    Ok(())
}

/// A question the current segment is waiting on.
#[derive(Debug, Clone, PartialEq)]
enum Question {
    Chit { n: u32, max: u32 },
    Plus,
    Item(usize),
}

/// How the player talks to the walk: keys and menus on a terminal, or one line at a time.
pub enum Io {
    Term(console::Term),
    Lines(Box<dyn BufRead>),
}

/// The walk through the turn.
pub struct Walk<'a> {
    pub book: &'a Book,
    pub seq: Sequence,
    pub mark: Bookmark,
    pub files: Files,
    pub dicer: Dicer,
    pub opts: Options,
    pub io: Io,
    pub out: Box<dyn Write + 'a>,
}

const COMMANDS: &str = "next, back, roll [CHART], reroll, goto SEGMENT, where, log, help, quit";

impl Walk<'_> {
    fn segment(&self) -> &Segment {
        self.seq
            .segment(&self.mark.segment)
            .expect("bookmark checked against the sequence")
    }

    fn phase_title(&self) -> String {
        self.seq
            .phases
            .iter()
            .find(|p| p.id == self.mark.phase)
            .map(|p| p.title.clone())
            .unwrap_or_default()
    }

    fn say(&mut self, text: impl AsRef<str>) {
        let _ = writeln!(self.out, "{}", text.as_ref());
    }

    fn save(&self) -> Result<()> {
        save_bookmark(&self.files, &self.mark)
    }

    /// Save the bookmark now (after an error too).
    pub fn save_now(&mut self) -> Result<()> {
        let _ = self.out.flush();
        self.save()
    }

    fn step_applies(&self, st: &Step) -> bool {
        turn_applies(&st.turns, &st.not_turns, self.mark.turn)
            && (st.phases.is_empty() || st.phases.contains(&self.mark.phase))
    }

    fn active_draw(&self) -> Option<Draw> {
        self.segment().draw.or(self
            .mark
            .state
            .extra_draw
            .map(|(max, plus)| Draw { max, plus }))
    }

    fn question(&self) -> Option<Question> {
        let st = &self.mark.state;
        if let Some(d) = self.active_draw() {
            if st.awaiting_plus {
                return Some(Question::Plus);
            }
            let n = st.drawn.len() as u32;
            let again = st.drawn.last().is_none_or(|(_, plus)| *plus);
            if n < d.max && again {
                return Some(Question::Chit {
                    n: n + 1,
                    max: d.max,
                });
            }
        }
        if let Some(r) = &self.segment().repeat {
            if !st.item_ready && st.item < r.items.len() {
                return Some(Question::Item(st.item));
            }
        }
        None
    }

    fn question_text(&self, q: &Question) -> String {
        match q {
            Question::Chit { n, max } => {
                let names: Vec<&str> = self.seq.chits.iter().map(|c| c.id.as_str()).collect();
                format!(
                    "Crisis chit {n} of at most {max}: which did you draw? ({})",
                    names.join(", ")
                )
            }
            Question::Plus => "Did it have a (+)? (yes/no)".into(),
            Question::Item(i) => {
                let r = self.segment().repeat.as_ref().expect("a loop");
                format!("{} (yes/no)", r.ask.replace("{item}", &r.items[*i]))
            }
        }
    }

    /// Print the segment: where it is, its instructions, its steps and what can be rolled.
    pub fn show(&mut self) {
        let seg = self.segment().clone();
        let reference = seg
            .reference
            .as_deref()
            .map(|r| format!("  ({r})"))
            .unwrap_or_default();
        let head = format!(
            "Turn {} · {} · {}{}",
            self.mark.turn,
            self.phase_title(),
            seg.title,
            reference
        );
        self.say(format!("\n{}", style(head).bold().cyan()));
        if !turn_applies(&seg.turns, &seg.not_turns, self.mark.turn) {
            self.say(format!(
                "  {}",
                style("(this segment is not played this turn)").yellow()
            ));
        }
        for t in &seg.text {
            self.say(format!("  {t}"));
        }
        let steps: Vec<Step> = seg
            .steps
            .iter()
            .filter(|s| self.step_applies(s))
            .cloned()
            .collect();
        for st in &steps {
            let mut line = String::new();
            if let Some(r) = &st.recall {
                let remembered = self
                    .mark
                    .memory
                    .get(&r.key)
                    .filter(|m| m.turn == self.mark.turn)
                    .and_then(|m| r.rows.get(&m.value));
                line.push_str(remembered.unwrap_or(&r.unknown));
            }
            if let Some(t) = &st.text {
                line.push_str(t);
            }
            if let Some(c) = &st.chart {
                let title = self
                    .book
                    .find(c)
                    .map(|e| e.title.clone())
                    .unwrap_or_default();
                if line.is_empty() {
                    line = title;
                }
                line = format!("{line} {}", style(format!("[roll {c}]")).dim());
            }
            self.say(format!("  • {line}"));
        }
        if let Some(q) = self.question() {
            let text = self.question_text(&q);
            self.say(format!("  {} {text}", style("?").yellow().bold()));
        }
    }

    /// Move to another segment; the new one starts fresh.
    fn go(&mut self, phase: String, segment: String, turn: u32) {
        self.mark.phase = phase;
        self.mark.segment = segment;
        self.mark.turn = turn;
        self.mark.state = SegmentState::default();
    }

    fn next(&mut self) -> Result<bool> {
        match step_from(&self.seq, &self.mark, 1) {
            Some((p, s)) => {
                let t = self.mark.turn;
                self.go(p, s, t);
            }
            None => {
                let turn = self.mark.turn;
                if turn == self.seq.turns || turn >= self.seq.final_turn() {
                    let msg = self.seq.game_over.clone();
                    self.say(format!("\n{}", style(msg).bold()));
                    return Ok(false);
                }
                let first = &self.seq.phases[0];
                let (p, s) = (first.id.clone(), first.segments[0].clone());
                self.go(p, s, turn + 1);
                self.say(format!(
                    "\n{}",
                    style(format!("— Turn {} begins —", turn + 1)).bold()
                ));
                if !applies(&self.seq, &self.mark.segment, self.mark.turn) {
                    return self.next();
                }
            }
        }
        Ok(true)
    }

    fn back(&mut self) -> bool {
        if let Some((p, s)) = step_from(&self.seq, &self.mark, -1) {
            let t = self.mark.turn;
            self.go(p, s, t);
            return true;
        }
        if self.mark.turn > 1 {
            let all = order(&self.seq);
            let t = self.mark.turn - 1;
            if let Some((p, s)) = all
                .iter()
                .rev()
                .find(|(_, s)| applies(&self.seq, s, t))
                .cloned()
            {
                self.go(p, s, t);
                return true;
            }
        }
        self.say("  This is the start of the game.");
        false
    }

    /// Jump to a segment, in a given phase and turn or the nearest that has it.
    pub fn goto(&mut self, segment: &str, turn: Option<u32>, phase: Option<&str>) -> Result<()> {
        let all = order(&self.seq);
        if !all.iter().any(|(_, s)| s == segment) {
            let ids: Vec<&str> = self.seq.segments.iter().map(|s| s.id.as_str()).collect();
            let near = crate::book::suggest(segment, ids.iter().copied());
            return Err(Error::usage(format!(
                "unknown segment '{segment}'{}; segments: {}",
                crate::book::did_you_mean(&near),
                ids.join(", ")
            )));
        }
        let turn = turn.unwrap_or(self.mark.turn);
        if turn == 0 || turn > self.seq.final_turn() {
            return Err(Error::usage(format!(
                "turn {turn} is not a turn of this game (1-{})",
                self.seq.final_turn()
            )));
        }
        let phases: Vec<&String> = all
            .iter()
            .filter(|(_, s)| s == segment)
            .map(|(p, _)| p)
            .collect();
        let phase = match phase {
            Some(p) => {
                if !phases.iter().any(|x| x.as_str() == p) {
                    let list: Vec<&str> = phases.iter().map(|s| s.as_str()).collect();
                    return Err(Error::usage(format!(
                        "segment '{segment}' is not in phase {p}; it is in: {}",
                        list.join(", ")
                    )));
                }
                p.to_string()
            }
            None if phases.iter().any(|p| **p == self.mark.phase) => self.mark.phase.clone(),
            None => phases[0].clone(),
        };
        self.go(phase, segment.to_string(), turn);
        Ok(())
    }

    /// The charts the steps of this segment offer this turn, in order.
    fn step_charts(&self) -> Vec<String> {
        self.segment()
            .steps
            .iter()
            .filter(|s| self.step_applies(s))
            .filter_map(|s| s.chart.clone())
            .collect()
    }

    fn chart_for_roll(&self, wanted: Option<&str>) -> Result<String> {
        if let Some(w) = wanted {
            return Ok(self.book.entry(w)?.id.clone());
        }
        let st = &self.mark.state;
        if st.item_ready {
            if let Some(r) = &self.segment().repeat {
                return Ok(r.chart.clone());
            }
        }
        if let Some(c) = &st.chit_chart {
            return Ok(c.clone());
        }
        let charts = self.step_charts();
        charts
            .iter()
            .find(|c| !st.rolled.contains(c))
            .or(charts.first())
            .cloned()
            .ok_or_else(|| {
                Error::usage("nothing to roll in this segment: `roll CHART` rolls any chart")
            })
    }

    /// The answers given earlier this turn, offered as defaults.
    fn defaults(&self, chart: &Chart) -> Values {
        let mut d = Values::new();
        for i in &chart.inputs {
            if let Some(m) = self
                .mark
                .answers
                .get(&i.key)
                .filter(|m| m.turn == self.mark.turn)
            {
                if let Ok(v) = parse_value(i, &m.value) {
                    d.insert(i.key.clone(), v);
                }
            }
        }
        d
    }

    fn roll(&mut self, wanted: Option<&str>, reroll: bool) -> Result<()> {
        let id = self.chart_for_roll(wanted)?;
        let chart = self.book.entry(&id)?.chart()?;
        let defaults = self.defaults(&chart);
        let outcome = {
            let mut term_prompter;
            let mut line_prompter;
            let prompter: &mut dyn Prompter = match &mut self.io {
                Io::Term(_) => {
                    term_prompter = TermPrompter::default();
                    &mut term_prompter
                }
                Io::Lines(r) => {
                    line_prompter = LinePrompter::new(&mut **r);
                    line_prompter.echo = true;
                    &mut line_prompter
                }
            };
            let mut roller = Roller {
                charts: self.book,
                dicer: &mut self.dicer,
                prompter,
                opts: self.opts.clone(),
                values: Values::new(),
                defaults,
            };
            roller.resolve(&chart)?
        };
        let mut text = String::new();
        render::outcome(&mut text, &outcome, 2);
        let _ = write!(self.out, "{text}");
        // Remember answers, rows and what the roll calls for.
        let mut entries = Vec::new();
        self.record(&outcome, reroll, &mut entries);
        append_log(&self.files, &entries)?;
        let st = &mut self.mark.state;
        st.rolled.push(chart.id.clone());
        st.rerollable = (chart.reroll_for_ap && !reroll).then(|| chart.id.clone());
        if st.chit_chart.as_deref() == Some(chart.id.as_str()) {
            st.chit_chart = None;
        }
        if st.item_ready
            && self
                .segment()
                .repeat
                .as_ref()
                .is_some_and(|r| r.chart == chart.id)
        {
            let st = &mut self.mark.state;
            st.item_ready = false;
            st.item += 1;
        }
        let row = outcome.row.clone().unwrap_or_default();
        let steps: Vec<Step> = self
            .segment()
            .steps
            .iter()
            .filter(|s| self.step_applies(s) && s.chart.as_deref() == Some(chart.id.as_str()))
            .cloned()
            .collect();
        for st in steps {
            if let Some(key) = &st.remember {
                self.mark.memory.insert(
                    key.clone(),
                    Memo {
                        turn: self.mark.turn,
                        value: row.clone(),
                    },
                );
            }
            if st.chits_on.contains(&row) {
                self.mark.state.extra_draw = Some((1, false));
                self.say(format!(
                    "  {}",
                    style("Draw one more Crisis chit.").yellow()
                ));
            }
        }
        if self.mark.state.rerollable.is_some() {
            self.say(format!(
                "  {}",
                style("You may pay 1 AP to re-roll this once (`reroll`); the re-roll is final.")
                    .dim()
            ));
        }
        Ok(())
    }

    fn record(&mut self, o: &Outcome, reroll: bool, entries: &mut Vec<LogEntry>) {
        for (k, v) in &o.inputs {
            self.mark.answers.insert(
                k.clone(),
                Memo {
                    turn: self.mark.turn,
                    value: v.text(),
                },
            );
        }
        entries.push(LogEntry {
            turn: self.mark.turn,
            phase: self.mark.phase.clone(),
            segment: self.mark.segment.clone(),
            chit: None,
            plus: None,
            chart: o.chart.clone(),
            inputs: o.inputs.clone(),
            natural: o.natural,
            modifiers: o.modifiers.clone(),
            total: Some(o.total),
            column: o.column.clone(),
            row: o.row.clone(),
            result: o.result.clone(),
            reroll,
        });
        for t in &o.then {
            self.record(t, false, entries);
        }
    }

    /// Take the answer to the current question.
    fn answer(&mut self, q: &Question, text: &str) -> Result<()> {
        match q {
            Question::Chit { .. } => {
                let t = text.trim();
                let chit = self
                    .seq
                    .chits
                    .iter()
                    .enumerate()
                    .find(|(i, c)| {
                        c.id.eq_ignore_ascii_case(t)
                            || c.name.eq_ignore_ascii_case(t)
                            || t.parse::<usize>().ok() == Some(i + 1)
                    })
                    .map(|(_, c)| c.clone())
                    .ok_or_else(|| {
                        let ids: Vec<&str> = self.seq.chits.iter().map(|c| c.id.as_str()).collect();
                        Error::usage(format!("'{t}' is not a chit; chits: {}", ids.join(", ")))
                    })?;
                let draw = self.active_draw().expect("a draw is on");
                let st = &mut self.mark.state;
                st.drawn.push((chit.id.clone(), false));
                st.awaiting_plus = draw.plus && (st.drawn.len() as u32) < draw.max;
                st.chit_chart = chit.chart.clone();
                let roll = chit
                    .chart
                    .as_ref()
                    .map(|c| format!(" {}", style(format!("[roll {c}]")).dim()))
                    .unwrap_or_default();
                self.say(format!(
                    "  {}: {}{roll}",
                    style(&chit.name).bold(),
                    chit.text
                ));
                append_log(
                    &self.files,
                    &[LogEntry {
                        turn: self.mark.turn,
                        phase: self.mark.phase.clone(),
                        segment: self.mark.segment.clone(),
                        chit: Some(chit.name.clone()),
                        plus: None,
                        chart: None,
                        inputs: BTreeMap::new(),
                        natural: None,
                        modifiers: vec![],
                        total: None,
                        column: None,
                        row: None,
                        result: None,
                        reroll: false,
                    }],
                )?;
                let n = self.mark.state.drawn.len() as u32;
                if n == draw.max && draw.max > 1 {
                    self.say(format!(
                        "  {}",
                        style("That is the last chit of this segment, (+) or not.").dim()
                    ));
                }
            }
            Question::Plus => {
                let plus = yes_no(text)?;
                let st = &mut self.mark.state;
                st.awaiting_plus = false;
                if let Some(last) = st.drawn.last_mut() {
                    last.1 = plus;
                }
                if plus {
                    self.say("  (+): draw another chit.");
                } else {
                    self.say("  No (+): the draw is over.");
                }
            }
            Question::Item(i) => {
                let yes = yes_no(text)?;
                let r = self.segment().repeat.clone().expect("a loop");
                if yes == r.skip_on {
                    self.say(format!(
                        "  {}",
                        style(format!("{}: skipped", r.items[*i])).dim()
                    ));
                    self.mark.state.item += 1;
                } else {
                    self.mark.state.item_ready = true;
                    let t = r.text.replace("{item}", &r.items[*i]);
                    self.say(format!(
                        "  {t} {}",
                        style(format!("[roll {}]", r.chart)).dim()
                    ));
                }
            }
        }
        Ok(())
    }

    fn help(&mut self) {
        self.say(format!("  Commands: {COMMANDS}."));
        self.say("  An answer to the question shown (?) is typed as it is. Every step is saved; quit and come back any time.");
    }

    fn show_log(&mut self) -> Result<()> {
        let entries = read_log(&self.files)?;
        let turn = self.mark.turn;
        let mut text = String::new();
        format_log(&mut text, &entries, Some(turn), false);
        let _ = write!(self.out, "{text}");
        Ok(())
    }

    /// One command; `false` to stop.
    fn command(&mut self, line: &str) -> Result<bool> {
        let line = line.trim();
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, Some(a.trim())),
            None => (line, None),
        };
        if line.starts_with('#') {
            // A comment in a script.
            return Ok(true);
        }
        match cmd {
            "" => {}
            "next" | "n" => {
                if !self.next()? {
                    return Ok(false);
                }
                self.save()?;
                self.show();
            }
            "back" | "b" => {
                if self.back() {
                    self.save()?;
                    self.show();
                }
            }
            "roll" | "r" => {
                self.roll(arg, false)?;
                self.save()?;
                if let Some(q) = self.question() {
                    let t = self.question_text(&q);
                    self.say(format!("  {} {t}", style("?").yellow().bold()));
                }
            }
            "reroll" => match self.mark.state.rerollable.clone() {
                Some(c) => {
                    self.say(format!("  Re-roll for 1 AP (final): {c}"));
                    self.roll(Some(&c), true)?;
                    self.save()?;
                }
                None => self.say("  Nothing to re-roll: only a Master Action roll, once."),
            },
            "goto" | "g" => {
                let Some(seg) = arg else {
                    return Err(Error::usage("goto takes a segment id"));
                };
                self.goto(seg, None, None)?;
                self.save()?;
                self.show();
            }
            "where" => {
                let w = format!(
                    "  Turn {} · phase {} · {}",
                    self.mark.turn, self.mark.phase, self.mark.segment
                );
                self.say(w);
            }
            "log" | "l" => self.show_log()?,
            "help" | "h" | "?" => self.help(),
            "quit" | "q" | "exit" => return Ok(false),
            _ => match self.question() {
                Some(q) => {
                    self.answer(&q, line)?;
                    self.save()?;
                    if let Some(q) = self.question() {
                        let t = self.question_text(&q);
                        self.say(format!("  {} {t}", style("?").yellow().bold()));
                    }
                }
                None => {
                    return Err(Error::usage(format!(
                        "unknown command '{line}' ({COMMANDS})"
                    )));
                }
            },
        }
        Ok(true)
    }

    /// Walk until the player quits or the input ends. The bookmark is saved after every step.
    pub fn run(&mut self) -> Result<()> {
        self.save()?;
        self.show();
        if matches!(self.io, Io::Term(_)) {
            self.say(format!(
                "  {}",
                style("Keys: [n]ext [r]oll [b]ack [g]oto [l]og [h]elp [q]uit, [m]enu").dim()
            ));
            return self.run_term();
        }
        loop {
            let mut line = String::new();
            let n = match &mut self.io {
                Io::Lines(r) => r.read_line(&mut line)?,
                Io::Term(_) => unreachable!(),
            };
            if n == 0 {
                break;
            }
            if !self.command(&line)? {
                break;
            }
        }
        self.save()
    }

    fn run_term(&mut self) -> Result<()> {
        use console::Key;
        // A question the player put aside (Esc) is not asked again until something changes.
        let mut declined: Option<String> = None;
        loop {
            if let Some(q) = self.question() {
                let tag = format!("{}/{}/{q:?}", self.mark.turn, self.mark.segment);
                if declined.as_deref() != Some(tag.as_str()) {
                    match self.ask_term(&q)? {
                        Some(answer) => {
                            if let Err(e) = self.answer(&q, &answer) {
                                self.say(format!("  {e}"));
                            }
                            self.save()?;
                            continue;
                        }
                        None => declined = Some(tag),
                    }
                }
            }
            let key = match &self.io {
                Io::Term(t) => t.read_key()?,
                Io::Lines(_) => unreachable!(),
            };
            let cmd = match key {
                Key::Char('n') | Key::Enter | Key::ArrowRight => "next".to_string(),
                Key::Char('b') | Key::ArrowLeft => "back".into(),
                Key::Char('r') => match self.pick_chart()? {
                    Some(c) => format!("roll {c}"),
                    None => continue,
                },
                Key::Char('R') => "reroll".into(),
                Key::Char('g') => match self.pick_segment()? {
                    Some(s) => format!("goto {s}"),
                    None => continue,
                },
                Key::Char('m') | Key::Char(' ') => match self.pick_command()? {
                    Some(c) => c,
                    None => continue,
                },
                Key::Char('l') => "log".into(),
                Key::Char('h') | Key::Char('?') => "help".into(),
                Key::Char('q') | Key::Escape | Key::Char('\u{3}') => "quit".into(),
                _ => continue,
            };
            match self.command(&cmd) {
                Ok(true) => {}
                Ok(false) => break,
                Err(Error::Cancelled) => self.say("  (cancelled)"),
                Err(e @ (Error::Usage(_) | Error::Missing { .. })) => self.say(format!("  {e}")),
                Err(e) => return Err(e),
            }
        }
        self.save()
    }

    fn ask_term(&mut self, q: &Question) -> Result<Option<String>> {
        let theme = dialoguer::theme::ColorfulTheme::default();
        let Io::Term(term) = &self.io else {
            unreachable!()
        };
        let prompt = match q {
            Question::Chit { n, max } => {
                format!("Crisis chit {n} of at most {max}: which did you draw?")
            }
            other => self.question_text(other).replace(" (yes/no)", ""),
        };
        match q {
            Question::Chit { .. } => {
                let mut items: Vec<String> =
                    self.seq.chits.iter().map(|c| c.name.clone()).collect();
                items.push("(not now)".into());
                let pick = dialoguer::Select::with_theme(&theme)
                    .with_prompt(prompt)
                    .items(&items)
                    .default(0)
                    .interact_on_opt(term)?;
                Ok(pick
                    .filter(|i| *i < self.seq.chits.len())
                    .map(|i| self.seq.chits[i].id.clone()))
            }
            _ => Ok(dialoguer::Confirm::with_theme(&theme)
                .with_prompt(prompt)
                .interact_on_opt(term)?
                .map(|b| if b { "yes".into() } else { "no".into() })),
        }
    }

    fn pick_chart(&mut self) -> Result<Option<String>> {
        let default = self.chart_for_roll(None).ok();
        let mut charts = self.step_charts();
        for c in self
            .mark
            .state
            .chit_chart
            .iter()
            .chain(self.segment().repeat.as_ref().map(|r| &r.chart))
        {
            if !charts.contains(c) {
                charts.insert(0, c.clone());
            }
        }
        if charts.len() <= 1 {
            return Ok(default.or(charts.pop()));
        }
        let labels: Vec<String> = charts
            .iter()
            .map(|c| {
                let t = self
                    .book
                    .find(c)
                    .map(|e| e.title.clone())
                    .unwrap_or_default();
                format!("{c} - {t}")
            })
            .collect();
        let start = default
            .and_then(|d| charts.iter().position(|c| *c == d))
            .unwrap_or(0);
        let Io::Term(term) = &self.io else {
            unreachable!()
        };
        let pick = dialoguer::Select::with_theme(&dialoguer::theme::ColorfulTheme::default())
            .with_prompt("Roll which chart?")
            .items(&labels)
            .default(start)
            .interact_on_opt(term)?;
        Ok(pick.map(|i| charts[i].clone()))
    }

    /// The menu of commands, for those who prefer it to the keys.
    fn pick_command(&mut self) -> Result<Option<String>> {
        let items = [
            "Next segment",
            "Roll",
            "Back",
            "Go to a segment",
            "Log of this turn",
            "Help",
            "Quit",
        ];
        let Io::Term(term) = &self.io else {
            unreachable!()
        };
        let pick = dialoguer::Select::with_theme(&dialoguer::theme::ColorfulTheme::default())
            .with_prompt("What now?")
            .items(items)
            .default(0)
            .interact_on_opt(term)?;
        Ok(match pick {
            Some(0) => Some("next".into()),
            Some(1) => self.pick_chart()?.map(|c| format!("roll {c}")),
            Some(2) => Some("back".into()),
            Some(3) => self.pick_segment()?.map(|s| format!("goto {s}")),
            Some(4) => Some("log".into()),
            Some(5) => Some("help".into()),
            Some(6) => Some("quit".into()),
            _ => None,
        })
    }

    fn pick_segment(&mut self) -> Result<Option<String>> {
        let ids: Vec<String> = self
            .seq
            .phases
            .iter()
            .find(|p| p.id == self.mark.phase)
            .map(|p| p.segments.clone())
            .unwrap_or_default();
        let mut all: Vec<String> = ids;
        for s in &self.seq.segments {
            if !all.contains(&s.id) {
                all.push(s.id.clone());
            }
        }
        let Io::Term(term) = &self.io else {
            unreachable!()
        };
        let pick = dialoguer::Select::with_theme(&dialoguer::theme::ColorfulTheme::default())
            .with_prompt("Go to which segment?")
            .items(&all)
            .default(0)
            .interact_on_opt(term)?;
        Ok(pick.map(|i| all[i].clone()))
    }
}

fn yes_no(text: &str) -> Result<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" => Ok(true),
        "no" | "n" | "false" => Ok(false),
        t => Err(Error::usage(format!("answer yes or no, not '{t}'"))),
    }
}

/// The log as text (or Markdown), optionally one turn only.
pub fn format_log(out: &mut String, entries: &[LogEntry], turn: Option<u32>, markdown: bool) {
    use std::fmt::Write as _;
    let mut current = 0;
    let mut any = false;
    for e in entries.iter().filter(|e| turn.is_none_or(|t| e.turn == t)) {
        any = true;
        if e.turn != current {
            current = e.turn;
            if markdown {
                let _ = writeln!(
                    out,
                    "\n## Turn {}\n\n| Phase | Segment | Roll | Result |\n|---|---|---|---|",
                    e.turn
                );
            } else {
                let _ = writeln!(out, "Turn {}", e.turn);
            }
        }
        let what = match (&e.chit, &e.chart) {
            (Some(c), _) => format!("chit: {c}"),
            (None, Some(c)) => {
                let mut s = c.clone();
                if let Some(n) = e.natural {
                    let _ = write!(s, " rolled {n}");
                }
                let mods: i64 = e.modifiers.iter().map(|m| m.value).sum();
                if mods != 0 || e.natural.is_none() {
                    let _ = write!(s, ", total {}", e.total.unwrap_or(0));
                }
                if let Some(c) = &e.column {
                    let _ = write!(s, ", column {c}");
                }
                if let Some(r) = &e.row {
                    let _ = write!(s, " → {r}");
                }
                if e.reroll {
                    s.push_str(" (re-roll for 1 AP)");
                }
                s
            }
            (None, None) => String::new(),
        };
        let result = e.result.clone().unwrap_or_default();
        if markdown {
            let cell = |s: &str| s.replace('|', "\\|");
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} |",
                e.phase,
                e.segment,
                cell(&what),
                cell(&result)
            );
        } else if result.is_empty() {
            let _ = writeln!(out, "  {} · {}  {what}", e.phase, e.segment);
        } else {
            let _ = writeln!(out, "  {} · {}  {what}: {result}", e.phase, e.segment);
        }
    }
    if !any {
        let _ = writeln!(
            out,
            "The log is empty{}.",
            turn.map(|t| format!(" for turn {t}")).unwrap_or_default()
        );
    }
}
