//! What `play` shows: the segment (header, instructions, steps, checklist, question), as text
//! wrapped at word boundaries to the terminal's width; the events of an action (`events`), the
//! turn track (`track`) and the log (`log`), which `flipbook track` and `flipbook log` show too.

use super::checklist::Question;
use super::game::Game;
use console::style;

mod events;
mod log;
mod track;
pub(crate) mod words;
pub(crate) use events::{Words, event, open_item};
pub(crate) use log::{LogNames, log_text};
pub(crate) use track::track_text;
pub(crate) use words::words;

/// The segment as a screen: where it is, what to do, what is done and what waits.
pub(crate) fn screen(game: &Game, keys: bool) -> Vec<String> {
    let (mut lines, body) = parts(game, keys);
    lines.extend(body);
    lines
}

/// The segment's screen cut into pages for a terminal of `room` rows (what stays under the
/// page taken off) and `width` columns, each line wrapped. The first page is the heading (title,
/// page of the book), the segment's text and as many steps as fit, at least the first; each
/// next page the heading again and the steps, checklist and question after, as many as fit. A
/// page with more after it ends with a line saying so (key `s`); the last of several says `s`
/// goes back to the first. A screen that fits is one page.
pub(crate) fn pages(game: &Game, keys: bool, room: usize, width: usize) -> Vec<Vec<String>> {
    let wrapped = |l: &String| wrap(l, width);
    let (head, body) = parts(game, keys);
    // The heading again on each next page: the blank line and the title (its rows).
    let title_rows = 1 + head.get(1).map_or(0, |t| wrap(t, width).len());
    let head: Vec<String> = head.iter().flat_map(wrapped).collect();
    let body: Vec<Vec<String>> = body.iter().map(wrapped).collect();
    let all = head.len() + body.iter().map(Vec::len).sum::<usize>();
    if all <= room {
        return vec![head.into_iter().chain(body.into_iter().flatten()).collect()];
    }
    let title: Vec<String> = head.iter().take(title_rows).cloned().collect();
    let mut pages: Vec<Vec<String>> = Vec::new();
    let mut page = head.clone();
    let mut units = 0;
    for unit in body {
        // One row kept for the line that says more follows.
        if units > 0 && page.len() + unit.len() + 1 > room {
            pages.push(std::mem::replace(&mut page, title.clone()));
            units = 0;
        }
        page.extend(unit);
        units += 1;
    }
    pages.push(page);
    let n = pages.len();
    for (i, p) in pages.iter_mut().enumerate() {
        let more = if i + 1 < n {
            format!("  … more of this page below: s ({}/{n})", i + 1)
        } else {
            format!("  (the end of this page: s goes back to its top; {n}/{n})")
        };
        p.extend(wrap(&style(more).dim().to_string(), width));
    }
    pages
}

/// The screen's two parts: the heading (a blank line, the title with the book's page, whether
/// the segment is played this turn, its text), and the body: a line for each step, each
/// checklist item and the question waiting.
fn parts(game: &Game, keys: bool) -> (Vec<String>, Vec<String>) {
    let seg = game.segment();
    let reference = seg
        .reference
        .as_deref()
        // On a terminal the page reference is never broken across lines ("(GM p8 &" / "15)"):
        // its spaces do not break. A script reads plain spaces.
        .map(|r| {
            if keys {
                format!("  ({})", r.replace(' ', "\u{a0}"))
            } else {
                format!("  ({r})")
            }
        })
        .unwrap_or_default();
    let head = format!(
        "Turn {} · {} · {}{}",
        game.mark.turn,
        game.phase_title(),
        seg.title,
        reference
    );
    let mut lines = vec![String::new(), style(head).bold().cyan().to_string()];
    if !super::nav::applies(
        &game.seq,
        &game.mark.phase,
        &game.mark.segment,
        game.mark.turn,
    ) {
        lines.push(format!(
            "  {}",
            style("(this segment is not played this turn)").yellow()
        ));
    }
    lines.extend(seg.text.iter().map(|t| format!("  {t}")));
    let head = std::mem::take(&mut lines);
    let steps = game.steps();
    for (i, st) in steps.iter().enumerate() {
        if !game.step_listed(&steps, i) {
            continue;
        }
        let mut line = String::new();
        if let Some(r) = game.recalled(st) {
            line.push_str(r);
        }
        if let Some(t) = &st.text {
            line.push_str(t);
        }
        if let Some(c) = &st.chart {
            let title = |id: &str| {
                game.book
                    .find(id)
                    .map_or_else(|| id.to_string(), |e| e.title.to_string())
            };
            let untold = line.is_empty();
            if untold {
                line = title(c);
            }
            // A step of one chart among several names them all: in key mode by their titles
            // (the game's words, as the Roll line names them), in line mode by the `roll`
            // command's names ("russia-acts or china-acts").
            let mut charts: Vec<String> = vec![c.clone()];
            charts.extend(st.or_charts.iter().cloned());
            if keys {
                charts = charts.iter().map(|c| title(c)).collect();
            }
            let which = match charts.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => charts[0].clone(),
            };
            // The step that is only its chart's title is not told the title twice.
            let mark = if keys && untold && st.or_charts.is_empty() {
                "[roll]".to_string()
            } else {
                format!("[roll {which}]")
            };
            line = format!("{line} {}", style(mark).dim());
        }
        lines.push(format!("  • {line}"));
    }
    for item in game.items() {
        let mark = if item.done { "✓" } else { "○" };
        lines.push(format!("  {mark} {}", item.text));
    }
    if let Some(q) = question_line(game, keys) {
        lines.push(q);
    }
    (head, lines)
}

/// The question waiting, as a line: in key mode only when it was put aside (a menu asks it
/// otherwise).
pub(crate) fn question_line(game: &Game, keys: bool) -> Option<String> {
    let (q, auto) = game.question()?;
    let mark = style("?").yellow().bold();
    if !auto && !game.mark.state.aside {
        // It waits for a roll first (a chit's chart, the loop item before).
        return None;
    }
    if !auto {
        let how = words(keys).answer_aside();
        return Some(format!(
            "  {mark} {} {}",
            game.question_text(&q),
            style(format!("(open: {how})")).dim()
        ));
    }
    if keys {
        return None;
    }
    Some(format!("  {mark} {}", typed_question(game, &q)))
}

/// The question as a script answers it: with the answers it takes.
fn typed_question(game: &Game, q: &Question) -> String {
    match q {
        Question::Chit { .. } => {
            let ids: Vec<&str> = game.seq.chits.iter().map(|c| c.id.as_str()).collect();
            format!("{} ({})", game.question_text(q), ids.join(", "))
        }
        Question::Review => format!(
            "{} Kept: {}.",
            game.question_text(q),
            game.review_lines()
                .iter()
                .map(|(_, l)| l.as_str())
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Question::Count(i) => {
            let max = game
                .segment()
                .steps
                .get(*i)
                .and_then(|s| s.count.as_ref())
                .map_or(0, |c| c.max);
            format!("{} (0 to {max})", game.question_text(q))
        }
        _ => format!("{} (yes/no)", game.question_text(q)),
    }
}

/// A line wrapped to `width` at word boundaries; the lines after the first hang under its text
/// (after its indent and any bullet). Colour codes do not count toward the width.
pub(crate) fn wrap(line: &str, width: usize) -> Vec<String> {
    if console::measure_text_width(line) <= width {
        return vec![line.to_string()];
    }
    let indent = line.len() - line.trim_start().len();
    let rest = &line[indent..];
    let bullet = ["• ", "✓ ", "○ ", "? "]
        .iter()
        .find(|b| console::strip_ansi_codes(rest).starts_with(*b))
        .map_or(0, |b| b.chars().count());
    let hang = " ".repeat(indent + bullet);
    let mut out = Vec::new();
    let mut cur = line[..indent].to_string();
    let mut cur_w = indent;
    for word in rest.split(' ').filter(|w| !w.is_empty()) {
        let w = console::measure_text_width(word);
        let fresh = cur.trim().is_empty();
        if !fresh && cur_w + 1 + w > width {
            out.push(std::mem::take(&mut cur));
            cur.clone_from(&hang);
            cur_w = hang.len();
        }
        if !cur.trim().is_empty() {
            cur.push(' ');
            cur_w += 1;
        }
        cur.push_str(word);
        cur_w += w;
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    }
    out
}

/// The width `play` writes to: the terminal's, `$COLUMNS`, or 100; never below 40.
pub(crate) fn width() -> usize {
    crate::text::width()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_wrap_at_words_and_hang_under_their_bullet() {
        let w = wrap("  • one two three four five six", 16);
        assert_eq!(w, vec!["  • one two", "    three four", "    five six"]);
        assert_eq!(wrap("short", 16), vec!["short"]);
        for l in wrap(&format!("  {}", "word ".repeat(40)), 60) {
            assert!(console::measure_text_width(&l) <= 60, "{l}");
        }
    }
}
