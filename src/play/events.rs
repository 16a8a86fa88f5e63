//! What the player does to the engine (actions) and what happens (events). The events are typed:
//! no English and no key or command in them; `view::events` words them, with what each front
//! end says its own way (a key, a command) from that front end.

use super::state::LogEntry;
pub(crate) use super::state::Undid;
use crate::rules::Outcome;

/// How the reason of `Event::Over` begins when a result, not the last turn, ended the game.
pub(crate) const RESULT_ENDED: &str = "The game is over: ";

/// The chances of a re-roll against the roll it replaces, in percent: better, the same, worse.
/// Where the chart's rows are printed elsewhere only the totals compare: `totals` says which
/// way is the better one on that chart (the rows tell whether a result changes).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RerollChances {
    pub(crate) better: f64,
    pub(crate) same: f64,
    pub(crate) worse: f64,
    /// Only totals compare (rows printed elsewhere): is a lower total the better one?
    pub(crate) totals: Option<bool>,
}

/// What the player does.
#[derive(Debug, Clone)]
pub(crate) enum Action {
    /// The next segment; with open items only when `force`.
    Next { force: bool },
    /// The segment before, as it was left.
    Back,
    Goto {
        segment: String,
        turn: Option<u32>,
        phase: Option<String>,
    },
    /// The answer to the question waiting (a chit, a (+), a loop item), as typed.
    Answer(String),
    /// A loop's items answered at once: these are skipped, the others are rolled.
    Pick(Vec<usize>),
    /// Put the question waiting aside: it stays open, it is not asked by itself.
    Aside,
    /// A roll the front end made (with the values the game gave it).
    Rolled { outcome: Box<Outcome>, reroll: bool },
    /// Take back the last roll, draw or answer of the game, wherever it was made: the walk goes
    /// back to its segment.
    Undo,
    /// Go on after the game is over.
    PlayOn,
}

/// What happened.
#[derive(Debug, Clone)]
pub(crate) enum Event {
    /// A segment was entered: show it.
    Entered,
    TurnBegins(u32),
    /// The walk went back as far as it goes: the first segment of the game.
    AtStart,
    /// A roll was made.
    Rolled(Box<Outcome>),
    /// A roll was made after the game was over (a script's): logged all the same.
    RolledAfterOver,
    /// The roll just made may be rolled again once, under the book's rule: its word ("push"),
    /// its cost, and the chances of better, the same and worse when the chart ranks its results.
    RerollOffered {
        label: String,
        cost: Option<String>,
        chances: Option<RerollChances>,
    },
    /// A result calls for one more chit (the book's word for it).
    DrawMore(String),
    /// A chit was drawn: its name, its text, the chart it rolls.
    ChitDrawn {
        name: String,
        text: String,
        chart: Option<String>,
    },
    /// The chit drawn was the last the segment draws, (+) or not.
    LastChit,
    /// The last chit had a (+) (another is drawn), or had none (the draw is over).
    Plus(bool),
    /// The chit drawn had a (+): another is drawn once its chart is rolled.
    PlusOnceRolled,
    /// A loop's item is to be rolled: what it does (the item named), the chart.
    ItemOpened {
        text: String,
        chart: String,
    },
    /// A loop's item is skipped.
    ItemSkipped(String),
    /// The answers kept for another segment's loop items: all kept, or these asked again.
    Reviewed {
        noun: String,
        again: Vec<String>,
    },
    /// The board said whether a segment (its title) is played this turn.
    SegmentPlayed {
        title: String,
        played: bool,
    },
    /// The board said whether a step is played this turn.
    StepPlayed(bool),
    /// The board said how many rolls a step is made by here.
    Counted(usize),
    /// A term ended and the next begins (the book's words for it): the game goes on.
    TermOver(String),
    /// The board said the game does not end here.
    GoesOn,
    /// The question waiting was put aside.
    PutAside,
    /// A line for the game log.
    Log(Box<LogEntry>),
    /// A step was taken back: the log lines it wrote, and what it was; for a roll the tool's
    /// dice made, its dice (the next roll on its chart uses them again).
    Undone {
        logged: usize,
        what: Undid,
        dice: Vec<i64>,
        /// The extra DRMs (`x`) the roll taken back was made with: the next roll takes them.
        extra: Vec<i64>,
        /// The ids the undo line names: the entries the step wrote, then the step's own.
        ids: Vec<String>,
    },
    /// Nothing is left to take back.
    NothingToUndo,
    /// Not left: these items are open (`Next { force: true }` leaves anyway).
    Open(Vec<OpenItem>),
    /// Left with these items open (`Next { force: true }`).
    LeftOpen(Vec<OpenItem>),
    /// The game is over, and why; whether the book has turns left to play on.
    Over {
        why: String,
        play_on: bool,
    },
    /// The game ends once the finale (its title) this turn still plays is scored.
    EndsAfter {
        why: String,
        finale: String,
    },
    /// Playing on past the end of the game.
    PlayingOn,
    /// `play on` while the game goes on.
    NotOver,
    /// `play on` at the last turn the book has (its number): only a new game goes on.
    LastTurn(u32),
    /// The profile has new answers: keep it.
    ProfileChanged,
}

/// What a segment still waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OpenItem {
    /// A question, as it is asked.
    Question(String),
    /// A drawn chit's chart to roll (the chit's place, from 1).
    ChitRoll { chart: String, chit: usize },
    /// A required step's roll: its chart, or one of these.
    Roll(Vec<String>),
    /// A required step of several rolls (`times`): its charts, the rolls made and to make.
    Rolls {
        names: Vec<String>,
        made: usize,
        of: usize,
    },
    /// A roll the last result named.
    Due(String),
    /// A loop's item to roll: the loop's noun and the item's name, its chart.
    Item {
        noun: String,
        name: String,
        chart: String,
    },
}

impl OpenItem {
    /// Whether a roll on `chart` is what this item waits for.
    pub(crate) fn wants(&self, chart: &str) -> bool {
        match self {
            OpenItem::ChitRoll { chart: c, .. }
            | OpenItem::Due(c)
            | OpenItem::Item { chart: c, .. } => c == chart,
            OpenItem::Roll(names) | OpenItem::Rolls { names, .. } => {
                names.iter().any(|c| c == chart)
            }
            OpenItem::Question(_) => false,
        }
    }
}
