//! The story built up one line of the log at a time: only what the story shows is kept (a
//! repeated text once), never the entries themselves; and of that, a bounded amount whatever
//! the log's length: the turns told keep at most [`MAX_TOLD`] entries (the latest turns; the
//! earlier ones counted as not told), a series at most [`MAX_POINTS`] values (past them, each
//! stretch of turns by its last value: thinned as it is read), at most [`MAX_KEYS`] keys.

use super::cache::BookCache;
use super::dice::DiceTally;
use super::{End, Given, Line, Point, Reading, RollLine, Series, Story, Sym, TurnStory};
use crate::rules::Value;
use flipbook_charts::Dice;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

/// The most entries (rolls, chits, values given) the turns told keep: past them the earliest
/// turns are left out, counted (`Story::untold`).
pub(super) const MAX_TOLD: usize = 20_000;
/// The most values a series keeps (twice what a panel of the SVG draws): past them, each
/// stretch of turns keeps its last value, the stretch doubled as often as needed.
pub(super) const MAX_POINTS: usize = 1_200;
/// The most keys of inputs followed for the series (a book has a few dozen).
pub(super) const MAX_KEYS: usize = 400;

/// A number's values by turn, thinned as they are read: each bucket of `width` turns keeps the
/// value given last in its latest turn. `width` is 1 (every turn exact) until more than
/// [`MAX_POINTS`] turns were seen; then it doubles, and neighbouring buckets merge.
#[derive(Debug, Default)]
pub(super) struct Thinned {
    width: u64,
    points: BTreeMap<u64, (u32, i64)>,
}

impl Thinned {
    pub(super) fn insert(&mut self, turn: u32, value: i64) {
        self.width = self.width.max(1);
        let at = self
            .points
            .entry(u64::from(turn) / self.width)
            .or_insert((turn, value));
        if at.0 <= turn {
            *at = (turn, value);
        }
        while self.points.len() > MAX_POINTS {
            self.width *= 2;
            let old = std::mem::take(&mut self.points);
            for (_, (t, v)) in old {
                let at = self
                    .points
                    .entry(u64::from(t) / self.width)
                    .or_insert((t, v));
                if at.0 <= t {
                    *at = (t, v);
                }
            }
        }
    }

    pub(super) fn len(&self) -> usize {
        self.points.len()
    }

    /// The turns kept and their values, in turn order.
    #[cfg(test)]
    pub(super) fn points(&self) -> Vec<(u32, i64)> {
        self.points.values().copied().collect()
    }
}

pub(super) struct Fold<'r, 'b> {
    reading: &'r Reading<'b>,
    /// The ids an appended undo record takes back.
    taken_back: HashSet<String>,
    book: BookCache<'b>,
    syms: HashSet<Rc<str>>,
    turns: BTreeMap<u32, TurnStory>,
    /// The numbers given, in the order first asked (the first chart, key, kind, label), and
    /// their value in each turn, by key and kind.
    /// Each series in the order first given: (chart, key, kind, label, side).
    order: Vec<(String, String, String, String, Option<String>)>,
    values: HashMap<(String, String), Thinned>,
    /// The kinds each key was given as: a key declared two ways is two values, each labelled
    /// with its chart's title.
    kinds_of: HashMap<String, HashSet<String>>,
    tallies: Vec<DiceTally>,
    last_turn: Option<u32>,
    unreadable: usize,
    undone: usize,
    /// The entries the turns told keep now, and those left out (past [`MAX_TOLD`]), and the
    /// turns left out whole.
    told: usize,
    untold: usize,
    untold_turns: usize,
}

impl<'r, 'b> Fold<'r, 'b> {
    pub(super) fn new(reading: &'r Reading<'b>, taken_back: HashSet<String>) -> Fold<'r, 'b> {
        Fold {
            reading,
            taken_back,
            book: BookCache::new(reading.book),
            syms: HashSet::new(),
            turns: BTreeMap::new(),
            order: Vec::new(),
            values: HashMap::new(),
            kinds_of: HashMap::new(),
            tallies: Vec::new(),
            last_turn: None,
            unreadable: 0,
            undone: 0,
            told: 0,
            untold: 0,
            untold_turns: 0,
        }
    }

    /// One line of the log: an entry is folded in, an undo record (read before) passed over,
    /// a line that cannot be read counted.
    pub(super) fn line(&mut self, line: &[u8]) {
        if line.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        let Ok(l) = serde_json::from_slice::<Line>(line) else {
            self.unreadable += 1;
            return;
        };
        if l.is_undo_record() || l.is_journal() {
            return;
        }
        let Some(turn) = l.turn else {
            self.unreadable += 1;
            return;
        };
        if l.undone
            || l.id
                .as_deref()
                .is_some_and(|id| self.taken_back.contains(id))
        {
            self.undone += 1;
            return;
        }
        self.last_turn = self.last_turn.max(Some(turn));
        if let Some(chart) = &l.chart {
            self.series(chart, turn, &l);
        }
        if self.reading.turn.is_some_and(|t| t != turn) {
            return;
        }
        if let Some(chit) = &l.chit
            && self.room(turn, 1)
        {
            let chit = self.sym(chit);
            self.turn(turn).chits.push(chit);
        }
        if let Some(chart) = &l.chart {
            if !l.rolled_again {
                self.told(chart, turn, &l);
            }
            if let Some(dice) = self.book.dice(chart) {
                // One roll, or an opposed roll's two: each side's die counts.
                let sides = l.sides.iter().map(|s| s.natural);
                for natural in l.natural.into_iter().chain(sides) {
                    self.tally(dice, l.hand, natural);
                }
            }
        }
    }

    pub(super) fn finish(mut self, game: u32, over: Option<String>, too_long: usize) -> Story {
        let mut values = std::mem::take(&mut self.values);
        let order = std::mem::take(&mut self.order);
        let series = order
            .into_iter()
            .filter_map(|(chart, key, kind, label, side)| {
                let scoped = side_key(&key, side.as_deref());
                let by_turn = values.remove(&(scoped, kind))?;
                (by_turn.len() >= 2).then(|| Series {
                    label: match &side {
                        Some(s) => format!("{} ({s})", self.qualified(&chart, &key, label)),
                        None => self.qualified(&chart, &key, label),
                    },
                    chart,
                    key,
                    side,
                    stretch: by_turn.width.max(1),
                    points: by_turn
                        .points
                        .into_values()
                        .map(|(turn, value)| Point { turn, value })
                        .collect(),
                })
            })
            .collect();
        let mut turns = std::mem::take(&mut self.turns);
        for g in turns.values_mut().flat_map(|t| t.values.iter_mut()) {
            let label = self.qualified(&g.chart, &g.key, std::mem::take(&mut g.label));
            g.label = match &g.side {
                Some(s) => format!("{label} ({s})"),
                None => label,
            };
        }
        Story {
            book: self.reading.book.id.clone(),
            title: self.reading.book.title.clone(),
            game,
            turn: self.reading.turn,
            turns: turns.into_values().collect(),
            series,
            dice: self.tallies.iter().map(DiceTally::report).collect(),
            end: End {
                turn: self.last_turn,
                over,
                played_past: Vec::new(),
            },
            unreadable: self.unreadable + too_long,
            undone: self.undone,
            untold: self.untold,
            untold_turns: self.untold_turns,
        }
    }

    /// What the fold holds now, counted in the things it keeps (entries told, values of the
    /// series, texts, keys, cached answers): bounded whatever the log's length.
    #[cfg(test)]
    pub(super) fn retained(&self) -> usize {
        self.told
            + self.turns.len()
            + self.values.values().map(Thinned::len).sum::<usize>()
            + self.order.len()
            + self.kinds_of.values().map(HashSet::len).sum::<usize>()
            + self.syms.len()
            + self.tallies.len()
            + self.book.len()
    }

    /// Whether `n` more entries of `turn` are told: the earliest turns told are left out to
    /// make room; an entry of a turn before every turn kept, when full, is left out itself.
    fn room(&mut self, turn: u32, n: usize) -> bool {
        while self.told + n > MAX_TOLD {
            match self.turns.first_key_value() {
                Some((&first, _)) if first < turn => {
                    let Some((_, gone)) = self.turns.pop_first() else {
                        break;
                    };
                    let entries = gone.rolls.len()
                        + gone.chits.len()
                        + gone.values.iter().map(|g| g.values.len()).sum::<usize>();
                    self.told -= entries;
                    self.untold += entries;
                    self.untold_turns += 1;
                    drop(gone);
                    // The texts only the turns left out held.
                    if self.syms.len() > 4 * MAX_TOLD {
                        self.syms.retain(|s| Rc::strong_count(s) > 1);
                    }
                }
                _ => {
                    self.untold += n;
                    return false;
                }
            }
        }
        self.told += n;
        true
    }

    /// An input's label, with its chart's title when another chart declares an input of that
    /// key another way ("CUs (Siege)"): those are two values that share a key.
    fn qualified(&mut self, chart: &str, key: &str, label: String) -> String {
        if self.kinds_of.get(key).is_some_and(|c| c.len() > 1) {
            format!("{label} ({})", self.book.title(chart))
        } else {
            label
        }
    }

    fn asked<'l>(&self, l: &'l Line) -> Vec<(&'l str, &'l Value)> {
        let skip = self.reading.knows_turn;
        l.inputs
            .iter()
            .map(|(k, v)| (k.as_ref(), v))
            .filter(|(k, _)| Some(*k) != skip)
            .collect()
    }

    /// The numbers of a roll, each by its last value in the turn (the whole game's), by key
    /// and kind: the inputs of one key in several charts are one value of the board when they
    /// are declared alike (kind and bounds), two when not.
    fn series(&mut self, chart: &str, turn: u32, l: &Line) {
        // One series a side where the turn is played by sides: Morale 7 → 6 is one side's.
        let side = side_of(l);
        for (key, value) in self.asked(l) {
            if self.kinds_of.len() >= MAX_KEYS && !self.kinds_of.contains_key(key) {
                continue;
            }
            let kind = self.book.kind(chart, key);
            let kinds = self.kinds_of.entry(key.to_string()).or_default();
            if !kinds.contains(&kind) {
                kinds.insert(kind.clone());
            }
            let Value::Num(n) = value else { continue };
            let at = (side_key(key, side.as_deref()), kind);
            if !self.values.contains_key(&at) {
                let label = self.book.label(chart, key);
                self.order.push((
                    chart.to_string(),
                    key.to_string(),
                    at.1.clone(),
                    label,
                    side.clone(),
                ));
            }
            self.values.entry(at).or_default().insert(turn, *n);
        }
    }

    /// A roll in its turn's story, and the values it was given.
    fn told(&mut self, chart: &str, turn: u32, l: &Line) {
        let asked = self.asked(l);
        if !self.room(turn, 1 + asked.len()) {
            return;
        }
        let given: Vec<(String, String, String, Value, String)> = asked
            .into_iter()
            .map(|(k, v)| {
                let kind = self.book.kind(chart, k);
                let shown = self.book.shown(chart, k, v);
                (
                    k.to_string(),
                    kind,
                    self.book.label(chart, k),
                    v.clone(),
                    shown,
                )
            })
            .collect();
        let chart_id = chart.to_string();
        let title = self.book.title(chart);
        let roll = RollLine {
            chart: self.sym(chart),
            title: self.sym(&title),
            natural: l.natural,
            total: l.total,
            row: l.row.as_deref().map(|r| self.sym(r)),
            result: l.result.as_deref().map(|r| self.sym(r)),
            hand: l.hand,
            reroll: l.reroll,
            outside: l.outside,
            sides: l
                .sides
                .iter()
                .map(|s| super::SideRolled {
                    name: self.sym(&s.name),
                    natural: s.natural,
                })
                .collect(),
        };
        let t = self.turn(turn);
        let mut kept_once = 0;
        let side = side_of(l);
        for (key, kind, label, value, shown) in given {
            match t
                .values
                .iter_mut()
                .find(|g| g.key == key && g.kind == kind && g.side == side)
            {
                Some(g) if g.values.last() == Some(&value) => kept_once += 1,
                Some(g) => {
                    g.values.push(value);
                    g.shown.push(shown);
                }
                None => t.values.push(Given {
                    chart: chart_id.clone(),
                    kind,
                    key,
                    side: side.clone(),
                    label,
                    values: vec![value],
                    shown: vec![shown],
                }),
            }
        }
        t.rolls.push(roll);
        // A value repeated at once is kept once: not an entry.
        self.told -= kept_once;
    }

    fn turn(&mut self, turn: u32) -> &mut TurnStory {
        self.turns.entry(turn).or_insert_with(|| TurnStory {
            turn,
            values: Vec::new(),
            rolls: Vec::new(),
            chits: Vec::new(),
        })
    }

    fn tally(&mut self, dice: Dice, hand: bool, natural: i64) {
        let i = self
            .tallies
            .iter()
            .position(|t| t.dice == dice && t.hand == hand)
            .unwrap_or_else(|| {
                self.tallies.push(DiceTally::new(dice, hand));
                self.tallies.len() - 1
            });
        self.tallies[i].add(natural);
    }

    /// A text kept once, however often the log repeats it.
    fn sym(&mut self, text: &str) -> Sym {
        if let Some(s) = self.syms.get(text) {
            return Sym(Rc::clone(s));
        }
        let s: Rc<str> = Rc::from(text);
        self.syms.insert(Rc::clone(&s));
        Sym(s)
    }
}

/// A series' key with its side, where it has one (`morale@Axis`).
fn side_key(key: &str, side: Option<&str>) -> String {
    match side {
        Some(s) => format!("{key}{}{s}", flipbook_charts::SIDE_MARK),
        None => key.to_string(),
    }
}

/// The side a line of the log was given by, where the turn is played by sides.
fn side_of(l: &Line) -> Option<String> {
    l.phase
        .as_deref()
        .and_then(flipbook_charts::side_of)
        .map(str::to_string)
}
