//! The key front end's views and menus of its own: the keys (`h`), the log (`l`) and the turn
//! track (`t`) on a view each (pager.rs), the profile's answers to forget (`p`), the segment
//! to go to (`g`).

use super::super::events::Action;
use super::super::{Walk, nav, view};
use super::{KeySession, ask::page, pager};
use crate::error::Result;
use crate::prompt::fit;
use crate::verbs::VERBS;
use dialoguer::theme::ColorfulTheme;
use dialoguer::{FuzzySelect, Select};

/// Every key, on a view of its own (in parts, on a short terminal).
pub(super) fn help(walk: &mut Walk, s: &mut KeySession) -> Result<()> {
    let mut lines = vec!["  Keys:".to_string()];
    let room = view::width().saturating_sub(15).max(20);
    let words = walk.game.book.reroll_words();
    for c in VERBS.iter().filter(|c| !c.keys.is_empty()) {
        // The key column stays a column: the text wraps under itself.
        let help = c.help.replace("{reroll}", &words);
        for (i, l) in view::wrap(&help, room).iter().enumerate() {
            let keys = if i == 0 { c.keys } else { "" };
            lines.push(format!("    {keys:<10} {l}"));
        }
    }
    lines.push("  At a question:".into());
    for rule in crate::verbs::KEYS_RULE {
        for l in view::wrap(rule, room + 11) {
            lines.push(format!("    {l}"));
        }
    }
    pager::view(walk, s, &lines, 'h', pager::Start::First)
}

/// This turn's log, on a view of its own: its latest lines first.
pub(super) fn log(walk: &mut Walk, s: &mut KeySession) -> Result<()> {
    let text = walk.log_text()?;
    let lines: Vec<String> = text.lines().map(String::from).collect();
    pager::view(walk, s, &lines, 'l', pager::Start::Last)
}

/// The turn track, on a view of its own: this turn's segments with done, here and ahead; on a
/// short terminal, the part around "▶ here", so that it fits.
pub(super) fn track(walk: &mut Walk, s: &mut KeySession) -> Result<()> {
    let lines = walk.track_lines();
    // The view's last row says what a key does.
    let shown = window(&lines, super::status::rows().saturating_sub(1).max(8));
    pager::view(walk, s, &shown, 't', pager::Start::First)
}

/// "line" or "lines", by the count.
fn lines_word(n: usize) -> &'static str {
    if n == 1 { "line" } else { "lines" }
}

/// At most `room` lines of `lines`, centred on the "▶" line, the cut ends said.
fn window(lines: &[String], room: usize) -> Vec<String> {
    if lines.len() <= room {
        return lines.to_vec();
    }
    let here = lines
        .iter()
        .position(|l| console::strip_ansi_codes(l).trim_start().starts_with('▶'))
        .unwrap_or(0);
    let shown = room.saturating_sub(2).max(1);
    let start = here
        .saturating_sub(shown / 2)
        .min(lines.len().saturating_sub(shown));
    let end = (start + shown).min(lines.len());
    let mut out = Vec::new();
    if start > 0 {
        out.push(format!("  … {start} {} above", lines_word(start)));
    }
    out.extend_from_slice(&lines[start..end]);
    if end < lines.len() {
        let below = lines.len() - end;
        out.push(format!("  … {below} {} below", lines_word(below)));
    }
    out
}

/// The profile: the answers kept for the game; forget one to be asked it again.
pub(super) fn profile(walk: &mut Walk, s: &mut KeySession) -> Result<()> {
    let (term, theme) = (&s.term.clone(), &ColorfulTheme::default());
    let kept = super::super::answers::pairs(&walk.game.profile, walk.game.book);
    if kept.is_empty() {
        walk.say("  The profile keeps nothing yet: answers it keeps are asked once, then given.");
        return Ok(());
    }
    let keys: Vec<String> = walk.game.profile.keys().cloned().collect();
    // The answer first, so that a narrow terminal cuts the question, never the answer.
    let mut items: Vec<String> = kept
        .iter()
        .map(|(q, v)| fit(&format!("{v} · {q}")))
        .collect();
    items.push("(close)".into());
    let Some(i) = Select::with_theme(theme)
        .with_prompt("Profile: forget which answer (asked again)?")
        .items(&items)
        .default(items.len() - 1)
        .interact_on_opt(term)?
    else {
        return Ok(());
    };
    if let Some(key) = keys.get(i) {
        let said = items[i].clone();
        walk.game.forget(key);
        walk.journal.save_profile(&walk.game.profile)?;
        walk.say(&format!("  Forgotten, asked again next time: {said}"));
    }
    Ok(())
}

/// Go to: the segments of a turn with their phase, filtered as you type; another turn too.
pub(super) fn goto(walk: &mut Walk, s: &mut KeySession) -> Result<()> {
    let (term, theme) = (&s.term.clone(), &ColorfulTheme::default());
    let mut turn = walk.game.mark.turn;
    loop {
        let seq = &walk.game.seq;
        let all: Vec<(String, String)> = nav::order(seq);
        // The list starts just before where the player stands (dialoguer shows the first page,
        // wherever its cursor is), and goes round: the book's order, from here.
        let here = all
            .iter()
            .position(|(p, s)| *p == walk.game.mark.phase && *s == walk.game.mark.segment)
            .unwrap_or(0);
        let start = here.saturating_sub(2);
        let list: Vec<(String, String)> =
            all[start..].iter().chain(&all[..start]).cloned().collect();
        let mut labels: Vec<String> = list
            .iter()
            .map(|(p, s)| {
                let phase = seq
                    .phases
                    .iter()
                    .find(|x| x.id == *p)
                    .map_or("", |x| x.title.as_str());
                let title = seq.segment(s).map_or("", |x| x.title.as_str());
                let skipped = if nav::applies(seq, p, s, turn) {
                    ""
                } else {
                    " (not this turn)"
                };
                fit(&format!("{title}{skipped} · {phase} ({s})"))
            })
            .collect();
        labels.push("Another turn…".into());
        let Some(i) = FuzzySelect::with_theme(theme)
            .with_prompt(format!(
                "Go to which segment of turn {turn}? (type to filter)"
            ))
            .items(&labels)
            .default(here - start)
            .max_length(page())
            .interact_on_opt(term)?
        else {
            return Ok(());
        };
        if let Some((phase, segment)) = list.get(i).cloned() {
            let action = Action::Goto {
                segment,
                turn: Some(turn),
                phase: Some(phase),
            };
            walk.act(action, s)?;
            return Ok(());
        }
        // By the key rule: a turn of one digit is one key, as every such number is.
        let final_turn = walk.game.seq.final_turn();
        match crate::prompt::ask_whole(term, "Which turn?", 1, final_turn)? {
            Some(asked) => turn = asked,
            None => return Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::window;

    #[test]
    fn the_track_window_finds_here_in_colour_too() {
        let mut lines: Vec<String> = (0..60).map(|i| format!("  · segment {i}")).collect();
        lines[40] = "  \u{1b}[1m\u{1b}[32m▶ here\u{1b}[0m".into();
        let shown = window(&lines, 14);
        assert!(shown.iter().any(|l| l.contains("▶ here")), "{shown:?}");
        assert_eq!(shown.len(), 14);
        assert!(shown[0].contains("lines above") && shown[13].contains("lines below"));
    }
}
