//! The key front end of `play`: single keys and menus on a terminal. Every dialoguer call of
//! `play` lives here (and in `prompt`, which the rolls ask through).

use super::checklist::Question;
use super::events::{Action, Event};
use super::{Walk, nav};
use crate::error::{Error, Result};
use crate::prompt::{MarkTheme, TermPrompter, fit};
use crate::verbs::{COMMANDS, key_entries, wrap_entries};
use console::{Key, Term, style};
use dialoguer::theme::ColorfulTheme;
use dialoguer::{FuzzySelect, MultiSelect, Select};
use rolls::{again, dice, extra, odds, reroll, roll, roll_any, roll_nth};

mod pager;
mod rolls;

pub(super) fn run(walk: &mut Walk, term: &Term) -> Result<()> {
    let theme = ColorfulTheme::default();
    walk.clear = Some(term.clone());
    walk.clear_screen();
    walk.show(true);
    // The segment whose automatic rolls the player stopped (Esc at a roll's question).
    let mut paused: Option<String> = None;
    loop {
        match step(walk, term, &theme, &mut paused) {
            Ok(true) => {}
            Ok(false) => {
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
fn step(
    walk: &mut Walk,
    term: &Term,
    theme: &ColorfulTheme,
    paused: &mut Option<String>,
) -> Result<bool> {
    if walk.game.mark.over.is_some() {
        return over(walk, term);
    }
    if let Some((q, true)) = walk.game.question() {
        return ask(walk, term, theme, &q);
    }
    // A loop answered at once rolls its items one after another, with what the profile keeps,
    // until the player stops it (Esc at a roll's question): then `r` rolls the next one.
    let repeat = walk.game.segment().repeat.clone();
    let here = {
        let m = &walk.game.mark;
        super::state::visited_key(m.turn, &m.phase, &m.segment)
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
            let (noun, item) = (r.noun(), &r.items[i]);
            walk.say(&format!(
                "  The rolls wait: r rolls {noun} {item} when you are ready."
            ));
        }
        return rolled.map(|()| true);
    }
    // A key that does nothing leaves the screen as it is: no second copy of the status. The key
    // that closed a view (`t`, `l`, `h`) is done at once, under the page it gave back.
    let key = if let Some(key) = walk.after_view.take() {
        key
    } else {
        if !std::mem::take(&mut walk.hold_status) {
            status(walk);
        }
        crate::prompt::read_key(term)?
    };
    walk.hold_status = false;
    let just_rolled = std::mem::take(&mut walk.just_rolled);
    match key {
        // A slip costs nothing: Enter just after a result stays (with something still open,
        // leaving asks first, and Enter answers no).
        Key::Enter if just_rolled => {
            walk.say("  (Enter just after a result stays here: n goes to the next segment.)");
        }
        Key::Char('n') | Key::Enter | Key::ArrowRight => next(walk, term)?,
        Key::Char('b') | Key::ArrowLeft => {
            walk.act(Action::Back, true)?;
        }
        Key::Char('r') => roll(walk, term, theme)?,
        Key::Char(d @ '1'..='9') => roll_nth(walk, term, d as usize - '0' as usize)?,
        Key::Char('.') => again(walk, term)?,
        Key::Char('R') => reroll(walk, term)?,
        Key::Char('o') => odds(walk)?,
        Key::Char('d') => dice(walk)?,
        Key::Char('x') => extra(walk)?,
        Key::Char('u') => {
            walk.act(Action::Undo, true)?;
        }
        Key::Char('a') => match walk.game.question() {
            Some((q, _)) => return ask(walk, term, theme, &q),
            None => refused(walk, "  No question waits here."),
        },
        Key::Char('g') => goto(walk, term, theme)?,
        Key::Char('t') => track(walk, term)?,
        Key::Char('s') => walk.turn_page(),
        Key::Char('p') => profile(walk, term, theme)?,
        Key::Char('l') => log(walk, term)?,
        Key::Char('h' | '?') => help(walk, term)?,
        Key::Char('m' | ' ') => return menu(walk, term, theme),
        Key::Char('q') | Key::CtrlC => return Ok(false),
        Key::Escape => refused(
            walk,
            "  (Esc closes menus and puts questions aside; q quits, h lists the keys.)",
        ),
        // A key that does nothing: the Enter after it is its own too (it never leaves).
        _ => {
            walk.hold_status = true;
            crate::prompt::owe_enter();
        }
    }
    Ok(true)
}

/// A key refused, or that does nothing here, said: the Enter typed after it (an answer typed
/// ahead, "6" Enter) is the key's own and passed over, so it never leaves the segment.
fn refused(walk: &mut Walk, text: &str) {
    walk.say(text);
    crate::prompt::owe_enter();
}

/// The chart the Roll line marks "(r)": the one `r` offers when the rules want it now (an open
/// item, the chart rolled again and again here, the segment's first before anything is
/// rolled); none when only a result mentions it, or when it is one of several charts one step
/// takes any of (the group drawn decides).
pub(super) fn due_chart(walk: &Walk) -> Option<String> {
    let open = walk.game.open_items();
    let st = &walk.game.mark.state;
    let first_offered = walk.numbered_choices().into_iter().next().map(|(_, c)| c);
    walk.default_chart().filter(|c| {
        let one_of = open.iter().any(|o| {
            matches!(o, super::events::OpenItem::Roll(names) | super::events::OpenItem::Rolls { names, .. }
                if names.len() > 1 && names.contains(c))
        });
        // The group drawn, once rolled, is the one rolled again (a roll for each nation).
        let repeating = walk.repeating_chart().as_ref() == Some(c);
        let wanted = open.iter().any(|o| o.wants(c))
            || repeating
            || (st.rolled.is_empty() && first_offered.as_ref() == Some(c));
        (!one_of || repeating) && wanted
    })
}

/// Where the player is and the keys, just above the prompt: always in sight, at any width.
fn status(walk: &mut Walk) {
    let mut parts = status_parts(walk);
    let rows = rows();
    // The questions asked on entering a segment (is a bill pending, how many...) were answered
    // under its page, and with the status they would push its heading off the top: with no
    // result yet to keep in view, the page is drawn again from the top (the checklist keeps
    // the answers).
    let under = parts.head.len() + parts.roll.len() + parts.common.len() + 1;
    if walk.page_drawn && walk.rows_said + under > rows {
        walk.clear_screen();
        walk.show(true);
        parts = status_parts(walk);
    }
    // Every key under a segment when it is entered (and on a tall terminal, always); after a
    // result, on a short one, the commonest in one line, so that the segment stays in sight.
    // A page that with every key would not fit on the screen (its title scrolled off) has the
    // short line at once: `h` lists them all.
    let here = {
        let m = &walk.game.mark;
        super::state::visited_key(m.turn, &m.phase, &m.segment)
    };
    let tall = walk.rows_said + parts.head.len() + parts.roll.len() + parts.every.len() + 1 > rows;
    let every = rows >= 40 || (walk.keys_shown.as_deref() != Some(here.as_str()) && !tall);
    walk.keys_shown = Some(here);
    // On a short terminal, once results have pushed the page's heading off the top, the
    // segment's page in the book and the step at hand are said again in one line above the
    // status: the page stays in sight while its charts are offered (`s` draws it whole).
    let keys_rows = if every {
        parts.every.len()
    } else {
        parts.common.len()
    };
    let below = parts.head.len() + parts.roll.len() + keys_rows + 1;
    if rows < 40 && !walk.page_drawn && walk.rows_said + below + 1 > rows {
        for l in &parts.page {
            walk.say(&style(l).cyan().to_string());
        }
    }
    let keys = if every { parts.every } else { parts.common };
    let mut shown: Vec<String> = parts
        .head
        .iter()
        .map(|l| style(l).cyan().to_string())
        .collect();
    shown.extend(parts.roll);
    shown.extend(keys.iter().map(|l| style(l).dim().to_string()));
    for l in &shown {
        walk.say(l);
    }
    // After a stop, the status and the keys are drawn again under what the shell wrote.
    crate::prompt::showing(&format!("{}\n", shown.join("\n")));
}

/// The terminal's rows.
pub(super) fn rows() -> usize {
    usize::from(Term::stderr().size().0)
}

/// The lines under the page, each wrapped: where the player is, the Roll line, and the keys
/// (all of them, or the commonest).
pub(super) struct StatusParts {
    /// The segment's page in the book and the step at hand, in one line (cut with "…"): said
    /// above the status once the page's heading is out of sight.
    pub(super) page: Vec<String>,
    pub(super) head: Vec<String>,
    pub(super) roll: Vec<String>,
    pub(super) every: Vec<String>,
    pub(super) common: Vec<String>,
}

pub(super) fn status_parts(walk: &mut Walk) -> StatusParts {
    // The charts keep the numbers shown now while the walk is here.
    walk.pin_roll_line();
    let g = &walk.game;
    let mut open = match g.open_items().len() {
        0 => String::new(),
        n => format!(" · {n} open"),
    };
    if !walk.extra.is_empty() {
        let shown: Vec<String> = walk.extra.iter().map(|d| format!("{d:+}")).collect();
        open = format!("{open} · next roll extra {}", shown.join(" "));
    }
    let line = format!(
        "[Turn {} · {} · {}{open}]",
        g.mark.turn,
        g.phase_title(),
        g.segment().title
    );
    let width = super::view::width();
    // Wrapped at words: a long segment title never breaks inside a word.
    let head = super::view::wrap(&line, width);
    // The segment's charts, numbered: a digit rolls one. A chart rolled several times for one
    // step (each region) says how far it is: "2/8". "(r)" marks the chart `r` offers when the
    // rules want it now: an open item (a roll a result makes due, a chit's chart, a loop's
    // item, a required step), the chart rolled again and again here, or the segment's first
    // chart before anything is rolled. A chart a result merely mentions, or an optional step's,
    // is offered by `r` but not marked; nor the first of several charts one step takes any of
    // (the group drawn decides).
    let due = due_chart(walk);
    // Counted while some are still to make: "stability 3/8", "un 2/4".
    let made = |c: &str| {
        walk.game
            .chart_count(c)
            .filter(|(made, of)| made < of)
            .map(|(made, of)| format!(" {made}/{of}"))
    };
    // A drawn chit's chart not offered now keeps its number, unshown.
    let charts: Vec<String> = walk
        .numbered_choices()
        .iter()
        .filter(|(n, _)| *n <= 9)
        .map(|(n, c)| {
            let r = if due.as_deref() == Some(c.as_str()) {
                " (r)"
            } else {
                ""
            };
            // The chart by its title, as the book prints it: never its id.
            let title = walk.game.book.find(c).map_or(c.as_str(), |e| &e.title);
            format!("{n} {title}{}{r}", made(c).unwrap_or_default())
        })
        .collect();
    let roll = if charts.is_empty() {
        Vec::new()
    } else {
        wrap_entries("Roll: ", &charts, width)
    };
    let words = walk.game.book.reroll_words();
    let entries: Vec<String> = key_entries()
        .iter()
        .map(|e| e.replace("{reroll}", &words))
        .collect();
    // From the one command table: each command's first key and its word.
    let common: Vec<String> = COMMANDS
        .iter()
        .filter(|c| COMMON_KEYS.contains(&c.short))
        .map(|c| format!("{} {}", c.keys.split('/').next().unwrap_or(c.keys), c.short))
        .collect();
    let page = page_line(walk, due.as_deref(), width);
    StatusParts {
        page,
        head,
        roll,
        every: wrap_entries("Keys: ", &entries, width),
        common: wrap_entries("Keys: ", &common, width),
    }
}

/// The segment's page and the step at hand, in one row: "Flipbook p4 · step: 6. One or two
/// Focused National Intelligence counters…". The step is the one of the chart `r` offers, else
/// the first whose roll is still open; none when nothing is.
fn page_line(walk: &Walk, due: Option<&str>, width: usize) -> Vec<String> {
    let g = &walk.game;
    let open = g.open_items();
    let wanted = |c: &String| due == Some(c.as_str()) || open.iter().any(|o| o.wants(c));
    let step = g
        .steps()
        .iter()
        .filter(|st| st.chart.iter().chain(&st.or_charts).any(wanted))
        .find_map(|st| {
            let c = st.chart.as_deref()?;
            let text = st.text.clone().or_else(|| g.recalled(st).map(String::from));
            Some(text.unwrap_or_else(|| {
                g.book
                    .find(c)
                    .map_or_else(|| c.to_string(), |e| e.title.to_string())
            }))
        });
    let mut parts: Vec<String> = g.segment().reference.iter().cloned().collect();
    parts.extend(step.map(|s| format!("now: {s}")));
    if parts.is_empty() {
        return Vec::new();
    }
    let line = format!("  {}", parts.join(" · "));
    vec![cut(&line, width.saturating_sub(1))]
}

/// A line cut to `width` columns, "…" saying it was.
fn cut(line: &str, width: usize) -> String {
    if console::measure_text_width(line) <= width {
        return line.to_string();
    }
    let mut out: String = line.chars().take(width.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// The keys line on a short terminal once every key was shown: the commonest commands (by their
/// word in `verbs::COMMANDS`), and help for all.
const COMMON_KEYS: &[&str] = &["next", "roll", "roll N", "again", "undo", "track", "help"];

/// Every key, on a view of its own (in parts, on a short terminal).
fn help(walk: &mut Walk, term: &Term) -> Result<()> {
    let mut lines = vec!["  Keys:".to_string()];
    let room = super::view::width().saturating_sub(15).max(20);
    let words = walk.game.book.reroll_words();
    for c in COMMANDS.iter().filter(|c| !c.keys.is_empty()) {
        // The key column stays a column: the text wraps under itself.
        let help = c.help.replace("{reroll}", &words);
        for (i, l) in super::view::wrap(&help, room).iter().enumerate() {
            let keys = if i == 0 { c.keys } else { "" };
            lines.push(format!("    {keys:<10} {l}"));
        }
    }
    lines.push("  At a question:".into());
    for rule in crate::verbs::KEYS_RULE {
        for l in super::view::wrap(rule, room + 11) {
            lines.push(format!("    {l}"));
        }
    }
    pager::view(walk, term, &lines, 'h', pager::Start::First)
}

/// This turn's log, on a view of its own: its latest lines first.
fn log(walk: &mut Walk, term: &Term) -> Result<()> {
    let text = walk.log_text()?;
    let lines: Vec<String> = text.lines().map(String::from).collect();
    pager::view(walk, term, &lines, 'l', pager::Start::Last)
}

/// The next segment; with something open, ask first.
fn next(walk: &mut Walk, term: &Term) -> Result<()> {
    let events = walk.act(Action::Next { force: false }, true)?;
    let Some(Event::Open(items)) = events.iter().find(|e| matches!(e, Event::Open(_))) else {
        return Ok(());
    };
    let question = format!("Leave with {} still open?", items.len());
    if crate::prompt::yes_no(term, &question, Some(false))? == Some(true) {
        walk.act(Action::Next { force: true }, true)?;
    }
    Ok(())
}

/// Ask the question waiting with a menu; Esc puts it aside; `false` when q at a board's yes/no
/// quits (saved: the question stays open for the next start).
fn ask(walk: &mut Walk, term: &Term, theme: &ColorfulTheme, q: &Question) -> Result<bool> {
    let prompt = walk.game.question_text(q);
    let answer = match q {
        Question::Chit { n, max } => {
            // Where a (+) draws another, each chit is listed as drawn with its (+) or without:
            // the draw says both at once. Each is one key, shown beside it: a letter of its
            // name, the same all game; with its (+), the letter's capital.
            let plus = walk.game.draw().is_some_and(|d| d.plus) && n < max;
            let names: Vec<&str> = walk
                .game
                .seq
                .chits
                .iter()
                .map(|c| c.name.as_str())
                .collect();
            let letters = chit_keys(&names);
            let mut items = Vec::new();
            let mut labels = Vec::new();
            let mut answers = Vec::new();
            let mut keys = Vec::new();
            for (c, k) in walk.game.seq.chits.iter().zip(&letters) {
                let mark =
                    |k: Option<char>| k.map_or_else(|| "  ".to_string(), |k| format!("{k} "));
                if plus {
                    let up = k.map(|k| k.to_ascii_uppercase());
                    keys.extend(k.map(|k| (k, items.len())));
                    keys.extend(up.map(|k| (k, items.len() + 1)));
                    items.extend([
                        format!("{}{}", mark(*k), c.name),
                        format!("{}{} (+)", mark(up), c.name),
                    ]);
                    labels.extend([c.name.clone(), format!("{} (+)", c.name)]);
                    answers.extend([format!("{} -", c.id), format!("{} +", c.id)]);
                } else {
                    keys.extend(k.map(|k| (k, items.len())));
                    items.push(format!("{}{}", mark(*k), c.name));
                    labels.push(c.name.clone());
                    answers.push(c.id.clone());
                }
            }
            items.push("  (put aside)".into());
            labels.push("(put aside)".into());
            let longest = labels.iter().map(|i| console::measure_text_width(i)).max();
            let hint = if plus {
                "(its key; capital: with its (+))"
            } else {
                "(its key)"
            };
            let prompt = one_row(walk, &prompt, "Drawn", hint, longest.unwrap_or(0));
            // Just after a chit's roll, an Enter meant for the result does not pick a chit; a
            // chit's key typed then takes it.
            let Some(typed) = settle(
                term,
                &prompt,
                std::mem::take(&mut walk.just_rolled),
                "(Enter: the list)",
            )?
            else {
                return walk.act(Action::Aside, true).map(|_| true);
            };
            let typed = typed.chars().next();
            let at_once = keys
                .iter()
                .find(|(k, _)| Some(*k) == typed)
                .map(|(_, i)| *i);
            let picked = match at_once {
                Some(i) => {
                    crate::prompt::owe_enter();
                    let mut done = String::new();
                    let _ = dialoguer::theme::Theme::format_select_prompt_selection(
                        theme, &mut done, &prompt, &labels[i],
                    );
                    term.write_line(&done).map_err(crate::signals::term_error)?;
                    Some(i)
                }
                None => crate::prompt::select_marked(
                    term,
                    &prompt,
                    &items,
                    &labels,
                    (0, page()),
                    &keys,
                )?,
            };
            picked.and_then(|i| answers.get(i).cloned())
        }
        Question::Review => {
            let kept = walk.game.review_lines();
            let lines: Vec<&str> = kept.iter().map(|(_, l)| l.as_str()).collect();
            walk.say("  Kept from before: Space marks those that moved, to answer again; Enter with none marked keeps them all.");
            if settle(term, "Moved any?", false, "(Enter: the list)")?.is_none() {
                return walk.act(Action::Aside, true).map(|_| true);
            }
            let picked = MultiSelect::with_theme(&MarkTheme(ColorfulTheme::default()))
                .with_prompt("Moved any?")
                .items(&lines)
                .interact_on_opt(term)?;
            return match picked {
                Some(p) => {
                    let items = p.iter().filter_map(|i| kept.get(*i).map(|(n, _)| *n));
                    walk.act(Action::Pick(items.collect()), true).map(|_| true)
                }
                None => walk.act(Action::Aside, true).map(|_| true),
            };
        }
        Question::Item(_) if pick(walk).is_some() => {
            let r = walk.game.segment().repeat.clone();
            let (Some(r), Some(question)) = (r.clone(), pick(walk)) else {
                return Ok(true);
            };
            let items: Vec<String> = r
                .items
                .iter()
                .map(|i| format!("{} {i}", r.noun()))
                .collect();
            let question = one_row(walk, &question, "Marked", "(Space marks, Enter goes on)", 0);
            if settle(
                term,
                &question,
                std::mem::take(&mut walk.just_rolled),
                "(Enter: the list)",
            )?
            .is_none()
            {
                return walk.act(Action::Aside, true).map(|_| true);
            }
            let picked = MultiSelect::with_theme(&MarkTheme(ColorfulTheme::default()))
                .with_prompt(question)
                .items(&items)
                .interact_on_opt(term)?;
            return match picked {
                Some(p) => walk.act(Action::Pick(p), true).map(|_| true),
                None => walk.act(Action::Aside, true).map(|_| true),
            };
        }
        Question::Count(i) => {
            // A count of the board's (bills, counters): each number one item, 0-9 on its key.
            let max = walk
                .game
                .segment()
                .steps
                .get(*i)
                .and_then(|s| s.count.as_ref())
                .map_or(0, |c| c.max as usize);
            if max > 9 {
                // Two digits may be typed: the number ends with Enter, as every number does
                // whose answers are not all one digit (a menu would take the 1 of 12).
                crate::prompt::ask_whole(term, &prompt, 0, max as u32)?.map(|n| n.to_string())
            } else {
                let items: Vec<String> = (0..=max).map(|n| n.to_string()).collect();
                let keys: Vec<(char, usize)> = (0..=max)
                    .filter_map(|n| char::from_digit(n as u32, 10).map(|c| (c, n)))
                    .collect();
                let question = format!("{prompt} (0-{max}; Esc: put aside)");
                crate::prompt::select_keyed(term, &question, &items, 0, &keys)?
                    .and_then(|n| items.get(n).cloned())
            }
        }
        Question::Plus | Question::Item(_) | Question::OnlyIf(_) | Question::Ends(_) => {
            // What the board shows is the player's to say: y or n, with no answer offered
            // (a stray Enter answers nothing); Esc puts it aside; q quits, as everywhere (the
            // question stays open: asked again at the next start).
            match crate::prompt::yes_no_or_quit(term, &prompt, None)? {
                crate::prompt::Said::Answer(b) => Some(if b { "yes" } else { "no" }.to_string()),
                crate::prompt::Said::Aside => None,
                crate::prompt::Said::Quit => return Ok(false),
            }
        }
    };
    match answer {
        Some(a) => walk.act(Action::Answer(a), true)?,
        None => walk.act(Action::Aside, true)?,
    };
    Ok(true)
}

/// The prompt of a menu dialoguer draws: the question with its hint when they fit on one row
/// with room to type; else the question said above the menu, wrapped at words, and the menu's
/// prompt short (dialoguer redraws one row: a prompt wider than the terminal leaves a copy of
/// itself at each key).
fn one_row(walk: &mut Walk, question: &str, short: &str, hint: &str, answer: usize) -> String {
    let full = format!("{question} {hint}");
    // Room for "? ", " › ", something typed, and the answered line's " · answer".
    let room = super::view::width().saturating_sub(16.max(answer + 6));
    if console::measure_text_width(&full) <= room {
        return full;
    }
    for l in super::view::wrap(&format!("? {question}"), super::view::width()) {
        walk.say(&l);
    }
    format!("{short} {hint}")
}

/// Before a menu dialoguer reads itself: the Enter a one-key answer may still be followed by
/// (or, `after_result`, an Enter meant for the result just shown) is read first, the question
/// shown, so that it cannot take the menu's first item; a letter typed instead starts the filter.
fn settle(term: &Term, prompt: &str, after_result: bool, hint: &str) -> Result<Option<String>> {
    // Not `||`: the Enter owed is forgotten either way.
    if !(crate::prompt::take_owed() | after_result) {
        return Ok(Some(String::new()));
    }
    let io = crate::signals::term_error;
    // The choices are drawn at the next key: the hint says so, where it fits on the row.
    let fits = console::measure_text_width(prompt) + console::measure_text_width(hint) + 6
        < usize::from(term.size().1);
    let hint = if fits { hint } else { "" };
    term.write_str(&format!(
        "{} {prompt} › {}",
        style("?").yellow().bold(),
        style(hint).dim()
    ))
    .map_err(io)?;
    let key = crate::prompt::read_key(term)?;
    term.clear_line().map_err(io)?;
    Ok(match key {
        // Esc puts the question aside, as at the menu.
        Key::Escape => None,
        Key::Char(c) if !c.is_control() => Some(c.to_string()),
        _ => Some(String::new()),
    })
}

/// Each chit's key in the draw's menu: the first letter of its words, else of its name, not
/// taken by a chit before it (in either case: the capital is the chit with its (+)) nor by the
/// menu's own keys (j, k, q); none when every letter is taken (the arrows find it).
pub(super) fn chit_keys(names: &[&str]) -> Vec<Option<char>> {
    let mut taken: Vec<char> = vec!['j', 'k', 'q'];
    names
        .iter()
        .map(|name| {
            let initials = name.split_whitespace().filter_map(|w| w.chars().next());
            let key = initials
                .chain(name.chars())
                .map(|c| c.to_ascii_lowercase())
                .find(|c| c.is_ascii_lowercase() && !taken.contains(c));
            taken.extend(key);
            key
        })
        .collect()
}

/// The loop's one question for all its items, when it has one.
fn pick(walk: &Walk) -> Option<String> {
    let r = walk.game.segment().repeat.as_ref()?;
    (walk.game.mark.state.items.is_empty()).then(|| r.pick.clone())?
}

/// How many items a long list shows at once: half the terminal's height.
fn page() -> usize {
    // The segment above the list stays in sight, and picking leaves no screenful of empty
    // rows behind (typing a letter or two finds any item).
    let (rows, _) = Term::stderr().size();
    (usize::from(rows) / 2).clamp(5, 20)
}

/// Go to: the segments of a turn with their phase, filtered as you type; another turn too.
fn goto(walk: &mut Walk, term: &Term, theme: &ColorfulTheme) -> Result<()> {
    let mut turn = walk.game.mark.turn;
    loop {
        let seq = &walk.game.seq;
        let all: Vec<(String, String)> = nav::order(seq);
        // The list starts just before where the player stands (dialoguer shows the first page,
        // wherever its cursor is), and goes round: the book's order, from here.
        let here = all
            .iter()
            .position(|(p, s)| *p == walk.game.mark.phase && *s == walk.game.mark.segment)
            .unwrap_or(0);
        let start = here.saturating_sub(2);
        let list: Vec<(String, String)> =
            all[start..].iter().chain(&all[..start]).cloned().collect();
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
                fit(&format!("{title}{skipped} · {phase} ({s})"))
            })
            .collect();
        labels.push("Another turn…".into());
        let Some(i) = FuzzySelect::with_theme(theme)
            .with_prompt(format!(
                "Go to which segment of turn {turn}? (type to filter)"
            ))
            .items(&labels)
            .default(here - start)
            .max_length(page())
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
        // By the key rule: a turn of one digit is one key, as every such number is.
        let final_turn = walk.game.seq.final_turn();
        match crate::prompt::ask_whole(term, "Which turn?", 1, final_turn)? {
            Some(asked) => turn = asked,
            None => return Ok(()),
        }
    }
}

/// The turn track, on a view of its own: this turn's segments with done, here and ahead; on a
/// short terminal, the part around "▶ here", so that it fits.
fn track(walk: &mut Walk, term: &Term) -> Result<()> {
    let lines = walk.track_lines();
    // The view's last row says what a key does.
    let shown = window(&lines, rows().saturating_sub(1).max(8));
    pager::view(walk, term, &shown, 't', pager::Start::First)
}

/// "line" or "lines", by the count.
fn lines_word(n: usize) -> &'static str {
    if n == 1 { "line" } else { "lines" }
}

/// At most `room` lines of `lines`, centred on the "▶" line, the cut ends said.
fn window(lines: &[String], room: usize) -> Vec<String> {
    if lines.len() <= room {
        return lines.to_vec();
    }
    let here = lines
        .iter()
        .position(|l| console::strip_ansi_codes(l).trim_start().starts_with('▶'))
        .unwrap_or(0);
    let shown = room.saturating_sub(2).max(1);
    let start = here
        .saturating_sub(shown / 2)
        .min(lines.len().saturating_sub(shown));
    let end = (start + shown).min(lines.len());
    let mut out = Vec::new();
    if start > 0 {
        out.push(format!("  … {start} {} above", lines_word(start)));
    }
    out.extend_from_slice(&lines[start..end]);
    if end < lines.len() {
        let below = lines.len() - end;
        out.push(format!("  … {below} {} below", lines_word(below)));
    }
    out
}

/// The profile: the answers kept for the game; forget one to be asked it again.
fn profile(walk: &mut Walk, term: &Term, theme: &ColorfulTheme) -> Result<()> {
    let kept = super::answers::pairs(&walk.game.profile, walk.game.book);
    if kept.is_empty() {
        walk.say("  The profile keeps nothing yet: answers it keeps are asked once, then given.");
        return Ok(());
    }
    let keys: Vec<String> = walk.game.profile.keys().cloned().collect();
    // The answer first, so that a narrow terminal cuts the question, never the answer.
    let mut items: Vec<String> = kept
        .iter()
        .map(|(q, v)| fit(&format!("{v} · {q}")))
        .collect();
    items.push("(close)".into());
    let Some(i) = Select::with_theme(theme)
        .with_prompt("Profile: forget which answer (asked again)?")
        .items(&items)
        .default(items.len() - 1)
        .interact_on_opt(term)?
    else {
        return Ok(());
    };
    if let Some(key) = keys.get(i) {
        let said = items[i].clone();
        walk.game.forget(key);
        walk.journal.save_profile(&walk.game.profile)?;
        walk.say(&format!("  Forgotten, asked again next time: {said}"));
    }
    Ok(())
}

/// The menu of commands, for those who prefer it to the keys.
fn menu(walk: &mut Walk, term: &Term, theme: &ColorfulTheme) -> Result<bool> {
    let items = [
        "Next segment",
        "Roll",
        "Roll the same chart again",
        "Roll another chart…",
        "Back",
        "Go to a segment",
        "Undo",
        "Answer the question put aside",
        "Roll the last roll again (the book's re-roll rule)",
        "Dice: switch between the tool's and yours",
        "Extra DRM for the next roll",
        "Turn track",
        "Profile",
        "Log of this turn",
        "Help",
        "Quit",
        "This segment's page from its top (its next part, when cut)",
    ];
    let pick = Select::with_theme(theme)
        .with_prompt("What now?")
        .items(items.map(fit))
        .default(0)
        .interact_on_opt(term)?;
    match pick {
        Some(0) => next(walk, term)?,
        Some(1) => roll(walk, term, theme)?,
        Some(2) => again(walk, term)?,
        Some(3) => roll_any(walk, term, theme)?,
        Some(4) => {
            walk.act(Action::Back, true)?;
        }
        Some(5) => goto(walk, term, theme)?,
        Some(6) => {
            walk.act(Action::Undo, true)?;
        }
        Some(7) => match walk.game.question() {
            Some((q, _)) => return ask(walk, term, theme, &q),
            None => walk.say("  No question waits here."),
        },
        Some(8) => reroll(walk, term)?,
        Some(9) => dice(walk)?,
        Some(10) => extra(walk)?,
        Some(11) => track(walk, term)?,
        Some(12) => profile(walk, term, theme)?,
        Some(13) => log(walk, term)?,
        Some(14) => help(walk, term)?,
        Some(15) => return Ok(false),
        Some(16) => walk.turn_page(),
        _ => {}
    }
    Ok(true)
}

/// The game is over: play on (while the book has turns left), begin a new game, go back, or
/// quit.
fn over(walk: &mut Walk, term: &Term) -> Result<bool> {
    let play_on = walk.game.mark.turn < walk.game.seq.final_turn();
    let mut items = vec!["Start a new game", "Back to the last segment", "Quit"];
    if play_on {
        items.insert(0, "Play on anyway");
    }
    let labels: Vec<String> = items.iter().map(|i| (*i).to_string()).collect();
    let pick = crate::prompt::select(
        term,
        "The game is over. What now?",
        &labels,
        items.len() - 1,
    )?;
    match pick.and_then(|i| items.get(i)).copied() {
        Some("Play on anyway") => {
            walk.act(Action::PlayOn, true)?;
        }
        // A new game sets this one aside: asked first, so that a slip of the cursor (the menu
        // wraps round from Quit) never starts one.
        Some("Start a new game") => {
            if crate::prompt::yes_no(
                term,
                "Start a new game, this one kept in `flipbook games`?",
                None,
            )? == Some(true)
            {
                walk.restart()?;
            }
        }
        Some("Back to the last segment") => {
            walk.act(Action::Back, true)?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::window;

    #[test]
    fn the_track_window_finds_here_in_colour_too() {
        let mut lines: Vec<String> = (0..60).map(|i| format!("  · segment {i}")).collect();
        lines[40] = "  \u{1b}[1m\u{1b}[32m▶ here\u{1b}[0m".into();
        let shown = window(&lines, 14);
        assert!(shown.iter().any(|l| l.contains("▶ here")), "{shown:?}");
        assert_eq!(shown.len(), 14);
        assert!(shown[0].contains("lines above") && shown[13].contains("lines below"));
    }
}

#[cfg(test)]
mod chit_key_tests {
    use super::chit_keys;

    #[test]
    fn each_chit_has_its_own_letter_never_a_menu_key() {
        let names = [
            "Crisis Cards",
            "Domestic Crisis",
            "Regional Summit",
            "Random Regional Crisis",
            "Cascading Event 2",
            "Cascading Event 3",
            "Good Times!",
            "NSA 2",
            "Russia Acts (2)",
            "China Acts (2)",
            "Kremlin Jitters",
        ];
        let keys = chit_keys(&names);
        let got: String = keys.iter().map(|k| k.unwrap_or('-')).collect();
        // A word's first letter where it is free, else the next free letter of the name; j, k
        // and q move and close the menu.
        assert_eq!(got, "cdraesgnuhm");
        let mut seen = keys.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), keys.len(), "one chit a key");
    }
}
