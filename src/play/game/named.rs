//! The rolls named next: the roll the rules name after a result or a chit, the rolls a roll
//! names and makes due, and a drawn chit's natural rolls rolled again.

use super::Game;
use crate::rules::Outcome;

impl Game<'_> {
    /// The roll the rules name next: the first that a result or a chit of this segment named
    /// and that is not rolled yet (the Chaos result names the conflict, then the Chaos
    /// procedure; a chit names its chart). Not one rolled here already that no result makes
    /// due: a result that mentions a table done before ("beside D2") does not call for it
    /// again, and the roll held open comes first (with its "(r)").
    pub(crate) fn next_named_roll(&self) -> Option<&str> {
        let st = &self.mark.state;
        st.named
            .iter()
            .find(|c| st.due.contains(c) || !st.rolled.iter().any(|r| r.chart == **c))
            .map(String::as_str)
    }

    /// The natural rolls a roll on `chart` sets aside and rolls again: those of the drawn chit
    /// it resolves ("roll again on a 1"), if it resolves one.
    pub(crate) fn rolls_again_on(&self, chart: &str) -> Vec<i64> {
        let st = &self.mark.state;
        (0..st.chits.len())
            .find(|&i| self.chit_unrolled(i).as_deref() == Some(chart))
            .and_then(|i| st.chits.get(i))
            .and_then(|d| self.seq.chits.iter().find(|c| c.id == d.chit))
            .map(|c| c.reroll.clone())
            .unwrap_or_default()
    }

    /// The rolls named next once `o` is rolled: those its results name (a row's `next`, a chart
    /// named in the text), then those named before, less every chart this roll rolled; and of
    /// them the rolls due (the rows' `next`, open until rolled).
    pub(in crate::play) fn named_after(&self, o: &Outcome) -> (Vec<String>, Vec<String>) {
        struct Seen {
            rolled: Vec<String>,
            named: Vec<String>,
            due: Vec<String>,
        }
        fn walk(g: &Game, o: &Outcome, seen: &mut Seen) {
            seen.rolled.extend(o.chart.clone());
            seen.named.extend(o.next.iter().cloned());
            seen.due.extend(o.next.iter().cloned());
            seen.named
                .extend(o.result.iter().flat_map(|r| g.named_in(r)));
            for t in o.set_aside.iter().chain(&o.then) {
                walk(g, t, seen);
            }
        }
        let mut seen = Seen {
            rolled: Vec::new(),
            named: Vec::new(),
            due: Vec::new(),
        };
        walk(self, o, &mut seen);
        let st = &self.mark.state;
        let unique = |new: Vec<String>, old: &[String]| {
            let mut out: Vec<String> = Vec::new();
            for c in new.into_iter().chain(old.iter().cloned()) {
                if !seen.rolled.contains(&c) && !out.contains(&c) {
                    out.push(c);
                }
            }
            out
        };
        (
            unique(seen.named.clone(), &st.named),
            unique(seen.due.clone(), &st.due),
        )
    }
}
