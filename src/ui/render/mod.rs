//! Human text: a roll in a few lines, a chart as a table, the lists, the log and the turn track.
//! The only users of `console::style` outside `play`'s own screens.

mod chart;
mod grid;
mod lists;
mod log;
mod outcome;
mod report;
mod track;

pub(crate) use chart::chart;
pub(crate) use grid::Grid;
pub(crate) use lists::{
    books, chart_list, check, games, matches, named, order, position, profile, transcribed,
};
pub(crate) use log::log;
pub(crate) use outcome::outcome;
pub(crate) use report::{plot_width, story};
pub(crate) use track::track;

pub(crate) use crate::text::width;

pub(crate) fn signed(n: i64) -> String {
    format!("{n:+}")
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

/// One table cell, padded to `w` visible columns.
pub(crate) fn cell(text: &str, w: usize) -> String {
    let mut out = String::with_capacity(text.len() + w);
    push_cell(&mut out, text, w);
    out
}

/// One table cell, padded to `w` visible columns, added to a line.
pub(crate) fn push_cell(line: &mut String, text: &str, w: usize) {
    // Colour codes, control and wide characters need measuring; printable ASCII is as wide as
    // it is long.
    let n = if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        text.len()
    } else {
        console::measure_text_width(text)
    };
    line.push_str(text);
    line.extend(std::iter::repeat_n(' ', w.saturating_sub(n)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_words_and_width() {
        assert_eq!(wrap("a bb ccc dddd", 8), vec!["a bb ccc", "dddd"]);
        assert_eq!(wrap("", 8), vec![""]);
        assert_eq!(wrap("a b\ncc", 8), vec!["a b", "cc"]);
        for l in wrap("a-very-long-word-without-spaces here", 10) {
            assert!(l.chars().count() <= 10);
        }
    }
}
