//! The key front end of `play`: single keys and menus on a terminal. Every dialoguer call of
//! `play` lives here.

use super::{Io, Question, Walk};
use crate::error::{Error, Result};

impl Walk<'_> {
    pub(super) fn run_term(&mut self) -> Result<()> {
        use console::Key;
        // A question the player put aside (Esc) is not asked again until something changes.
        let mut declined: Option<String> = None;
        loop {
            if let Some(q) = self.question() {
                let tag = format!("{}/{}/{q:?}", self.mark.turn, self.mark.segment);
                if declined.as_deref() != Some(tag.as_str()) {
                    match self.ask_term(&q)? {
                        Some(answer) => {
                            if let Err(e) = self.answer(&q, &answer) {
                                self.say(format!("  {e}"));
                            }
                            self.save()?;
                            continue;
                        }
                        None => declined = Some(tag),
                    }
                }
            }
            let key = match &self.io {
                Io::Term(t) => t
                    .read_key()
                    .map_err(|e| Error::Other(format!("the terminal: {e}")))?,
                Io::Lines(_) => unreachable!(),
            };
            let cmd = match key {
                Key::Char('n') | Key::Enter | Key::ArrowRight => "next".to_string(),
                Key::Char('b') | Key::ArrowLeft => "back".into(),
                Key::Char('r') => match self.pick_chart()? {
                    Some(c) => format!("roll {c}"),
                    None => continue,
                },
                Key::Char('R') => "reroll".into(),
                Key::Char('g') => match self.pick_segment()? {
                    Some(s) => format!("goto {s}"),
                    None => continue,
                },
                Key::Char('m' | ' ') => match self.pick_command()? {
                    Some(c) => c,
                    None => continue,
                },
                Key::Char('l') => "log".into(),
                Key::Char('h' | '?') => "help".into(),
                Key::Char('q' | '\u{3}') | Key::Escape => "quit".into(),
                _ => continue,
            };
            match self.command(&cmd) {
                Ok(true) => {}
                Ok(false) => break,
                Err(Error::Cancelled) => self.say("  (cancelled)"),
                Err(e @ (Error::Usage(_) | Error::Missing { .. })) => self.say(format!("  {e}")),
                Err(e) => return Err(e),
            }
        }
        self.save()
    }

    pub(super) fn ask_term(&mut self, q: &Question) -> Result<Option<String>> {
        let theme = dialoguer::theme::ColorfulTheme::default();
        let Io::Term(term) = &self.io else {
            unreachable!()
        };
        let prompt = match q {
            Question::Chit { n, max } => {
                format!("Crisis chit {n} of at most {max}: which did you draw?")
            }
            other => self.question_text(other).replace(" (yes/no)", ""),
        };
        match q {
            Question::Chit { .. } => {
                let mut items: Vec<String> =
                    self.seq.chits.iter().map(|c| c.name.clone()).collect();
                items.push("(not now)".into());
                let pick = dialoguer::Select::with_theme(&theme)
                    .with_prompt(prompt)
                    .items(&items)
                    .default(0)
                    .interact_on_opt(term)?;
                Ok(pick
                    .filter(|i| *i < self.seq.chits.len())
                    .map(|i| self.seq.chits[i].id.clone()))
            }
            _ => Ok(dialoguer::Confirm::with_theme(&theme)
                .with_prompt(prompt)
                .interact_on_opt(term)?
                .map(|b| if b { "yes".into() } else { "no".into() })),
        }
    }

    pub(super) fn pick_chart(&mut self) -> Result<Option<String>> {
        let default = self.chart_for_roll(None).ok();
        let mut charts = self.step_charts();
        for c in self
            .mark
            .state
            .chit_chart
            .iter()
            .chain(self.segment().repeat.as_ref().map(|r| &r.chart))
        {
            if !charts.contains(c) {
                charts.insert(0, c.clone());
            }
        }
        if charts.len() <= 1 {
            return Ok(default.or(charts.pop()));
        }
        let labels: Vec<String> = charts
            .iter()
            .map(|c| {
                let t = self
                    .book
                    .find(c)
                    .map(|e| e.title.clone())
                    .unwrap_or_default();
                format!("{c} - {t}")
            })
            .collect();
        let start = default
            .and_then(|d| charts.iter().position(|c| *c == d))
            .unwrap_or(0);
        let Io::Term(term) = &self.io else {
            unreachable!()
        };
        let pick = dialoguer::Select::with_theme(&dialoguer::theme::ColorfulTheme::default())
            .with_prompt("Roll which chart?")
            .items(&labels)
            .default(start)
            .interact_on_opt(term)?;
        Ok(pick.map(|i| charts[i].clone()))
    }

    /// The menu of commands, for those who prefer it to the keys.
    pub(super) fn pick_command(&mut self) -> Result<Option<String>> {
        let items = [
            "Next segment",
            "Roll",
            "Back",
            "Go to a segment",
            "Log of this turn",
            "Help",
            "Quit",
        ];
        let Io::Term(term) = &self.io else {
            unreachable!()
        };
        let pick = dialoguer::Select::with_theme(&dialoguer::theme::ColorfulTheme::default())
            .with_prompt("What now?")
            .items(items)
            .default(0)
            .interact_on_opt(term)?;
        Ok(match pick {
            Some(0) => Some("next".into()),
            Some(1) => self.pick_chart()?.map(|c| format!("roll {c}")),
            Some(2) => Some("back".into()),
            Some(3) => self.pick_segment()?.map(|s| format!("goto {s}")),
            Some(4) => Some("log".into()),
            Some(5) => Some("help".into()),
            Some(6) => Some("quit".into()),
            _ => None,
        })
    }

    pub(super) fn pick_segment(&mut self) -> Result<Option<String>> {
        let ids: Vec<String> = self
            .seq
            .phases
            .iter()
            .find(|p| p.id == self.mark.phase)
            .map(|p| p.segments.clone())
            .unwrap_or_default();
        let mut all: Vec<String> = ids;
        for s in &self.seq.segments {
            if !all.contains(&s.id) {
                all.push(s.id.clone());
            }
        }
        let Io::Term(term) = &self.io else {
            unreachable!()
        };
        let pick = dialoguer::Select::with_theme(&dialoguer::theme::ColorfulTheme::default())
            .with_prompt("Go to which segment?")
            .items(&all)
            .default(0)
            .interact_on_opt(term)?;
        Ok(pick.map(|i| all[i].clone()))
    }
}
