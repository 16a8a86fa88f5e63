//! The engine's events as text. What every front end says alike is worded here; what each says
//! its own way (a key in the key mode, a command in the line mode) comes from that front end,
//! through [`Words`].

use super::super::events::{Event, OpenItem, RerollChances, Undid};
use crate::show;
use console::style;

/// What a front end words for itself: how the player does a thing there.
pub(crate) trait Words {
    /// How a question put aside is answered ("a answers it").
    fn answer_aside(&self) -> &'static str;
    /// How the book's re-roll is taken ("R").
    fn reroll(&self) -> &'static str;
    /// What the player may do once the game is over: play on (when the book has turns left),
    /// start a new game.
    fn after_over(&self, play_on: bool) -> &'static str;
    /// How a new game starts, when the last turn of the book is played.
    fn new_game(&self) -> &'static str;
    /// What is said of the items a segment was left with open, if anything (the key mode asked
    /// first).
    fn left_open(&self, items: &[OpenItem]) -> Option<String>;
    /// How the extra DRMs of a roll taken back are mended, when the front end gives them back
    /// for the next roll (the key mode's `x`); none where each roll names its own (`--drm`).
    fn mend_extra(&self) -> Option<&'static str> {
        None
    }
    /// Whether a roll's heading names its chart's id beside its title: the line mode's, whose
    /// `roll` command takes it; never the key mode's, where the player reads the game's words.
    fn ids(&self) -> bool {
        true
    }
}

/// How a line is meant.
#[derive(Clone, Copy)]
enum Tone {
    Plain,
    Note,
    Warn,
}

/// How a chart is named to the player: the key mode by its title (the game's words), the line
/// mode by the name its `roll` command takes.
pub(crate) type Name<'a> = &'a dyn Fn(&str) -> String;

/// An event as lines (a roll as the roll renderer shows it, indented), in the front end's words;
/// each chart as `name` names it.
pub(crate) fn event(e: &Event, words: &dyn Words, name: Name) -> Vec<String> {
    match e {
        Event::Rolled(o) => {
            let mut text = String::new();
            show::outcome(&mut text, o, 2, words.ids());
            text.lines().map(String::from).collect()
        }
        Event::TurnBegins(t) => vec![
            String::new(),
            style(format!("— Turn {t} begins —")).bold().to_string(),
        ],
        Event::Over { why, play_on } => vec![
            String::new(),
            style(why).bold().to_string(),
            style(format!("  {}", words.after_over(*play_on)))
                .dim()
                .to_string(),
        ],
        Event::LeftOpen(items) => words.left_open(items).into_iter().collect(),
        Event::Open(items) => {
            let mut lines = vec![format!("  {} Still open here:", style("!").yellow().bold())];
            lines.extend(
                items
                    .iter()
                    .map(|i| format!("    ○ {}", open_item(i, name))),
            );
            lines
        }
        e => said(e, words, name).map_or_else(Vec::new, |(tone, text)| vec![toned(tone, &text)]),
    }
}

/// An event of one line, and how it is meant; `None` for one that shows nothing (the walker
/// acts on it) or more than a line (`event`).
fn said(e: &Event, words: &dyn Words, name: Name) -> Option<(Tone, String)> {
    let plain = |t: &str| Some((Tone::Plain, t.to_string()));
    let note = |t: &str| Some((Tone::Note, t.to_string()));
    match e {
        Event::AtStart => plain("  This is the start of the game."),
        Event::RolledAfterOver => note("  (The game is over: this roll is logged all the same.)"),
        Event::RerollOffered {
            label,
            cost,
            chances,
        } => Some((
            Tone::Note,
            reroll_offered(label, cost.as_deref(), chances.as_ref(), words),
        )),
        Event::DrawMore(name) => Some((Tone::Warn, format!("  Draw one more {name}."))),
        Event::ChitDrawn {
            name: chit,
            text,
            chart,
        } => {
            let roll = chart
                .as_ref()
                .map(|c| format!(" [roll {}]", name(c)))
                .unwrap_or_default();
            Some((Tone::Plain, format!("  {chit}: {text}{roll}")))
        }
        Event::LastChit => note("  That is the last chit of this segment, (+) or not."),
        Event::Plus(true) => plain("  (+): draw another chit."),
        Event::Plus(false) => plain("  No (+): the draw is over."),
        Event::PlusOnceRolled => plain("  (+): draw another chit once this one is rolled."),
        Event::ItemOpened { text, chart } => {
            Some((Tone::Plain, format!("  {text} [roll {}]", name(chart))))
        }
        Event::ItemSkipped(item) => Some((Tone::Note, format!("  {item}: skipped"))),
        Event::Reviewed { again, .. } if again.is_empty() => note("  All kept."),
        Event::Reviewed { noun, again } => Some((
            Tone::Note,
            format!(
                "  Asked again at the next roll: {noun} {}.",
                again.join(", ")
            ),
        )),
        Event::SegmentPlayed {
            title,
            played: true,
        } => Some((Tone::Plain, format!("  {title}: played this turn."))),
        Event::SegmentPlayed { title, .. } => {
            Some((Tone::Note, format!("  {title}: not played this turn.")))
        }
        Event::StepPlayed(true) => plain("  Then this step is played."),
        Event::StepPlayed(false) => plain("  Then that step is not played this turn."),
        Event::GoesOn => plain("  The game goes on."),
        Event::Counted(0) => plain("  Then that step has no roll to make here."),
        Event::Counted(1) => plain("  Then that step is one roll."),
        Event::Counted(n) => Some((Tone::Plain, format!("  Then that step is {n} rolls."))),
        Event::TermOver(text) => Some((Tone::Warn, text.clone())),
        Event::PutAside => Some((
            Tone::Note,
            format!("  Put aside: it stays open; {}.", words.answer_aside()),
        )),
        Event::Undone {
            logged,
            what,
            dice,
            extra,
            ..
        } => Some((Tone::Note, undone(*logged, what, dice, extra, words, name))),
        Event::NothingToUndo => note(
            "  Nothing to undo: every roll, chit and answer of this game is taken back already.",
        ),
        Event::EndsAfter { why, finale } => Some((
            Tone::Warn,
            format!("{why}. On to the {finale}: the game ends once it is scored."),
        )),
        Event::PlayingOn => note("Playing on."),
        Event::NotOver => note("The game is not over."),
        Event::LastTurn(turn) => Some((
            Tone::Warn,
            format!(
                "Turn {turn} is the last this book has: {}.",
                words.new_game()
            ),
        )),
        Event::Entered
        | Event::Rolled(_)
        | Event::TurnBegins(_)
        | Event::Over { .. }
        | Event::Open(_)
        | Event::LeftOpen(_)
        | Event::Log(_)
        | Event::ProfileChanged => None,
    }
}

/// The book's re-roll offered, in the front end's words: its cost, how it is taken, and the
/// chances of a re-roll where they are known.
fn reroll_offered(
    label: &str,
    cost: Option<&str>,
    chances: Option<&RerollChances>,
    words: &dyn Words,
) -> String {
    let pay = cost.map(|c| format!("pay {c} to ")).unwrap_or_default();
    let how = words.reroll();
    let offer = format!("  You may {pay}{label} this once ({how}); the {label} is final.");
    let chances = chances
        .map(|c| format!(" {}", chances_text(c)))
        .unwrap_or_default();
    format!("{offer}{chances}")
}

/// A step taken back: what it was, whether the log keeps it, and what stays for the roll made
/// again (its die, its extra DRMs).
fn undone(
    logged: usize,
    what: &Undid,
    dice: &[i64],
    extra: &[i64],
    words: &dyn Words,
    name: Name,
) -> String {
    // An answer alone wrote nothing to the log: only a roll or a chit is kept there.
    let kept = if logged > 0 {
        " (the log keeps it, marked undone)"
    } else {
        ""
    };
    let again = format!(
        "{}{}",
        die_stays(what, dice, name),
        extra_stays(extra, words)
    );
    format!("  Undone: {}{kept}.{again}", undid(what, name))
}

/// The dice the tool rolled for a roll taken back stay as they fell, for the roll made again.
fn die_stays(what: &Undid, dice: &[i64], name: Name) -> String {
    match (what, dice) {
        (Undid::Roll(Some(chart)), [_, ..]) => {
            let d: Vec<String> = dice.iter().map(ToString::to_string).collect();
            format!(
                " Its die ({}) stays as it fell: the next roll on {} uses it.",
                d.join(" "),
                name(chart)
            )
        }
        _ => String::new(),
    }
}

/// The extra DRMs of a roll taken back, where the front end gives them back for the next roll.
fn extra_stays(extra: &[i64], words: &dyn Words) -> String {
    match words.mend_extra().filter(|_| !extra.is_empty()) {
        Some(mend) => {
            let x: Vec<String> = extra.iter().map(|d| format!("{d:+}")).collect();
            format!(
                " Its extra DRM ({}) stays for the next roll ({mend}).",
                x.join(" ")
            )
        }
        None => String::new(),
    }
}

/// What was taken back, in a few words: the roll on a chart, a chit, the last answer.
fn undid(what: &Undid, name: Name) -> String {
    match what {
        Undid::Roll(chart) => {
            let on = chart
                .as_deref()
                .map_or_else(|| "the dice".to_string(), name);
            format!("the roll on {on}")
        }
        Undid::Chit(name) => format!("the chit {name}"),
        Undid::Answer => "the last answer".into(),
    }
}

/// An item still open, in a few words ("roll aps" in line mode, "roll Action Points at the
/// Start of a Year" in key mode: each chart as `name` names it).
pub(crate) fn open_item(item: &OpenItem, name: Name) -> String {
    let all = |charts: &[String]| {
        charts
            .iter()
            .map(|c| name(c))
            .collect::<Vec<_>>()
            .join(" or ")
    };
    match item {
        OpenItem::Question(text) => text.clone(),
        OpenItem::ChitRoll { chart, chit } => format!("roll {} for chit {chit}", name(chart)),
        OpenItem::Roll(charts) => format!("roll {}", all(charts)),
        OpenItem::Rolls { names, made, of } => {
            format!("roll {} ({made} of {of} made)", all(names))
        }
        OpenItem::Due(chart) => format!("roll {} (the last result names it)", name(chart)),
        OpenItem::Item {
            noun,
            name: item,
            chart,
        } => format!("{noun} {item}: roll {}", name(chart)),
    }
}

fn toned(tone: Tone, text: &str) -> String {
    let indent = text.len() - text.trim_start().len();
    let (pad, body) = text.split_at(indent);
    let body = match tone {
        Tone::Plain => body.to_string(),
        Tone::Note => style(body).dim().to_string(),
        Tone::Warn => style(body).yellow().to_string(),
    };
    format!("{pad}{body}")
}

/// A re-roll's chances in words: "A re-roll lands better 30.0%, the same 10.0%, worse 60.0%.";
/// where only totals compare, which way is the better one and that the rows tell the rest.
fn chances_text(c: &RerollChances) -> String {
    let RerollChances {
        better,
        same,
        worse,
        totals,
    } = c;
    match totals {
        Some(lower) => {
            let (good, bad) = if *lower {
                ("lower", "higher")
            } else {
                ("higher", "lower")
            };
            format!(
                "A re-roll's total: {good} (the better way on this chart) {better:.1}%, the same {same:.1}%, {bad} {worse:.1}%; whether it changes the result, the chart's rows (printed elsewhere) tell."
            )
        }
        None => {
            format!("A re-roll lands better {better:.1}%, the same {same:.1}%, worse {worse:.1}%.")
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::view::words::{KeyWords, LineWords};

    /// Every event that leaves words to the front end.
    fn worded() -> Vec<Event> {
        vec![
            Event::RerollOffered {
                label: "push".into(),
                cost: Some("2 gold".into()),
                chances: None,
            },
            Event::PutAside,
            Event::LastTurn(8),
            Event::Over {
                why: "The game is over: the term ends.".into(),
                play_on: true,
            },
            Event::Over {
                why: "The game is over.".into(),
                play_on: false,
            },
        ]
    }

    fn text(words: &dyn Words) -> String {
        let lines: Vec<String> = worded()
            .iter()
            .flat_map(|e| event(e, words, &|c: &str| c.to_string()))
            .collect();
        console::strip_ansi_codes(&lines.join("\n")).to_string()
    }

    #[test]
    fn a_key_hint_only_in_the_key_mode_and_a_command_only_in_the_line_mode() {
        let keys = text(&KeyWords);
        let lines = text(&LineWords);
        assert!(keys.contains("this once (R); the push is final"), "{keys}");
        assert!(
            lines.contains("this once (`reroll`); the push is final"),
            "{lines}"
        );
        assert!(!keys.contains('`'), "a command in the key mode: {keys}");
        for hint in ["(R)", "a answers", "menu"] {
            assert!(
                !lines.contains(hint),
                "a key hint in the line mode: {lines}"
            );
        }
        assert!(
            keys.contains("Put aside: it stays open; a answers it."),
            "{keys}"
        );
        assert!(lines.contains("`play on` goes on anyway"), "{lines}");
        assert!(
            keys.contains("The menu below offers to play on anyway"),
            "{keys}"
        );
    }

    #[test]
    fn a_reroll_s_chances_are_worded_here_from_numbers() {
        use super::super::super::events::RerollChances;
        let rows = RerollChances {
            better: 40.0,
            same: 40.0,
            worse: 20.0,
            totals: None,
        };
        assert_eq!(
            super::chances_text(&rows),
            "A re-roll lands better 40.0%, the same 40.0%, worse 20.0%."
        );
        let totals = RerollChances {
            better: 30.0,
            same: 10.0,
            worse: 60.0,
            totals: Some(true),
        };
        assert!(super::chances_text(&totals).starts_with(
            "A re-roll's total: lower (the better way on this chart) 30.0%, the same 10.0%, higher 60.0%;"
        ));
    }
}
