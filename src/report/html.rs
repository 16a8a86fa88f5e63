//! The story as one self-contained page to post as a session report: the turns, the plots
//! inline (SVG), what the dice did. No script, no style sheet, font or picture fetched from
//! anywhere; written as XHTML that an HTML or an XML parser reads alike. Every text from the
//! log is escaped.

use super::{RollLine, Story, TurnStory};
use crate::report::dice::DieReport;
use std::fmt::Write as _;

const STYLE: &str = "body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}\
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}\
th{background:#f3f3f3}.n{text-align:right}.note{color:#666}svg{max-width:100%;height:auto}";

/// The page; `plots` is the SVG of the story's series, if any.
pub(crate) fn page(story: &Story, plots: Option<&str>) -> String {
    let mut out = String::new();
    let title = format!("{} - game {}", story.title, story.game);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n\
         <meta charset=\"utf-8\"/>\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        esc(&title),
        esc(&title)
    );
    end(&mut out, story);
    for t in &story.turns {
        turn(&mut out, t);
    }
    if let Some(svg) = plots {
        out.push_str("<h2>Turn by turn</h2>\n");
        out.push_str(inline(svg));
        out.push('\n');
    }
    dice(&mut out, &story.dice);
    out.push_str("</body>\n</html>\n");
    out
}

fn end(out: &mut String, story: &Story) {
    let text = match (&story.end.over, story.end.turn) {
        (Some(why), Some(t)) => format!("Over on turn {t}: {why}"),
        (Some(why), None) => format!("Over: {why}"),
        (None, Some(t)) => format!("Played to turn {t}; the game goes on."),
        (None, None) => "Nothing logged yet.".to_string(),
    };
    let text = story.end.played_past.iter().fold(text, |text, p| {
        format!(
            "{text} Played on past the end on turn {}: {}.",
            p.turn, p.why
        )
    });
    let _ = writeln!(out, "<p>{}</p>", esc(&text));
}

fn turn(out: &mut String, t: &TurnStory) {
    let _ = writeln!(out, "<h2>Turn {}</h2>", t.turn);
    if !t.values.is_empty() {
        out.push_str("<table>\n<tr><th>Board value</th><th>Given</th></tr>\n");
        for g in &t.values {
            let values: Vec<String> = g.shown.clone();
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td></tr>",
                esc(&g.label),
                esc(&values.join(", "))
            );
        }
        out.push_str("</table>\n");
    }
    if !t.chits.is_empty() {
        let _ = writeln!(
            out,
            "<p>Chits drawn: {}</p>",
            esc(&t
                .chits
                .iter()
                .map(|c| &**c)
                .collect::<Vec<&str>>()
                .join(", "))
        );
    }
    if !t.rolls.is_empty() {
        out.push_str(
            "<table>\n<tr><th>Chart</th><th class=\"n\">Natural</th><th class=\"n\">Total</th><th>Row</th><th>Result</th></tr>\n",
        );
        for r in &t.rolls {
            roll(out, r);
        }
        out.push_str("</table>\n");
    }
}

fn roll(out: &mut String, r: &RollLine) {
    let num = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_default();
    let mut chart = r.title.to_string();
    for (on, note) in [
        (r.hand, " (by hand)"),
        (r.reroll, " (re-roll)"),
        (r.outside, " (outside play)"),
    ] {
        if on {
            chart.push_str(note);
        }
    }
    let _ = writeln!(
        out,
        "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td></tr>",
        esc(&chart),
        if r.sides.is_empty() {
            num(r.natural)
        } else {
            esc(&r
                .sides
                .iter()
                .map(|s| format!("{} {}", &*s.name, s.natural))
                .collect::<Vec<_>>()
                .join(", "))
        },
        num(r.total),
        esc(r.row.as_deref().unwrap_or("")),
        esc(r.result.as_deref().unwrap_or(""))
    );
}

fn dice(out: &mut String, dice: &[DieReport]) {
    if dice.is_empty() {
        return;
    }
    out.push_str("<h2>What the dice did</h2>\n");
    for d in dice {
        let _ = writeln!(
            out,
            "<h3>{} ({})</h3>\n<p>{} rolls, mean {:.2} (a fair die: {:.2}); {}.</p>",
            esc(&d.die),
            if d.source == "hand" {
                "typed in"
            } else {
                "rolled by flipbook"
            },
            d.rolls,
            d.mean,
            d.fair_mean,
            esc(&d.verdict)
        );
        out.push_str("<table>\n<tr><th class=\"n\">Natural</th><th class=\"n\">Came up</th><th class=\"n\">Fair share</th></tr>\n");
        for f in &d.faces {
            let _ = writeln!(
                out,
                "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{:.1}</td></tr>",
                f.natural, f.count, f.expected
            );
        }
        out.push_str("</table>\n");
    }
}

/// The SVG without its XML declaration, to stand inside the page.
fn inline(svg: &str) -> &str {
    let s = svg.trim_start();
    match s.strip_prefix("<?xml") {
        Some(rest) => rest.find("?>").map_or(s, |i| rest[i + 2..].trim_start()),
        None => s,
    }
}

/// A character XML has no room for (a control character but tab and newline, U+FFFE, U+FFFF):
/// a page or a plot with one is not well-formed, so none is ever written.
pub(crate) fn not_xml(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

/// Text made safe for the page: markup characters escaped, characters XML forbids dropped.
pub(crate) fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if not_xml(c) => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_control_characters_never_reach_the_page() {
        assert_eq!(
            esc("<script>alert('x')</script>&\u{1b}[31m"),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;[31m"
        );
        assert_eq!(esc("a\u{FFFE}b\u{FFFF}c\u{0}"), "abc");
    }

    #[test]
    fn the_xml_declaration_is_left_out_inline() {
        assert_eq!(inline("<?xml version=\"1.0\"?>\n<svg/>"), "<svg/>");
        assert_eq!(inline("<svg/>"), "<svg/>");
    }
}
