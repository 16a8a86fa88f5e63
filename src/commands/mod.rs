//! One file per command, each with one `execute` that returns a typed report; `ui::output`
//! turns a report into JSON or text.

mod books;
mod chart;
mod charts;
mod check;
mod completions;
mod games;
mod log;
mod order;
mod play;
mod profile;
mod report;
mod roll;
mod search;
mod track;
mod transcribe;
mod where_;

pub(crate) use books::BookList;

pub(crate) use crate::transcription::{NamedList, TranscribeReport};
pub(crate) use charts::ChartList;
pub(crate) use check::CheckReport;
pub(crate) use games::GameList;
pub(crate) use log::LogReport;
pub(crate) use order::OrderReport;
pub(crate) use profile::ProfileReport;
pub(crate) use report::StoryReport;
pub(crate) use search::SearchReport;
pub(crate) use where_::Position;

// A selection roll takes no ad-hoc modifier: `play`'s rolls are refused as `roll`'s are.

use crate::cli::Command;
use crate::config::Config;
use crate::error::{Error, Result};
use crate::play::track::Track;
use crate::rules::{ChartView, Outcome};
use serde::Serialize;

/// The manual page, as checked in (`man/flipbook.1`, made from the command line by a test in
/// `man.rs`): printed as it is, so no man-page generator is in the binary.
const MAN_PAGE: &str = include_str!("../../man/flipbook.1");

/// What a command shows: one type per command, each its JSON shape.
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum Body {
    Roll(Box<Outcome>),
    Chart(Box<ChartView>),
    Charts(ChartList),
    Books(BookList),
    Search(SearchReport),
    Order(Box<OrderReport>),
    Check(CheckReport),
    Where(Position),
    Track(Box<Track>),
    Log(LogReport),
    Story(Box<StoryReport>),
    Games(GameList),
    Profile(ProfileReport),
    Transcribe(TranscribeReport),
    Named(NamedList),
    /// Text that is the same in either mode (a completion script).
    Text(String),
    /// Nothing to show (`play` shows as it goes).
    Nothing,
}

/// A command's report: what it shows, warnings for stderr, and an error to end with after the
/// report is shown (`check` lists what it found, then fails).
pub(crate) struct Report {
    pub(crate) body: Body,
    pub(crate) warnings: Vec<String>,
    pub(crate) error: Option<Error>,
}

impl From<Body> for Report {
    fn from(body: Body) -> Report {
        Report {
            body,
            warnings: Vec::new(),
            error: None,
        }
    }
}

impl Report {
    fn warn(mut self, warnings: Vec<String>) -> Report {
        self.warnings = warnings;
        self
    }
}

/// Run one command.
pub(crate) fn execute(cfg: &Config, command: Command) -> Result<Report> {
    match command {
        Command::Play(a) => play::execute(cfg, &a),
        Command::Where => where_::execute(cfg),
        Command::Track { turn } => track::execute(cfg, turn),
        Command::Log {
            turn,
            markdown,
            game,
        } => log::execute(cfg, turn, markdown, game),
        Command::Report(a) => report::execute(cfg, &a),
        Command::Games => games::execute(cfg),
        Command::Profile { set, clear } => profile::execute(cfg, &set, &clear),
        Command::Order { id, players, set } => order::execute(cfg, &id, &players, &set),
        Command::Charts => charts::execute(cfg),
        Command::Books => Ok(books::execute(cfg)),
        Command::Chart(a) => chart::execute(cfg, &a),
        Command::Roll(a) => roll::execute(cfg, &a),
        Command::Search { words } => search::execute(cfg, &words),
        Command::Check { path } => check::execute(cfg, &path),
        Command::Transcribe(a) => transcribe::execute(cfg, &a),
        Command::Completions { shell } => Ok(Body::Text(completions::script(shell)).into()),
        Command::Man => Ok(Body::Text(MAN_PAGE.to_string()).into()),
    }
}
