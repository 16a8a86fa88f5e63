//! The key front end's page and status: the segment's page (in parts on a short terminal,
//! `s` the next), and under it where the player is, the Roll line and the keys, always in
//! sight.

use super::super::Walk;
use super::super::view;
use super::KeySession;
use super::roll_line::{due_chart, roll_entries};
use crate::verbs::{Command, VERBS, key_entries, wrap_entries};
use console::{Term, style};

impl KeySession {
    /// Show the segment (and the notice waiting, once). On a terminal too short for all of it
    /// with the status under it, its page `self.page`: the heading and the first step always
    /// on the first (`view::pages`), the rest one key away (`s`).
    pub(super) fn show(&mut self, walk: &mut Walk) {
        let notice = walk.notice.take().map(|n| format!("  {n}"));
        let width = view::width();
        let under = status_parts(walk, self);
        let notice_rows = notice.as_ref().map_or(0, |n| view::wrap(n, width).len());
        // Under the page: the status, the Roll line, the keys (the short line, when it must be
        // cut) and the prompt's row.
        let room = rows().saturating_sub(
            walk.rows_said
                + notice_rows
                + under.head.len()
                + under.roll.len()
                + under.common.len()
                + 1,
        );
        let pages = view::pages(&walk.game, true, room, width);
        let n = pages.len();
        let lines = pages.into_iter().nth(self.page % n).unwrap_or_default();
        for l in lines {
            walk.say(&l);
        }
        if let Some(n) = notice {
            walk.say(&n);
        }
        self.page_drawn = true;
    }

    /// The segment's page again from the top (key `s`): its next part when it is cut in
    /// several, else the whole of it.
    pub(super) fn turn_page(&mut self, walk: &mut Walk) {
        self.page += 1;
        self.clear(walk);
        self.show(walk);
        if page_count(walk, self) <= 1 {
            self.page = 0;
        }
    }

    /// A clean screen: what is said next begins at its top.
    pub(super) fn clear(&mut self, walk: &mut Walk) {
        let _ = self.term.clear_screen();
        walk.rows_said = 0;
    }
}

/// How many pages the segment has on this terminal.
fn page_count(walk: &mut Walk, s: &mut KeySession) -> usize {
    let width = view::width();
    let under = status_parts(walk, s);
    let room = rows().saturating_sub(under.head.len() + under.roll.len() + under.common.len() + 1);
    view::pages(&walk.game, true, room, width).len()
}

/// Where the player is and the keys, just above the prompt: always in sight, at any width.
pub(super) fn status(walk: &mut Walk, s: &mut KeySession) {
    let mut parts = status_parts(walk, s);
    let rows = rows();
    // The questions asked on entering a segment (is a bill pending, how many...) were answered
    // under its page, and with the status they would push its heading off the top: with no
    // result yet to keep in view, the page is drawn again from the top (the checklist keeps
    // the answers).
    let under = parts.head.len() + parts.roll.len() + parts.common.len() + 1;
    if s.page_drawn && walk.rows_said + under > rows {
        s.clear(walk);
        s.show(walk);
        parts = status_parts(walk, s);
    }
    // Every key under a segment when it is entered (and on a tall terminal, always); after a
    // result, on a short one, the commonest in one line, so that the segment stays in sight.
    // A page that with every key would not fit on the screen (its title scrolled off) has the
    // short line at once: `h` lists them all.
    let here = {
        let m = &walk.game.mark;
        super::super::state::visited_key(m.turn, &m.phase, &m.segment)
    };
    let tall = walk.rows_said + parts.head.len() + parts.roll.len() + parts.every.len() + 1 > rows;
    let every = rows >= 40 || (s.keys_shown.as_deref() != Some(here.as_str()) && !tall);
    s.keys_shown = Some(here);
    // On a short terminal, once results have pushed the page's heading off the top, the
    // segment's page in the book and the step at hand are said again in one line above the
    // status: the page stays in sight while its charts are offered (`s` draws it whole).
    let keys_rows = if every {
        parts.every.len()
    } else {
        parts.common.len()
    };
    let below = parts.head.len() + parts.roll.len() + keys_rows + 1;
    if rows < 40 && !s.page_drawn && walk.rows_said + below + 1 > rows {
        for l in &parts.page {
            walk.say(&style(l).cyan().to_string());
        }
    }
    let keys = if every { parts.every } else { parts.common };
    let mut shown: Vec<String> = parts
        .head
        .iter()
        .map(|l| style(l).cyan().to_string())
        .collect();
    shown.extend(parts.roll);
    shown.extend(keys.iter().map(|l| style(l).dim().to_string()));
    for l in &shown {
        walk.say(l);
    }
    // After a stop, the status and the keys are drawn again under what the shell wrote.
    crate::prompt::showing(&format!("{}\n", shown.join("\n")));
}

/// The terminal's rows.
pub(super) fn rows() -> usize {
    usize::from(Term::stderr().size().0)
}

/// The lines under the page, each wrapped: where the player is, the Roll line, and the keys
/// (all of them, or the commonest).
pub(super) struct StatusParts {
    /// The segment's page in the book and the step at hand, in one line (cut with "…"): said
    /// above the status once the page's heading is out of sight.
    pub(super) page: Vec<String>,
    pub(super) head: Vec<String>,
    pub(super) roll: Vec<String>,
    pub(super) every: Vec<String>,
    pub(super) common: Vec<String>,
}

pub(super) fn status_parts(walk: &mut Walk, s: &mut KeySession) -> StatusParts {
    // The charts keep the numbers shown now while the walk is here.
    s.pin_roll_line(walk);
    let g = &walk.game;
    let mut open = match g.open_items().len() {
        0 => String::new(),
        n => format!(" · {n} open"),
    };
    if !walk.extra.is_empty() {
        let shown: Vec<String> = walk.extra.iter().map(|d| format!("{d:+}")).collect();
        open = format!("{open} · next roll extra {}", shown.join(" "));
    }
    let line = format!(
        "[Turn {} · {} · {}{open}]",
        g.mark.turn,
        g.phase_title(),
        g.segment().title
    );
    let width = view::width();
    // Wrapped at words: a long segment title never breaks inside a word.
    let head = view::wrap(&line, width);
    let due = due_chart(walk, s);
    let charts = roll_entries(walk, s, due.as_deref());
    let roll = if charts.is_empty() {
        Vec::new()
    } else {
        wrap_entries("Roll: ", &charts, width)
    };
    let words = walk.game.book.reroll_words();
    let entries: Vec<String> = key_entries()
        .iter()
        .map(|e| e.replace("{reroll}", &words))
        .collect();
    // From the one command table: each command's first key and its word.
    let common: Vec<String> = VERBS
        .iter()
        .filter(|c| COMMON.contains(&c.command))
        .map(|c| format!("{} {}", c.keys.split('/').next().unwrap_or(c.keys), c.short))
        .collect();
    let page = page_line(walk, due.as_deref(), width);
    StatusParts {
        page,
        head,
        roll,
        every: wrap_entries("Keys: ", &entries, width),
        common: wrap_entries("Keys: ", &common, width),
    }
}

/// The segment's page and the step at hand, in one row: "Flipbook p4 · step: 6. One or two
/// Focused National Intelligence counters…". The step is the one of the chart `r` offers, else
/// the first whose roll is still open; none when nothing is.
fn page_line(walk: &Walk, due: Option<&str>, width: usize) -> Vec<String> {
    let g = &walk.game;
    let open = g.open_items();
    let wanted = |c: &String| due == Some(c.as_str()) || open.iter().any(|o| o.wants(c));
    let step = g
        .steps()
        .iter()
        .filter(|st| st.chart.iter().chain(&st.or_charts).any(wanted))
        .find_map(|st| {
            let c = st.chart.as_deref()?;
            let text = st.text.clone().or_else(|| g.recalled(st).map(String::from));
            Some(text.unwrap_or_else(|| {
                g.book
                    .find(c)
                    .map_or_else(|| c.to_string(), |e| e.title.to_string())
            }))
        });
    let mut parts: Vec<String> = g.segment().reference.iter().cloned().collect();
    parts.extend(step.map(|s| format!("now: {s}")));
    if parts.is_empty() {
        return Vec::new();
    }
    let line = format!("  {}", parts.join(" · "));
    vec![cut(&line, width.saturating_sub(1))]
}

/// A line cut to `width` columns, "…" saying it was.
fn cut(line: &str, width: usize) -> String {
    if console::measure_text_width(line) <= width {
        return line.to_string();
    }
    let mut out: String = line.chars().take(width.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// The keys line on a short terminal once every key was shown: the commonest commands, and help
/// for all.
const COMMON: &[Command] = &[
    Command::Next,
    Command::Roll,
    Command::RollNth,
    Command::Again,
    Command::Undo,
    Command::Track,
    Command::Help,
];
