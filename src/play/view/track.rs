//! The turn track as text: the phases as headings, one line per segment with its mark. The marks
//! carry the meaning without colour; colour only helps.

use crate::play::track::{Mark, Track};
use crate::text::wrap;
use console::style;
use std::fmt::Write as _;

/// The track, fitted to `width` columns (titles wrap under themselves).
pub(crate) fn track_text(out: &mut String, t: &Track, width: usize) {
    let head = match t.position() {
        Some((n, of, phase)) => format!("Turn {} · segment {n} of {of} in {phase}", t.turn),
        None if !t.started => format!(
            "Turn {} · no game yet: `flipbook play` begins with {}",
            t.turn,
            t.segments
                .iter()
                .find(|s| s.played)
                .map_or("the first segment", |s| s.title.as_str())
        ),
        None if t.over => format!("Turn {} · the game is over", t.turn),
        None if t.segments.iter().any(|s| s.done) => {
            format!("Turn {} · done", t.turn)
        }
        None => format!("Turn {} · ahead of the bookmark", t.turn),
    };
    for l in wrap(&head, width) {
        let _ = writeln!(out, "{}", style(l).bold());
    }
    let _ = writeln!(
        out,
        "{}",
        style("✓ done  ○ left open  ▶ here  · ahead  – not played this turn").dim()
    );
    let mut phase = None;
    for s in &t.segments {
        if phase != Some(&s.phase) {
            phase = Some(&s.phase);
            let title = t
                .phases
                .iter()
                .find(|(id, _)| *id == s.phase)
                .map_or(s.phase.as_str(), |(_, title)| title.as_str());
            let _ = writeln!(out);
            for l in wrap(title, width) {
                let _ = writeln!(out, "{}", style(l).bold().underlined());
            }
        }
        let (sign, skipped) = match t.mark(s) {
            Mark::Done => ("✓", false),
            Mark::Open => ("○", false),
            Mark::Here => ("▶", false),
            Mark::Ahead => ("·", false),
            Mark::Skipped => ("–", true),
        };
        let here = t.mark(s) == Mark::Here;
        for (i, l) in wrap(&s.title, width.saturating_sub(4)).iter().enumerate() {
            let lead = if i == 0 {
                format!("  {sign} ")
            } else {
                "    ".into()
            };
            let line = format!("{lead}{l}");
            let line = if skipped {
                style(line).dim()
            } else if here {
                style(line).bold().cyan()
            } else {
                style(line)
            };
            let _ = writeln!(out, "{line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::track::{Here, TrackSegment};

    fn seg(phase: &str, title: &str, played: bool, done: bool) -> TrackSegment {
        TrackSegment {
            phase: phase.into(),
            segment: title.to_lowercase().replace(' ', "-"),
            title: title.into(),
            played,
            done,
            open: false,
        }
    }

    #[test]
    fn marks_and_headings_fit_sixty_columns() {
        let t = Track {
            turn: 2,
            here: Some(Here {
                phase: "1".into(),
                segment: "fni".into(),
            }),
            segments: vec![
                seg("special", "Begin Turn", true, true),
                seg("special", "State of the Union", false, false),
                seg(
                    "1",
                    "Media Relations, 2 Domestic Actions, the Legislative Segment and a long tail",
                    true,
                    true,
                ),
                seg("1", "FNI", true, false),
                seg("1", "Any 4 Actions", true, false),
            ],
            phases: vec![
                ("special".into(), "US Special Activations".into()),
                ("1".into(), "Activation Phase 1".into()),
            ],
            started: true,
            over: false,
        };
        let mut out = String::new();
        track_text(&mut out, &t, 60);
        assert!(
            out.contains("Turn 2 · segment 2 of 3 in Activation Phase 1"),
            "{out}"
        );
        assert!(out.contains("  ✓ Begin Turn\n"), "{out}");
        assert!(out.contains("  – State of the Union\n"), "{out}");
        assert!(out.contains("  ▶ FNI\n"), "{out}");
        assert!(out.contains("  · Any 4 Actions\n"), "{out}");
        assert!(out.contains("\nUS Special Activations\n"), "{out}");
        for l in out.lines() {
            assert!(console::measure_text_width(l) <= 60, "{l}");
        }
    }
}
