//! The key front end's questions: the one waiting asked with a menu (a chit drawn by its
//! letter, answers kept to review, a loop's items marked, a count, a yes or no); Esc puts it
//! aside.

use super::super::Walk;
use super::super::checklist::Question;
use super::super::events::Action;
use super::KeySession;
use crate::error::{Error, Result};
use crate::prompt::MarkTheme;
use console::{Key, Term, style};
use dialoguer::MultiSelect;
use dialoguer::theme::ColorfulTheme;

/// Ask the question waiting with a menu; Esc puts it aside; `false` when q at a board's yes/no
/// quits, [`Error::Quit`] at a menu or a number (saved: the question stays open for the next
/// start).
pub(super) fn ask(walk: &mut Walk, s: &mut KeySession, q: &Question) -> Result<bool> {
    let term = &s.term.clone();
    let prompt = walk.game.question_text(q);
    let answer = match q {
        Question::Chit { n, max } => chit(walk, s, &prompt, n < max)?,
        Question::Review => return review(walk, s),
        Question::Item(_) if pick(walk).is_some() => return marked(walk, s),
        Question::Count(i) => count(walk, term, &prompt, *i)?,
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
        Some(a) => walk.act(Action::Answer(a), s)?,
        None => walk.act(Action::Aside, s)?,
    };
    Ok(true)
}

/// A chit's menu: each chit its item, label (as answered), answer and key.
#[derive(Default)]
struct Chits {
    items: Vec<String>,
    labels: Vec<String>,
    answers: Vec<String>,
    keys: Vec<(char, usize)>,
}

/// The chits drawn: where a (+) draws another (`plus`), each chit is listed as drawn with its
/// (+) or without: the draw says both at once. Each is one key, shown beside it: a letter of
/// its name, the same all game; with its (+), the letter's capital.
fn chits(walk: &Walk, plus: bool) -> Chits {
    let names: Vec<&str> = walk
        .game
        .seq
        .chits
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    let letters = chit_keys(&names);
    let mut m = Chits::default();
    for (c, k) in walk.game.seq.chits.iter().zip(&letters) {
        let mark = |k: Option<char>| k.map_or_else(|| "  ".to_string(), |k| format!("{k} "));
        if plus {
            let up = k.map(|k| k.to_ascii_uppercase());
            m.keys.extend(k.map(|k| (k, m.items.len())));
            m.keys.extend(up.map(|k| (k, m.items.len() + 1)));
            m.items.extend([
                format!("{}{}", mark(*k), c.name),
                format!("{}{} (+)", mark(up), c.name),
            ]);
            m.labels.extend([c.name.clone(), format!("{} (+)", c.name)]);
            m.answers
                .extend([format!("{} -", c.id), format!("{} +", c.id)]);
        } else {
            m.keys.extend(k.map(|k| (k, m.items.len())));
            m.items.push(format!("{}{}", mark(*k), c.name));
            m.labels.push(c.name.clone());
            m.answers.push(c.id.clone());
        }
    }
    m.items.push("  (put aside)".into());
    m.labels.push("(put aside)".into());
    m
}

/// The chit drawn, by its key or from the list; `None` puts the question aside.
fn chit(walk: &mut Walk, s: &mut KeySession, prompt: &str, more: bool) -> Result<Option<String>> {
    let term = &s.term.clone();
    let plus = walk.game.draw().is_some_and(|d| d.plus) && more;
    let m = chits(walk, plus);
    let longest = m
        .labels
        .iter()
        .map(|i| console::measure_text_width(i))
        .max();
    let hint = if plus {
        "(its key; capital: with its (+))"
    } else {
        "(its key)"
    };
    let prompt = one_row(walk, prompt, "Drawn", hint, longest.unwrap_or(0));
    // Just after a chit's roll, an Enter meant for the result does not pick a chit; a chit's
    // key typed then takes it.
    let Some(typed) = settle(
        term,
        &prompt,
        std::mem::take(&mut s.just_rolled),
        "(Enter: the list)",
    )?
    else {
        return Ok(None);
    };
    let typed = typed.chars().next();
    let at_once = m
        .keys
        .iter()
        .find(|(k, _)| Some(*k) == typed)
        .map(|(_, i)| *i);
    let picked = match at_once {
        Some(i) => {
            crate::prompt::owe_enter();
            let mut done = String::new();
            let _ = dialoguer::theme::Theme::format_select_prompt_selection(
                &ColorfulTheme::default(),
                &mut done,
                &prompt,
                &m.labels[i],
            );
            term.write_line(&done).map_err(crate::signals::term_error)?;
            Some(i)
        }
        None => {
            crate::prompt::select_marked(term, &prompt, &m.items, &m.labels, (0, page()), &m.keys)?
        }
    };
    Ok(picked.and_then(|i| m.answers.get(i).cloned()))
}

/// The answers kept for a loop's items: those that moved marked, to be answered again.
fn review(walk: &mut Walk, s: &mut KeySession) -> Result<bool> {
    let term = &s.term.clone();
    let kept = walk.game.review_lines();
    let lines: Vec<&str> = kept.iter().map(|(_, l)| l.as_str()).collect();
    walk.say("  Kept from before: Space marks those that moved, to answer again; Enter with none marked keeps them all.");
    if settle(term, "Moved any?", false, "(Enter: the list)")?.is_none() {
        return walk.act(Action::Aside, s).map(|_| true);
    }
    let picked = MultiSelect::with_theme(&MarkTheme(ColorfulTheme::default()))
        .with_prompt("Moved any?")
        .items(&lines)
        .interact_on_opt(term)?;
    match picked {
        Some(p) => {
            let items = p.iter().filter_map(|i| kept.get(*i).map(|(n, _)| *n));
            walk.act(Action::Pick(items.collect()), s).map(|_| true)
        }
        None => walk.act(Action::Aside, s).map(|_| true),
    }
}

/// A loop's one question for all its items: those it applies to, marked.
fn marked(walk: &mut Walk, s: &mut KeySession) -> Result<bool> {
    let term = &s.term.clone();
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
        std::mem::take(&mut s.just_rolled),
        "(Enter: the list)",
    )?
    .is_none()
    {
        return walk.act(Action::Aside, s).map(|_| true);
    }
    let picked = MultiSelect::with_theme(&MarkTheme(ColorfulTheme::default()))
        .with_prompt(question)
        .items(&items)
        .interact_on_opt(term)?;
    match picked {
        Some(p) => walk.act(Action::Pick(p), s).map(|_| true),
        None => walk.act(Action::Aside, s).map(|_| true),
    }
}

/// A count of the board's (bills, counters): each number one item, 0-9 on its key.
fn count(walk: &Walk, term: &Term, prompt: &str, step: usize) -> Result<Option<String>> {
    let max = walk
        .game
        .segment()
        .steps
        .get(step)
        .and_then(|s| s.count.as_ref())
        .map_or(0, |c| c.max as usize);
    Ok(if max > 9 {
        // Two digits may be typed: the number ends with Enter, as every number does whose
        // answers are not all one digit (a menu would take the 1 of 12).
        crate::prompt::ask_whole(term, prompt, 0, max as u32)?.map(|n| n.to_string())
    } else {
        let items: Vec<String> = (0..=max).map(|n| n.to_string()).collect();
        let keys: Vec<(char, usize)> = (0..=max)
            .filter_map(|n| char::from_digit(n as u32, 10).map(|c| (c, n)))
            .collect();
        let question = format!("{prompt} (0-{max}; Esc: put aside)");
        crate::prompt::select_keyed(term, &question, &items, 0, &keys)?
            .and_then(|n| items.get(n).cloned())
    })
}

/// The prompt of a menu dialoguer draws: the question with its hint when they fit on one row
/// with room to type; else the question said above the menu, wrapped at words, and the menu's
/// prompt short (dialoguer redraws one row: a prompt wider than the terminal leaves a copy of
/// itself at each key).
fn one_row(walk: &mut Walk, question: &str, short: &str, hint: &str, answer: usize) -> String {
    let full = format!("{question} {hint}");
    // Room for "? ", " › ", something typed, and the answered line's " · answer".
    let room = super::super::view::width().saturating_sub(16.max(answer + 6));
    if console::measure_text_width(&full) <= room {
        return full;
    }
    for l in super::super::view::wrap(&format!("? {question}"), super::super::view::width()) {
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
        // Esc puts the question aside, as at the menu; q quits (no chit's key is q).
        Key::Escape => None,
        Key::Char('q') => return Err(Error::Quit),
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
pub(super) fn page() -> usize {
    // The segment above the list stays in sight, and picking leaves no screenful of empty
    // rows behind (typing a letter or two finds any item).
    let (rows, _) = Term::stderr().size();
    (usize::from(rows) / 2).clamp(5, 20)
}

#[cfg(test)]
mod tests {
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
