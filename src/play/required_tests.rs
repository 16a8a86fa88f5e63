//! The checklist against the printed flipbook: every segment of turns 1, 2 and 4 walked with
//! the engine, its questions answered and its open rolls made as the board of
//! `tests/fixtures/flipbook-required-rolls.txt` says (transcribed from the seed, not from the
//! book's data), and the rolls made compared with the ones the flipbook requires there.

use super::checklist::Question;
use super::events::{Action, Event, OpenItem};
use super::game::Game;
use super::nav::start;
use crate::error::{Error, Result};
use crate::library::Book;
use crate::rules::{Dicer, Options, Outcome, Prompter, Roller, Value, parse_value};
use flipbook_charts::{ChoiceOption, Dice, Input, InputKind};
use std::collections::BTreeMap;

const FIXTURE: &str = include_str!("../../tests/fixtures/flipbook-required-rolls.txt");

/// One line of the fixture: where, the board, and the rolls required there.
struct Line {
    turns: Vec<u32>,
    phase: String,
    segment: String,
    page: String,
    board: BTreeMap<String, String>,
    dice: BTreeMap<String, i64>,
    chits: Vec<String>,
    rolls: Vec<String>,
}

fn fixture() -> Vec<Line> {
    let mut legend = BTreeMap::new();
    let mut lines = Vec::new();
    for l in FIXTURE.lines() {
        let l = l.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        if let Some(rest) = l.strip_prefix('=') {
            let mut w = rest.split_whitespace();
            let (name, id) = (w.next().unwrap(), w.next().unwrap());
            legend.insert(name.to_string(), id.to_string());
            continue;
        }
        let f: Vec<&str> = l.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 6, "a fixture line has six fields: {l}");
        let mut line = Line {
            turns: f[0]
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .collect(),
            phase: f[1].into(),
            segment: f[2].into(),
            page: f[3].into(),
            board: BTreeMap::new(),
            dice: BTreeMap::new(),
            chits: Vec::new(),
            rolls: f[5]
                .split_whitespace()
                .map(|r| {
                    legend
                        .get(r)
                        .cloned()
                        .unwrap_or_else(|| panic!("{r}: not in the legend"))
                })
                .collect(),
        };
        for w in f[4].split_whitespace() {
            if let Some(chit) = w.strip_prefix("chit:") {
                line.chits.push(chit.into());
            } else if let Some(d) = w.strip_prefix("die:") {
                let (chart, n) = d.split_once('=').unwrap();
                line.dice.insert(chart.into(), n.parse().unwrap());
            } else {
                let (k, v) = w.split_once('=').unwrap();
                line.board.insert(k.into(), v.into());
            }
        }
        lines.push(line);
    }
    lines
}

/// The board answering a chart's inputs: the fixture's value, else the answer kept, else a
/// plain one (5 within the input's range, no, the first choice offered).
struct Board<'a>(&'a BTreeMap<String, String>);

impl Prompter for Board<'_> {
    fn ask(&mut self, input: &Input, default: Option<&Value>) -> Result<Option<Value>> {
        let text = match (self.0.get(&input.key), default) {
            (Some(v), _) => v.clone(),
            (None, Some(d)) => return Ok(Some(d.clone())),
            (None, None) => match input.kind {
                InputKind::Number => 5
                    .clamp(input.min.unwrap_or(0), input.max.unwrap_or(5))
                    .to_string(),
                InputKind::Yesno => "no".into(),
                InputKind::Choice => match input.options.first() {
                    Some(ChoiceOption::Plain(v) | ChoiceOption::Labelled { value: v, .. }) => {
                        v.clone()
                    }
                    None => String::new(),
                },
            },
        };
        parse_value(input, &text).map(Some).map_err(Error::Usage)
    }
    fn die(&mut self, _: Dice, _: &str) -> Result<Option<Vec<i64>>> {
        Ok(None)
    }
}

/// The chart an open item waits for.
fn wanted(item: &OpenItem) -> Option<String> {
    match item {
        OpenItem::Question(_) => None,
        OpenItem::ChitRoll { chart, .. } | OpenItem::Due(chart) | OpenItem::Item { chart, .. } => {
            Some(chart.clone())
        }
        OpenItem::Roll(names) | OpenItem::Rolls { names, .. } => names.first().cloned(),
    }
}

/// Every chart a roll rolled, the roll's own first.
fn charts_of(o: &Outcome, out: &mut Vec<String>) {
    out.extend(o.chart.clone());
    for t in &o.then {
        charts_of(t, out);
    }
}

/// The answer the board gives the question waiting.
fn answer(g: &Game, q: &Question, line: &Line, chits: &mut Vec<String>) -> String {
    let seg = g.segment();
    let by_key = |key: &str| {
        line.board.get(key).cloned().unwrap_or_else(|| {
            panic!(
                "{} {}: the board does not answer '{key}'",
                line.page, seg.id
            )
        })
    };
    match q {
        Question::Chit { .. } => {
            assert!(
                !chits.is_empty(),
                "{}: a chit more than the board draws",
                seg.id
            );
            format!("{} -", chits.remove(0))
        }
        Question::Plus | Question::Item(_) | Question::Review | Question::Ends(_) => "no".into(),
        Question::OnlyIf(None) => by_key(&seg.only_if.as_ref().unwrap().key),
        Question::OnlyIf(Some(i)) => {
            let q = seg.steps[*i].only_if.as_ref().unwrap();
            by_key(&g.only_if_waiting(q).unwrap_or(q).key)
        }
        Question::Count(i) => by_key(&seg.steps[*i].count.as_ref().unwrap().key),
    }
}

/// Walk the segment the game stands on: answer, roll what is open, until nothing is; the
/// charts rolled.
fn walk(g: &mut Game, line: &Line) -> Vec<String> {
    let mut chits = line.chits.clone();
    let mut made = Vec::new();
    for _ in 0..100 {
        if let Some((q, _)) = g.question() {
            let text = answer(g, &q, line, &mut chits);
            g.apply(Action::Answer(text)).unwrap();
            continue;
        }
        let Some(chart) = g.open_items().iter().find_map(wanted) else {
            break;
        };
        // With a step's roll held open, the chart `r` offers first (and the Roll line marks
        // "(r)") is one held open: not an optional step above it (Consequences' Rogue State 4
        // check before the recruiting the board's Rogue State calls for).
        let open = g.open_items();
        let step_held = g
            .steps()
            .iter()
            .filter_map(|s| s.chart.as_deref())
            .any(|c| open.iter().any(|o| o.wants(c)));
        if step_held {
            let offered = g.next_step_chart().unwrap_or_default();
            assert!(
                open.iter().any(|o| o.wants(&offered)),
                "{} {}: r offers {offered}, not a roll held open: {open:?}",
                line.page,
                line.segment
            );
        }
        let c = g.book.entry(&chart).unwrap().chart().unwrap();
        let prepared = g.prepare(&c).unwrap();
        let natural = line.dice.get(&chart).copied().unwrap_or(5);
        let mut dicer = Dicer::new(Some(1), vec![natural; 20], false);
        let mut board = Board(&line.board);
        let mut roller = Roller {
            charts: g.book,
            dicer: &mut dicer,
            prompter: &mut board,
            opts: Options::default(),
            values: prepared.values,
            defaults: prepared.defaults,
            fresh: Vec::new(),
            rolls: 0,
        };
        let o = roller.resolve(&c).unwrap();
        charts_of(&o, &mut made);
        g.apply(Action::Rolled {
            outcome: Box::new(o),
            reroll: false,
        })
        .unwrap();
    }
    assert!(
        chits.is_empty(),
        "{}: chits not drawn: {chits:?}",
        line.segment
    );
    made
}

#[test]
fn every_segment_of_turns_1_2_and_4_holds_the_rolls_the_flipbook_requires() {
    let book = Book::load("mr-president", None).unwrap();
    let seq = book.sequence().unwrap();
    let mark = start(&seq, &book.id);
    let mut g = Game::new(&book, seq, mark).unwrap();
    let lines = fixture();
    let mut checked = 0;
    for turn in [1, 2, 4] {
        if g.mark.turn != turn {
            g.apply(Action::Goto {
                segment: "begin-turn".into(),
                turn: Some(turn),
                phase: Some("special".into()),
            })
            .unwrap();
        }
        let of_turn: Vec<&Line> = lines.iter().filter(|l| l.turns.contains(&turn)).collect();
        for (n, line) in of_turn.iter().enumerate() {
            let here = (g.mark.turn, g.mark.phase.clone(), g.mark.segment.clone());
            assert_eq!(
                here,
                (turn, line.phase.clone(), line.segment.clone()),
                "turn {turn}: the walk is not where the flipbook is ({})",
                line.page
            );
            let rolled = walk(&mut g, line);
            assert_eq!(
                rolled, line.rolls,
                "turn {turn}, phase {}, {} ({}): the rolls held against the flipbook's",
                line.phase, line.segment, line.page
            );
            checked += 1;
            // Nothing is left open: the walk moves on by itself.
            let events = g.apply(Action::Next { force: false }).unwrap();
            assert!(
                !events.iter().any(|e| matches!(e, Event::Open(_))),
                "turn {turn}, {}: left open {events:?}",
                line.segment
            );
            if n + 1 == of_turn.len() {
                // The end of turns 1 and 2 begins the next; re-elected at turn 4, turn 5.
                assert_eq!(g.mark.turn, turn + 1, "{events:?}");
                assert_eq!(g.mark.segment, "begin-turn");
                assert!(g.mark.over.is_none(), "the game goes on: {:?}", g.mark.over);
            }
        }
    }
    assert!(checked > 150, "{checked} segments checked");
}
