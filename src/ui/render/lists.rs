//! The short reports: the charts of a book, the books, search matches, an order of players,
//! where the bookmark stands, the games and the profile, a clean check, the charts to transcribe
//! and what a transcription wrote.

use super::{width, wrap};
use crate::commands::{
    BookList, ChartList, CheckReport, GameList, NamedList, OrderReport, Position, ProfileReport,
    SearchReport, TranscribeReport,
};
use console::style;
use flipbook_charts::Die;
use std::fmt::Write as _;

pub(crate) fn chart_list(out: &mut String, list: &ChartList) {
    let id_w = list.charts.iter().map(|c| c.id.len()).max().unwrap_or(2);
    let (title, game) = &list.heading;
    let width = width();
    let _ = writeln!(out, "{} — {game}", style(title).bold());
    for c in &list.charts {
        let mark = if c.amended {
            " (amended)"
        } else if c.transcribed {
            " (yours)"
        } else if c.stub {
            " (look up)"
        } else {
            ""
        };
        let die = match c.die {
            Die::Table => "-".to_string(),
            Die::Dice(d) => d.to_string(),
        };
        // The id, the die and the title on one line; where it is printed after it when it
        // fits, else on the lines below, indented under the title.
        let head = format!("{:<id_w$}  {die:<4}  {}{mark}", c.id, c.title);
        let lead = id_w + 2 + 4 + 2;
        let printed = format!("· {}", c.printed);
        let bold_id = format!("{}", style(&c.id).bold());
        let head_styled = head.replacen(&c.id, &bold_id, 1);
        if head.chars().count() + 2 + printed.chars().count() <= width {
            let _ = writeln!(out, "{head_styled}  {}", style(printed).dim());
        } else {
            let _ = writeln!(out, "{head_styled}");
            for l in wrap(&printed, width.saturating_sub(lead)) {
                let _ = writeln!(out, "{}{}", " ".repeat(lead), style(l).dim());
            }
        }
    }
    if list.charts.iter().any(|c| c.stub) {
        let note = format!(
            "(look up): named by the flipbook but printed elsewhere; flipbook rolls and says where to read. \
             `flipbook transcribe ID` types one in from your copy, into {}, to use it like the others.",
            list.user_dir.as_deref().unwrap_or("your config folder")
        );
        for l in wrap(&note, width) {
            let _ = writeln!(out, "{}", style(l).dim());
        }
    }
}

pub(crate) fn books(out: &mut String, list: &BookList) {
    let w = list.books.iter().map(|b| b.id.len()).max().unwrap_or(2);
    for b in &list.books {
        let _ = writeln!(
            out,
            "{:<w$}  {} — {}  {}",
            style(&b.id).bold(),
            b.title,
            b.game,
            style(format!(
                "({} chart{}, {}{})",
                b.charts,
                if b.charts == 1 { "" } else { "s" },
                b.origin,
                b.extends
                    .as_ref()
                    .map(|e| format!(", extends {e}"))
                    .unwrap_or_default()
            ))
            .dim()
        );
    }
}

pub(crate) fn matches(out: &mut String, m: &SearchReport) {
    if m.matches.is_empty() {
        let _ = writeln!(
            out,
            "Nothing in {} mentions {}.",
            m.book,
            // The player's own words, escaped as any text of theirs.
            crate::text::safe(&m.wanted.join(" "), false)
        );
        return;
    }
    let w = width().saturating_sub(4);
    for hit in &m.matches {
        let _ = writeln!(out, "{}  {}", style(&hit.id).bold(), hit.title);
        for f in &hit.found {
            let _ = writeln!(out, "    {}", style(snippet(f, &m.wanted, w)).dim());
        }
    }
}

/// A text cut to `w` columns at word boundaries, around the first word looked for, with an
/// ellipsis where it was cut.
fn snippet(text: &str, wanted: &[String], w: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= w {
        return text.to_string();
    }
    // Lowered a character at a time, each byte of it knowing the character it came from: a
    // character may lower to more than one ('İ' to "i̇"), so places in the lowered text are not
    // places in the text.
    let mut lower = String::with_capacity(text.len());
    let mut from: Vec<usize> = Vec::with_capacity(text.len());
    for (i, c) in chars.iter().enumerate() {
        lower.extend(c.to_lowercase());
        from.resize(lower.len(), i);
    }
    let hit = wanted
        .iter()
        .filter_map(|x| lower.find(x.as_str()))
        .min()
        .map_or(0, |b| from.get(b).copied().unwrap_or(0));
    // Start at a word before the hit when the hit would not fit.
    let mut start = 0;
    if hit + 12 > w {
        start = hit.saturating_sub(w / 3);
        while start > 0 && !chars[start - 1].is_whitespace() {
            start -= 1;
        }
    }
    let lead = if start > 0 { "…" } else { "" };
    let room = w.saturating_sub(1 + usize::from(start > 0));
    let rest: String = chars[start..].iter().collect();
    if rest.chars().count() <= room + 1 {
        return format!("{lead}{rest}");
    }
    let mut end = room;
    let rc: Vec<char> = rest.chars().collect();
    while end > 0 && !rc[end].is_whitespace() {
        end -= 1;
    }
    if end == 0 {
        end = room;
    }
    let kept: String = rc[..end].iter().collect();
    format!("{lead}{}…", kept.trim_end())
}

pub(crate) fn order(out: &mut String, report: &OrderReport) {
    let (rule, ordered) = (&report.rule, &report.ordered);
    let _ = writeln!(
        out,
        "{} ({}) · {}",
        style(&rule.title).bold(),
        rule.id,
        style(&rule.printed).dim()
    );
    let w = ordered
        .players
        .iter()
        .map(|p| p.player.chars().count())
        .max()
        .unwrap_or(4);
    for (i, p) in ordered.players.iter().enumerate() {
        let mut line = format!("  {:>2}. {:<w$}", i + 1, p.player);
        if let Some(v) = p.value {
            let _ = write!(line, "  {v}");
        }
        if let Some(l) = &p.label {
            let _ = write!(line, " {l}");
        }
        if let Some(pl) = &p.places {
            let places = if pl == "one" {
                "one VP"
            } else {
                "all the rest"
            };
            let _ = write!(line, "  places {places}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if ordered.game_over == Some(true) {
        let end = rule.ends_at.unwrap_or_default();
        let _ = writeln!(
            out,
            "{}",
            style(format!("Game over: a player has {end} or more."))
                .bold()
                .yellow()
        );
    }
    for n in &rule.notes {
        let _ = writeln!(out, "{}", style(format!("• {n}")).dim());
    }
}

pub(crate) fn position(out: &mut String, p: &Position) {
    let _ = writeln!(
        out,
        "Turn {} · {} · {} ({}){}",
        p.turn,
        p.phase_title,
        p.segment_title,
        p.segment,
        if p.started {
            ""
        } else {
            " - not started: `flipbook play` begins here"
        }
    );
}

pub(crate) fn games(out: &mut String, g: &GameList) {
    if g.games.is_empty() {
        let _ = writeln!(
            out,
            "No game of {} yet: `flipbook play` begins game {}.",
            g.book, g.current
        );
        return;
    }
    for game in &g.games {
        let turn = game
            .turn
            .map_or_else(|| "not begun".to_string(), |t| format!("turn {t}"));
        let days = match (&game.started, &game.last) {
            (Some(a), Some(b)) if a != b => format!("  {a} to {b}"),
            (_, Some(b)) => format!("  {b}"),
            (Some(a), None) => format!("  {a}"),
            (None, None) => String::new(),
        };
        let ended = match game.ended {
            Some(e) => format!(" ({e})"),
            None => String::new(),
        };
        let line = format!(
            "Game {}  {turn}{ended}, {} roll{}, {} chit{}{days}",
            game.number,
            game.rolls,
            if game.rolls == 1 { "" } else { "s" },
            game.chits,
            if game.chits == 1 { "" } else { "s" },
        );
        if game.current {
            let _ = writeln!(out, "{} {}", style(line).bold(), style("(current)").green());
        } else {
            let _ = writeln!(out, "{line}");
        }
    }
}

pub(crate) fn profile(out: &mut String, p: &ProfileReport) {
    if p.answers.is_empty() {
        let _ = writeln!(out, "The book {} keeps no profile.", p.book);
        return;
    }
    let _ = writeln!(
        out,
        "{}",
        style(format!(
            "Profile of game {} (asked once, given from then on)",
            p.game
        ))
        .bold()
    );
    let w = width();
    for a in &p.answers {
        let value = match &a.value {
            // As typed into profile.json, maybe by hand: escaped and cut short.
            Some(v) => style(crate::text::quoted(v)).bold(),
            None => style("not kept yet".to_string()).dim(),
        };
        // In the game's words; the key is what `--set` takes, shown with the question.
        let _ = writeln!(out, "{}: {value}", a.name);
        let question = format!("{} (--set {}=…)", a.question, a.key);
        for l in super::wrap(&question, w.saturating_sub(2)) {
            let _ = writeln!(out, "  {}", style(l).dim());
        }
    }
}

pub(crate) fn check(out: &mut String, c: &CheckReport) {
    if c.problems.is_empty() {
        let _ = writeln!(out, "ok: {} chart(s) in {}", c.charts, c.path);
        if let Some(base) = &c.extends {
            let _ = writeln!(
                out,
                "It extends {} and changes ({}):",
                crate::text::safe(base, false),
                c.changes.len()
            );
            for change in &c.changes {
                let _ = writeln!(out, "  ~ {}", crate::text::safe(change, false));
            }
        }
    }
}

/// `transcribe --list`: the charts still to transcribe, then the player's.
pub(crate) fn named(out: &mut String, list: &NamedList) {
    if list.charts.is_empty() {
        let _ = writeln!(
            out,
            "Every chart of {} is printed in full: nothing to transcribe.",
            list.book
        );
        return;
    }
    let id_w = list.charts.iter().map(|c| c.id.len()).max().unwrap_or(2);
    for (yours, heading) in [
        (false, "Still to transcribe, from your own booklets"),
        (true, "Transcribed by you"),
    ] {
        let charts: Vec<_> = list
            .charts
            .iter()
            .filter(|c| c.transcribed == yours)
            .collect();
        let _ = writeln!(out, "{} ({}):", style(heading).bold(), charts.len());
        for c in charts {
            let _ = writeln!(
                out,
                "  {:<id_w$}  {:<4}  {}  {}",
                style(&c.id).bold(),
                c.die,
                crate::text::safe(&c.title, false),
                style(format!(
                    "· {}, {}",
                    crate::text::safe(&c.code, false),
                    crate::text::safe(&c.booklet, false)
                ))
                .dim()
            );
        }
    }
    let _ = writeln!(
        out,
        "{}",
        style(format!(
            "flipbook {}transcribe ID asks for a chart's rows; --from FILE reads them.",
            list.book_option
        ))
        .dim()
    );
}

/// What `transcribe` wrote, or exported.
pub(crate) fn transcribed(out: &mut String, r: &TranscribeReport) {
    if r.action == "exported" {
        let ids: Vec<&str> = r.charts.iter().map(|c| c.id.as_str()).collect();
        let file = r.charts.first().map_or("", |c| c.file.as_str());
        let _ = writeln!(
            out,
            "Exported {} transcription{} ({}) to {file}",
            ids.len(),
            if ids.len() == 1 { "" } else { "s" },
            ids.join(", ")
        );
        let _ = writeln!(
            out,
            "{}",
            style(format!(
                "Another player reads them with: flipbook --book {} transcribe --from FILE",
                r.book
            ))
            .dim()
        );
        return;
    }
    for c in &r.charts {
        let _ = writeln!(
            out,
            "{} ({}, {}): {} row{} over the {}, written to {}{}",
            style(&c.id).bold(),
            c.title,
            c.code,
            c.rows,
            if c.rows == 1 { "" } else { "s" },
            c.die,
            c.file,
            if c.replaced {
                " (your earlier one replaced)"
            } else {
                ""
            }
        );
    }
    if let Some(c) = r.charts.first() {
        let _ = writeln!(
            out,
            "{}",
            style(format!(
                "flipbook roll {} reads it from now on; flipbook charts marks it (yours).",
                c.id
            ))
            .dim()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::snippet;

    #[test]
    fn a_snippet_after_letters_that_lower_to_two_is_cut_at_the_word_found() {
        // 'İ' lowers to two characters: the word's place in the lowered text is further on.
        let text = format!("{}the yawner x x", "İİ ".repeat(50));
        let s = snippet(&text, &["yawner".to_string()], 40);
        assert!(s.contains("yawner"), "{s}");
        assert!(s.chars().count() <= 41, "{s}");
    }
}
