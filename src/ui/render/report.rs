//! `report` as text: the turns, the numbers turn by turn (a Unicode line per number on a
//! terminal wide enough, a plain table otherwise), what the dice did.

use crate::commands::StoryReport;
use crate::report::dice::DieReport;
use crate::report::{Series, Story, TurnStory};
use crate::text::safe;
use std::fmt::Write as _;

/// The longest label shown; a longer one is cut.
const LABEL: usize = 28;
/// The eight heights of a block, lowest first.
const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/// The width a Unicode plot may take: the terminal's, when stdout is one; `None` otherwise.
pub(crate) fn plot_width() -> Option<usize> {
    let term = console::Term::stdout();
    if !term.is_term() {
        return None;
    }
    term.size_checked().map(|(_, w)| w as usize)
}

pub(crate) fn story(out: &mut String, r: &StoryReport, plot: Option<usize>) {
    let s = &r.story;
    let _ = writeln!(out, "{} · game {}", safe(&s.title, false), s.game);
    for l in wrap(&ending(s), super::width(), 2) {
        let _ = writeln!(out, "{l}");
    }
    if s.undone > 0 {
        let _ = writeln!(out, "  ({} taken back with undo, left out)", s.undone);
    }
    for t in &s.turns {
        turn(out, t);
    }
    if s.turns.is_empty() {
        let _ = writeln!(
            out,
            "\nNothing logged{}.",
            s.turn.map(|t| format!(" on turn {t}")).unwrap_or_default()
        );
    }
    if !s.series.is_empty() {
        let _ = writeln!(out, "\nTurn by turn");
        let mut drawn = String::new();
        lines(&mut drawn, &s.series);
        let fits = |w: usize| drawn.lines().all(|l| l.chars().count() <= w);
        if plot.is_some_and(fits) {
            out.push_str(&drawn);
        } else {
            table(out, &s.series);
        }
    }
    if !s.dice.is_empty() {
        let _ = writeln!(out, "\nWhat the dice did");
        for d in &s.dice {
            die(out, d);
        }
    }
    for path in &r.written {
        let _ = writeln!(out, "\nWrote {}", safe(&path.display().to_string(), false));
    }
}

fn ending(s: &Story) -> String {
    let mut text = match (&s.end.over, s.end.turn) {
        (Some(why), Some(t)) => format!("over on turn {t}: {}", safe(why, false)),
        (Some(why), None) => format!("over: {}", safe(why, false)),
        (None, Some(t)) => format!("played to turn {t}; the game goes on"),
        (None, None) => "nothing logged yet".to_string(),
    };
    for p in &s.end.played_past {
        let _ = write!(
            text,
            "; played on past the end on turn {}: {}",
            p.turn,
            safe(&p.why, false)
        );
    }
    text
}

/// An opposed roll's sides and their naturals: "East 4, West 2".
fn sides(sides: &[crate::report::SideRolled]) -> String {
    sides
        .iter()
        .map(|s| format!("{} {}", safe(&s.name, false), s.natural))
        .collect::<Vec<_>>()
        .join(", ")
}

fn turn(out: &mut String, t: &TurnStory) {
    let _ = writeln!(out, "\nTurn {}", t.turn);
    if !t.values.is_empty() {
        let given: Vec<String> = t
            .values
            .iter()
            .map(|g| {
                safe(
                    &format!("{}: {}", cut(&g.label, 60), g.shown.join(" → ")),
                    false,
                )
            })
            .collect();
        wrapped(out, "  Given ", &given, super::width());
    }
    if !t.chits.is_empty() {
        let _ = writeln!(
            out,
            "  Chits: {}",
            safe(
                &t.chits
                    .iter()
                    .map(|c| &**c)
                    .collect::<Vec<&str>>()
                    .join(", "),
                false
            )
        );
    }
    for r in &t.rolls {
        let mut line = r.title.to_string();
        if !r.sides.is_empty() {
            let _ = write!(line, " rolled {}", sides(&r.sides));
        }
        match (r.natural, r.total) {
            (None, Some(t)) if !r.sides.is_empty() => {
                let _ = write!(line, ", total {t}");
            }
            (Some(n), Some(t)) if n != t => {
                let _ = write!(line, " rolled {n}, total {t}");
            }
            (Some(n), _) => {
                let _ = write!(line, " rolled {n}");
            }
            (None, Some(t)) => {
                let _ = write!(line, " total {t}");
            }
            (None, None) => {}
        }
        if let Some(row) = r.row.as_ref().filter(|r| &***r != "any") {
            let _ = write!(line, " → {row}");
        }
        for (on, note) in [
            (r.hand, " (by hand)"),
            (r.reroll, " (re-roll)"),
            (r.outside, " (outside play)"),
        ] {
            if on {
                line.push_str(note);
            }
        }
        if let Some(res) = &r.result {
            let _ = write!(line, ": {res}");
        }
        for l in wrap(&safe(&line, false), super::width(), 2) {
            let _ = writeln!(out, "{l}");
        }
    }
}

/// A line at `indent` spaces, wrapped at words to `width`, the rest of it two spaces further.
fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = " ".repeat(indent);
    let mut on_line = indent;
    let mut fresh = true;
    for word in text.split(' ') {
        let n = word.chars().count();
        if !fresh && on_line + 1 + n > width {
            out.push(std::mem::replace(&mut line, " ".repeat(indent + 2)));
            on_line = indent + 2;
            fresh = true;
        }
        if !fresh {
            line.push(' ');
            on_line += 1;
        }
        line.push_str(word);
        on_line += n;
        fresh = false;
    }
    out.push(line);
    out
}

/// Items after a heading, " · " between them, wrapped to `width` under the first item.
fn wrapped(out: &mut String, heading: &str, items: &[String], width: usize) {
    let indent = heading.chars().count();
    let mut line = heading.to_string();
    let mut on_line = indent;
    for (i, item) in items.iter().enumerate() {
        let n = item.chars().count();
        if i > 0 {
            if on_line + 3 + n > width {
                let _ = writeln!(out, "{line} ·");
                line = " ".repeat(indent);
                on_line = indent;
            } else {
                line.push_str(" · ");
                on_line += 3;
            }
        }
        line.push_str(item);
        on_line += n;
    }
    let _ = writeln!(out, "{line}");
}

fn cut(label: &str, most: usize) -> String {
    if label.chars().count() <= most {
        return label.to_string();
    }
    let mut s: String = label.chars().take(most - 1).collect();
    s.push('…');
    s
}

fn label_width(series: &[Series]) -> usize {
    series
        .iter()
        .map(|s| cut(&s.label, LABEL).chars().count())
        .max()
        .unwrap_or(0)
}

/// The turns any number was given in, in order: the columns (a log's turns may be far apart;
/// only those given are shown).
fn turns(series: &[Series]) -> Vec<u32> {
    let turns: std::collections::BTreeSet<u32> = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.turn))
        .collect();
    turns.into_iter().collect()
}
/// A line of blocks per number, a block a turn, as high as the value in the number's range.
pub(crate) fn lines(out: &mut String, series: &[Series]) {
    let turns = turns(series);
    let w = label_width(series);
    let axis = turns.iter().fold(String::new(), |mut a, t| {
        let _ = write!(a, "{:<2}", t % 100);
        a
    });
    let _ = writeln!(out, "  {:w$}  {}", "turn", axis.trim_end());
    for s in series {
        let lo = s.points.iter().map(|p| p.value).min().unwrap_or(0);
        let hi = s.points.iter().map(|p| p.value).max().unwrap_or(0);
        let mut line = String::new();
        // The points are in turn order, as the turns are: one walk along both, never a search.
        let mut points = s.points.iter().peekable();
        for &t in &turns {
            match points.next_if(|p| p.turn == t) {
                Some(p) => {
                    let step = if hi == lo {
                        3
                    } else {
                        ((i128::from(p.value) - i128::from(lo)) * 7
                            / (i128::from(hi) - i128::from(lo))) as usize
                    };
                    line.push(BLOCKS[step.min(7)]);
                    line.push(' ');
                }
                None => line.push_str("  "),
            }
        }
        let ends = format!(
            "{} → {}",
            s.points.first().map_or(0, |p| p.value),
            s.points.last().map_or(0, |p| p.value)
        );
        let _ = writeln!(
            out,
            "  {}  {line} {ends} (low {lo}, high {hi})",
            safe(&pad(&cut(&s.label, LABEL), w), false)
        );
    }
}

/// The numbers as a table: a row per number, a column per turn (`-` where not given).
pub(crate) fn table(out: &mut String, series: &[Series]) {
    let turns = turns(series);
    let w = label_width(series);
    let cell = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.value.to_string().len()))
        .max()
        .unwrap_or(1)
        .max(turns.last().map_or(1, |t| t.to_string().len()))
        .max(2);
    let mut head = format!("  {:w$}", "turn");
    for t in &turns {
        let _ = write!(head, " {t:>cell$}");
    }
    let _ = writeln!(out, "{head}");
    for s in series {
        let mut row = format!("  {}", safe(&pad(&cut(&s.label, LABEL), w), false));
        let mut points = s.points.iter().peekable();
        for &t in &turns {
            let v = points
                .next_if(|p| p.turn == t)
                .map_or("-".to_string(), |p| p.value.to_string());
            let _ = write!(row, " {v:>cell$}");
        }
        let _ = writeln!(out, "{row}");
    }
}

fn pad(s: &str, w: usize) -> String {
    let n = s.chars().count();
    format!("{s}{}", " ".repeat(w.saturating_sub(n)))
}

fn die(out: &mut String, d: &DieReport) {
    let source = if d.source == "hand" {
        "typed in"
    } else {
        "rolled by flipbook"
    };
    let heading = format!(
        "{} ({source}): {} roll{}, mean {:.2} (a fair die: {:.2})",
        d.die,
        d.rolls,
        if d.rolls == 1 { "" } else { "s" },
        d.mean,
        d.fair_mean
    );
    for l in wrap(&heading, super::width(), 2) {
        let _ = writeln!(out, "{l}");
    }
    let cell = d
        .faces
        .iter()
        .map(|f| {
            let fair = format!("{:.1}", f.expected).len();
            f.count.to_string().len().max(fair)
        })
        .max()
        .unwrap_or(1)
        .max(2);
    let mut faces = format!("    {:<10}", "natural");
    let mut came = format!("    {:<10}", "came up");
    let mut fair = format!("    {:<10}", "fair");
    for f in &d.faces {
        let _ = write!(faces, " {:>cell$}", f.natural);
        let _ = write!(came, " {:>cell$}", f.count);
        let _ = write!(fair, " {:>cell$.1}", f.expected);
    }
    let _ = writeln!(out, "{faces}\n{came}\n{fair}");
    if d.impossible > 0 {
        let _ = writeln!(
            out,
            "    ({} natural{} these dice cannot roll left out)",
            d.impossible,
            if d.impossible == 1 { "" } else { "s" }
        );
    }
    for l in wrap(&d.verdict, super::width(), 4) {
        let _ = writeln!(out, "{l}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Point;

    fn series(label: &str, values: &[(u32, i64)]) -> Series {
        Series {
            chart: "c".into(),
            key: label.to_lowercase(),
            side: None,
            label: label.into(),
            stretch: 1,
            points: values
                .iter()
                .map(|&(turn, value)| Point { turn, value })
                .collect(),
        }
    }

    #[test]
    fn numbers_of_many_turns_are_drawn_in_one_walk() {
        // 150,000 turns: a search per turn along the points would be 10^10 steps.
        let points: Vec<(u32, i64)> = (1..=150_000).map(|t| (t * 2, i64::from(t % 7))).collect();
        let s = vec![series("Approval", &points), series("Media", &points[..10])];
        let start = std::time::Instant::now();
        let (mut a, mut b) = (String::new(), String::new());
        lines(&mut a, &s);
        table(&mut b, &s);
        assert!(start.elapsed() < std::time::Duration::from_secs(20));
        let approval = a.lines().nth(1).unwrap();
        assert!(
            approval.ends_with("1 → 4 (low 0, high 6)"),
            "{}",
            &approval[approval.len() - 60..]
        );
        assert!(b.lines().nth(2).unwrap().trim_end().ends_with('-'));
    }

    #[test]
    fn a_line_of_blocks_per_number_and_a_table_otherwise() {
        let s = vec![
            series("Approval", &[(1, 3), (2, 5), (4, 7)]),
            series("Media", &[(1, 4), (2, 4)]),
        ];
        let mut out = String::new();
        lines(&mut out, &s);
        assert_eq!(
            out,
            "  turn      1 2 4\n  Approval  ▁ ▄ █  3 → 7 (low 3, high 7)\n  Media     ▄ ▄    4 → 4 (low 4, high 4)\n"
        );
        let mut out = String::new();
        table(&mut out, &s);
        assert_eq!(
            out,
            "  turn      1  2  4\n  Approval  3  5  7\n  Media     4  4  -\n"
        );
    }
}
