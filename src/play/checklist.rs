//! A segment's checklist: its steps and charts, each chit drawn and its chart, the (+) after a
//! chit is resolved, a loop's items; what is done, what is open, the question waiting; and what
//! a roll or an answer changes.

use super::events::{Event, OpenItem};
use super::game::Game;
use super::state::{Drawn, LogEntry, Memo, Rolled};
use crate::error::{Error, Result};
use crate::rules::Outcome;
use flipbook_charts::{Chit, Draw, Repeat, Step, turn_applies};

/// A question the segment waits on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Question {
    /// Which chit was drawn (the n-th of at most `max`).
    Chit { n: u32, max: u32 },
    /// Whether the last chit had a (+).
    Plus,
    /// A loop's item, by its place.
    Item(usize),
    /// Whether any answer kept for another segment's loop items changed (`review`).
    Review,
    /// Whether the board plays the segment (`None`) or its step `i` (`only_if`).
    OnlyIf(Option<usize>),
    /// Whether the game ends here (step `i`'s `game_over`).
    Ends(usize),
    /// How many rolls step `i` is made by (its `count`).
    Count(usize),
}

/// One line of the checklist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Item {
    pub(crate) done: bool,
    pub(crate) text: String,
}

impl Game<'_> {
    pub(crate) fn step_applies(&self, st: &Step) -> bool {
        turn_applies(&st.turns, &st.not_turns, self.mark.turn)
            && (st.phases.is_empty()
                || st
                    .phases
                    .iter()
                    .any(|p| p == flipbook_charts::phase_of(&self.mark.phase)))
            && self.board_keeps(st)
    }

    /// The steps this turn and phase play.
    pub(crate) fn steps(&self) -> Vec<&Step> {
        self.segment()
            .steps
            .iter()
            .filter(|s| self.step_applies(s))
            .collect()
    }

    pub(crate) fn draw(&self) -> Option<Draw> {
        self.segment().draw.or(self
            .mark
            .state
            .extra_draw
            .map(|(max, plus)| Draw { max, plus }))
    }

    fn chit(&self, id: &str) -> Option<&Chit> {
        self.seq.chits.iter().find(|c| c.id == id)
    }

    fn repeat(&self) -> Option<&Repeat> {
        self.segment().repeat.as_ref()
    }

    /// The chit drawn at `i` still waits for its chart to be rolled.
    pub(super) fn chit_unrolled(&self, i: usize) -> Option<String> {
        let d = self.mark.state.chits.get(i)?;
        let chart = self.chit(&d.chit)?.chart.clone()?;
        let rolled = self.mark.state.rolled.iter().any(|r| r.chit == Some(i));
        (!rolled).then_some(chart)
    }

    /// The chit drawn at `i` is resolved: its chart rolled, and no roll a result made due (a
    /// row's `next`) still owed.
    fn chit_resolved(&self, i: usize) -> bool {
        self.chit_unrolled(i).is_none() && self.mark.state.due.is_empty()
    }

    /// What a step recalling an earlier roll of the turn says (its row's text, or the text for
    /// a roll not made).
    pub(crate) fn recalled<'s>(&'s self, st: &'s Step) -> Option<&'s str> {
        let r = st.recall.as_ref()?;
        let remembered =
            super::nav::lookup(&self.mark.memory, &self.mark.phase, &r.key, self.mark.turn)
                .filter(|m| m.turn == self.mark.turn)
                .and_then(|m| r.rows.get(&m.value));
        Some(remembered.unwrap_or(&r.unknown))
    }

    /// The charts the steps recalling an earlier roll name ("follow the Russia Action Chart
    /// (WPR1)").
    pub(crate) fn recalled_charts(&self) -> Vec<String> {
        self.steps()
            .into_iter()
            .filter_map(|st| self.recalled(st))
            .flat_map(|t| self.named_in(t))
            .collect()
    }

    /// The charts of the chits drawn here, in the order drawn.
    pub(crate) fn chit_charts(&self) -> Vec<String> {
        let st = &self.mark.state;
        st.chits
            .iter()
            .filter_map(|d| self.chit(&d.chit)?.chart.clone())
            .collect()
    }

    /// The charts of drawn chits not yet rolled, in the order drawn.
    pub(crate) fn unrolled_chit_charts(&self) -> Vec<String> {
        (0..self.mark.state.chits.len())
            .filter_map(|i| self.chit_unrolled(i))
            .collect()
    }

    /// The question waiting, and whether it is asked by itself (a (+) waits for its chit's
    /// roll, and a question put aside waits for the player).
    pub(crate) fn question(&self) -> Option<(Question, bool)> {
        let st = &self.mark.state;
        let auto = !st.aside;
        if self.review_waiting().is_some() {
            return Some((Question::Review, auto));
        }
        // A game over asks no more of the board (until it is played on).
        if self.mark.over.is_none()
            && let Some(q) = self.board_question()
        {
            return Some((q, auto));
        }
        if let Some(d) = self.draw() {
            let n = st.chits.len() as u32;
            match st.chits.last() {
                Some(last) if last.plus.is_none() && d.plus && n < d.max => {
                    let resolved = self.chit_resolved(st.chits.len() - 1);
                    return Some((Question::Plus, auto && resolved));
                }
                Some(last) if last.plus != Some(true) => {}
                _ if n < d.max => {
                    // The next chit is drawn once the one before is resolved: its chart
                    // rolled, and the rolls its result made due (a row's `next`) too.
                    let resolved = n == 0 || self.chit_resolved(st.chits.len() - 1);
                    return Some((
                        Question::Chit {
                            n: n + 1,
                            max: d.max,
                        },
                        auto && resolved,
                    ));
                }
                _ => {}
            }
        }
        let r = self.repeat()?;
        // The next item is asked once the one before is rolled.
        let rolled_before = self.ready_item().is_none();
        (st.items.len() < r.items.len())
            .then_some((Question::Item(st.items.len()), auto && rolled_before))
    }

    pub(crate) fn question_text(&self, q: &Question) -> String {
        match q {
            Question::Chit { n, max } => {
                let name = self.seq.chit_name.as_deref().unwrap_or("Chit");
                if *max == 1 {
                    format!("{name}: which did you draw?")
                } else {
                    format!("{name} {n} of at most {max}: which did you draw?")
                }
            }
            Question::Plus => "Did it have a (+)?".into(),
            Question::Item(i) => self
                .repeat()
                .map_or_else(String::new, |r| r.ask.replace("{item}", item_name(r, *i))),
            Question::Review => self.review_question(),
            Question::OnlyIf(_) | Question::Ends(_) | Question::Count(_) => self.board_text(q),
        }
    }

    /// The loop item waiting for its roll: the first answered, not skipped and not rolled.
    pub(crate) fn ready_item(&self) -> Option<usize> {
        let st = &self.mark.state;
        (0..st.items.len()).find(|&i| !st.items[i] && !st.rolled.iter().any(|r| r.item == Some(i)))
    }

    /// What the segment still waits for: questions, chits' charts, loop rolls.
    pub(crate) fn open_items(&self) -> Vec<OpenItem> {
        let mut open = Vec::new();
        // A segment this turn does not play (gone to by hand) holds nothing open: its rolls
        // are not due.
        if !super::nav::applies(
            &self.seq,
            &self.mark.phase,
            &self.mark.segment,
            self.mark.turn,
        ) {
            return open;
        }
        if let Some((q, _)) = self.question() {
            open.push(OpenItem::Question(self.question_text(&q)));
        }
        for i in 0..self.mark.state.chits.len() {
            if let Some(chart) = self.chit_unrolled(i) {
                open.push(OpenItem::ChitRoll { chart, chit: i + 1 });
            }
        }
        let steps = self.steps();
        for (i, st) in steps.iter().enumerate() {
            if !st.required || !self.required_now(st) {
                continue;
            }
            // A step the board's question decides is open once answered (the question is).
            if st
                .only_if
                .as_ref()
                .is_some_and(|q| self.only_if_waiting(q).is_some())
            {
                continue;
            }
            // A count the walk has not reached yet (it waits for the required steps before
            // it) is open too: leaving now would skip its rolls without a word.
            if let Some(c) = st.count.as_ref().filter(|c| c.from.is_none())
                && self.counted(st).is_none()
            {
                let ask = OpenItem::Question(c.ask.clone());
                if !open.contains(&ask) {
                    open.push(ask);
                }
                continue;
            }
            if self.step_done(&steps, i) {
                continue;
            }
            if let Some(c) = &st.chart {
                let mut names = vec![c.clone()];
                names.extend(st.or_charts.iter().cloned());
                let out = self.not_offered();
                if names.iter().any(|n| !out.contains(n)) {
                    names.retain(|n| !out.contains(n));
                }
                match self.step_rolls(&steps, i) {
                    Some((made, of)) if of > 1 => open.push(OpenItem::Rolls { names, made, of }),
                    _ => open.push(OpenItem::Roll(names)),
                }
            }
        }
        for c in &self.mark.state.due {
            open.push(OpenItem::Due(c.clone()));
        }
        if let (Some(i), Some(r)) = (self.ready_item(), self.repeat()) {
            open.push(OpenItem::Item {
                noun: r.noun().to_string(),
                name: item_name(r, i).to_string(),
                chart: r.chart.clone(),
            });
        }
        open
    }

    /// The checklist of the segment: chits and their rolls, loop items, other rolls.
    pub(crate) fn items(&self) -> Vec<Item> {
        let st = &self.mark.state;
        let mut items = Vec::new();
        for (i, d) in st.chits.iter().enumerate() {
            let name = self
                .chit(&d.chit)
                .map_or(d.chit.as_str(), |c| c.name.as_str());
            let plus = match d.plus {
                Some(true) => " (+)",
                _ => "",
            };
            let text = match (
                self.chit_unrolled(i),
                rolled_for(st.rolled.iter(), |r| r.chit == Some(i)),
            ) {
                (Some(chart), _) => {
                    let chart = title(self.book, chart.as_str());
                    format!("chit {}: {name}{plus} - roll {chart}", i + 1)
                }
                (None, Some(r)) => {
                    format!("chit {}: {name}{plus} - {}", i + 1, short(self.book, r))
                }
                (None, None) => format!("chit {}: {name}{plus}", i + 1),
            };
            items.push(Item {
                done: self.chit_unrolled(i).is_none(),
                text,
            });
        }
        if let Some(r) = self.repeat() {
            for (i, &skipped) in st.items.iter().enumerate() {
                let rolled = rolled_for(st.rolled.iter(), |x| x.item == Some(i));
                let what = match (skipped, rolled) {
                    (true, _) => "skipped".to_string(),
                    (false, Some(x)) => short(self.book, x),
                    (false, None) => format!("roll {}", title(self.book, &r.chart)),
                };
                items.push(Item {
                    done: skipped || rolled.is_some(),
                    text: format!("{} {}: {what}", r.noun(), item_name(r, i)),
                });
            }
        }
        for x in st
            .rolled
            .iter()
            .filter(|x| x.chit.is_none() && x.item.is_none())
        {
            items.push(Item {
                done: true,
                text: short(self.book, x),
            });
        }
        items
    }

    /// Take the answer to the question waiting.
    pub(crate) fn answer(&mut self, text: &str) -> Result<Vec<Event>> {
        let Some((q, _)) = self.question() else {
            return Err(Error::usage(format!(
                "nothing is asked here: '{}' is not a command of play (type help)",
                crate::text::quoted(text)
            )));
        };
        self.mark.state.aside = false;
        match q {
            Question::Chit { .. } => self.draw_chit(text),
            Question::Plus => {
                let plus = yes_no(text)?;
                if let Some(last) = self.mark.state.chits.last_mut() {
                    last.plus = Some(plus);
                }
                Ok(vec![Event::Plus(plus)])
            }
            Question::Item(i) => {
                let yes = yes_no(text)?;
                Ok(self.item_answer(i, yes))
            }
            Question::Review => self.review_answer(text),
            Question::OnlyIf(_) | Question::Ends(_) | Question::Count(_) => {
                self.board_answer(&q, text)
            }
        }
    }

    fn item_answer(&mut self, i: usize, yes: bool) -> Vec<Event> {
        let Some(r) = self.repeat().cloned() else {
            return vec![];
        };
        let skip = yes == r.skip_on;
        self.mark.state.items.push(skip);
        if skip {
            vec![skipped_event(&r, i)]
        } else {
            vec![Event::ItemOpened {
                text: r.text.replace("{item}", item_name(&r, i)),
                chart: r.chart.clone(),
            }]
        }
    }

    /// A loop's items answered at once: those picked are answered yes, the others no.
    pub(crate) fn pick(&mut self, picked: &[usize]) -> Vec<Event> {
        if matches!(self.question(), Some((Question::Review, _))) {
            return self.review_pick(picked);
        }
        let Some(r) = self.repeat().cloned() else {
            return vec![];
        };
        let mut events = Vec::new();
        let mut leading = true;
        for i in self.mark.state.items.len()..r.items.len() {
            let said = self.item_answer(i, picked.contains(&i));
            // Each item rolled says what it does as it is rolled, and the skipped after it are
            // told under its result (`record`), in the loop's order: only the skipped before
            // the first rolled are told here.
            leading &= self.mark.state.items.last() == Some(&true);
            if leading {
                events.extend(said);
            }
        }
        events
    }

    /// The items skipped right after item `i` of the loop (answered already), up to the next
    /// one to roll: told under item `i`'s result, in the loop's order.
    fn skipped_after(&self, i: usize) -> Vec<Event> {
        let Some(r) = self.repeat() else {
            return Vec::new();
        };
        let items = &self.mark.state.items;
        (i + 1..items.len())
            .take_while(|&j| items[j])
            .map(|j| skipped_event(r, j))
            .collect()
    }

    fn draw_chit(&mut self, text: &str) -> Result<Vec<Event>> {
        // "NAME (+)" or "NAME +" says the chit had a (+), "NAME -" that it had none; a bare name
        // leaves the (+) to be asked.
        let (t, said_plus) = chit_and_plus(text);
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
                Error::usage(format!(
                    "'{}' is not a chit; chits: {}",
                    crate::text::quoted(t),
                    ids.join(", ")
                ))
            })?;
        let draw = self.draw().unwrap_or(Draw {
            max: 1,
            plus: false,
        });
        let named_in_text = self.named_in(&chit.text);
        let st = &mut self.mark.state;
        // Without a (+) to ask, the chit is settled as drawn.
        let last = !draw.plus || st.chits.len() as u32 + 1 >= draw.max;
        let plus = if last { Some(false) } else { said_plus };
        st.chits.push(Drawn {
            chit: chit.id.clone(),
            plus,
        });
        // A roll still owed (a row's `next` of the chit before) comes first: it is made
        // before the new chit's.
        let mut named: Vec<String> = st.due.clone();
        named.extend(chit.chart.iter().cloned());
        named.extend(named_in_text);
        for c in st.named.drain(..) {
            if !named.contains(&c) {
                named.push(c);
            }
        }
        st.named = named;
        let mut events = vec![
            Event::ChitDrawn {
                name: chit.name.clone(),
                text: chit.text.clone(),
                chart: chit.chart.clone(),
            },
            Event::Log(Box::new(self.chit_entry(&chit.name, said_plus))),
        ];
        let n = self.mark.state.chits.len() as u32;
        if n == draw.max && draw.max > 1 {
            events.push(Event::LastChit);
        } else if let (Some(p), true) = (plus, draw.plus) {
            events.push(if p && chit.chart.is_some() {
                Event::PlusOnceRolled
            } else {
                Event::Plus(p)
            });
        }
        Ok(events)
    }

    /// The charts of the book a text names: an id or alias with a dash or a digit ("WD1",
    /// "major-crisis"), or any after "roll" ("then roll chaos").
    pub(crate) fn named_in(&self, text: &str) -> Vec<String> {
        let mut found = Vec::new();
        let mut after_roll = false;
        for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            if word.is_empty() {
                continue;
            }
            let marked = word.contains('-') || word.chars().any(|c| c.is_ascii_digit());
            if let Some(e) = self.book.find(word).filter(|_| marked || after_roll)
                && !found.iter().any(|f| *f == e.id)
            {
                found.push(e.id.to_string());
            }
            after_roll = word.eq_ignore_ascii_case("roll");
        }
        found
    }

    /// Record a roll: the checklist, the answers, rows remembered, a chit to draw, the log.
    pub(crate) fn record(&mut self, o: &Outcome, reroll: bool) -> Vec<Event> {
        let chart = o.chart.clone().unwrap_or_default();
        let mut events = vec![Event::Rolled(Box::new(o.clone()))];
        let mut entries = Vec::new();
        self.log_outcome(o, reroll, &mut entries);
        events.extend(entries.into_iter().map(|e| Event::Log(Box::new(e))));
        let st = &self.mark.state;
        let chit =
            (0..st.chits.len()).find(|&i| self.chit_unrolled(i).as_deref() == Some(chart.as_str()));
        let item = self
            .ready_item()
            .filter(|_| self.repeat().is_some_and(|r| r.chart == chart));
        let rule = self
            .book
            .find(&chart)
            .and_then(|e| e.chart().ok())
            .and_then(|c| self.book.reroll_for(&c))
            .filter(|r| {
                r.segments
                    .get(&chart)
                    .is_none_or(|only| only.contains(&self.mark.segment))
            });
        let rerollable = rule.is_some();
        let (named, due) = self.named_after(o);
        let st = &mut self.mark.state;
        st.rolled.push(Rolled {
            chart: chart.clone(),
            row: o.row.clone(),
            result: o.result.clone(),
            chit,
            item,
        });
        st.rerollable = (rerollable && !reroll).then(|| chart.clone());
        st.named = named;
        st.due = due;
        let row = o.row.clone().unwrap_or_default();
        let steps: Vec<Step> = self
            .steps()
            .into_iter()
            .filter(|s| s.chart.as_deref() == Some(chart.as_str()))
            .cloned()
            .collect();
        // A drawn chit's chart (`drawn`): kept for the turn, not offered again in its segment.
        let drawn = self
            .steps()
            .iter()
            .any(|s| s.drawn && s.or_charts.iter().chain(&s.chart).any(|c| *c == chart));
        if drawn {
            let memo = Memo {
                turn: self.mark.turn,
                value: self.mark.phase.clone(),
            };
            let key = super::steps::drawn_key(&self.mark.segment, &chart);
            self.mark.memory.insert(key, memo);
        }
        for s in steps {
            if let Some(key) = &s.remember {
                let memo = Memo {
                    turn: self.mark.turn,
                    value: row.clone(),
                };
                self.mark.memory.insert(self.scoped(key), memo);
            }
            if s.chits_on.contains(&row) {
                self.mark.state.extra_draw = Some((1, false));
                let name = self.seq.chit_name.as_deref().unwrap_or("chit");
                events.push(Event::DrawMore(name.to_string()));
            }
        }
        if let Some(i) = item {
            events.extend(self.skipped_after(i));
        }
        if let Some(rule) = rule.filter(|_| self.mark.state.rerollable.is_some()) {
            events.push(Event::RerollOffered {
                label: rule.label,
                cost: rule.cost,
                chances: super::odds::reroll_chances(self.book, o),
            });
        }
        events
    }

    fn log_outcome(&mut self, o: &Outcome, reroll: bool, entries: &mut Vec<LogEntry>) {
        let mut answers = Vec::new();
        super::answers::collect(o, &mut answers);
        for (k, v) in answers {
            let memo = Memo {
                turn: self.mark.turn,
                value: v.text(),
            };
            self.mark.answers.insert(self.scoped(&k), memo);
        }
        let at = (
            self.mark.turn,
            self.mark.phase.as_str(),
            self.mark.segment.as_str(),
        );
        LogEntry::of_outcome(o, at, reroll, entries);
        let step = self.rolled_for(o.chart.as_deref().unwrap_or_default());
        for e in entries.iter_mut().filter(|e| e.chart == o.chart) {
            e.step.clone_from(&step);
        }
    }

    /// What a roll on `chart` is made for here: a drawn chit's, a loop item's, or a step's text.
    fn rolled_for(&self, chart: &str) -> Option<String> {
        let st = &self.mark.state;
        if let Some(i) =
            (0..st.chits.len()).find(|&i| self.chit_unrolled(i).as_deref() == Some(chart))
        {
            let d = st.chits.get(i)?;
            let name = self
                .chit(&d.chit)
                .map_or(d.chit.as_str(), |c| c.name.as_str());
            return Some(format!("chit {}: {name}", i + 1));
        }
        if let (Some(i), Some(r)) = (self.ready_item(), self.repeat())
            && r.chart == chart
        {
            return Some(format!("{} {}", r.noun(), item_name(r, i)));
        }
        self.step_for(chart).and_then(|s| s.text.clone())
    }

    /// A chit's line in the log, with its (+) where the draw said it.
    fn chit_entry(&self, chit: &str, plus: Option<bool>) -> LogEntry {
        LogEntry {
            turn: self.mark.turn,
            phase: self.mark.phase.clone(),
            segment: self.mark.segment.clone(),
            chit: Some(chit.to_string()),
            plus,
            ..LogEntry::default()
        }
    }
}

/// A chit's answer and the (+) it states: "Domestic Crisis (+)" or "domestic-crisis +" had one,
/// "domestic-crisis -" had none, a bare name does not say.
pub(crate) fn chit_and_plus(text: &str) -> (&str, Option<bool>) {
    let t = text.trim();
    if let Some(name) = t.strip_suffix("(+)").or_else(|| t.strip_suffix(" +")) {
        return (name.trim_end(), Some(true));
    }
    if let Some(name) = t.strip_suffix(" -") {
        return (name.trim_end(), Some(false));
    }
    (t, None)
}

fn rolled_for<'a>(
    mut rolled: impl Iterator<Item = &'a Rolled>,
    f: impl Fn(&Rolled) -> bool,
) -> Option<&'a Rolled> {
    rolled.find(|r| f(r))
}

/// A chart by its title, the game's words (its id only where the book has no such chart).
fn title<'b>(book: &'b crate::library::Book, chart: &'b str) -> &'b str {
    book.find(chart).map_or(chart, |e| &e.title)
}

/// A roll in a few words: its chart's title, its row and the start of its result.
fn short(book: &crate::library::Book, r: &Rolled) -> String {
    let title = book.find(&r.chart).map_or(r.chart.as_str(), |e| &e.title);
    let result = r.result.as_deref().unwrap_or("");
    // A line or two of the screen: the result's beginning, the rest in the log.
    let cut: String = result.chars().take(100).collect();
    let more = if result.chars().count() > 100 {
        "…"
    } else {
        ""
    };
    // A table of one row for any total ("any") has no row worth naming.
    match r.row.as_ref().filter(|row| row.as_str() != "any") {
        Some(row) => format!("{title} {row}: {cut}{more}"),
        None => format!("{title}: {cut}{more}"),
    }
}

pub(crate) fn yes_no(text: &str) -> Result<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" => Ok(true),
        "no" | "n" | "false" => Ok(false),
        t => Err(Error::usage(format!(
            "answer yes or no, not '{}'",
            crate::text::quoted(t)
        ))),
    }
}

/// A loop item's name; a place past the loop (a bookmark the book no longer fits) is never a
/// panic.
/// A loop's item skipped, said as the checklist names it (its noun, then its name).
fn skipped_event(r: &flipbook_charts::Repeat, i: usize) -> Event {
    Event::ItemSkipped(format!("{} {}", r.noun(), item_name(r, i)))
}

fn item_name(r: &flipbook_charts::Repeat, i: usize) -> &str {
    r.items.get(i).map_or("?", String::as_str)
}
