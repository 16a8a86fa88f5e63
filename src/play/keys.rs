//! The key front end of `play`: single keys and menus on a terminal. Every dialoguer call of
//! `play` lives here (and in `prompt`, which the rolls ask through).

use super::checklist::Question;
use super::game::{Action, Event};
use super::{Walk, nav};
use crate::error::{Error, Result};
use crate::prompt::TermPrompter;
use console::{Key, Term, style};
use dialoguer::theme::ColorfulTheme;
use dialoguer::{Confirm, FuzzySelect, Input, MultiSelect, Select};

const KEYS: &str = "n/Enter next · r roll · o odds · R {reroll} · u undo · b back · a answer · g go to · t track · p profile · l log · m menu · h help · q quit";

const HELP: &[&str] = &[
    "n, Enter or →  next segment (asks first when something is still open)",
    "b or ←         back to the segment before, as you left it (nothing rolled again)",
    "r              roll: this segment's charts, the likeliest first; \"Roll another chart…\" finds any",
    "o              the odds of that roll, each row's chance with the answers given so far",
    "R              {reroll}: the last roll the book allows it on, again (once; final)",
    "u              undo the last roll, draw or answer here (the log keeps it, marked undone)",
    "a              answer the question put aside",
    "g              go to a segment (type to filter; another turn too)",
    "t              the turn track: this turn's segments, done, here and ahead",
    "p              the profile: answers kept for the game; forget one to be asked again",
    "l              the log of this turn",
    "m or Space     a menu of all of these",
    "q              quit (everything is saved); Esc closes a menu or puts a question aside",
    "At a number: Enter takes the answer shown; Esc, or Enter on an empty line, cancels the roll.",
];

pub(super) fn run(walk: &mut Walk, term: &Term) -> Result<()> {
    let theme = ColorfulTheme::default();
    walk.clear = Some(term.clone());
    let _ = term.clear_screen();
    walk.show(true);
    // The segment whose automatic rolls the player stopped (Esc at a roll's question).
    let mut paused: Option<String> = None;
    loop {
        match step(walk, term, &theme, &mut paused) {
            Ok(true) => {}
            Ok(false) => return Ok(()),
            Err(Error::Cancelled) => walk.say("  (cancelled: nothing rolled, nothing kept)"),
            Err(e @ (Error::Usage(_) | Error::Missing { .. })) => walk.say(&format!("  {e}")),
            Err(e) => return Err(e),
        }
    }
}

/// Ask what waits, or read one key and do it; `false` to quit.
fn step(
    walk: &mut Walk,
    term: &Term,
    theme: &ColorfulTheme,
    paused: &mut Option<String>,
) -> Result<bool> {
    if walk.game.mark.over.is_some() {
        return over(walk, term, theme);
    }
    if let Some((q, true)) = walk.game.question() {
        ask(walk, term, theme, &q)?;
        return Ok(true);
    }
    // A loop answered at once rolls its items one after another, with what the profile keeps,
    // until the player stops it (Esc at a roll's question): then `r` rolls the next one.
    let repeat = walk.game.segment().repeat.clone();
    let here = {
        let m = &walk.game.mark;
        format!("{}/{}/{}", m.turn, m.phase, m.segment)
    };
    if let (Some(r), Some(i)) = (repeat, walk.game.ready_item())
        && r.pick.is_some()
        && paused.as_deref() != Some(here.as_str())
    {
        let t = r.text.replace("{item}", &r.items[i]);
        walk.say(&format!("  {t}"));
        let rolled = walk.roll(&r.chart, false, &mut TermPrompter::default(), true);
        if matches!(rolled, Err(Error::Cancelled)) {
            *paused = Some(here);
            walk.say("  The rolls wait: r rolls the next priority when you are ready.");
        }
        return rolled.map(|()| true);
    }
    status(walk);
    let key = term.read_key().map_err(crate::signals::term_error)?;
    match key {
        Key::Char('n') | Key::Enter | Key::ArrowRight => next(walk, term, theme)?,
        Key::Char('b') | Key::ArrowLeft => {
            walk.act(Action::Back, true)?;
        }
        Key::Char('r') => roll(walk, term, theme)?,
        Key::Char('R') => reroll(walk)?,
        Key::Char('o') => odds(walk)?,
        Key::Char('u') => {
            walk.act(Action::Undo, true)?;
        }
        Key::Char('a') => match walk.game.question() {
            Some((q, _)) => ask(walk, term, theme, &q)?,
            None => walk.say("  No question waits here."),
        },
        Key::Char('g') => goto(walk, term, theme)?,
        Key::Char('t') => track(walk),
        Key::Char('p') => profile(walk, term, theme)?,
        Key::Char('l') => log(walk)?,
        Key::Char('h' | '?') => help(walk),
        Key::Char('m' | ' ') => return menu(walk, term, theme),
        Key::Char('q') | Key::CtrlC => return Ok(false),
        Key::Escape => {
            walk.say("  (Esc closes menus and puts questions aside; q quits, h lists the keys.)");
        }
        _ => {}
    }
    Ok(true)
}

/// Where the player is and the keys, just above the prompt: always in sight, at any width.
fn status(walk: &mut Walk) {
    let g = &walk.game;
    let open = match g.open_items().len() {
        0 => String::new(),
        n => format!(" · {n} open"),
    };
    let line = format!(
        "[Turn {} · {} · {}{open}]",
        g.mark.turn,
        g.phase_title(),
        g.segment().title
    );
    walk.say(&style(line).cyan().to_string());
    let keys = KEYS.replace("{reroll}", &walk.game.book.reroll_words());
    walk.say(&style(format!("Keys: {keys}")).dim().to_string());
}

fn help(walk: &mut Walk) {
    walk.say("  Keys:");
    for h in HELP {
        let h = h.replace("{reroll}", &walk.game.book.reroll_words());
        walk.say(&format!("    {h}"));
    }
}

fn log(walk: &mut Walk) -> Result<()> {
    let text = walk.log_text()?;
    for l in text.lines() {
        walk.say(l);
    }
    Ok(())
}

/// The next segment; with something open, ask first.
fn next(walk: &mut Walk, term: &Term, theme: &ColorfulTheme) -> Result<()> {
    let events = walk.act(Action::Next { force: false }, true)?;
    let Some(Event::Open(items)) = events.iter().find(|e| matches!(e, Event::Open(_))) else {
        return Ok(());
    };
    let leave = Confirm::with_theme(theme)
        .with_prompt(format!("Leave with {} still open?", items.len()))
        .default(false)
        .wait_for_newline(true)
        .interact_on_opt(term)?;
    if leave == Some(true) {
        walk.act(Action::Next { force: true }, true)?;
    }
    Ok(())
}

/// The odds of the roll `r` would make, with the answers given so far.
fn odds(walk: &mut Walk) -> Result<()> {
    for l in walk.odds_lines(None)? {
        walk.say(&l);
    }
    Ok(())
}

fn reroll(walk: &mut Walk) -> Result<()> {
    if let Some(c) = walk.game.mark.state.rerollable.clone() {
        walk.say(&format!(
            "  {} (final): {c}",
            walk.game.book.reroll_announced()
        ));
        return walk.roll(&c, true, &mut TermPrompter::default(), true);
    }
    walk.say("  Nothing to roll again: only a roll the book allows it on, once.");
    Ok(())
}

/// Ask the question waiting with a menu; Esc puts it aside.
fn ask(walk: &mut Walk, term: &Term, theme: &ColorfulTheme, q: &Question) -> Result<()> {
    let prompt = walk.game.question_text(q);
    let answer = match q {
        Question::Chit { .. } => {
            let chits = walk.game.seq.chits.clone();
            let mut items: Vec<String> = chits.iter().map(|c| c.name.clone()).collect();
            items.push("(put aside)".into());
            Select::with_theme(theme)
                .with_prompt(prompt)
                .items(&items)
                .default(0)
                .interact_on_opt(term)?
                .and_then(|i| chits.get(i))
                .map(|c| c.id.clone())
        }
        Question::Review => {
            let kept = walk.game.review_lines();
            let lines: Vec<&str> = kept.iter().map(|(_, l)| l.as_str()).collect();
            walk.say("  Kept from before: Space marks those that moved, to answer again; Enter with none marked keeps them all.");
            let picked = MultiSelect::with_theme(theme)
                .with_prompt("Moved any?")
                .items(&lines)
                .interact_on_opt(term)?;
            return match picked {
                Some(p) => {
                    let items = p.iter().filter_map(|i| kept.get(*i).map(|(n, _)| *n));
                    walk.act(Action::Pick(items.collect()), true).map(|_| ())
                }
                None => walk.act(Action::Aside, true).map(|_| ()),
            };
        }
        Question::Item(_) if pick(walk).is_some() => {
            let r = walk.game.segment().repeat.clone();
            let (Some(r), Some(question)) = (r.clone(), pick(walk)) else {
                return Ok(());
            };
            let items: Vec<String> = r
                .items
                .iter()
                .map(|i| format!("{} {i}", r.noun()))
                .collect();
            let picked = MultiSelect::with_theme(theme)
                .with_prompt(format!("{question} (Space marks, Enter goes on)"))
                .items(&items)
                .interact_on_opt(term)?;
            return match picked {
                Some(p) => walk.act(Action::Pick(p), true).map(|_| ()),
                None => walk.act(Action::Aside, true).map(|_| ()),
            };
        }
        Question::Plus | Question::Item(_) | Question::OnlyIf(_) | Question::Ends(_) => {
            Select::with_theme(theme)
                .with_prompt(format!("{prompt} (Esc: put aside)"))
                .items(["No", "Yes"])
                .default(0)
                .interact_on_opt(term)?
                .map(|i| if i == 1 { "yes".into() } else { "no".into() })
        }
    };
    match answer {
        Some(a) => walk.act(Action::Answer(a), true)?,
        None => walk.act(Action::Aside, true)?,
    };
    Ok(())
}

/// The loop's one question for all its items, when it has one.
fn pick(walk: &Walk) -> Option<String> {
    let r = walk.game.segment().repeat.as_ref()?;
    (walk.game.mark.state.items.is_empty()).then(|| r.pick.clone())?
}

/// The roll menu: the segment's charts, the likeliest first, and any other chart.
fn roll(walk: &mut Walk, term: &Term, theme: &ColorfulTheme) -> Result<()> {
    let choices = walk.roll_choices();
    let title = |id: &str| {
        walk.game
            .book
            .find(id)
            .map(|e| e.title.to_string())
            .unwrap_or_default()
    };
    let mut labels: Vec<String> = choices
        .iter()
        .map(|c| format!("{c} - {}", title(c)))
        .collect();
    labels.push("Roll another chart…".into());
    let likeliest = walk
        .default_chart()
        .and_then(|d| choices.iter().position(|c| *c == d))
        .unwrap_or(0);
    let Some(i) = Select::with_theme(theme)
        .with_prompt("Roll which chart?")
        .items(&labels)
        .default(likeliest)
        .interact_on_opt(term)?
    else {
        return Ok(());
    };
    let chart = if let Some(c) = choices.get(i) {
        c.clone()
    } else {
        let all: Vec<String> = walk
            .game
            .book
            .entries
            .iter()
            .map(|e| e.id.to_string())
            .collect();
        let labels: Vec<String> = all.iter().map(|c| format!("{c} - {}", title(c))).collect();
        let Some(j) = FuzzySelect::with_theme(theme)
            .with_prompt("Roll which chart? (type to filter)")
            .items(&labels)
            .interact_on_opt(term)?
        else {
            return Ok(());
        };
        all[j].clone()
    };
    walk.roll(&chart, false, &mut TermPrompter::default(), true)
}

/// Go to: the segments of a turn with their phase, filtered as you type; another turn too.
fn goto(walk: &mut Walk, term: &Term, theme: &ColorfulTheme) -> Result<()> {
    let mut turn = walk.game.mark.turn;
    loop {
        let seq = &walk.game.seq;
        let list: Vec<(String, String)> = nav::order(seq);
        let mut labels: Vec<String> = list
            .iter()
            .map(|(p, s)| {
                let phase = seq
                    .phases
                    .iter()
                    .find(|x| x.id == *p)
                    .map_or("", |x| x.title.as_str());
                let title = seq.segment(s).map_or("", |x| x.title.as_str());
                let skipped = if nav::applies(seq, p, s, turn) {
                    ""
                } else {
                    " (not this turn)"
                };
                format!("{phase} · {title} ({s}){skipped}")
            })
            .collect();
        labels.push("Another turn…".into());
        let here = list
            .iter()
            .position(|(p, s)| *p == walk.game.mark.phase && *s == walk.game.mark.segment)
            .unwrap_or(0);
        let Some(i) = FuzzySelect::with_theme(theme)
            .with_prompt(format!(
                "Go to which segment of turn {turn}? (type to filter)"
            ))
            .items(&labels)
            .default(here)
            .interact_on_opt(term)?
        else {
            return Ok(());
        };
        if let Some((phase, segment)) = list.get(i).cloned() {
            let action = Action::Goto {
                segment,
                turn: Some(turn),
                phase: Some(phase),
            };
            walk.act(action, true)?;
            return Ok(());
        }
        let final_turn = walk.game.seq.final_turn();
        let text: String = Input::with_theme(theme)
            .with_prompt(format!("Which turn (1-{final_turn})?"))
            .validate_with(move |t: &String| match t.trim().parse::<u32>() {
                Ok(asked) if (1..=final_turn).contains(&asked) => Ok(()),
                _ => Err(format!("a turn from 1 to {final_turn}")),
            })
            .interact_text_on(term)?;
        turn = text.trim().parse().unwrap_or(turn);
    }
}

/// The turn track: this turn's segments with done, here and ahead.
fn track(walk: &mut Walk) {
    let g = &walk.game;
    let t = super::track::of(&g.seq, Some(&g.mark), g.mark.turn);
    let mut text = String::new();
    crate::ui::render::track(&mut text, &t, walk.width);
    for l in text.lines() {
        walk.say(l);
    }
}

/// The profile: the answers kept for the game; forget one to be asked it again.
fn profile(walk: &mut Walk, term: &Term, theme: &ColorfulTheme) -> Result<()> {
    let kept = super::answers::lines(&walk.game.profile);
    if kept.is_empty() {
        walk.say("  The profile keeps nothing yet: answers it keeps are asked once, then given.");
        return Ok(());
    }
    let keys: Vec<String> = walk.game.profile.keys().cloned().collect();
    let mut items = kept;
    items.push("(close)".into());
    let Some(i) = Select::with_theme(theme)
        .with_prompt("The game's profile: forget which answer (it is asked again)?")
        .items(&items)
        .default(items.len() - 1)
        .interact_on_opt(term)?
    else {
        return Ok(());
    };
    if let Some(key) = keys.get(i) {
        walk.game.forget(key);
        walk.journal.save_profile(&walk.game.profile)?;
        walk.say(&format!("  Forgotten: {key} is asked again next time."));
    }
    Ok(())
}

/// The menu of commands, for those who prefer it to the keys.
fn menu(walk: &mut Walk, term: &Term, theme: &ColorfulTheme) -> Result<bool> {
    let items = [
        "Next segment",
        "Roll",
        "Back",
        "Go to a segment",
        "Undo",
        "Answer the question put aside",
        "Roll the last roll again (the book's re-roll rule)",
        "Turn track",
        "Profile",
        "Log of this turn",
        "Help",
        "Quit",
    ];
    let pick = Select::with_theme(theme)
        .with_prompt("What now?")
        .items(items)
        .default(0)
        .interact_on_opt(term)?;
    match pick {
        Some(0) => next(walk, term, theme)?,
        Some(1) => roll(walk, term, theme)?,
        Some(2) => {
            walk.act(Action::Back, true)?;
        }
        Some(3) => goto(walk, term, theme)?,
        Some(4) => {
            walk.act(Action::Undo, true)?;
        }
        Some(5) => match walk.game.question() {
            Some((q, _)) => ask(walk, term, theme, &q)?,
            None => walk.say("  No question waits here."),
        },
        Some(6) => reroll(walk)?,
        Some(7) => track(walk),
        Some(8) => profile(walk, term, theme)?,
        Some(9) => log(walk)?,
        Some(10) => help(walk),
        Some(11) => return Ok(false),
        _ => {}
    }
    Ok(true)
}

/// The game is over: play on, begin a new game, go back, or quit.
fn over(walk: &mut Walk, term: &Term, theme: &ColorfulTheme) -> Result<bool> {
    let items = [
        "Play on anyway",
        "Start a new game",
        "Back to the last segment",
        "Quit",
    ];
    let pick = Select::with_theme(theme)
        .with_prompt("The game is over. What now?")
        .items(items)
        .default(3)
        .interact_on_opt(term)?;
    match pick {
        Some(0) => {
            walk.act(Action::PlayOn, true)?;
        }
        Some(1) => walk.restart()?,
        Some(2) => {
            walk.act(Action::Back, true)?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}
