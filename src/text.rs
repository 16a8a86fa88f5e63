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

/// Wrap text to `w` columns, on spaces; a line break in the text starts a new line.
pub(crate) fn wrap(text: &str, w: usize) -> Vec<String> {
    if text.contains('\n') {
        return text.split('\n').flat_map(|p| wrap(p, w)).collect();
    }
    let w = w.max(8);
    // Plain ASCII (every result a shipped book has) is measured in bytes, without decoding.
    if text.is_ascii() {
        fill(text.split_ascii_whitespace(), w, str::len)
    } else {
        fill(text.split_whitespace(), w, |word| word.chars().count())
    }
}

/// Lay words into lines of at most `w` columns (`count` measures a word); a word longer than a
/// line is cut.
fn fill<'a>(
    words: impl Iterator<Item = &'a str>,
    w: usize,
    count: impl Fn(&str) -> usize,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut cur_n = 0;
    for mut word in words {
        let mut n = count(word);
        while n > w {
            if !cur.is_empty() {
                lines.push(std::mem::take(&mut cur));
                cur_n = 0;
            }
            let cut = word.char_indices().nth(w).map_or(word.len(), |(i, _)| i);
            lines.push(word[..cut].to_string());
            word = &word[cut..];
            n -= w;
        }
        if cur_n + usize::from(!cur.is_empty()) + n > w && !cur.is_empty() {
            lines.push(std::mem::take(&mut cur));
            cur_n = 0;
        }
        if cur.is_empty() {
            cur.reserve(w);
        } else {
            cur.push(' ');
            cur_n += 1;
        }
        cur.push_str(word);
        cur_n += n;
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
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

    #[test]
    fn wrap_keeps_words_and_width() {
        use super::wrap;
        assert_eq!(wrap("a bb ccc dddd", 8), vec!["a bb ccc", "dddd"]);
        assert_eq!(wrap("", 8), vec![""]);
        assert_eq!(wrap("a b\ncc", 8), vec!["a b", "cc"]);
        for l in wrap("a-very-long-word-without-spaces here", 10) {
            assert!(l.chars().count() <= 10);
        }
    }
}
