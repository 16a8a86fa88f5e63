//! `games`: the games of a book, the earlier ones kept whole and the current one.

use super::{Body, Report};
use crate::config::Config;
use crate::error::Result;
use crate::play::Journal;
use serde::Serialize;
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Serialize)]
pub(crate) struct GameList {
    pub(crate) book: String,
    /// The number of the current game (the one `play`, `where` and `log` use).
    pub(crate) current: u32,
    pub(crate) games: Vec<Game>,
}

#[derive(Serialize)]
pub(crate) struct Game {
    pub(crate) number: u32,
    pub(crate) current: bool,
    /// The furthest turn reached (the bookmark's, or the log's last); `None` before any.
    pub(crate) turn: Option<u32>,
    /// Rolls logged (taken back ones not counted).
    pub(crate) rolls: usize,
    /// Chits drawn.
    pub(crate) chits: usize,
    /// The day it began and the day it was last played (UTC, `YYYY-MM-DD`), where the files say.
    pub(crate) started: Option<String>,
    pub(crate) last: Option<String>,
    /// "lost" (a result ended the game), "finished" (its last turn played), or none: going on.
    pub(crate) ended: Option<&'static str>,
}

pub(super) fn execute(cfg: &Config) -> Result<Report> {
    let book = cfg.open()?.book;
    let journal = Journal::new(cfg.data_dir()?, &book.id);
    let (kept, current) = journal.kept_games()?;
    let mut games = Vec::new();
    for (n, j) in kept {
        games.push(summary(&j, n, false)?);
    }
    if journal.begun() {
        games.push(summary(&journal, current, true)?);
    }
    Ok(Body::Games(GameList {
        book: book.id,
        current,
        games,
    })
    .into())
}

fn summary(j: &Journal, number: u32, current: bool) -> Result<Game> {
    // The log streamed: counted, never held.
    let (mut turn, mut rolls, mut chits) = (j.bookmark_turn(), 0, 0);
    for e in j.log_reader()? {
        turn = turn.max(Some(e.turn));
        rolls += usize::from(e.chart.is_some() && !e.undone);
        chits += usize::from(e.chit.is_some() && !e.undone);
    }
    let (started, last) = j.dates();
    Ok(Game {
        number,
        current,
        turn,
        rolls,
        chits,
        started: started.map(day),
        last: last.map(day),
        ended: j.over().map(|why| {
            if why.starts_with(crate::play::RESULT_ENDED) {
                "lost"
            } else {
                "finished"
            }
        }),
    })
}

/// A time as its day, `YYYY-MM-DD` (UTC).
fn day(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, m, d) = civil((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Days since 1970-01-01 as a (year, month, day) of the Gregorian calendar (H. Hinnant's
/// `civil_from_days`).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_calendar_days() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(59), (1970, 3, 1));
        assert_eq!(civil(11_016), (2000, 2, 29));
        assert_eq!(civil(20_000), (2024, 10, 4));
    }
}
