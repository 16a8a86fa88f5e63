//! A script's line read (pure): a command of `verbs::VERBS` by its word, with what follows it,
//! or a line that is no command (the answer to the question waiting, if one is).

use super::super::walk::Arg;
use crate::error::{Error, Result};
use crate::text::quoted;
use crate::verbs::{ANSWERS_FIRST, Command, Takes, by_word, line_words};

/// A line of a script.
#[derive(Debug, PartialEq)]
pub(super) enum Line {
    /// Empty, or a comment (`#`).
    Blank,
    /// A command, with what follows its word. `answer_first`: where a question waits, the line
    /// is its answer (`n` is "no" there).
    Command {
        command: Command,
        arg: Arg,
        answer_first: bool,
    },
    /// No command: the answer to the question waiting, else refused.
    Other,
}

/// Read one line (trimmed): its command and what it takes, or an error for a command's words
/// that are not understood.
pub(super) fn parse(line: &str) -> Result<Line> {
    if line.is_empty() || line.starts_with('#') {
        return Ok(Line::Blank);
    }
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, a)) => (w, Some(a.trim())),
        None => (line, None),
    };
    let Some(verb) = by_word(word) else {
        return Ok(Line::Other);
    };
    let arg = match verb.takes {
        Takes::Nothing => Arg::default(),
        Takes::Chart => Arg {
            chart: rest.map(String::from),
            ..Arg::default()
        },
        Takes::Roll => roll_words(rest.unwrap_or_default())?,
        Takes::Goto => goto_words(rest.unwrap_or_default())?,
        Takes::On if rest == Some("on") => Arg::default(),
        Takes::On => return Err(not_a_command(line)),
    };
    Ok(Line::Command {
        command: verb.command,
        arg,
        answer_first: ANSWERS_FIRST.contains(&word),
    })
}

/// A line that is no command of `play`, refused.
pub(super) fn not_a_command(line: &str) -> Error {
    Error::usage(format!(
        "'{}' is not a command of play ({})",
        quoted(line),
        line_words()
    ))
}

/// `roll [CHART] [--drm N]...`: the chart named, if one is, and the ad-hoc modifiers, as
/// `flipbook roll` takes them (`--drm 1`, `--drm=-1`, `--drm -1`).
fn roll_words(arg: &str) -> Result<Arg> {
    let mut chart = None;
    let mut extras = Vec::new();
    let mut words = arg.split_whitespace();
    while let Some(w) = words.next() {
        let value = if w == "--drm" {
            words
                .next()
                .ok_or_else(|| Error::usage("roll: --drm takes a number (`roll CHART --drm -1`)"))?
        } else if let Some(v) = w.strip_prefix("--drm=") {
            v
        } else if w.starts_with('-') || chart.is_some() {
            return Err(Error::usage(format!(
                "roll: '{}' is not understood; it takes a chart and --drm N",
                quoted(w)
            )));
        } else {
            chart = Some(w.to_string());
            continue;
        };
        let max = crate::rules::MAX_DRM;
        let n = value
            .parse::<i64>()
            .ok()
            .filter(|n| n.abs() <= max)
            .ok_or_else(|| {
                Error::usage(format!(
                    "roll: --drm takes a number from -{max} to {max}, not '{}'",
                    quoted(value)
                ))
            })?;
        extras.push(n);
    }
    Ok(Arg {
        chart,
        drm: extras,
        ..Arg::default()
    })
}

/// `goto SEGMENT [TURN [PHASE]]`.
fn goto_words(arg: &str) -> Result<Arg> {
    let mut words = arg.split_whitespace();
    let segment = words
        .next()
        .ok_or_else(|| Error::usage("goto takes a segment id (and a turn and a phase)"))?;
    let turn = words
        .next()
        .map(|t| {
            t.parse::<u32>()
                .map_err(|_| Error::usage(format!("goto: '{}' is not a turn", quoted(t))))
        })
        .transpose()?;
    Ok(Arg {
        place: Some((segment.to_string(), turn, words.next().map(String::from))),
        ..Arg::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> (Command, Arg) {
        match parse(line).unwrap() {
            Line::Command { command, arg, .. } => (command, arg),
            other => panic!("{line}: {other:?}"),
        }
    }

    fn refused(line: &str) -> String {
        parse(line).unwrap_err().to_string()
    }

    #[test]
    fn every_word_and_its_short_forms_name_their_command() {
        let words: &[(&[&str], Command)] = &[
            (&["next", "n"], Command::Next),
            (&["back", "b"], Command::Back),
            (&["roll", "r"], Command::Roll),
            (&["again", "."], Command::Again),
            (&["odds", "o"], Command::Odds),
            (&["reroll"], Command::Reroll),
            (&["undo", "u"], Command::Undo),
            (&["track", "t"], Command::Track),
            (&["profile", "p"], Command::Profile),
            (&["dice", "d"], Command::Dice),
            (&["log", "l"], Command::Log),
            (&["where"], Command::Where),
            (&["help", "h", "?"], Command::Help),
            (&["quit", "q", "exit"], Command::Quit),
        ];
        for (ws, c) in words {
            for w in *ws {
                assert_eq!(command(w).0, *c, "{w}");
            }
        }
        assert_eq!(command("goto fni").0, Command::Goto);
        assert_eq!(command("g fni").0, Command::Goto);
        assert_eq!(command("play on").0, Command::PlayOn);
        // Every line word of the table is read back as its own command.
        for v in crate::verbs::VERBS {
            for w in v.words {
                let line = match v.takes {
                    Takes::Goto => format!("{w} x"),
                    Takes::On => format!("{w} on"),
                    _ => (*w).to_string(),
                };
                assert_eq!(command(&line).0, v.command, "{line}");
            }
        }
    }

    #[test]
    fn blank_lines_comments_and_other_words() {
        assert_eq!(parse("").unwrap(), Line::Blank);
        assert_eq!(parse("# a note").unwrap(), Line::Blank);
        assert_eq!(parse("yes").unwrap(), Line::Other);
        assert_eq!(parse("7").unwrap(), Line::Other);
        // The key mode's own keys are no line words.
        for w in ["x", "a", "s", "m", "R", "1", "next-segment", "NEXT"] {
            assert_eq!(parse(w).unwrap(), Line::Other, "{w}");
        }
    }

    #[test]
    fn n_is_the_answer_where_a_question_waits_next_is_not() {
        let first = |l: &str| match parse(l).unwrap() {
            Line::Command { answer_first, .. } => answer_first,
            other => panic!("{other:?}"),
        };
        assert!(first("n"));
        assert!(!first("next"));
        assert!(!first("b"));
    }

    #[test]
    fn roll_takes_a_chart_and_drms_in_each_spelling() {
        assert_eq!(command("roll").1, Arg::default());
        let (_, a) = command("roll fni --drm 1 --drm=-2 --drm -3");
        assert_eq!(a.chart.as_deref(), Some("fni"));
        assert_eq!(a.drm, vec![1, -2, -3]);
        let (c, a) = command(". --drm 2");
        assert_eq!((c, a.chart, a.drm), (Command::Again, None, vec![2]));
        assert!(refused("roll fni --drm").contains("--drm takes a number"));
        assert!(refused("roll --drm x").contains("not 'x'"));
        assert!(refused("roll --drm 99999").contains("from -"));
        assert!(refused("roll a b").contains("'b' is not understood"));
        assert!(refused("r -1").contains("'-1' is not understood"));
    }

    #[test]
    fn odds_takes_the_rest_as_its_chart_and_the_others_nothing() {
        assert_eq!(command("odds").1.chart, None);
        assert_eq!(command("o fni").1.chart.as_deref(), Some("fni"));
        // What follows a word that takes nothing is left unread.
        assert_eq!(command("next please"), (Command::Next, Arg::default()));
    }

    #[test]
    fn goto_takes_a_segment_a_turn_and_a_phase() {
        let place = |l: &str| command(l).1.place.unwrap();
        assert_eq!(place("goto fni"), ("fni".into(), None, None));
        assert_eq!(place("goto fni 3"), ("fni".into(), Some(3), None));
        assert_eq!(
            place("goto fni 3 p2 more"),
            ("fni".into(), Some(3), Some("p2".into()))
        );
        assert!(refused("goto").contains("takes a segment id"));
        assert!(refused("goto fni three").contains("'three' is not a turn"));
    }

    #[test]
    fn play_is_a_command_only_with_on() {
        assert!(refused("play").contains("'play' is not a command of play"));
        assert!(refused("play off").contains("'play off' is not a command"));
        assert_eq!(command("play  on").0, Command::PlayOn);
    }
}
