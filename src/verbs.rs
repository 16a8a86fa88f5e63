//! The commands of `play` (its verbs), one table for both front ends: the keys line and `h` of the key
//! mode, the words of the line mode and its `help`, `play --help` and the man page.

/// A command of `play`.
pub(crate) struct Command {
    /// The keys that do it, as the keys line shows them ("n/Enter").
    pub(crate) keys: &'static str,
    /// The word on the keys line ("next").
    pub(crate) short: &'static str,
    /// The line mode's command ("roll [CHART]"), empty when the key mode alone has it.
    pub(crate) line: &'static str,
    /// What it does, in a line.
    pub(crate) help: &'static str,
}

const fn c(
    keys: &'static str,
    short: &'static str,
    line: &'static str,
    help: &'static str,
) -> Command {
    Command {
        keys,
        short,
        line,
        help,
    }
}

pub(crate) const COMMANDS: &[Command] = &[
    c(
        "n/Enter/→",
        "next",
        "next",
        "next segment (asks first if something is open)",
    ),
    c("b/←", "back", "back", "the segment before, as you left it"),
    c(
        "r",
        "roll",
        "roll [CHART]",
        "roll: the chart marked (r) at once; else a menu, a digit picks (--drm N in a script)",
    ),
    c(
        "1-9",
        "roll N",
        "",
        "roll the segment's chart N (the Roll: line numbers them); one nothing calls for now asks first",
    ),
    c(
        "o",
        "odds",
        "odds [CHART]",
        "the odds of that roll with the answers given so far",
    ),
    c(
        ".",
        "again",
        "again",
        "roll again the chart rolled here while the rules want more (each region...)",
    ),
    c(
        "R",
        "{reroll}",
        "reroll",
        "{reroll}: the last roll the book allows it on, again (once; final)",
    ),
    c(
        "x",
        "extra DRM",
        "",
        "an extra DRM for the next roll (a card the chart does not list)",
    ),
    c(
        "u",
        "undo",
        "undo",
        "undo the last roll, draw or answer, back across segments",
    ),
    c("a", "answer", "", "answer the question put aside"),
    c(
        "g",
        "go to",
        "goto SEGMENT [TURN [PHASE]]",
        "go to a segment (type to filter)",
    ),
    c(
        "t",
        "track",
        "track",
        "the turn track: done, here and ahead",
    ),
    c("p", "profile", "profile", "the answers kept for the game"),
    c(
        "d",
        "dice",
        "dice",
        "switch between the tool's dice and yours, for the game",
    ),
    c(
        "s",
        "page",
        "",
        "the segment's page again from its top; on a short terminal, its next part",
    ),
    c("l", "log", "log", "the log of this turn"),
    c("", "", "where", "where the bookmark stands"),
    c("", "", "play on", "play on after the game is over"),
    c("m/Space", "menu", "", "a menu of all of these"),
    c("h/?", "help", "help", "the commands"),
    c(
        "q",
        "quit",
        "quit",
        "quit, at a question too: everything is saved (Esc never quits)",
    ),
];

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
    COMMANDS
        .iter()
        .filter(|c| !c.keys.is_empty())
        .map(|c| format!("{} {}", c.keys, c.short))
        .collect()
}

/// The line mode's commands, comma-separated.
pub(crate) fn line_words() -> String {
    COMMANDS
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
    for c in COMMANDS {
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
