//! THE LINE READER: one line typed at the terminal as a selected field, checked as it is typed;
//! an answer of a known number of keys taken at its last key, with no Enter.

use super::keys::{self, read_key};
use super::{menus, showing};
use crate::error::{Error, Result};

/// One line typed at the terminal (stderr), checked as it is typed; Esc or an empty line cancels.
pub(crate) fn ask_line(
    prompt: &str,
    check: impl Fn(&str) -> std::result::Result<(), String>,
) -> Result<String> {
    let ask = Ask {
        start: "",
        empty: Empty::Cancels,
        keys: None,
        signed: false,
        tens: false,
    };
    read_line(&console::Term::stderr(), prompt, &ask, check)
}

/// A whole number of `lo..=hi` typed at the terminal, by the key rule: one key when every
/// answer is one digit, else ended with Enter; an empty line is refused, a typo refused and
/// asked again; `None` when the player leaves it with Esc.
pub(crate) fn ask_whole(
    term: &console::Term,
    prompt: &str,
    lo: u32,
    hi: u32,
) -> Result<Option<u32>> {
    let parse = move |t: &str| match t.trim().parse::<u32>() {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(format!("must be a whole number from {lo} to {hi}")),
    };
    let ask = Ask {
        start: "",
        empty: Empty::Refused,
        keys: one_digit(i64::from(lo), i64::from(hi)).then_some(1),
        signed: false,
        tens: false,
    };
    match read_line(term, &format!("{prompt} ({lo} to {hi})"), &ask, |t| {
        parse(t).map(|_| ())
    }) {
        Ok(text) => parse(&text).map(Some).map_err(Error::Usage),
        Err(Error::Cancelled) => Ok(None),
        Err(e) => Err(e),
    }
}

/// What Enter does on an empty line.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Empty {
    /// It leaves, as Esc does (`x`: an empty line drops the extra DRMs).
    Cancels,
    /// It is refused and the question asked again: an answer is needed (Esc leaves).
    Refused,
    /// `check` judges it like any answer (at the dice: the tool rolls them).
    Checked,
}

/// How a line is asked.
pub(super) struct Ask<'a> {
    /// The answer shown, selected: Enter takes it, the first key typed replaces it.
    pub(super) start: &'a str,
    pub(super) empty: Empty,
    /// An answer of this many keys (a digit, a die's face) is taken at its last key, with no
    /// Enter: one for a number whose every answer is one digit, one a die.
    pub(super) keys: Option<usize>,
    /// With `keys`: a minus typed first waits for the digit after it (a number below 0).
    pub(super) signed: bool,
    /// Dice of ten faces: a 0 typed is a 10, and the answer drawn says 10.
    pub(super) tens: bool,
}

impl<'a> Ask<'a> {
    /// A line that ends with Enter, `check` judging an empty one.
    pub(super) fn line(start: &'a str) -> Ask<'a> {
        Ask {
            start,
            empty: Empty::Checked,
            keys: None,
            signed: false,
            tens: false,
        }
    }
}

/// Whether every answer of `lo..=hi` is one digit, with its minus where it is below 0: such a
/// number is answered on its digit ("-3 to 3": `-` then `2`), with no Enter.
pub(super) fn one_digit(lo: i64, hi: i64) -> bool {
    lo >= -9 && hi <= 9
}

/// One line typed at the terminal, starting as `ask.start`, as a selected field: Enter takes
/// it, the first key typed replaces it, Backspace clears it. Where an answer is of `ask.keys`
/// keys, it is taken at its last key; else Enter ends it. Esc or Ctrl-C cancels; Enter on an
/// empty line does what `ask.empty` says. An answer `check` refuses is said beside it, at once,
/// and kept selected: the next key typed replaces it (a typo is never carried to the next
/// question). Taken, it is drawn answered (✔). Where q quits (`play`'s key mode), it quits:
/// [`Error::Quit`].
pub(super) fn read_line(
    t: &console::Term,
    prompt: &str,
    ask: &Ask<'_>,
    check: impl Fn(&str) -> std::result::Result<(), String>,
) -> Result<String> {
    let head = head_of(t, prompt);
    let mut field = Field::new(ask.start);
    // The rows the last drawing took: a prompt wider than the terminal wraps, and every row of
    // it is cleared before it is drawn again (no copy left behind).
    let mut rows = 1;
    // The answer taken, and whether on its last key (its Enter may still come).
    let taken = loop {
        clear(t, rows)?;
        rows = field.draw(t, &head)?;
        match field.key(&read_key(t)?, ask) {
            Step::Edit => {}
            Step::Leave => break None,
            Step::Quit => {
                clear(t, rows)?;
                return Err(Error::Quit);
            }
            Step::End(on_key) => match check(&field.text) {
                Ok(()) => break Some(on_key),
                Err(m) => field.refuse(m),
            },
        }
    };
    clear(t, rows)?;
    let Some(on_key) = taken else {
        return cancelled(t, &head);
    };
    if on_key {
        keys::owe_enter();
    }
    taken_line(t, prompt, &field.text, ask.tens)?;
    Ok(field.text)
}

/// The question drawn before the field: broken at words, with room left on its last row for the
/// answer typed; the span "(0 to 10)" is kept whole.
fn head_of(t: &console::Term, prompt: &str) -> String {
    let room = usize::from(t.size().1).max(20).saturating_sub(12);
    let (question, span) = match prompt.rsplit_once(" (") {
        Some((q, s)) => (q, format!("({s} ›")),
        None => (prompt, "›".to_string()),
    };
    let mut head = menus::wrap_at_words(
        &format!("{} {question}", console::style("?").yellow().bold()),
        room,
    );
    let last = head
        .rsplit('\n')
        .next()
        .map_or(0, console::measure_text_width);
    head.push(if last + 1 + console::measure_text_width(&span) <= room {
        ' '
    } else {
        '\n'
    });
    head.push_str(&span);
    head.push(' ');
    head
}

/// The `rows` the line took cleared, the cursor left at the start of its first.
fn clear(t: &console::Term, rows: usize) -> Result<()> {
    let io = crate::signals::term_error;
    t.clear_line().map_err(io)?;
    if rows > 1 {
        t.clear_last_lines(rows - 1).map_err(io)?;
    }
    Ok(())
}

/// The question left: drawn again with "(cancelled)".
fn cancelled(t: &console::Term, head: &str) -> Result<String> {
    t.write_line(&format!("{head}{}", console::style("(cancelled)").dim()))
        .map_err(crate::signals::term_error)?;
    Err(Error::Cancelled)
}

/// The question drawn answered (✔) with the answer taken; dice of ten faces say their 10s.
fn taken_line(t: &console::Term, prompt: &str, text: &str, ten_faces: bool) -> Result<()> {
    let done = console::style("✔").green();
    let shown = if text.trim().is_empty() {
        console::style("(empty)").dim().to_string()
    } else if ten_faces {
        tens(text)
    } else {
        text.to_string()
    };
    let prompt = menus::answered(t, prompt, &console::strip_ansi_codes(&shown));
    t.write_line(&format!("{done} {prompt} · {shown}"))
        .map_err(crate::signals::term_error)
}

/// Dice of ten faces as typed, each 0 said as the 10 it is ("0" → "10", "3 0" → "3 10").
fn tens(text: &str) -> String {
    text.split(' ')
        .map(|d| if d == "0" { "10" } else { d })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The answer being typed, and how it is shown.
struct Field {
    text: String,
    /// Shown selected: the next key typed replaces it (the kept answer, until a key edits it).
    selected: bool,
    /// A refused answer is shown selected too, but Backspace edits it rather than clearing it.
    refused: bool,
    /// Said beside the answer: why it was refused, or that one is needed.
    said: Option<String>,
}

/// What a key did.
enum Step {
    /// The answer edited (or left as it was): the next key is read.
    Edit,
    /// The question left (Esc, Ctrl-C, or an empty Enter where that cancels).
    Leave,
    /// q where it quits (`play`'s key mode: no answer here has a letter).
    Quit,
    /// The answer ended, to be checked: on its last key (true) or by Enter (false).
    End(bool),
}

impl Field {
    fn new(start: &str) -> Field {
        Field {
            text: start.to_string(),
            selected: !start.is_empty(),
            refused: false,
            said: None,
        }
    }

    /// The field drawn after `head`, with what is said beside it and the cursor before that;
    /// the rows it took.
    fn draw(&self, t: &console::Term, head: &str) -> Result<usize> {
        let io = crate::signals::term_error;
        let tail = self
            .said
            .as_ref()
            .map(|m| format!("  {}", console::style(m).red()))
            .unwrap_or_default();
        let shown = if self.selected {
            console::style(&self.text).reverse().to_string()
        } else {
            self.text.clone()
        };
        let drawn = format!("{head}{shown}{tail}");
        let cols = usize::from(t.size().1).max(1);
        let rows = menus::rows_of(&drawn, cols);
        t.write_str(&drawn).map_err(io)?;
        showing(&format!("{head}{shown}"));
        if !tail.is_empty() {
            t.move_cursor_left(console::measure_text_width(&tail))
                .map_err(io)?;
        }
        Ok(rows)
    }

    /// What `key` does: edit the answer, or end it (by Enter, or by its last key), or leave.
    fn key(&mut self, key: &console::Key, ask: &Ask<'_>) -> Step {
        use console::Key;
        match key {
            Key::Enter if self.text.trim().is_empty() => match ask.empty {
                Empty::Cancels => Step::Leave,
                Empty::Refused => {
                    self.said = Some("an answer is needed (Esc leaves)".into());
                    Step::Edit
                }
                Empty::Checked => Step::End(false),
            },
            Key::Enter => Step::End(false),
            Key::Escape | Key::CtrlC => Step::Leave,
            Key::Char('q') if keys::quits_on_q() => Step::Quit,
            Key::Backspace => {
                self.backspace(ask);
                Step::Edit
            }
            Key::Char(c) if !c.is_control() => self.typed(*c, ask),
            // Ctrl-U empties the line, as in a shell.
            Key::Char('\u{15}') => {
                self.text.clear();
                self.selected = false;
                self.said = None;
                Step::Edit
            }
            Key::ArrowLeft | Key::ArrowRight | Key::End | Key::Home => {
                self.selected = false;
                Step::Edit
            }
            _ => Step::Edit,
        }
    }

    /// Backspace: a selected answer cleared, a refused one (or one typed) edited.
    fn backspace(&mut self, ask: &Ask<'_>) {
        if std::mem::take(&mut self.selected) && !std::mem::take(&mut self.refused) {
            self.text.clear();
        } else {
            self.text.pop();
            if ask.keys.is_some() && self.text.ends_with(' ') {
                self.text.pop();
            }
        }
        self.refused = false;
        self.said = None;
    }

    /// A character typed: it replaces a selected answer. One key a part ("3 5" for 2d6): the
    /// last part, or a key that is no digit, ends the answer at once.
    fn typed(&mut self, c: char, ask: &Ask<'_>) -> Step {
        if std::mem::take(&mut self.selected) {
            self.text.clear();
        }
        self.refused = false;
        self.said = None;
        let Some(n) = ask.keys else {
            self.text.push(c);
            return Step::Edit;
        };
        // A minus first waits for its digit ("-2"): the answer is the digit's key.
        if c == '-' && self.text.is_empty() && ask.signed {
            self.text.push(c);
            return Step::Edit;
        }
        // The space between dice is put in by the keys themselves.
        if c == ' ' {
            return Step::Edit;
        }
        if !self.text.is_empty() && self.text != "-" {
            self.text.push(' ');
        }
        self.text.push(c);
        let typed = self.text.split(' ').count();
        if typed >= n || !c.is_ascii_digit() {
            Step::End(true)
        } else {
            Step::Edit
        }
    }

    /// A refused answer: said beside it, and shown selected, so the next key typed replaces it.
    fn refuse(&mut self, why: String) {
        self.said = Some(why);
        self.selected = true;
        self.refused = true;
    }
}
