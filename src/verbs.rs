//! The commands of `play` (its verbs), one table for both front ends: the keys line and `h` of the key
//! mode, the words of the line mode and its `help`, `play --help` and the man page.

/// A command of `play`: each is one row of [`VERBS`] (in its order), read by both front ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    Next,
    Back,
    Roll,
    RollNth,
    Odds,
    Again,
    Reroll,
    Extra,
    Undo,
    Answer,
    Goto,
    Track,
    Profile,
    Dice,
    Page,
    Log,
    Where,
    PlayOn,
    Menu,
    Help,
    Quit,
    RollAny,
}

/// What a command's line takes after its word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Takes {
    /// Nothing (anything after the word is left unread).
    Nothing,
    /// `[CHART]`.
    Chart,
    /// `[CHART] [--drm N]...`.
    Roll,
    /// `SEGMENT [TURN [PHASE]]`.
    Goto,
    /// The word `on` (`play on`).
    On,
}

/// A command's row: its keys, its words and what it does.
pub(crate) struct Verb {
    pub(crate) command: Command,
    /// The keys that do it, as the keys line shows them ("n/Enter/→"); empty when the line
    /// mode alone has it.
    pub(crate) keys: &'static str,
    /// The word on the keys line ("next").
    pub(crate) short: &'static str,
    /// The line mode's command as its help shows it ("roll [CHART]"), empty when the key mode
    /// alone has it.
    pub(crate) line: &'static str,
    /// The line mode's words for it, the first the one `line` shows, then its short forms.
    pub(crate) words: &'static [&'static str],
    /// What its line takes after the word.
    pub(crate) takes: Takes,
    /// What it does, in a line.
    pub(crate) help: &'static str,
    /// Its item in the key mode's menu (`m`), if it has one.
    pub(crate) menu: Option<&'static str>,
}

/// A row: keys, keys line word, line, line words, what the line takes, help, menu item.
const fn v(
    command: Command,
    (keys, short): (&'static str, &'static str),
    (line, words, takes): (&'static str, &'static [&'static str], Takes),
    help: &'static str,
    menu: Option<&'static str>,
) -> Verb {
    Verb {
        command,
        keys,
        short,
        line,
        words,
        takes,
        help,
        menu,
    }
}

use Command as C;

/// Every command of `play`, in the order the keys line, `h`, the line mode's `help` and
/// `play --help` list them.
pub(crate) const VERBS: &[Verb] = &[
    v(
        C::Next,
        ("n/Enter/→", "next"),
        ("next", &["next", "n"], Takes::Nothing),
        "next segment (asks first if something is open)",
        Some("Next segment"),
    ),
    v(
        C::Back,
        ("b/←", "back"),
        ("back", &["back", "b"], Takes::Nothing),
        "the segment before, as you left it",
        Some("Back"),
    ),
    v(
        C::Roll,
        ("r", "roll"),
        ("roll [CHART]", &["roll", "r"], Takes::Roll),
        "roll: the chart marked (r) at once; else a menu, a digit picks (--drm N in a script)",
        Some("Roll"),
    ),
    v(
        C::RollNth,
        ("1-9", "roll N"),
        ("", &[], Takes::Nothing),
        "roll the segment's chart N (the Roll: line numbers them); one nothing calls for now asks first",
        None,
    ),
    v(
        C::Odds,
        ("o", "odds"),
        ("odds [CHART]", &["odds", "o"], Takes::Chart),
        "the odds of that roll with the answers given so far",
        Some("Odds of the roll, with the answers given so far"),
    ),
    v(
        C::Again,
        (".", "again"),
        ("again", &["again", "."], Takes::Roll),
        "roll again the chart rolled here while the rules want more (each region...)",
        Some("Roll the same chart again"),
    ),
    v(
        C::Reroll,
        ("R", "{reroll}"),
        ("reroll", &["reroll"], Takes::Nothing),
        "{reroll}: the last roll the book allows it on, again (once; final)",
        Some("Roll the last roll again (the book's re-roll rule)"),
    ),
    v(
        C::Extra,
        ("x", "extra DRM"),
        ("", &[], Takes::Nothing),
        "an extra DRM for the next roll (a card the chart does not list)",
        Some("Extra DRM for the next roll"),
    ),
    v(
        C::Undo,
        ("u", "undo"),
        ("undo", &["undo", "u"], Takes::Nothing),
        "undo the last roll, draw or answer, back across segments",
        Some("Undo"),
    ),
    v(
        C::Answer,
        ("a", "answer"),
        ("", &[], Takes::Nothing),
        "answer the question put aside",
        Some("Answer the question put aside"),
    ),
    v(
        C::Goto,
        ("g", "go to"),
        ("goto SEGMENT [TURN [PHASE]]", &["goto", "g"], Takes::Goto),
        "go to a segment (type to filter)",
        Some("Go to a segment"),
    ),
    v(
        C::Track,
        ("t", "track"),
        ("track", &["track", "t"], Takes::Nothing),
        "the turn track: done, here and ahead",
        Some("Turn track"),
    ),
    v(
        C::Profile,
        ("p", "profile"),
        ("profile", &["profile", "p"], Takes::Nothing),
        "the answers kept for the game",
        Some("Profile"),
    ),
    v(
        C::Dice,
        ("d", "dice"),
        ("dice", &["dice", "d"], Takes::Nothing),
        "switch between the tool's dice and yours, for the game",
        Some("Dice: switch between the tool's and yours"),
    ),
    v(
        C::Page,
        ("s", "page"),
        ("", &[], Takes::Nothing),
        "the segment's page again from its top; on a short terminal, its next part",
        Some("This segment's page from its top (its next part, when cut)"),
    ),
    v(
        C::Log,
        ("l", "log"),
        ("log", &["log", "l"], Takes::Nothing),
        "the log of this turn",
        Some("Log of this turn"),
    ),
    v(
        C::Where,
        ("", ""),
        ("where", &["where"], Takes::Nothing),
        "where the bookmark stands",
        None,
    ),
    v(
        C::PlayOn,
        ("", ""),
        ("play on", &["play"], Takes::On),
        "play on after the game is over",
        None,
    ),
    v(
        C::Menu,
        ("m/Space", "menu"),
        ("", &[], Takes::Nothing),
        "a menu of all of these",
        None,
    ),
    v(
        C::Help,
        ("h/?", "help"),
        ("help", &["help", "h", "?"], Takes::Nothing),
        "the commands",
        Some("Help"),
    ),
    v(
        C::Quit,
        ("q", "quit"),
        ("quit", &["quit", "q", "exit"], Takes::Nothing),
        "quit, at a question too: everything is saved (Esc never quits)",
        Some("Quit"),
    ),
    // The menu's own: no key, no line, no help of its own.
    v(
        C::RollAny,
        ("", ""),
        ("", &[], Takes::Nothing),
        "",
        Some("Roll another chart…"),
    ),
];

/// The key mode's menu (`m`), its items in this order.
pub(crate) const MENU: &[Command] = &[
    C::Next,
    C::Roll,
    C::Again,
    C::RollAny,
    C::Odds,
    C::Back,
    C::Goto,
    C::Undo,
    C::Answer,
    C::Reroll,
    C::Dice,
    C::Extra,
    C::Track,
    C::Profile,
    C::Log,
    C::Help,
    C::Quit,
    C::Page,
];

/// A line word that, where a question waits, is its answer, not the command: `n` is "no" there.
pub(crate) const ANSWERS_FIRST: &[&str] = &["n"];

impl Command {
    /// Its row.
    pub(crate) fn verb(self) -> &'static Verb {
        &VERBS[self as usize]
    }
}

/// The row of a line mode's word ("roll", "r"), if it is one.
pub(crate) fn by_word(word: &str) -> Option<&'static Verb> {
    VERBS.iter().find(|v| v.words.contains(&word))
}

/// Whether a line's first word is a command even where a question waits (a script's answer
/// that is one ends the roll asking it).
pub(crate) fn is_line_command(word: &str) -> bool {
    by_word(word).is_some() && !ANSWERS_FIRST.contains(&word)
}

/// What a key means at a question, the same at any speed, typed or pasted: `h` says it, and
/// `play --help`.
pub(crate) const KEYS_RULE: &[&str] = &[
    "Every key means one thing, however fast or slow it comes, typed or pasted.",
    "One key answers: a menu's own key (a numbered item's digit), y or n, a die's face (d6: 1-6; d10: 1-9, 0 for 10), a number whose every answer is one digit (0 to 8; -2 for -3 to 3).",
    "Any other number (0 to 40, -5 to 10) is typed and ends with Enter; Enter alone takes the answer shown, and with none shown is refused.",
    "A typo is refused and asked again (155 for 0 to 40), never carried to the next question.",
    "The Enter right after a one-key answer, or after a key refused or doing nothing, is that key's own: passed over. Enter just after a result stays on the segment. Esc leaves the roll.",
];

/// The keys line's entries: "n/Enter/→ next", "r roll"...
pub(crate) fn key_entries() -> Vec<String> {
    VERBS
        .iter()
        .filter(|c| !c.keys.is_empty())
        .map(|c| format!("{} {}", c.keys, c.short))
        .collect()
}

/// The line mode's commands, comma-separated.
pub(crate) fn line_words() -> String {
    VERBS
        .iter()
        .filter(|c| !c.line.is_empty())
        .map(|c| c.line)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `play --help`'s long text and the man page's: both front ends, from the table.
pub(crate) fn long_about() -> String {
    use std::fmt::Write;
    let mut s = String::from(
        "Walk the turn sequence segment by segment; resumes from the bookmark.\n\n\
         On a terminal, single keys and menus; otherwise each input line is a command or the \
         answer to the question shown (a refused line is said on stderr and left out, the exit \
         code is then 2; the end of the input saves and exits).\n\n\
         key        line\n           what it does\n",
    );
    // Two lines a command, what it does indented: the help wraps it at any width under its
    // indent (clap keeps a line's leading spaces on the rows it wraps to), never back to
    // column 0.
    for c in VERBS
        .iter()
        .filter(|c| !(c.keys.is_empty() && c.line.is_empty()))
    {
        let keys = if c.keys.is_empty() { "-" } else { c.keys };
        let line = if c.line.is_empty() { "-" } else { c.line };
        // A book names its re-roll rule (`play` says its words); here, for any book, the plain one.
        let help = c.help.replace("{reroll}", "re-roll");
        let _ = writeln!(s, "{keys:<10} {line}\n{:11}{help}", "");
    }
    s.push('\n');
    for l in KEYS_RULE {
        s.push_str(l);
        s.push(' ');
    }
    s.push_str("At a number, the first key typed replaces the answer shown.");
    s
}

/// Entries joined with " · " into lines of at most `width` columns, broken between entries.
pub(crate) fn wrap_entries(head: &str, entries: &[String], width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = head.to_string();
    for e in entries {
        let w = console::measure_text_width(e);
        let fresh = cur.trim().is_empty() || cur == head;
        if !fresh && console::measure_text_width(&cur) + 3 + w > width {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() && cur != head {
            cur.push_str(" · ");
        }
        cur.push_str(e);
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_command_is_its_own_row_and_the_menu_has_its_items() {
        for (i, v) in VERBS.iter().enumerate() {
            assert_eq!(
                v.command as usize, i,
                "{:?} out of the enum's order",
                v.command
            );
            assert_eq!(v.command.verb().command, v.command);
            assert_eq!(
                v.menu.is_some(),
                MENU.contains(&v.command),
                "{:?}: a menu item, and in MENU",
                v.command
            );
            // A line shown is read by its first word.
            if let Some(first) = v.line.split_whitespace().next() {
                assert_eq!(v.words.first(), Some(&first), "{:?}", v.command);
            }
        }
        let mut words: Vec<&str> = VERBS.iter().flat_map(|v| v.words.iter().copied()).collect();
        words.sort_unstable();
        let n = words.len();
        words.dedup();
        assert_eq!(words.len(), n, "a line word names one command");
        assert!(is_line_command("next") && !is_line_command("n") && is_line_command("play"));
        assert!(!is_line_command("yes"));
    }

    #[test]
    fn the_keys_line_breaks_between_entries() {
        let entries = key_entries();
        for width in [60, 80, 120] {
            let lines = wrap_entries("Keys: ", &entries, width);
            let joined = lines.join(" · ");
            for e in &entries {
                assert!(
                    joined.contains(e.as_str()),
                    "{e} split at {width}: {lines:?}"
                );
            }
            assert!(
                lines
                    .iter()
                    .all(|l| console::measure_text_width(l) <= width)
            );
        }
    }
}
