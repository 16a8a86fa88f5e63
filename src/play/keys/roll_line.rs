//! The key front end's Roll line: the segment's charts numbered as it shows them (a chart keeps
//! its number while the walk is in the segment), the one `r` offers marked "(r)".

use super::super::Walk;
use super::super::events::OpenItem;
use super::super::state::visited_key;
use super::KeySession;

impl KeySession {
    /// The charts this segment offers, numbered as the Roll line shows them: those it showed
    /// here keep their numbers (a chart a chit or a result adds never moves another), the new
    /// ones after them.
    pub(super) fn roll_choices(&self, walk: &Walk) -> Vec<String> {
        let m = &walk.game.mark;
        let here = visited_key(m.turn, &m.phase, &m.segment);
        // Else as the bookmark tells them: a restart, or a segment come back to.
        let mut line = match &self.roll_line {
            Some((at, line)) if *at == here => line.clone(),
            _ => walk.offered_since_entry(),
        };
        for c in walk.offered() {
            if !line.contains(&c) {
                line.push(c);
            }
        }
        line
    }

    /// The charts offered now, each with its number on the Roll line (from 1): a drawn chit's
    /// chart not offered now (an Ally group not drawn) is left out and keeps its number, unshown.
    pub(super) fn numbered_choices(&self, walk: &Walk) -> Vec<(usize, String)> {
        let drawn = walk.game.not_offered();
        self.roll_choices(walk)
            .into_iter()
            .enumerate()
            .filter(|(_, c)| !drawn.contains(c))
            .map(|(i, c)| (i + 1, c))
            .collect()
    }

    /// The Roll line as it is shown now: its numbers stay while the walk is in this segment.
    pub(super) fn pin_roll_line(&mut self, walk: &Walk) {
        let line = self.roll_choices(walk);
        let m = &walk.game.mark;
        self.roll_line = Some((visited_key(m.turn, &m.phase, &m.segment), line));
    }
}

/// The chart the Roll line marks "(r)": the one `r` offers when the rules want it now (an open
/// item, the chart rolled again and again here, the segment's first before anything is
/// rolled); none when only a result mentions it, or when it is one of several charts one step
/// takes any of (the group drawn decides).
pub(super) fn due_chart(walk: &Walk, s: &KeySession) -> Option<String> {
    let open = walk.game.open_items();
    let st = &walk.game.mark.state;
    let first_offered = s.numbered_choices(walk).into_iter().next().map(|(_, c)| c);
    walk.default_chart().filter(|c| {
        let one_of = open.iter().any(|o| {
            matches!(o, OpenItem::Roll(names) | OpenItem::Rolls { names, .. }
                if names.len() > 1 && names.contains(c))
        });
        // The group drawn, once rolled, is the one rolled again (a roll for each nation).
        let repeating = walk.repeating_chart().as_ref() == Some(c);
        let wanted = open.iter().any(|o| o.wants(c))
            || repeating
            || (st.rolled.is_empty() && first_offered.as_ref() == Some(c));
        (!one_of || repeating) && wanted
    })
}

/// The segment's charts, numbered: a digit rolls one. A chart rolled several times for one step
/// (each region) says how far it is: "2/8". "(r)" marks the chart `r` offers when the rules
/// want it now (`due`): an open item (a roll a result makes due, a chit's chart, a loop's item,
/// a required step), the chart rolled again and again here, or the segment's first chart
/// before anything is rolled. A chart a result merely mentions, or an optional step's, is
/// offered by `r` but not marked; nor the first of several charts one step takes any of (the
/// group drawn decides).
pub(super) fn roll_entries(walk: &Walk, s: &KeySession, due: Option<&str>) -> Vec<String> {
    // Counted while some are still to make: "stability 3/8", "un 2/4".
    let made = |c: &str| {
        walk.game
            .chart_count(c)
            .filter(|(made, of)| made < of)
            .map(|(made, of)| format!(" {made}/{of}"))
    };
    // A drawn chit's chart not offered now keeps its number, unshown.
    s.numbered_choices(walk)
        .iter()
        .filter(|(n, _)| *n <= 9)
        .map(|(n, c)| {
            let r = if due == Some(c.as_str()) { " (r)" } else { "" };
            // The chart by its title, as the book prints it: never its id.
            let title = walk.game.book.find(c).map_or(c.as_str(), |e| &e.title);
            format!("{n} {title}{}{r}", made(c).unwrap_or_default())
        })
        .collect()
}
