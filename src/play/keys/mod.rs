//! The key front end of `play`: single keys and menus on a terminal. Every dialoguer call of
//! `play` lives here (and in `prompt`, which the rolls ask through). A key is a command through
//! the one table (`verbs::VERBS`), done by `walk::run_command`; what the key mode does its own
//! way is here and in its rooms: the page and the status (status.rs), the questions (ask.rs),
//! the rolls (rolls.rs), the views and menus (views.rs, pager.rs).

use super::Walk;
use super::events::{Action, Event};
use super::walk::{Arg, Front, run_command};
use crate::error::{Error, Result};
use crate::prompt::{TermPrompter, fit};
use crate::verbs::{Command, MENU, VERBS};
use console::{Key, Term};
use dialoguer::Select;
use dialoguer::theme::ColorfulTheme;

mod ask;
mod pager;
mod roll_line;
mod rolls;
mod status;
mod views;

/// The key front end's own: the terminal, and what the last keys left for the next.
pub(super) struct KeySession {
    term: Term,
    /// The segment whose automatic rolls the player stopped (Esc at a roll's question).
    paused: Option<String>,
    /// A roll was just made: the next Enter is not taken for "next segment".
    just_rolled: bool,
    /// The last key did nothing: the status under the screen is not drawn again.
    hold_status: bool,
    /// The key that closed a view (the track, the log, the keys): done next, unread.
    after_view: Option<Key>,
    /// Where the key mode last showed every key (turn/phase/segment): after that, on a short
    /// terminal, one line of the commonest.
    keys_shown: Option<String>,
    /// The Roll line as shown in a segment (turn/phase/segment), its charts in their numbers'
    /// order: while the walk is there, a chart keeps its number and a new one (a chit's, a
    /// result's) comes at the end.
    roll_line: Option<(String, Vec<String>)>,
    /// The page of the segment shown (key `s`), on a terminal too short for all of it.
    page: usize,
    /// The page was drawn and nothing rolled since: the answers to its questions may be cleared
    /// to draw it again whole, its heading in sight.
    page_drawn: bool,
}

pub(super) fn run(walk: &mut Walk, term: &Term) -> Result<()> {
    let mut s = KeySession {
        term: term.clone(),
        paused: None,
        just_rolled: false,
        hold_status: false,
        after_view: None,
        keys_shown: None,
        roll_line: None,
        page: 0,
        page_drawn: false,
    };
    walk.on_term = true;
    // q quits at every question (where it is no answer), as the keys line says.
    crate::prompt::q_quits();
    s.clear(walk);
    s.show(walk);
    loop {
        match step(walk, &mut s) {
            Ok(true) => {}
            // q at a question quits too: the question stays open for the next start.
            Ok(false) | Err(Error::Quit) => {
                walk.say("  Saved: `flipbook play` goes on from here.");
                return Ok(());
            }
            Err(Error::Cancelled) => walk.say("  (cancelled: nothing rolled, nothing kept)"),
            Err(e @ (Error::Usage(_) | Error::Missing { .. })) => walk.say(&format!("  {e}")),
            Err(e) => return Err(e),
        }
    }
}

/// Ask what waits, or read one key and do it; `false` to quit.
fn step(walk: &mut Walk, s: &mut KeySession) -> Result<bool> {
    if walk.game.mark.over.is_some() {
        return over(walk, s);
    }
    if let Some((q, true)) = walk.game.question() {
        return ask::ask(walk, s, &q);
    }
    if let Some(rolled) = loop_roll(walk, s) {
        return rolled.map(|()| true);
    }
    // A key that does nothing leaves the screen as it is: no second copy of the status. The key
    // that closed a view (`t`, `l`, `h`) is done at once, under the page it gave back.
    let key = if let Some(key) = s.after_view.take() {
        key
    } else {
        if !std::mem::take(&mut s.hold_status) {
            status::status(walk, s);
        }
        crate::prompt::read_key(&s.term)?
    };
    s.hold_status = false;
    let just_rolled = std::mem::take(&mut s.just_rolled);
    match command_of(&key) {
        // A slip costs nothing: Enter just after a result stays (with something still open,
        // leaving asks first, and Enter answers no).
        _ if key == Key::Enter && just_rolled => {
            walk.say("  (Enter just after a result stays here: n goes to the next segment.)");
        }
        Some((command, arg)) => return run_command(walk, s, command, &arg),
        None if key == Key::Escape => refused(
            walk,
            "  (Esc closes menus and puts questions aside; q quits, h lists the keys.)",
        ),
        // A key that does nothing: the Enter after it is its own too (it never leaves).
        None => {
            s.hold_status = true;
            crate::prompt::owe_enter();
        }
    }
    Ok(true)
}

/// A loop answered at once rolls its items one after another, with what the profile keeps,
/// until the player stops it (Esc at a roll's question): then `r` rolls the next one. `None`
/// when no such roll is due.
fn loop_roll(walk: &mut Walk, s: &mut KeySession) -> Option<Result<()>> {
    let repeat = walk.game.segment().repeat.clone();
    let here = {
        let m = &walk.game.mark;
        super::state::visited_key(m.turn, &m.phase, &m.segment)
    };
    let (Some(r), Some(i)) = (repeat, walk.game.ready_item()) else {
        return None;
    };
    if r.pick.is_none() || s.paused.as_deref() == Some(here.as_str()) {
        return None;
    }
    let t = r.text.replace("{item}", &r.items[i]);
    walk.say(&format!("  {t}"));
    let rolled = s.roll(walk, &r.chart, false);
    if matches!(rolled, Err(Error::Cancelled)) {
        s.paused = Some(here);
        let (noun, item) = (r.noun(), &r.items[i]);
        walk.say(&format!(
            "  The rolls wait: r rolls {noun} {item} when you are ready."
        ));
    }
    Some(rolled)
}

/// The command a key gives, through the table's keys ("n/Enter/→", "1-9": the digit its
/// argument); Ctrl-C quits, as q does.
fn command_of(key: &Key) -> Option<(Command, Arg)> {
    if *key == Key::CtrlC {
        return Some((Command::Quit, Arg::default()));
    }
    VERBS.iter().find_map(|v| {
        let nth = v.keys.split('/').find_map(|k| spelled(k, key))?;
        Some((
            v.command,
            Arg {
                nth,
                ..Arg::default()
            },
        ))
    })
}

/// Whether `key` is the key the table spells `k` ("Enter", "→", "Space", "1-9", "r"): with its
/// digit for "1-9", else 0.
fn spelled(k: &str, key: &Key) -> Option<usize> {
    match (k, key) {
        ("Enter", Key::Enter)
        | ("→", Key::ArrowRight)
        | ("←", Key::ArrowLeft)
        | ("Space", Key::Char(' ')) => Some(0),
        ("1-9", Key::Char(d @ '1'..='9')) => d.to_digit(10).map(|d| d as usize),
        ("→" | "←", _) => None,
        (k, Key::Char(c)) if k.chars().eq([*c]) => Some(0),
        _ => None,
    }
}

/// A key refused, or that does nothing here, said: the Enter typed after it (an answer typed
/// ahead, "6" Enter) is the key's own and passed over, so it never leaves the segment.
fn refused(walk: &mut Walk, text: &str) {
    walk.say(text);
    crate::prompt::owe_enter();
}

impl KeySession {
    /// Roll on `chart` with the terminal's questions: the page stays as it is (a result is said
    /// under it), and the Enter just after is the result's.
    fn roll(&mut self, walk: &mut Walk, chart: &str, reroll: bool) -> Result<()> {
        // A result is said under the page: from now on it stays in view (no redraw).
        self.page_drawn = false;
        walk.roll(chart, reroll, &mut TermPrompter::default(), self)?;
        self.just_rolled = true;
        Ok(())
    }
}

impl Front for KeySession {
    fn keys(&self) -> bool {
        true
    }

    /// A clean screen, at the segment's first page.
    fn entering(&mut self, walk: &mut Walk<'_>) {
        self.page = 0;
        self.clear(walk);
    }

    fn show(&mut self, walk: &mut Walk<'_>) {
        KeySession::show(self, walk);
    }

    /// The next segment; with something open, ask first.
    fn next(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        let events = walk.act(Action::Next { force: false }, self)?;
        let Some(Event::Open(items)) = events.iter().find(|e| matches!(e, Event::Open(_))) else {
            return Ok(());
        };
        let question = format!("Leave with {} still open?", items.len());
        if crate::prompt::yes_no(&self.term, &question, Some(false))? == Some(true) {
            walk.act(Action::Next { force: true }, self)?;
        }
        Ok(())
    }

    fn roll(&mut self, walk: &mut Walk<'_>, _: &Arg) -> Result<()> {
        rolls::roll(walk, self)
    }

    fn again(&mut self, walk: &mut Walk<'_>, _: &Arg) -> Result<()> {
        rolls::again(walk, self)
    }

    fn reroll(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        rolls::reroll(walk, self)
    }

    fn goto(&mut self, walk: &mut Walk<'_>, _: &Arg) -> Result<()> {
        views::goto(walk, self)
    }

    fn track(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        views::track(walk, self)
    }

    fn log(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        views::log(walk, self)
    }

    fn profile(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        views::profile(walk, self)
    }

    fn help(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        views::help(walk, self)
    }

    fn dice_said(&self, hand: bool) -> &'static str {
        if hand {
            "  Dice: you roll them and type them in, for the rest of the game (d gives them back to the tool)."
        } else {
            "  Dice: the tool rolls them, for the rest of the game (d lets you type your own)."
        }
    }

    fn roll_nth(&mut self, walk: &mut Walk<'_>, arg: &Arg) -> Result<()> {
        rolls::roll_nth(walk, self, arg.nth)
    }

    fn roll_any(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        rolls::roll_any(walk, self)
    }

    fn extra(&mut self, walk: &mut Walk<'_>) -> Result<()> {
        rolls::extra(walk)
    }

    fn page(&mut self, walk: &mut Walk<'_>) {
        self.turn_page(walk);
    }

    fn said(&mut self) {
        // Under the page, like a result: from now on it stays in view (no redraw).
        self.page_drawn = false;
    }

    fn answer(&mut self, walk: &mut Walk<'_>) -> Result<bool> {
        if let Some((q, _)) = walk.game.question() {
            ask::ask(walk, self, &q)
        } else {
            refused(walk, "  No question waits here.");
            Ok(true)
        }
    }

    fn menu(&mut self, walk: &mut Walk<'_>) -> Result<bool> {
        menu(walk, self)
    }
}

/// The menu of commands, for those who prefer it to the keys: each its item, from the table.
fn menu(walk: &mut Walk, s: &mut KeySession) -> Result<bool> {
    let items: Vec<String> = MENU
        .iter()
        .map(|c| fit(c.verb().menu.unwrap_or(c.verb().short)))
        .collect();
    let pick = Select::with_theme(&ColorfulTheme::default())
        .with_prompt("What now?")
        .items(&items)
        .default(0)
        .interact_on_opt(&s.term)?;
    match pick.and_then(|i| MENU.get(i)) {
        // No key was typed: no Enter is owed when no question waits.
        Some(Command::Answer) if walk.game.question().is_none() => {
            walk.say("  No question waits here.");
            Ok(true)
        }
        Some(c) => run_command(walk, s, *c, &Arg::default()),
        None => Ok(true),
    }
}

/// The game is over: play on (while the book has turns left), begin a new game, go back, or
/// quit.
fn over(walk: &mut Walk, s: &mut KeySession) -> Result<bool> {
    let play_on = walk.game.mark.turn < walk.game.seq.final_turn();
    let mut items = vec!["Start a new game", "Back to the last segment", "Quit"];
    if play_on {
        items.insert(0, "Play on anyway");
    }
    let labels: Vec<String> = items.iter().map(|i| (*i).to_string()).collect();
    let pick = crate::prompt::select(
        &s.term,
        "The game is over. What now?",
        &labels,
        items.len() - 1,
    )?;
    match pick.and_then(|i| items.get(i)).copied() {
        Some("Play on anyway") => {
            walk.act(Action::PlayOn, s)?;
        }
        // A new game sets this one aside: asked first, so that a slip of the cursor (the menu
        // wraps round from Quit) never starts one.
        Some("Start a new game") => {
            if crate::prompt::yes_no(
                &s.term,
                "Start a new game, this one kept in `flipbook games`?",
                None,
            )? == Some(true)
            {
                walk.restart()?;
                s.entering(walk);
                KeySession::show(s, walk);
            }
        }
        Some("Back to the last segment") => {
            walk.act(Action::Back, s)?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}
