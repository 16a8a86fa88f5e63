//! flipbook: a rules-assistant for board games on real cardboard.
//!
//! Books of charts are data (`charts/<book>/*.yaml`, read and validated by the
//! `flipbook-charts` crate, embedded at build time); the code knows kinds of rules — tables,
//! columns, modifiers, follow-up rolls, turn sequences — never one game's chart.
//! `ARCHITECTURE.md` maps the rooms.

mod cli;
mod commands;
mod complete;
mod config;
mod error;
mod fs;
mod library;
#[cfg(test)]
mod man;
mod play;
mod prompt;
mod report;
mod rules;
mod settings;
mod show;
mod signals;
mod sys;
mod text;
mod transcription;
mod ui;
mod verbs;

use std::process::ExitCode;

/// Parse the command line, resolve the config once, run the command, show its report.
///
/// Std's entry runs before it. On Unix a standard stream the caller closed is opened on
/// `/dev/null` (else the game's lock, opened next, would take `play`'s output) and SIGPIPE is
/// ignored (a closed pipe is an error we see: `flipbook completions zsh | head -1` ends
/// quietly); on every system a panic ends the process with 101 and std's message, and a stack
/// overflow is named.
fn main() -> ExitCode {
    let cli = match cli::parse() {
        Ok(c) => c,
        // Help and the version go to stdout whole.
        Err(e) if !e.use_stderr() => {
            // A full or closed stdout is said, never a silent success.
            return match e
                .print()
                .and_then(|()| std::io::Write::flush(&mut std::io::stdout()))
            {
                Ok(()) => ExitCode::SUCCESS,
                // A closed pipe (`flipbook --help | head -1`) is not a failure, as for every
                // command's output.
                Err(w) if w.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(w) => ui::output::fail(&error::Error::io("write", "standard output", w)),
            };
        }
        Err(e) => return ui::output::fail(&error::Error::usage(one_line(&e))),
    };
    let cfg = match config::Config::new(&cli) {
        Ok(c) => c,
        Err(e) => return ui::output::fail(&e),
    };
    if cfg.can_ask {
        // Whatever prompt a signal comes at, the terminal is left as it was found.
        signals::install();
    }
    cfg.output.emit(commands::execute(&cfg, cli.command))
}

/// A command-line error in one line: clap's message and its tips, without the usage block.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines
        .next()
        .unwrap_or("bad command line")
        .trim_start_matches("error: ")
        .to_string();
    let tips: Vec<&str> = lines.filter(|l| l.starts_with("tip:")).collect();
    let mut line = first;
    for t in tips {
        line.push_str("; ");
        line.push_str(t);
    }
    line.push_str(" (`flipbook --help` lists the commands)");
    line
}
