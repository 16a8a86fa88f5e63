//! One command of `play` (`verbs::Command`), whichever front end read it: what both do alike
//! is done here, what each does its own way is asked of it (`Front`).

use super::super::events::Action;
use super::Walk;
use crate::error::Result;
use crate::verbs::Command;

/// What follows a command's word: the line mode's chart, `--drm`s and `goto`'s place, the key
/// mode's digit.
#[derive(Debug, Default, PartialEq)]
pub(in crate::play) struct Arg {
    /// The chart named (`roll CHART`, `odds CHART`).
    pub(in crate::play) chart: Option<String>,
    /// The ad-hoc modifiers (`roll CHART --drm N`).
    pub(in crate::play) drm: Vec<i64>,
    /// `goto`'s segment, turn and phase.
    pub(in crate::play) place: Option<(String, Option<u32>, Option<String>)>,
    /// The chart's number on the Roll line (a digit key).
    pub(in crate::play) nth: usize,
}

/// The front end in use, as the walk and its commands need it: the key mode (keys and menus)
/// or the line mode (a script), each with its own way of showing the segment and of doing the
/// commands it does its own way. A command the line mode has no word for does nothing there.
pub(in crate::play) trait Front {
    /// The key mode, else the line mode.
    fn keys(&self) -> bool;
    /// A segment is entered, before anything about it is said.
    fn entering(&mut self, walk: &mut Walk<'_>);
    /// The segment's page, where its entering is said.
    fn show(&mut self, walk: &mut Walk<'_>);
    fn next(&mut self, walk: &mut Walk<'_>) -> Result<()>;
    fn roll(&mut self, walk: &mut Walk<'_>, arg: &Arg) -> Result<()>;
    fn again(&mut self, walk: &mut Walk<'_>, arg: &Arg) -> Result<()>;
    fn reroll(&mut self, walk: &mut Walk<'_>) -> Result<()>;
    fn goto(&mut self, walk: &mut Walk<'_>, arg: &Arg) -> Result<()>;
    fn track(&mut self, walk: &mut Walk<'_>) -> Result<()>;
    fn log(&mut self, walk: &mut Walk<'_>) -> Result<()>;
    fn profile(&mut self, walk: &mut Walk<'_>) -> Result<()>;
    fn help(&mut self, walk: &mut Walk<'_>) -> Result<()>;
    /// What the dice switched to is said as.
    fn dice_said(&self, hand: bool) -> &'static str;
    fn roll_nth(&mut self, _walk: &mut Walk<'_>, _arg: &Arg) -> Result<()> {
        Ok(())
    }
    fn roll_any(&mut self, _walk: &mut Walk<'_>) -> Result<()> {
        Ok(())
    }
    fn extra(&mut self, _walk: &mut Walk<'_>) -> Result<()> {
        Ok(())
    }
    fn page(&mut self, _walk: &mut Walk<'_>) {}
    /// What a command said under the page was asked for: it stays in view, as a result does
    /// (the key mode draws no page over it).
    fn said(&mut self) {}
    /// The question put aside, asked; `false` to quit.
    fn answer(&mut self, _walk: &mut Walk<'_>) -> Result<bool> {
        Ok(true)
    }
    /// The menu of commands; `false` to quit.
    fn menu(&mut self, _walk: &mut Walk<'_>) -> Result<bool> {
        Ok(true)
    }
}

/// Do one command; `false` to quit.
pub(in crate::play) fn run_command(
    walk: &mut Walk<'_>,
    front: &mut dyn Front,
    command: Command,
    arg: &Arg,
) -> Result<bool> {
    match command {
        Command::Next => front.next(walk)?,
        Command::Back => {
            walk.act(Action::Back, front)?;
        }
        Command::Roll => front.roll(walk, arg)?,
        Command::RollNth => front.roll_nth(walk, arg)?,
        Command::RollAny => front.roll_any(walk)?,
        Command::Odds => {
            for l in walk.odds_lines(arg.chart.as_deref(), front.keys())? {
                walk.say(&l);
            }
            front.said();
        }
        Command::Again => front.again(walk, arg)?,
        Command::Reroll => front.reroll(walk)?,
        Command::Extra => front.extra(walk)?,
        Command::Undo => {
            walk.act(Action::Undo, front)?;
        }
        Command::Answer => return front.answer(walk),
        Command::Goto => front.goto(walk, arg)?,
        Command::Track => front.track(walk)?,
        Command::Profile => front.profile(walk)?,
        Command::Dice => {
            let hand = !walk.dicer.by_hand();
            walk.set_dice(hand)?;
            walk.say(front.dice_said(hand));
            front.said();
        }
        Command::Page => front.page(walk),
        Command::Log => front.log(walk)?,
        Command::Where => {
            where_(walk);
            front.said();
        }
        Command::PlayOn => {
            walk.act(Action::PlayOn, front)?;
        }
        Command::Menu => return front.menu(walk),
        Command::Help => front.help(walk)?,
        Command::Quit => return Ok(false),
    }
    Ok(true)
}

/// Where the bookmark stands.
fn where_(walk: &mut Walk<'_>) {
    let (g, m) = (&walk.game, &walk.game.mark);
    let w = format!(
        "  Turn {} · {} · {} ({})",
        m.turn,
        g.phase_title(),
        g.segment().title,
        m.segment
    );
    walk.say(&w);
}
