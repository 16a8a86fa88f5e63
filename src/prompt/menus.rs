//! The questions `play` answers on one key or a short menu, drawn as dialoguer's colourful theme
//! draws them but read here, through `keys`: an answer given on one key (y, n, a menu's own key)
//! may be followed by the Enter the player's fingers expect, and the reader takes that Enter as
//! the answer's, never as the next question's.

use super::keys::{owe_enter, quits_on_q, read_key};
use crate::error::{Error, Result};
use console::{Key, Term};
use dialoguer::theme::{ColorfulTheme, Theme};

/// A yes/no question, answered on the key (y or n; Enter takes the default, when there is one);
/// `None` when the player leaves it (Esc, or q where q does not quit: [`Error::Quit`] where it
/// does).
pub(crate) fn yes_no(t: &Term, prompt: &str, default: Option<bool>) -> Result<Option<bool>> {
    Ok(match yes_no_or_quit(t, prompt, default)? {
        Said::Answer(b) => Some(b),
        Said::Quit if quits_on_q() => return Err(Error::Quit),
        Said::Aside | Said::Quit => None,
    })
}

/// What a yes/no question got: an answer, Esc (put aside) or q (quit, the question left open).
pub(crate) enum Said {
    Answer(bool),
    Aside,
    Quit,
}

/// [`yes_no`], telling q from Esc.
pub(crate) fn yes_no_or_quit(t: &Term, prompt: &str, default: Option<bool>) -> Result<Said> {
    let theme = ColorfulTheme::default();
    let io = crate::signals::term_error;
    // The answer Enter gives is a hint, never drawn after the prompt's "›" as if typed (a
    // cold player read "Leave with 2 still open? (y/n) › no" as an answer already given).
    let hint = match default {
        None => "(y/n)".to_string(),
        Some(b) => format!("(y/n; Enter: {})", if b { "yes" } else { "no" }),
    };
    let shown = format!(
        "{} {} {} {} ",
        theme.prompt_prefix,
        theme.prompt_style.apply_to(prompt),
        theme.hint_style.apply_to(hint),
        theme.prompt_suffix
    );
    let shown = wrap_at_words(&shown, usize::from(t.size().1).saturating_sub(1));
    t.write_str(&shown).map_err(io)?;
    // A question wider than the terminal takes more rows: each is cleared once it is answered.
    let drawn = rows(t, &shown);
    t.hide_cursor().map_err(io)?;
    let mut quit = false;
    let answer = loop {
        match read_key(t)? {
            Key::Char('y' | 'Y') => {
                owe_enter();
                break Some(true);
            }
            Key::Char('n' | 'N') => {
                owe_enter();
                break Some(false);
            }
            Key::Enter if default.is_some() => break default,
            Key::Escape => break None,
            Key::Char('q') => {
                quit = true;
                break None;
            }
            Key::CtrlC => crate::signals::interrupted(),
            _ => {}
        }
    };
    t.clear_line().map_err(io)?;
    if drawn > 1 {
        t.clear_last_lines(drawn - 1).map_err(io)?;
    }
    // Left with Esc, the question is not drawn answered (no ✔ over no answer).
    if answer.is_some() {
        let mut done = String::new();
        let said = if answer == Some(true) { "yes" } else { "no" };
        let _ =
            theme.format_confirm_prompt_selection(&mut done, &answered(t, prompt, said), answer);
        t.write_line(&done).map_err(io)?;
    }
    t.show_cursor().map_err(io)?;
    Ok(match answer {
        Some(b) => Said::Answer(b),
        None if quit => Said::Quit,
        None => Said::Aside,
    })
}

/// One of `items`, the cursor starting on `default` (arrows or j/k move it, Enter or Space takes
/// it); `None` when the player leaves it (Esc, or q where q does not quit: [`Error::Quit`] where
/// it does, unless it is an item's key). A list taller than the terminal shows the part around
/// the cursor.
pub(crate) fn select(
    t: &Term,
    prompt: &str,
    items: &[String],
    default: usize,
) -> Result<Option<usize>> {
    select_keyed(t, prompt, items, default, &[])
}

/// [`select`], with keys that take an item at once (`('y', 1)`: y takes "Yes").
pub(crate) fn select_keyed(
    t: &Term,
    prompt: &str,
    items: &[String],
    default: usize,
    keys: &[(char, usize)],
) -> Result<Option<usize>> {
    select_shown(t, prompt, items, items, default, keys)
}

/// [`select_keyed`] whose items are listed as `items` ("d Domestic Crisis") and answered as
/// `answers` ("Domestic Crisis"): a key taken at once, shown beside its item; at most `rows`
/// items in sight at once (the arrows scroll, every key takes its item).
pub(crate) fn select_marked(
    t: &Term,
    prompt: &str,
    items: &[String],
    answers: &[String],
    (default, rows): (usize, usize),
    keys: &[(char, usize)],
) -> Result<Option<usize>> {
    select_in(t, prompt, items, answers, (default, Some(rows)), keys)
}

/// [`select`] of up to nine items numbered from 1, each taken at once by its digit ("3) 1-3"
/// on 3): one key, the same at any speed; the answered line shows the item without its number.
/// A longer list is not numbered.
///
/// Item `i` numbered `numbers[i]` (1, 2, 3... when all are offered): the numbers of items not
/// offered now are skipped, never given to another ("1) 2) 4)": 4 is the same item as when all
/// were).
pub(crate) fn select_numbered(
    t: &Term,
    prompt: &str,
    labels: &[String],
    default: usize,
    numbers: &[usize],
) -> Result<Option<usize>> {
    if numbers.len() != labels.len() || numbers.iter().any(|n| *n > 9) {
        return select(t, prompt, labels, default);
    }
    let items: Vec<String> = labels
        .iter()
        .zip(numbers)
        .map(|(l, n)| format!("{n}) {l}"))
        .collect();
    let keys: Vec<(char, usize)> = numbers
        .iter()
        .enumerate()
        .filter_map(|(i, n)| char::from_digit(*n as u32, 10).map(|c| (c, i)))
        .collect();
    select_shown(t, prompt, &items, labels, default, &keys)
}

/// A question whose answer is known, drawn answered ("✔ Which focus is it? · …"): no key read.
pub(crate) fn said(t: &Term, prompt: &str, answer: &str) -> Result<()> {
    let theme = ColorfulTheme::default();
    let mut done = String::new();
    let _ = theme.format_select_prompt_selection(&mut done, &answered(t, prompt, answer), answer);
    t.write_line(&done).map_err(crate::signals::term_error)
}

/// The menu: `items` listed, `answers[i]` on the answered line.
fn select_shown(
    t: &Term,
    prompt: &str,
    items: &[String],
    answers: &[String],
    default: usize,
    keys: &[(char, usize)],
) -> Result<Option<usize>> {
    select_in(t, prompt, items, answers, (default, None), keys)
}

/// [`select_shown`], with at most `rows` items in sight when given (else the terminal's).
fn select_in(
    t: &Term,
    prompt: &str,
    items: &[String],
    answers: &[String],
    (default, rows_max): (usize, Option<usize>),
    keys: &[(char, usize)],
) -> Result<Option<usize>> {
    if items.is_empty() {
        return Ok(None);
    }
    let theme = ColorfulTheme::default();
    let io = crate::signals::term_error;
    let mut at = default.min(items.len() - 1);
    let room = usize::from(t.size().0).saturating_sub(4).max(3);
    let room = rows_max.map_or(room, |r| r.clamp(3, room));
    let mut drawn = 0;
    let mut quit = false;
    t.hide_cursor().map_err(io)?;
    let picked = loop {
        if drawn > 0 {
            t.clear_last_lines(drawn).map_err(io)?;
        }
        let start = at
            .saturating_sub(room / 2)
            .min(items.len().saturating_sub(room));
        let mut lines = Vec::new();
        let mut head = String::new();
        let _ = theme.format_select_prompt(&mut head, prompt);
        lines.push(wrap_at_words(
            &head,
            usize::from(t.size().1).saturating_sub(1),
        ));
        for (i, item) in items.iter().enumerate().skip(start).take(room) {
            let mut l = String::new();
            let _ = theme.format_select_prompt_item(&mut l, item, i == at);
            lines.push(l);
        }
        for l in &lines {
            t.write_line(l).map_err(io)?;
        }
        // Drawn again whole after a stop: the cursor under it, as now.
        super::showing(&format!("{}\n", lines.join("\n")));
        // Rows, not lines: a line wider than the terminal wraps, and every row is cleared.
        drawn = lines.iter().map(|l| rows(t, l)).sum();
        match read_key(t)? {
            Key::ArrowDown | Key::Char('j') | Key::Tab => at = (at + 1) % items.len(),
            Key::ArrowUp | Key::Char('k') | Key::BackTab => {
                at = at.checked_sub(1).unwrap_or(items.len() - 1);
            }
            Key::Home => at = 0,
            Key::End => at = items.len() - 1,
            Key::Enter | Key::Char(' ') => break Some(at),
            Key::Char(c) if keys.iter().any(|(k, i)| *k == c && *i < items.len()) => {
                owe_enter();
                break keys.iter().find(|(k, _)| *k == c).map(|(_, i)| *i);
            }
            Key::Escape => break None,
            Key::Char('q') => {
                quit = quits_on_q();
                break None;
            }
            Key::CtrlC => crate::signals::interrupted(),
            _ => {}
        }
    };
    t.clear_last_lines(drawn).map_err(io)?;
    if quit {
        t.show_cursor().map_err(io)?;
        return Err(Error::Quit);
    }
    if let Some(i) = picked {
        // The item picked, cut at a word when the answered line would be wider than the
        // terminal (a chart's long title): never broken inside a word.
        let cols = usize::from(t.size().1).max(20);
        let item = super::fit::cut_at_word(&answers[i], cols.saturating_sub(24).max(16));
        let mut done = String::new();
        let _ = theme.format_select_prompt_selection(&mut done, &answered(t, prompt, &item), &item);
        t.write_line(&done).map_err(io)?;
    }
    t.show_cursor().map_err(io)?;
    Ok(picked)
}

/// The question of an answered line ("✔ question · answer"), cut in its middle with "…" when
/// the line would be wider than the terminal (its end tells it from its neighbours: "Friends?",
/// "Opponents?"): the answer is never the part cut, nor split.
pub(crate) fn answered(t: &Term, prompt: &str, answer: &str) -> String {
    let cols = usize::from(t.size().1).max(20);
    super::fit::cut_middle(
        prompt,
        cols.saturating_sub(console::measure_text_width(answer) + 6),
    )
}

/// The rows a line takes on the terminal (a line wider than it wraps).
fn rows(t: &Term, line: &str) -> usize {
    rows_of(line, usize::from(t.size().1))
}

/// The rows `text` takes in `cols` columns: each of its lines, and each line's wrapped rows.
pub(crate) fn rows_of(text: &str, cols: usize) -> usize {
    let cols = cols.max(1);
    text.split('\n')
        .map(|l| console::measure_text_width(l).max(1).div_ceil(cols))
        .sum()
}

/// `line` broken at spaces so that no row is wider than `cols` (a word wider than a row is left
/// to the terminal): a question never splits inside a word.
pub(crate) fn wrap_at_words(line: &str, cols: usize) -> String {
    if console::measure_text_width(line) <= cols {
        return line.to_string();
    }
    let mut out = String::new();
    let mut row = 0;
    for (i, word) in line.split(' ').enumerate() {
        let w = console::measure_text_width(word);
        if i > 0 {
            if row > 0 && row + 1 + w > cols {
                out.push('\n');
                row = 0;
            } else {
                out.push(' ');
                row += 1;
            }
        }
        out.push_str(word);
        row += w;
    }
    out
}

/// The theme of a list with boxes to mark: the item under the cursor is marked "❯" as in the
/// other menus (dialoguer's colourful theme shows it by colour alone, lost with `NO_COLOR`).
pub(crate) struct MarkTheme(pub(crate) ColorfulTheme);

impl Theme for MarkTheme {
    fn format_prompt(&self, f: &mut dyn std::fmt::Write, prompt: &str) -> std::fmt::Result {
        self.0.format_prompt(f, prompt)
    }

    fn format_multi_select_prompt(
        &self,
        f: &mut dyn std::fmt::Write,
        prompt: &str,
    ) -> std::fmt::Result {
        self.0.format_multi_select_prompt(f, prompt)
    }

    fn format_multi_select_prompt_selection(
        &self,
        f: &mut dyn std::fmt::Write,
        prompt: &str,
        selections: &[&str],
    ) -> std::fmt::Result {
        // Answered, each item marked by its name alone ("Item 5", not what is kept for it),
        // the line cut at a word to the terminal's width: it never wraps inside a word.
        // Items of one noun say it once: "Item 4, 3, 1". The question's hint on the keys
        // ("(Space marks, Enter goes on)") is no longer needed.
        let prompt = prompt.split(" (").next().unwrap_or(prompt);
        let names: Vec<&str> = selections
            .iter()
            .map(|s| s.split(':').next().unwrap_or(s))
            .collect();
        let noun = names
            .first()
            .and_then(|n| n.split_once(' '))
            .map(|(noun, _)| noun)
            .filter(|noun| names.iter().all(|n| n.starts_with(&format!("{noun} "))));
        let joined = match noun {
            Some(noun) => {
                let rest: Vec<&str> = names.iter().map(|n| &n[noun.len() + 1..]).collect();
                format!("{noun} {}", rest.join(", "))
            }
            None => names.join(", "),
        };
        let cols = usize::from(Term::stderr().size().1).max(20);
        let room = cols
            .saturating_sub(console::measure_text_width(prompt) + 6)
            .max(10);
        let shown = super::fit::cut_at_word(&joined, room);
        // None marked says so, rather than nothing after the "·".
        let shown = if selections.is_empty() {
            "none".to_string()
        } else {
            shown
        };
        let one = [shown.as_str()];
        let names: &[&str] = &one;
        self.0
            .format_multi_select_prompt_selection(f, prompt, names)
    }

    fn format_multi_select_prompt_item(
        &self,
        f: &mut dyn std::fmt::Write,
        text: &str,
        checked: bool,
        active: bool,
    ) -> std::fmt::Result {
        write!(f, "{} ", if active { "❯" } else { " " })?;
        self.0
            .format_multi_select_prompt_item(f, text, checked, active)
    }
}

#[cfg(test)]
mod tests {
    use super::{rows_of, wrap_at_words};

    #[test]
    fn a_question_wider_than_the_terminal_breaks_between_words() {
        let q = "? Does Russia or China have an influence counter in the region? (y/n) ›";
        let w = wrap_at_words(q, 30);
        assert!(
            w.lines().all(|l| console::measure_text_width(l) <= 30),
            "{w}"
        );
        assert_eq!(w.replace('\n', " "), q);
        assert_eq!(rows_of(&w, 30), w.lines().count());
        assert_eq!(wrap_at_words("short", 30), "short");
        // A row the terminal wraps itself counts twice.
        assert_eq!(rows_of(&"x".repeat(61), 30), 3);
    }
}
