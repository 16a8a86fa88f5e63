//! Human text: a chart as a table, the lists, the story; a roll (from `show`), the log and the
//! turn track (`play`'s own screens) as they are. The only users of `console::style` outside
//! `play`'s screens and `show`.

mod chart;
mod grid;
mod lists;
mod report;

pub(crate) use chart::chart;
pub(crate) use grid::Grid;
pub(crate) use lists::{
    books, chart_list, check, games, matches, named, order, position, profile, transcribed,
};
pub(crate) use report::{plot_width, story};

/// A roll, below `play` (which shows it under each roll); the turn track and the log, `play`'s
/// own screens.
pub(crate) use crate::play::{log_text as log, track_text as track};
pub(crate) use crate::show::outcome;
pub(crate) use crate::text::{width, wrap};

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
