//! The bottom room: small text helpers every layer uses, and nothing of flipbook's own below
//! them. User text as an error repeats it (quoted, cut short), a message as the terminal may
//! show it (control characters escaped), a warning on stderr.

use std::io::Write as _;

/// A warning on stderr (never a panic when stderr is closed).
pub(crate) fn warn(message: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "{} {}",
        console::style("warning:").yellow().bold(),
        safe(message, false)
    );
}

/// A character that changes the direction of the text around it (U+202E turns a line around):
/// escaped wherever user text is shown.
pub(crate) fn is_bidi(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// User text as an error repeats it: control and direction characters escaped, cut short.
pub(crate) fn quoted(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(60)
        .flat_map(|c| {
            if is_bidi(c) {
                c.escape_unicode().collect::<Vec<_>>()
            } else {
                c.escape_debug().collect()
            }
        })
        .collect();
    if text.chars().count() > 60 {
        out.push('…');
    }
    out
}

/// The width to lay tables out in: the terminal's, `$COLUMNS`, or 100.
pub(crate) fn width() -> usize {
    if let Some((_, w)) = console::Term::stdout().size_checked() {
        return (w as usize).max(40);
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse().ok())
        .filter(|w: &usize| *w >= 40)
        .unwrap_or(100)
}

/// The longest line a message shows; past it, a line is cut (a file may echo a huge value).
const MAX_LINE: usize = 400;

/// A message as the terminal may show it: control characters escaped (an escape sequence in
/// an argument never reaches the terminal; a newline never splits a one-line message), each
/// line cut short.
pub(crate) fn safe(message: &str, keep_lines: bool) -> String {
    let mut out = String::with_capacity(message.len().min(4 * MAX_LINE));
    let mut on_line = 0;
    for c in message.chars() {
        if c == '\n' && keep_lines {
            out.push('\n');
            on_line = 0;
            continue;
        }
        if on_line == MAX_LINE {
            out.push('…');
        }
        on_line += 1;
        if on_line > MAX_LINE {
            continue;
        }
        if c.is_control() || is_bidi(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::safe;

    #[test]
    fn control_characters_never_reach_the_terminal() {
        assert_eq!(
            safe("a\u{1b}]0;pwned\u{7}b", false),
            "a\\u{1b}]0;pwned\\u{7}b"
        );
        assert_eq!(safe("one\ntwo\rthree", false), "one\\ntwo\\rthree");
        assert_eq!(safe("one\ntwo", true), "one\ntwo");
        let long = safe(&"x".repeat(5000), false);
        assert!(long.chars().count() <= MAX_LINE + 1 && long.ends_with('…'));
    }

    use super::MAX_LINE;
}
