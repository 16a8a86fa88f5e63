//! A game's story, from its log in one streaming pass: per turn the values the player gave, the
//! rolls and the chits; the numbers asked in two turns or more as series to plot; what the dice
//! did. Pure but for the reading of the log; nothing in it names a game.

pub(crate) mod dice;
pub(crate) mod html;
mod read;
pub(crate) mod stats;
pub(crate) mod svg;

use crate::library::Book;
use crate::play::LogEntry;
use crate::rules::Value;
use dice::{DiceTally, DieReport};
use flipbook_charts::{Dice, Die};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

/// The story of a game.
#[derive(Debug, Serialize)]
pub(crate) struct Story {
    pub(crate) book: String,
    #[serde(skip)]
    pub(crate) title: String,
    /// The game's number (`flipbook games`).
    pub(crate) game: u32,
    /// Only this turn's story and dice (`--turn`); the plots are always the whole game's.
    pub(crate) turn: Option<u32>,
    pub(crate) turns: Vec<TurnStory>,
    /// Every number asked in two turns or more: its value in each turn (the last one given).
    pub(crate) series: Vec<Series>,
    /// What the dice did, per die and per source (the tool's dice, or dice typed in).
    pub(crate) dice: Vec<DieReport>,
    pub(crate) end: End,
    /// Lines of the log that could not be read (cut short by a crash, or too long).
    pub(crate) unreadable: usize,
    /// Entries taken back with undo, left out.
    pub(crate) undone: usize,
}

/// How the game stands at the end of its log.
#[derive(Debug, Default, Serialize)]
pub(crate) struct End {
    /// The last turn the log reaches.
    pub(crate) turn: Option<u32>,
    /// Why the game is over, once it is (the bookmark says).
    pub(crate) over: Option<String>,
}

#[derive(Debug, Serialize)]
pub(crate) struct TurnStory {
    pub(crate) turn: u32,
    /// The values the player gave, each input once, in the order first asked.
    pub(crate) values: Vec<Given>,
    pub(crate) rolls: Vec<RollLine>,
    pub(crate) chits: Vec<String>,
}

/// An input and the values given in a turn (an answer repeated at once is kept once).
#[derive(Debug, Serialize)]
pub(crate) struct Given {
    pub(crate) key: String,
    pub(crate) label: String,
    pub(crate) values: Vec<Value>,
}

#[derive(Debug, Serialize)]
pub(crate) struct RollLine {
    pub(crate) chart: String,
    pub(crate) natural: Option<i64>,
    pub(crate) total: Option<i64>,
    pub(crate) row: Option<String>,
    pub(crate) result: Option<String>,
    /// The dice were typed in, not rolled by flipbook.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) hand: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) reroll: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) outside: bool,
}

/// A number's value turn by turn.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Series {
    pub(crate) key: String,
    pub(crate) label: String,
    pub(crate) points: Vec<Point>,
}

#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub(crate) struct Point {
    pub(crate) turn: u32,
    pub(crate) value: i64,
}

/// What the log reader takes from a line besides the entry: ids, and an appended undo record
/// naming the entries it takes back.
#[derive(Deserialize, Default)]
struct Marks {
    #[serde(default)]
    id: Option<u64>,
    #[serde(default, alias = "undoes")]
    undo: Vec<u64>,
}

/// What the story needs of one entry.
struct Fact {
    id: Option<u64>,
    entry: LogEntry,
}

/// What a story is read with: the book (labels, dice), the input the walker fills with the turn
/// (never asked, never plotted), the turn to tell.
pub(crate) struct Reading<'a> {
    pub(crate) book: &'a Book,
    pub(crate) knows_turn: Option<&'a str>,
    pub(crate) turn: Option<u32>,
}

impl Reading<'_> {
    /// Read the log at `log` and tell its story (`game` numbers it; `over` is why it ended).
    pub(crate) fn story(
        &self,
        log: &Path,
        game: u32,
        over: Option<String>,
    ) -> crate::error::Result<Story> {
        let mut facts: Vec<Fact> = Vec::new();
        let mut taken_back: HashSet<u64> = HashSet::new();
        let mut unreadable = 0;
        let mut undone = 0;
        let too_long = read::lines(log, |line| {
            if line.iter().all(u8::is_ascii_whitespace) {
                return;
            }
            let marks = (contains(line, b"\"undo") || contains(line, b"\"id\""))
                .then(|| serde_json::from_slice::<Marks>(line).ok())
                .flatten()
                .unwrap_or_default();
            if !marks.undo.is_empty() && !contains(line, b"\"segment\"") {
                taken_back.extend(marks.undo);
                return;
            }
            match serde_json::from_slice::<LogEntry>(line) {
                Ok(e) if e.undone => undone += 1,
                Ok(entry) => facts.push(Fact {
                    id: marks.id,
                    entry,
                }),
                Err(_) => unreadable += 1,
            }
        })?;
        if !taken_back.is_empty() {
            let before = facts.len();
            facts.retain(|f| f.id.is_none_or(|id| !taken_back.contains(&id)));
            undone += before - facts.len();
        }
        let mut book = BookCache::new(self.book);
        let end = End {
            turn: facts.iter().map(|f| f.entry.turn).max(),
            over,
        };
        let series = self.series(&facts, &mut book);
        let told: Vec<&LogEntry> = facts
            .iter()
            .map(|f| &f.entry)
            .filter(|e| self.turn.is_none_or(|t| e.turn == t))
            .collect();
        Ok(Story {
            book: self.book.id.clone(),
            title: self.book.title.clone(),
            game,
            turn: self.turn,
            turns: self.turns(&told, &mut book),
            series,
            dice: dice_of(&told, &mut book),
            end,
            unreadable: unreadable + too_long,
            undone,
        })
    }

    fn asked<'e>(&self, e: &'e LogEntry) -> impl Iterator<Item = (&'e String, &'e Value)> {
        let skip = self.knows_turn;
        e.inputs
            .iter()
            .filter(move |(k, _)| Some(k.as_str()) != skip)
    }

    fn turns(&self, entries: &[&LogEntry], book: &mut BookCache) -> Vec<TurnStory> {
        let mut turns: BTreeMap<u32, TurnStory> = BTreeMap::new();
        for e in entries {
            let t = turns.entry(e.turn).or_insert_with(|| TurnStory {
                turn: e.turn,
                values: Vec::new(),
                rolls: Vec::new(),
                chits: Vec::new(),
            });
            if let Some(c) = &e.chit {
                t.chits.push(c.clone());
            }
            let Some(chart) = &e.chart else { continue };
            for (key, value) in self.asked(e) {
                match t.values.iter_mut().find(|g| &g.key == key) {
                    Some(g) if g.values.last() == Some(value) => {}
                    Some(g) => g.values.push(value.clone()),
                    None => t.values.push(Given {
                        key: key.clone(),
                        label: book.label(chart, key),
                        values: vec![value.clone()],
                    }),
                }
            }
            t.rolls.push(RollLine {
                chart: chart.clone(),
                natural: e.natural,
                total: e.total,
                row: e.row.clone(),
                result: e.result.clone(),
                hand: e.hand,
                reroll: e.reroll,
                outside: e.outside,
            });
        }
        turns.into_values().collect()
    }

    /// Every number given in two turns or more, by its last value in each turn, in the order
    /// first asked.
    fn series(&self, facts: &[Fact], book: &mut BookCache) -> Vec<Series> {
        let mut order: Vec<(String, String)> = Vec::new();
        let mut values: HashMap<String, BTreeMap<u32, i64>> = HashMap::new();
        for e in facts.iter().map(|f| &f.entry) {
            let Some(chart) = &e.chart else { continue };
            for (key, value) in self.asked(e) {
                let Value::Num(n) = value else { continue };
                let by_turn = values.entry(key.clone()).or_insert_with(|| {
                    order.push((key.clone(), book.label(chart, key)));
                    BTreeMap::new()
                });
                by_turn.insert(e.turn, *n);
            }
        }
        order
            .into_iter()
            .filter_map(|(key, label)| {
                let by_turn = values.remove(&key)?;
                (by_turn.len() >= 2).then(|| Series {
                    key,
                    label,
                    points: by_turn
                        .into_iter()
                        .map(|(turn, value)| Point { turn, value })
                        .collect(),
                })
            })
            .collect()
    }
}

/// The tallies of every die rolled, by die and source, in the order first rolled.
fn dice_of(entries: &[&LogEntry], book: &mut BookCache) -> Vec<DieReport> {
    let mut tallies: Vec<DiceTally> = Vec::new();
    for e in entries {
        let (Some(chart), Some(natural)) = (&e.chart, e.natural) else {
            continue;
        };
        let Some(dice) = book.dice(chart) else {
            continue;
        };
        let i = tallies
            .iter()
            .position(|t| t.dice == dice && t.hand == e.hand)
            .unwrap_or_else(|| {
                tallies.push(DiceTally::new(dice, e.hand));
                tallies.len() - 1
            });
        tallies[i].add(natural);
    }
    tallies.iter().map(DiceTally::report).collect()
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// What the story asks of the book, each chart parsed once.
struct BookCache<'a> {
    book: &'a Book,
    labels: HashMap<String, String>,
    charts: HashMap<String, Option<flipbook_charts::Chart>>,
    dice: HashMap<String, Option<Dice>>,
}

impl<'a> BookCache<'a> {
    fn new(book: &'a Book) -> BookCache<'a> {
        BookCache {
            book,
            labels: HashMap::new(),
            charts: HashMap::new(),
            dice: HashMap::new(),
        }
    }

    /// An input as the player knows it: its label, or its question; the key when the book no
    /// longer has it.
    fn label(&mut self, chart: &str, key: &str) -> String {
        if let Some(l) = self.labels.get(key) {
            return l.clone();
        }
        let book = self.book;
        let parsed = self
            .charts
            .entry(chart.to_string())
            .or_insert_with(|| book.find(chart).and_then(|e| e.chart().ok()));
        let label = parsed
            .as_ref()
            .and_then(|c| c.inputs.iter().find(|i| i.key == key))
            .map_or_else(
                || key.to_string(),
                |i| {
                    i.label
                        .clone()
                        .unwrap_or_else(|| i.ask.trim_end_matches('?').to_string())
                },
            );
        self.labels.insert(key.to_string(), label.clone());
        label
    }

    /// The dice a chart rolls (plain dice are their own chart: `d10`); `None` for a table.
    fn dice(&mut self, chart: &str) -> Option<Dice> {
        let book = self.book;
        *self.dice.entry(chart.to_string()).or_insert_with(|| {
            match book.find(chart).map(|e| e.die) {
                Some(Die::Dice(d)) => Some(d),
                Some(_) => None,
                None => Dice::parse(chart),
            }
        })
    }
}

#[cfg(test)]
mod tests;
