//! The questions `play` answers on one key or a short menu, drawn as dialoguer's colourful theme
//! draws them but read here: a number taken as typed (no longer answer begins with it) may still
//! be followed by the Enter the player's fingers expect, and every reader here takes that Enter as
//! the number's, never as the next question's answer.

use crate::error::Result;
use console::{Key, Term};
use dialoguer::theme::{ColorfulTheme, Theme};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// When an answer was last taken as typed, before its Enter: the next key, if it is Enter and
/// comes soon enough, is that Enter.
static ENTER_OWED: Mutex<Option<Instant>> = Mutex::new(None);
/// When a number was last taken as typed, and how many digits it had: a digit hard on its
/// heels was typed with it.
static TAKEN_AT: Mutex<Option<(Instant, usize)>> = Mutex::new(None);

/// How long the Enter the fingers add to a number taken as typed is waited for: an Enter later
/// than that is meant, and taken.
const ENTER_WINDOW: Duration = Duration::from_secs(1);
/// A digit read this soon after a number was taken as typed was typed with it, before what
/// followed was on screen: "155" for a 0-40 rating took 15, "55" for a Stability took 5. It is
/// never taken as a roll; nor as the next answer after a number of two digits or more (after a
/// one-digit answer, a digit is the next answer typed ahead: "4", "3").
const TYPED_WITH: Duration = Duration::from_millis(250);

fn now_in<T>(cell: &Mutex<Option<T>>) -> Option<T> {
    cell.lock().map(|mut g| g.take()).unwrap_or_default()
}

/// Say that the answer just taken, of `digits` digits, was taken before its Enter.
pub(crate) fn owe_enter(digits: usize) {
    let now = Instant::now();
    if let Ok(mut g) = ENTER_OWED.lock() {
        *g = Some(now);
    }
    if let Ok(mut g) = TAKEN_AT.lock() {
        *g = Some((now, digits));
    }
}

/// Whether an Enter is owed, forgetting it: a menu drawn by dialoguer reads the keys itself, so
/// its caller settles the Enter first.
pub(crate) fn take_owed() -> bool {
    now_in(&ENTER_OWED).is_some_and(|t| t.elapsed() < ENTER_WINDOW)
}

/// Whether `key` is a digit typed with the number taken as typed just before (in the same
/// burst): where a roll may follow (`answer` false), after any number; where an answer is
/// typed, after one of two digits or more. It is then said and dropped. Asked for the first key
/// after the number.
pub(crate) fn typed_with_number(key: &Key, answer: bool) -> bool {
    let taken = now_in(&TAKEN_AT);
    matches!(key, Key::Char(c) if c.is_ascii_digit())
        && taken.is_some_and(|(t, digits)| t.elapsed() < TYPED_WITH && (!answer || digits >= 2))
}

/// The next key; an Enter owed by an answer taken as typed is passed over first.
pub(crate) fn read_key(t: &Term) -> Result<Key> {
    let owed = now_in(&ENTER_OWED);
    let key = t.read_key().map_err(crate::signals::term_error)?;
    if key == Key::Enter && owed.is_some_and(|at| at.elapsed() < ENTER_WINDOW) {
        return t.read_key().map_err(crate::signals::term_error);
    }
    Ok(key)
}

/// Whether `text` is a whole number of `lo..=hi` that no longer answer of the span begins with:
/// "5" of 0 to 8, "20" of 0 to 40 ("2" could still be 25), "-4" of -5 to 10.
pub(crate) fn whole_number(text: &str, lo: i64, hi: i64) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let Ok(n) = text.parse::<i64>() else {
        return false;
    };
    if !(lo..=hi).contains(&n) {
        return false;
    }
    if n == 0 {
        // "0" (or "-0") grows into no other number: a longer answer would not start with a 0.
        return true;
    }
    // A digit more makes n*10..n*10+9 (or the same below zero), two more n*100..n*100+99...
    let mut scale: i64 = 1;
    loop {
        let Some(next) = scale.checked_mul(10) else {
            return true;
        };
        scale = next;
        let (Some(base), Some(spread)) = (n.checked_mul(scale), scale.checked_sub(1)) else {
            return true;
        };
        let (from, to) = if n > 0 {
            (base, base.saturating_add(spread))
        } else {
            (base.saturating_sub(spread), base)
        };
        if from <= hi && to >= lo {
            return false;
        }
        if (n > 0 && from > hi) || (n < 0 && to < lo) {
            return true;
        }
    }
}

/// A yes/no question, answered on the key (y or n; Enter takes the default, when there is one);
/// `None` when the player leaves it (Esc or q).
pub(crate) fn yes_no(t: &Term, prompt: &str, default: Option<bool>) -> Result<Option<bool>> {
    let theme = ColorfulTheme::default();
    let io = crate::signals::term_error;
    let mut shown = String::new();
    let _ = theme.format_confirm_prompt(&mut shown, prompt, default);
    let shown = wrap_at_words(&shown, usize::from(t.size().1).saturating_sub(1));
    t.write_str(&shown).map_err(io)?;
    // A question wider than the terminal takes more rows: each is cleared once it is answered.
    let drawn = rows(t, &shown);
    t.hide_cursor().map_err(io)?;
    let answer = loop {
        match read_key(t)? {
            Key::Char('y' | 'Y') => break Some(true),
            Key::Char('n' | 'N') => break Some(false),
            Key::Enter if default.is_some() => break default,
            Key::Escape | Key::Char('q') => break None,
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
    Ok(answer)
}

/// One of `items`, the cursor starting on `default` (arrows or j/k move it, Enter or Space takes
/// it); `None` when the player leaves it (Esc or q). A list taller than the terminal shows the
/// part around the cursor.
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
    if items.is_empty() {
        return Ok(None);
    }
    let theme = ColorfulTheme::default();
    let io = crate::signals::term_error;
    let mut at = default.min(items.len() - 1);
    let room = usize::from(t.size().0).saturating_sub(4).max(3);
    let mut drawn = 0;
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
                break keys.iter().find(|(k, _)| *k == c).map(|(_, i)| *i);
            }
            Key::Escape | Key::Char('q') => break None,
            Key::CtrlC => crate::signals::interrupted(),
            _ => {}
        }
    };
    t.clear_last_lines(drawn).map_err(io)?;
    if let Some(i) = picked {
        // The item picked, cut at a word when the answered line would be wider than the
        // terminal (a chart's long title): never broken inside a word.
        let cols = usize::from(t.size().1).max(20);
        let item = super::cut_at_word(&items[i], cols.saturating_sub(24).max(16));
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
    super::cut_middle(
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
        // Answered, each item marked by its name alone ("Priority 5", not what is kept for it),
        // the line cut at a word to the terminal's width: it never wraps inside a word.
        // Items of one noun say it once: "Priority 4, 3, 1". The question's hint on the keys
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
        let shown = super::cut_at_word(&joined, room);
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
    use super::{rows_of, whole_number, wrap_at_words};

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

    #[test]
    fn a_number_is_whole_when_no_longer_answer_of_the_span_begins_with_it() {
        let cases = [
            ("5", 0, 8, true),
            ("0", 0, 8, true),
            ("1", 0, 10, false),
            ("10", 0, 10, true),
            ("2", 0, 40, false),
            ("20", 0, 40, true),
            ("4", 0, 40, false),
            ("5", 0, 40, true),
            ("52", 0, 100, true),
            ("10", 0, 100, false),
            ("100", 0, 100, true),
            ("15", 0, 300, false),
            ("150", 0, 300, true),
            ("-", -5, 10, false),
            ("-4", -5, 10, true),
            ("-1", -5, 10, true),
            ("-1", -20, 10, false),
            ("2", -5, 10, true),
            ("11", 0, 10, false),
            ("+5", 0, 8, false),
            (" 5", 0, 8, false),
            ("5", i64::MIN, i64::MAX, false),
            ("922337203685477580", 0, i64::MAX, false),
            ("9223372036854775807", 0, i64::MAX, true),
        ];
        for (text, lo, hi, whole) in cases {
            assert_eq!(whole_number(text, lo, hi), whole, "{text} in {lo}..={hi}");
        }
    }
}
