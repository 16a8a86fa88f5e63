//! Asking the player, for the engine's `Prompter` port: dialoguer on a terminal, plain lines for
//! scripts. Every dialoguer call outside `play`'s key front end lives here.

use crate::error::{Error, Result};
use crate::rules::{Prompter, Value, parse_value};
use crate::transcription::{
    RowEntry, Transcription, dice_of, parse_columns, parse_dice, spans_text,
};
use flipbook_charts::{Chart, Dice, Input, InputKind};
use std::io::{BufRead, Write};

mod keys;
mod menus;
pub(crate) use crate::signals::showing;
pub(crate) use keys::{owe_enter, read_key, take_owed};
pub(crate) use menus::{
    MarkTheme, Said, select, select_keyed, select_marked, yes_no, yes_no_or_quit,
};

/// Both stdin and stderr are terminals: dialoguer can be used. With stderr a terminal but stdin
/// piped, dialoguer would read the keyboard and ignore the pipe, so both are checked.
pub(crate) fn terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

/// A yes/no question on the terminal; `None` when the player leaves it (Esc).
pub(crate) fn confirm(question: &str) -> Result<Option<bool>> {
    Ok(
        dialoguer::Confirm::with_theme(&dialoguer::theme::ColorfulTheme::default())
            .with_prompt(question)
            .default(false)
            .interact_on_opt(&console::Term::stderr())?,
    )
}

/// A roll's questions on the terminal (stderr): y/n and menus read by `menus` (drawn as
/// dialoguer draws them), numbers typed on one line.
pub(crate) struct TermPrompter {
    term: console::Term,
}

impl Default for TermPrompter {
    fn default() -> Self {
        TermPrompter {
            term: console::Term::stderr(),
        }
    }
}

impl Prompter for TermPrompter {
    fn landed(&mut self, title: &str, dice: &[i64], total: i64, row: &str) -> Result<()> {
        let dice: Vec<String> = dice.iter().map(ToString::to_string).collect();
        // A table without a die is read by its value: no "rolled" to say.
        let rolled = if dice.is_empty() {
            String::new()
        } else {
            format!("rolled {}, ", dice.join(" "))
        };
        // A table of one row for any total ("any") has no row worth naming.
        let row = if row == "any" {
            String::new()
        } else {
            format!(" → row {row}")
        };
        let line = format!(
            "  {}: {rolled}total {total}{row}",
            crate::text::safe(title, false)
        );
        self.term
            .write_line(&console::style(line).dim().to_string())
            .map_err(crate::signals::term_error)
    }

    fn ask(&mut self, input: &Input, default: Option<&Value>) -> Result<Option<Value>> {
        let value = match input.kind {
            InputKind::Yesno => {
                let default = match default {
                    Some(Value::Bool(b)) => Some(*b),
                    _ => None,
                };
                match menus::yes_no(&self.term, &input.ask, default)? {
                    Some(b) => Value::Bool(b),
                    None => return Err(Error::Cancelled),
                }
            }
            InputKind::Choice => {
                let labels: Vec<String> = input.options.iter().map(|o| fit(o.label())).collect();
                let at = match default {
                    Some(Value::Choice(v)) => input.options.iter().position(|o| o.value() == v),
                    _ => None,
                };
                // One answer left (the last a loop's other items do not hold): taken, and said;
                // no key is asked for what is known.
                if let [only] = labels.as_slice() {
                    menus::said(
                        &self.term,
                        &input.ask,
                        &format!("{only} (the only one left)"),
                    )?;
                    return Ok(Some(Value::Choice(input.options[0].value().to_string())));
                }
                // Up to nine items are numbered: a digit takes one at once. An item keeps its
                // number when others are not offered (held by another item of a loop).
                let numbers: Vec<usize> = if input.numbers.len() == labels.len() {
                    input.numbers.clone()
                } else {
                    (1..=labels.len()).collect()
                };
                let (default, picked) = (at.unwrap_or(0), &numbers);
                match menus::select_numbered(&self.term, &input.ask, &labels, default, picked)? {
                    Some(i) => Value::Choice(input.options[i].value().to_string()),
                    None => return Err(Error::Cancelled),
                }
            }
            InputKind::Number => {
                let (lo, hi) = input.span();
                let prompt = format!("{} ({lo} to {hi})", input.ask);
                let start = match default {
                    Some(Value::Num(n)) => n.to_string(),
                    _ => String::new(),
                };
                // Every answer one digit ("0 to 8"): one key. Any other number ends with Enter.
                let ask = Ask {
                    start: &start,
                    empty: Empty::Refused,
                    keys: one_digit(lo, hi).then_some(1),
                    signed: lo < 0,
                    tens: false,
                };
                let text = read_line(&self.term, &prompt, &ask, |t| {
                    parse_value(input, t)
                        .map(|_| ())
                        .map_err(|e| without_key(input, &e))
                })?;
                parse_value(input, &text).map_err(Error::Usage)?
            }
        };
        Ok(Some(value))
    }

    /// The kept answers listed, one a line (the question and its answer), then one key: y rolls
    /// with them all, n asks each again with its answer offered (Enter does neither).
    fn keep(&mut self, kept: &[(&Input, &Value)]) -> Result<Option<bool>> {
        let room = crate::text::width().saturating_sub(4).max(20);
        let io = crate::signals::term_error;
        self.term
            .write_line(&format!("  {}", console::style("Answered before:").dim()))
            .map_err(io)?;
        for (input, value) in kept {
            let shown = match value {
                Value::Choice(c) => input
                    .options
                    .iter()
                    .find(|o| o.value() == c)
                    .map_or_else(|| c.clone(), |o| o.label().to_string()),
                v => v.text(),
            };
            // The answer is never cut: the question makes room for it, losing words in its
            // middle, so that two questions that differ at their end still read apart.
            let ask = cut_middle(
                &input.ask,
                room.saturating_sub(console::measure_text_width(&shown) + 1)
                    .max(10),
            );
            self.term
                .write_line(&format!("  · {ask} {}", console::style(shown).bold()))
                .map_err(io)?;
        }
        // No default: kept answers are rolled with only on a y, never on an Enter meant for
        // something else.
        match menus::yes_no(&self.term, "Still the same? (n: answer each again)", None)? {
            Some(b) => Ok(Some(b)),
            None => Err(Error::Cancelled),
        }
    }

    fn die(&mut self, dice: Dice, what: &str) -> Result<Option<Vec<i64>>> {
        let prompt = format!("I rolled … ({}; empty: roll for me)", dice_for(dice, what));
        // A die of ten faces or fewer is one key (a d10's 0 is its 10), with no Enter.
        let ask = Ask {
            start: "",
            empty: Empty::Checked,
            keys: (dice.sides <= 10).then_some(dice.count as usize),
            signed: false,
            tens: dice.sides == 10,
        };
        let text = read_line(&self.term, &prompt, &ask, move |s| {
            parse_dice_answer(dice, s).map(|_| ())
        })?;
        parse_dice_answer(dice, &text).map_err(Error::Usage)
    }

    fn dice_of_sides(&mut self, dice: Dice, sides: usize, what: &str) -> Result<Option<Vec<i64>>> {
        let prompt = format!(
            "I rolled … ({dice} each for {what}; all on one line or the first alone; empty: roll for me)"
        );
        // A key a die, every side's dice: the last ends the answer; Enter ends it sooner.
        let ask = Ask {
            start: "",
            empty: Empty::Checked,
            keys: (dice.sides <= 10).then_some(dice.count as usize * sides),
            signed: false,
            tens: dice.sides == 10,
        };
        let text = read_line(&self.term, &prompt, &ask, move |s| {
            parse_sides_answer(dice, sides, s).map(|_| ())
        })?;
        parse_sides_answer(dice, sides, &text).map_err(Error::Usage)
    }
}

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

/// A menu item cut to the terminal's width at a word, so that it never wraps (a wrapped item
/// leaves copies of the list behind when the cursor moves).
pub(crate) fn fit(label: &str) -> String {
    cut_at_word(label, crate::text::width().saturating_sub(4).max(20))
}

/// `text` as it is when it fits in `room` columns, else cut at a word with "…".
pub(crate) fn cut_at_word(text: &str, room: usize) -> String {
    if console::measure_text_width(text) <= room {
        return text.to_string();
    }
    let mut out = String::new();
    for word in text.split(' ') {
        if console::measure_text_width(&out) + console::measure_text_width(word) + 2 > room {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.push('…');
    out
}

/// `text` as it is when it fits in `room` columns, else its first and last words with "…"
/// between them: "Total Legislative … Congressional Opponents?".
pub(crate) fn cut_middle(text: &str, room: usize) -> String {
    let width = console::measure_text_width;
    if width(text) <= room {
        return text.to_string();
    }
    let words: Vec<&str> = text.split(' ').collect();
    // The end is what tells two questions apart: two thirds of the room for it.
    let mut tail: Vec<&str> = Vec::new();
    let mut used = 0;
    for w in words.iter().rev() {
        if used + width(w) + 1 > room * 2 / 3 && !tail.is_empty() {
            break;
        }
        used += width(w) + 1;
        tail.push(w);
    }
    tail.reverse();
    let mut head: Vec<&str> = Vec::new();
    for w in &words[..words.len() - tail.len()] {
        if used + width(w) + 1 + 2 > room {
            break;
        }
        used += width(w) + 1;
        head.push(w);
    }
    let tail = tail.join(" ");
    if head.is_empty() {
        return format!("…{tail}");
    }
    format!("{} … {tail}", head.join(" "))
}

/// What Enter does on an empty line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Empty {
    /// It leaves, as Esc does (`x`: an empty line drops the extra DRMs).
    Cancels,
    /// It is refused and the question asked again: an answer is needed (Esc leaves).
    Refused,
    /// `check` judges it like any answer (at the dice: the tool rolls them).
    Checked,
}

/// How a line is asked.
struct Ask<'a> {
    /// The answer shown, selected: Enter takes it, the first key typed replaces it.
    start: &'a str,
    empty: Empty,
    /// An answer of this many keys (a digit, a die's face) is taken at its last key, with no
    /// Enter: one for a number whose every answer is one digit, one a die.
    keys: Option<usize>,
    /// With `keys`: a minus typed first waits for the digit after it (a number below 0).
    signed: bool,
    /// Dice of ten faces: a 0 typed is a 10, and the answer drawn says 10.
    tens: bool,
}

impl<'a> Ask<'a> {
    /// A line that ends with Enter, `check` judging an empty one.
    fn line(start: &'a str) -> Ask<'a> {
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
fn one_digit(lo: i64, hi: i64) -> bool {
    lo >= -9 && hi <= 9
}

/// One line typed at the terminal, starting as `ask.start`, as a selected field: Enter takes
/// it, the first key typed replaces it, Backspace clears it. Where an answer is of `ask.keys`
/// keys, it is taken at its last key; else Enter ends it. Esc or Ctrl-C cancels; Enter on an
/// empty line does what `ask.empty` says. An answer `check` refuses is said beside it, at once,
/// and kept selected: the next key typed replaces it (a typo is never carried to the next
/// question). Taken, it is drawn answered (✔).
fn read_line(
    t: &console::Term,
    prompt: &str,
    ask: &Ask<'_>,
    check: impl Fn(&str) -> std::result::Result<(), String>,
) -> Result<String> {
    use console::Key;
    let mut text = ask.start.to_string();
    // The kept answer is shown selected until a key edits it.
    let mut selected = !text.is_empty();
    // A refused answer is shown selected too, but Backspace edits it rather than clearing it.
    let mut refused = false;
    // Broken at words, with room left on its last row for the answer typed; the span "(0 to
    // 10)" is kept whole.
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
    let io = crate::signals::term_error;
    let mut said: Option<String> = None;
    // The rows the last drawing took: a prompt wider than the terminal wraps, and every row of
    // it is cleared before it is drawn again (no copy left behind).
    let mut rows = 1;
    // The answer taken, and whether on its last key (its Enter may still come).
    let taken = loop {
        t.clear_line().map_err(io)?;
        if rows > 1 {
            t.clear_last_lines(rows - 1).map_err(io)?;
        }
        let tail = said
            .as_ref()
            .map(|m| format!("  {}", console::style(m).red()))
            .unwrap_or_default();
        let shown = if selected {
            console::style(&text).reverse().to_string()
        } else {
            text.clone()
        };
        let drawn = format!("{head}{shown}{tail}");
        let cols = usize::from(t.size().1).max(1);
        rows = menus::rows_of(&drawn, cols);
        t.write_str(&drawn).map_err(io)?;
        showing(&format!("{head}{shown}"));
        if !tail.is_empty() {
            t.move_cursor_left(console::measure_text_width(&tail))
                .map_err(io)?;
        }
        // What the key does: edit, or end the answer (by Enter, or by its last key).
        let ended = match read_key(t)? {
            Key::Enter if text.trim().is_empty() => match ask.empty {
                Empty::Cancels => break None,
                Empty::Refused => {
                    said = Some("an answer is needed (Esc leaves)".into());
                    continue;
                }
                Empty::Checked => Some(false),
            },
            Key::Enter => Some(false),
            Key::Escape | Key::CtrlC => break None,
            Key::Backspace => {
                if std::mem::take(&mut selected) && !std::mem::take(&mut refused) {
                    text.clear();
                } else {
                    text.pop();
                    if ask.keys.is_some() && text.ends_with(' ') {
                        text.pop();
                    }
                }
                refused = false;
                said = None;
                None
            }
            Key::Char(c) if !c.is_control() => {
                if std::mem::take(&mut selected) {
                    text.clear();
                }
                refused = false;
                said = None;
                // One key a part ("3 5" for 2d6): the last part, or a key that is no digit,
                // ends the answer at once.
                if let Some(n) = ask.keys {
                    // A minus first waits for its digit ("-2"): the answer is the digit's key.
                    if c == '-' && text.is_empty() && ask.signed {
                        text.push(c);
                        continue;
                    }
                    // The space between dice is put in by the keys themselves.
                    if c == ' ' {
                        continue;
                    }
                    if !text.is_empty() && text != "-" {
                        text.push(' ');
                    }
                    text.push(c);
                    let typed = text.split(' ').count();
                    (typed >= n || !c.is_ascii_digit()).then_some(true)
                } else {
                    text.push(c);
                    None
                }
            }
            // Ctrl-U empties the line, as in a shell.
            Key::Char('\u{15}') => {
                text.clear();
                selected = false;
                said = None;
                None
            }
            Key::ArrowLeft | Key::ArrowRight | Key::End | Key::Home => {
                selected = false;
                None
            }
            _ => None,
        };
        let Some(on_key) = ended else {
            continue;
        };
        match check(&text) {
            Ok(()) => break Some(on_key),
            Err(m) => {
                said = Some(m);
                // The refused text is shown selected: the next key typed replaces it.
                selected = true;
                refused = true;
            }
        }
    };
    t.clear_line().map_err(io)?;
    if rows > 1 {
        t.clear_last_lines(rows - 1).map_err(io)?;
    }
    let Some(on_key) = taken else {
        t.write_line(&format!("{head}{}", console::style("(cancelled)").dim()))
            .map_err(io)?;
        return Err(Error::Cancelled);
    };
    if on_key {
        keys::owe_enter();
    }
    let done = console::style("✔").green();
    let shown = if text.trim().is_empty() {
        console::style("(empty)").dim().to_string()
    } else if ask.tens {
        tens(&text)
    } else {
        text.clone()
    };
    let prompt = menus::answered(t, prompt, &console::strip_ansi_codes(&shown));
    t.write_line(&format!("{done} {prompt} · {shown}"))
        .map_err(io)?;
    Ok(text)
}

/// Dice of ten faces as typed, each 0 said as the 10 it is ("0" → "10", "3 0" → "3 10").
fn tens(text: &str) -> String {
    text.split(' ')
        .map(|d| if d == "0" { "10" } else { d })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Questions for `flipbook transcribe`: a line at a time on the terminal (stderr), each checked
/// as it is typed in, and lines of help between them.
pub(crate) struct Transcriber {
    term: console::Term,
}

impl Transcriber {
    pub(crate) fn new() -> Transcriber {
        Transcriber {
            term: console::Term::stderr(),
        }
    }

    /// A line of help or of progress, dimmed when `quiet`.
    pub(crate) fn say(&self, line: &str, quiet: bool) -> Result<()> {
        let shown = if quiet {
            console::style(line).dim().to_string()
        } else {
            line.to_string()
        };
        self.term
            .write_line(&shown)
            .map_err(crate::signals::term_error)
    }

    /// An answer that must not be empty, starting as `start` (Enter keeps it). Esc cancels.
    pub(crate) fn answer(
        &self,
        prompt: &str,
        start: &str,
        check: impl Fn(&str) -> std::result::Result<(), String>,
    ) -> Result<String> {
        read_line(&self.term, prompt, &Ask::line(start), |t| {
            if t.trim().is_empty() {
                Err("an answer is needed (Esc leaves)".into())
            } else {
                check(t)
            }
        })
    }

    /// An answer that may be empty (`check` says when it may), starting as `start`.
    pub(crate) fn maybe(
        &self,
        prompt: &str,
        start: &str,
        check: impl Fn(&str) -> std::result::Result<(), String>,
    ) -> Result<String> {
        read_line(&self.term, prompt, &Ask::line(start), check)
    }

    /// Ask for the rows of `named` on the terminal, each answer checked as it is typed; the
    /// player's earlier transcription, if any, offers each of its answers. `given` is what the
    /// flipbook already knows of the chart; `known` says whether a row may roll on a chart.
    pub(crate) fn rows(
        &self,
        named: &Chart,
        old: Option<&Transcription>,
        given: &str,
        known: &dyn Fn(&str) -> std::result::Result<(), String>,
    ) -> Result<Transcription> {
        let (code, booklet) = named
            .stub
            .as_ref()
            .map(|s| (s.code.as_str(), s.booklet.as_str()))
            .unwrap_or_default();
        self.say(
            &format!(
                "{} ({}): {code} in your {booklet}{}",
                named.title,
                named.id,
                if old.is_some() {
                    " · editing your transcription: Enter keeps each answer"
                } else {
                    ""
                }
            ),
            false,
        )?;
        self.say(&format!("  The flipbook gives it {given}."), true)?;
        self.say(
            "  Type each row as printed: its range (1-3, 9+, 2 or less), then its result in your own \
             words; end a result with -> CHART when it calls for a roll there. Esc leaves, writing nothing.",
            true,
        )?;
        let die_start = match old {
            Some(t) => t.dice,
            None => dice_of(named)?,
        }
        .to_string();
        let typed = self.answer("Die", &die_start, |t| parse_dice(t).map(|_| ()))?;
        let dice = parse_dice(&typed).map_err(Error::Usage)?;
        let columns_start = old.map(|t| t.columns.join(" | ")).unwrap_or_default();
        let columns = self.maybe(
            "Columns, as printed, separated by | (empty: one column)",
            &columns_start,
            |t| parse_columns(t).map(|_| ()),
        )?;
        let mut t = Transcription::new(dice, parse_columns(&columns).map_err(Error::Usage)?);
        let offered: &[RowEntry] = old.map(|o| o.rows.as_slice()).unwrap_or_default();
        let each = if t.columns.is_empty() {
            String::new()
        } else {
            format!(" ({})", t.columns.join(" | "))
        };
        for i in 0.. {
            self.say(&format!("  {}", t.coverage()), true)?;
            let o = offered.get(i);
            let range = self.maybe("Range", o.map_or("", |r| r.band.label()), |text| {
                if !text.trim().is_empty() {
                    return t.check_range(text).map(|_| ());
                }
                match t.missing() {
                    m if m.is_empty() => Ok(()),
                    m => Err(format!("still missing: {}", spans_text(&m))),
                }
            })?;
            if range.trim().is_empty() {
                break;
            }
            let band = t.check_range(&range).map_err(Error::Usage)?;
            let rest = self.answer(
                &format!("Result for {band}{each}"),
                &o.map(RowEntry::rest).unwrap_or_default(),
                |text| t.check_rest(text, known).map(|_| ()),
            )?;
            let (results, then) = t.check_rest(&rest, known).map_err(Error::Usage)?;
            t.insert(RowEntry {
                band,
                results,
                then,
                line: 0,
            });
        }
        Ok(t)
    }
}

/// A line's first word.
fn command_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or_default()
}

/// Reads one answer a line from any reader: for scripted play with stdin not a terminal.
pub(crate) struct LinePrompter<R: BufRead> {
    reader: R,
    /// Print each question with its answer on stdout.
    pub(crate) echo: bool,
    /// A refused answer is said on stderr and the next line answers the question again
    /// (`play`'s scripts), instead of ending the roll.
    pub(crate) retry: bool,
    /// Answers refused so far.
    pub(crate) rejected: usize,
    /// A refused line this says is a command of the script's own ends the roll (nothing rolled)
    /// and is handed back in `handed_back`, to be taken as the command it is.
    pub(crate) commands: Option<fn(&str) -> bool>,
    /// The command line that ended the roll.
    pub(crate) handed_back: Option<String>,
}

impl<R: BufRead> LinePrompter<R> {
    /// The dice of a script's line, read by `parse` (an empty line: the tool rolls them), and
    /// echoed when the script's answers are.
    fn dice_line(
        &mut self,
        dice: Dice,
        what: &str,
        parse: impl Fn(&str) -> std::result::Result<Option<Vec<i64>>, String>,
    ) -> Result<Option<Vec<i64>>> {
        let dice_read = match self.line()? {
            None => return Ok(None),
            Some(s) => parse(&s).map_err(Error::Usage)?,
        };
        if self.echo {
            let _ = writeln!(
                std::io::stdout(),
                "  ? I rolled ({}): {}",
                dice_for(dice, what),
                dice_read
                    .as_ref()
                    .map_or_else(|| "roll for me".into(), |d| format!("{d:?}"))
            );
        }
        Ok(dice_read)
    }

    pub(crate) fn new(reader: R) -> Self {
        LinePrompter {
            reader,
            echo: false,
            retry: false,
            rejected: 0,
            commands: None,
            handed_back: None,
        }
    }

    fn line(&mut self) -> Result<Option<String>> {
        let mut s = String::new();
        let read = self
            .reader
            .read_line(&mut s)
            .map_err(|e| Error::io("read", "standard input", e))?;
        if read == 0 {
            return Ok(None);
        }
        Ok(Some(s.trim().to_string()))
    }
}

impl<R: BufRead> Prompter for LinePrompter<R> {
    fn ask(&mut self, input: &Input, default: Option<&Value>) -> Result<Option<Value>> {
        let answer = loop {
            let refused = match self.line()? {
                None => return Ok(None),
                Some(s) if s.is_empty() => match default {
                    Some(d) => break Some(d.clone()),
                    None => format!("{} needs an answer: {}", input.name(), input.ask),
                },
                Some(s) => match parse_value(input, &s) {
                    Ok(v) => break Some(v),
                    Err(_) if self.commands.is_some_and(|is| is(command_word(&s))) => {
                        crate::text::warn(&format!(
                            "'{}' is not an answer to \"{}\": the roll is left (nothing rolled), and the line taken as a command",
                            crate::text::quoted(&s),
                            input.ask
                        ));
                        self.handed_back = Some(s);
                        return Err(Error::Cancelled);
                    }
                    Err(e) => without_key(input, &e),
                },
            };
            // In a script, a refused answer is that line only: the next line answers again.
            if !self.retry {
                return Err(Error::Usage(refused));
            }
            self.rejected += 1;
            crate::text::warn(&format!(
                "answer rejected: {refused} (the next line answers it again)"
            ));
        };
        // Echo the question and the answer, so that a scripted session reads like one at a table.
        if self.echo {
            let shown = answer.as_ref().map(Value::text).unwrap_or_default();
            let _ = writeln!(std::io::stdout(), "  ? {} {shown}", input.ask);
        }
        Ok(answer)
    }
    fn die(&mut self, dice: Dice, what: &str) -> Result<Option<Vec<i64>>> {
        self.dice_line(dice, what, |s| parse_dice_answer(dice, s))
    }
    fn dice_of_sides(&mut self, dice: Dice, sides: usize, what: &str) -> Result<Option<Vec<i64>>> {
        self.dice_line(dice, what, |s| parse_sides_answer(dice, sides, s))
    }
}

/// A refusal in the player's words: the question's label, without its internal key
/// ("Stability must be 0 to 8", not "Stability [stability] must be...").
fn without_key(input: &Input, message: &str) -> String {
    message.replace(&format!(" [{}]", input.key), "")
}

/// The dice asked for: "d10" for plain dice, "d10 for State of the Union" for a chart's.
fn dice_for(dice: Dice, what: &str) -> String {
    if what.is_empty() {
        dice.to_string()
    } else {
        format!("{dice} for {what}")
    }
}

/// "4", "3 5" (one number a die) or "8" for the sum of 2d6; empty lets the tool roll.
/// The dice typed for an opposed roll of `sides` sides of `dice` each: every side's dice on one
/// line, a number a die (one typed number is never split among the sides, nor its digits taken
/// apart), or the first side's alone as [`parse_dice_answer`] reads it.
pub(crate) fn parse_sides_answer(
    dice: Dice,
    sides: usize,
    text: &str,
) -> Result<Option<Vec<i64>>, String> {
    let all = (dice.count as usize).saturating_mul(sides);
    let parts = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|s| !s.is_empty())
        .count();
    if sides > 1 && parts == all && parts > dice.count as usize {
        let each = Dice {
            count: 1,
            sides: dice.sides,
        };
        let mut out = Vec::with_capacity(all);
        for part in text
            .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
            .filter(|s| !s.is_empty())
        {
            out.extend(parse_dice_answer(each, part)?.unwrap_or_default());
        }
        return Ok(Some(out));
    }
    parse_dice_answer(dice, text).map_err(|e| {
        if sides > 1 && parts > dice.count as usize {
            format!("{e} (or {all}, every side's dice)")
        } else {
            e
        }
    })
}

pub(crate) fn parse_dice_answer(dice: Dice, text: &str) -> Result<Option<Vec<i64>>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let nums: Vec<i64> = t
        .split(|c: char| c.is_whitespace() || c == ',' || c == '+')
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<i64>()
                .map_err(|_| format!("'{}' is not a die roll", crate::text::quoted(t)))
        })
        .collect::<Result<_, _>>()?;
    let sides = i64::from(dice.sides);
    if nums.len() == dice.count as usize {
        // A d10's face 0 is its 10, as most ten-sided dice are printed.
        let nums: Vec<i64> = nums
            .into_iter()
            .map(|n| if sides == 10 && n == 0 { 10 } else { n })
            .collect();
        if let Some(bad) = nums.iter().find(|n| !(1..=sides).contains(*n)) {
            return Err(format!("{bad} is not a d{sides} (1-{sides})"));
        }
        return Ok(Some(nums));
    }
    if nums.len() == 1 && dice.count > 1 {
        // The sum of several dice: split it into dice that add up to it.
        let sum = nums[0];
        if !(dice.min()..=dice.max()).contains(&sum) {
            return Err(format!(
                "{sum} is not a roll of {dice} ({}-{})",
                dice.min(),
                dice.max()
            ));
        }
        let mut left = sum;
        let mut out = Vec::new();
        for i in (0..i64::from(dice.count)).rev() {
            let d = (left - i).min(sides);
            out.push(d);
            left -= d;
        }
        return Ok(Some(out));
    }
    Err(format!("{dice} takes {} number(s), got '{t}'", dice.count))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_cut_in_its_middle_keeps_its_end() {
        let q = "Total Legislative Rating of your Congressional Opponents?";
        assert_eq!(super::cut_middle(q, 80), q);
        let cut = super::cut_middle(q, 40);
        assert!(cut.ends_with("Congressional Opponents?"), "{cut}");
        assert!(cut.starts_with("Total"), "{cut}");
        assert!(console::measure_text_width(&cut) <= 40, "{cut}");
        assert_ne!(
            cut,
            super::cut_middle(
                "Total Legislative Rating of your Congressional Friends?",
                40
            )
        );
        // A last word wider than the room is kept whole.
        assert_eq!(
            super::cut_middle("a verylongwordindeed", 8),
            "…verylongwordindeed"
        );
    }

    #[test]
    fn dice_answers() {
        let d10 = Dice {
            count: 1,
            sides: 10,
        };
        let two = Dice { count: 2, sides: 6 };
        assert_eq!(parse_dice_answer(d10, "4"), Ok(Some(vec![4])));
        assert_eq!(parse_dice_answer(d10, ""), Ok(None));
        assert!(parse_dice_answer(d10, "11").is_err());
        assert!(parse_dice_answer(d10, "x").is_err());
        assert_eq!(parse_dice_answer(two, "3 5"), Ok(Some(vec![3, 5])));
        let split = parse_dice_answer(two, "9").unwrap().unwrap();
        assert_eq!(split.iter().sum::<i64>(), 9);
        assert!(split.iter().all(|d| (1..=6).contains(d)));
        assert!(parse_dice_answer(two, "13").is_err());
        // An opposed roll: every side's dice on one line, or the first side's alone; one
        // number is never split among the sides, nor its digits taken apart.
        let d6 = Dice { count: 1, sides: 6 };
        assert_eq!(parse_sides_answer(d6, 2, "2 5"), Ok(Some(vec![2, 5])));
        assert_eq!(parse_sides_answer(d6, 2, "4"), Ok(Some(vec![4])));
        assert_eq!(parse_sides_answer(d6, 2, ""), Ok(None));
        assert!(parse_sides_answer(d6, 2, "25").is_err());
        assert!(parse_sides_answer(d6, 2, "2 5 3").is_err());
        assert_eq!(
            parse_sides_answer(two, 2, "3 5 1 6"),
            Ok(Some(vec![3, 5, 1, 6]))
        );
        assert_eq!(parse_sides_answer(two, 2, "3 5"), Ok(Some(vec![3, 5])));
        assert!(parse_sides_answer(two, 2, "9 8").is_err());
        // A d10's 0 is its 10; a d6 has no 0.
        assert_eq!(parse_dice_answer(d10, "0"), Ok(Some(vec![10])));
        assert!(parse_dice_answer(Dice { count: 1, sides: 6 }, "0").is_err());
        let d10s = Dice {
            count: 2,
            sides: 10,
        };
        assert_eq!(parse_dice_answer(d10s, "0 3"), Ok(Some(vec![10, 3])));
    }

    /// The answers a script of keys gives to `inputs`, asked in turn on a terminal (an error
    /// ends them: Esc's Cancelled, or the keys running out).
    fn answers(inputs: &[Input], keys: &str) -> Vec<Result<Option<Value>>> {
        let mut p = TermPrompter {
            term: keys::quiet(),
        };
        keys::scripted(keys::Script::typed(keys), || {
            inputs.iter().map(|i| p.ask(i, None)).collect()
        })
    }

    fn number(key: &str, lo: i64, hi: i64) -> Input {
        serde_yaml::from_str(&format!(
            "{{key: {key}, ask: {key}?, type: number, min: {lo}, max: {hi}}}"
        ))
        .unwrap()
    }

    fn nums(got: Vec<Result<Option<Value>>>) -> Vec<Option<i64>> {
        got.into_iter()
            .map(|r| match r {
                Ok(Some(Value::Num(n))) => Some(n),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_script_of_keys_gives_the_same_answers_every_time() {
        // Friends and Opponents (0 to 40): a number of two digits ends with Enter. An Enter on
        // an empty line and the typo 155 are refused and asked again, never carried on.
        let both = [number("friends", 0, 40), number("opponents", 0, 40)];
        for keys in ["20\r15\r", "20\r\r155\r15\r", "2\x7f20\r15\r"] {
            let first = nums(answers(&both, keys));
            assert_eq!(first, [Some(20), Some(15)], "{keys:?}");
            assert_eq!(nums(answers(&both, keys)), first, "{keys:?}");
        }
        // "155" then Esc: refused, then left; Opponents is never answered by the last 5.
        let got = answers(&both, "20\r155\x1b");
        assert!(matches!(got[1], Err(Error::Cancelled)), "{got:?}");
        // A digit after "20" with no Enter is still Friends': 205 is refused, not 20 and 5.
        assert_eq!(
            nums(answers(&both, "205\r\x7f\r15\r")),
            [Some(20), Some(15)]
        );
    }

    #[test]
    fn a_number_of_one_digit_is_one_key_and_the_enter_after_it_is_its_own() {
        let two = [number("stability", 0, 8), number("other", 0, 8)];
        // "4" answers at once; the Enter the fingers add is passed over, not the next answer.
        assert_eq!(nums(answers(&two, "4\r5")), [Some(4), Some(5)]);
        assert_eq!(nums(answers(&two, "45")), [Some(4), Some(5)]);
        // 9 is no Stability: refused at once, and the next key answers again.
        assert_eq!(nums(answers(&two, "93\r\r6")), [Some(3), Some(6)]);
        // A span with a number of two digits, or below zero, ends with Enter.
        let wide = [number("cyber", 0, 10), number("drm", -5, 10)];
        assert_eq!(nums(answers(&wide, "5\r-4\r")), [Some(5), Some(-4)]);
        assert_eq!(nums(answers(&wide, "10\r10\r")), [Some(10), Some(10)]);
    }

    #[test]
    fn a_number_of_one_digit_below_zero_is_its_minus_and_its_digit() {
        // A Pending Bills box's DRM (-3 to 3): "-2" and "3" answer at once, no Enter; the Enter
        // after the digit is its own.
        let two = [number("drm", -3, 3), number("other", -3, 3)];
        assert_eq!(nums(answers(&two, "-2\r3")), [Some(-2), Some(3)]);
        assert_eq!(nums(answers(&two, "0-1")), [Some(0), Some(-1)]);
        // -5 is no answer: refused at once (the question asked again), never carried on.
        assert_eq!(nums(answers(&two, "-5-1\r2")), [Some(-1), Some(2)]);
        // A minus alone is no answer: Backspace takes it back.
        assert_eq!(nums(answers(&two, "-\x7f1\r2")), [Some(1), Some(2)]);
    }

    #[test]
    fn a_menu_of_up_to_nine_items_is_one_key_its_number() {
        let range: Input = serde_yaml::from_str(
            "{key: range, ask: Range?, type: choice, options: ['1-1', '1-2', '1-3', '1-4']}",
        )
        .unwrap();
        let got = answers(&[range.clone(), range.clone(), range], "3\r4j\r");
        let picked: Vec<Option<String>> = got
            .into_iter()
            .map(|r| match r {
                Ok(Some(Value::Choice(c))) => Some(c),
                _ => None,
            })
            .collect();
        // 3 takes "1-3" at once and its Enter is its own; 4 takes "1-4"; j (or an arrow) still moves.
        assert_eq!(
            picked,
            [Some("1-3".into()), Some("1-4".into()), Some("1-2".into())]
        );
    }

    #[test]
    fn a_die_is_one_key_and_enter_alone_lets_the_tool_roll() {
        let mut p = TermPrompter {
            term: keys::quiet(),
        };
        let d = |count, sides| Dice { count, sides };
        let got = keys::scripted(keys::Script::typed("0\r7x3\r\r35"), || {
            [d(1, 10), d(1, 6), d(1, 10), d(2, 6)]
                .iter()
                .map(|&dice| p.die(dice, "").unwrap())
                .collect::<Vec<_>>()
        });
        // A d10's 0 is 10, and the Enter after it is its own; 7 and x are no d6: refused, 3
        // taken, its Enter its own; the next Enter alone rolls for me; 2d6 is a key a die.
        assert_eq!(got, [Some(vec![10]), Some(vec![3]), None, Some(vec![3, 5])]);
    }

    #[test]
    fn line_prompter_reads_answers_and_ends() {
        let input: Input =
            serde_yaml::from_str("{key: n, ask: N?, type: number, min: 0, max: 5}").unwrap();
        let mut p = LinePrompter::new(std::io::Cursor::new("3\n\n"));
        assert_eq!(p.ask(&input, None).unwrap(), Some(Value::Num(3)));
        assert_eq!(
            p.ask(&input, Some(&Value::Num(2))).unwrap(),
            Some(Value::Num(2))
        );
        assert_eq!(p.ask(&input, None).unwrap(), None);
    }
}
