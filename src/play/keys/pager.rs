//! A view of its own (the track `t`, the log `l`, the keys `h`): drawn on the terminal's
//! alternate screen, in parts that fit it, until the next key; then the page comes back as it
//! was left, results and all. Space or ↓ shows the next part, ↑ the one before; Esc, Enter or
//! the view's own key only go back; any other key goes back and is done at once.

use super::super::Walk;
use super::KeySession;
use crate::error::Result;
use console::{Key, Term, style};
use std::io::Write;

/// Where a view opens: at its first part, or at its last (the log: its latest lines).
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Start {
    First,
    Last,
}

/// Show `lines` (each wrapped to the terminal) as a view of its own; `own` is the key that
/// opened it (pressed again, it only closes it).
pub(super) fn view(
    walk: &mut Walk,
    s: &mut KeySession,
    lines: &[String],
    own: char,
    start: Start,
) -> Result<()> {
    let width = super::super::view::width();
    let wrapped: Vec<String> = lines
        .iter()
        .flat_map(|l| super::super::view::wrap(l, width))
        .collect();
    let parts = parts(&wrapped, super::status::rows().saturating_sub(1).max(3));
    let n = parts.len();
    let mut at = if start == Start::Last { n - 1 } else { 0 };
    let _ = walk.out.flush();
    crate::signals::alternate(true);
    let key = loop {
        draw(&s.term, &parts[at], &footer(at, n), width);
        let key = crate::prompt::read_key(&s.term)?;
        match key {
            Key::Char(' ') | Key::ArrowDown | Key::PageDown if at + 1 < n => at += 1,
            Key::ArrowUp | Key::PageUp if at > 0 => at -= 1,
            Key::ArrowUp | Key::ArrowDown | Key::PageUp | Key::PageDown => {}
            k => break k,
        }
    };
    crate::signals::alternate(false);
    // The screen is back as it was, the status and the keys under it: not drawn again.
    s.hold_status = true;
    s.after_view = match key {
        Key::Escape | Key::Enter | Key::Char(' ') => None,
        Key::Char(c) if c == own || (own == 'h' && c == '?') => None,
        k => Some(k),
    };
    Ok(())
}

/// `lines` in parts of at most `room` rows.
fn parts(lines: &[String], room: usize) -> Vec<Vec<String>> {
    if lines.is_empty() {
        return vec![Vec::new()];
    }
    lines.chunks(room).map(<[String]>::to_vec).collect()
}

/// The view's last row: what a key does here.
fn footer(at: usize, n: usize) -> String {
    let back = "any other key: back to the page";
    match n {
        1 => "  (any key: back to the page)".into(),
        _ if at + 1 < n && at > 0 => {
            format!("  ({}/{n} · Space/↓ more · ↑ before · {back})", at + 1)
        }
        _ if at + 1 < n => format!("  ({}/{n} · Space/↓ more · {back})", at + 1),
        _ => format!("  ({n}/{n} · ↑ before · {back})"),
    }
}

/// A part of the view on a clean screen, the footer on its last row.
fn draw(term: &Term, part: &[String], footer: &str, width: usize) {
    // Raw mode between keys: each row begins at its first column.
    let mut text = String::from("\x1b[H\x1b[2J");
    for l in part {
        text.push_str(l);
        text.push_str("\r\n");
    }
    let cut: String = if console::measure_text_width(footer) > width {
        console::truncate_str(footer, width.saturating_sub(1), "…").into_owned()
    } else {
        footer.to_string()
    };
    text.push_str(&style(cut).dim().to_string());
    let _ = term.write_str(&text);
}

#[cfg(test)]
mod tests {
    use super::{footer, parts};

    #[test]
    fn a_long_view_is_cut_in_parts_that_fit_and_says_so() {
        let lines: Vec<String> = (0..36).map(|i| format!("line {i}")).collect();
        let p = parts(&lines, 23);
        assert_eq!(p.len(), 2);
        assert_eq!(p[0].len(), 23);
        assert!(footer(0, 2).contains("1/2 · Space/↓ more"));
        assert!(footer(1, 2).contains("2/2"));
        assert_eq!(footer(0, 1), "  (any key: back to the page)");
    }
}
