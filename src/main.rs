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
mod man;
mod play;
mod rules;
mod settings;
mod ui;

use std::process::ExitCode;

/// Parse the command line, resolve the config once, run the command, show its report.
fn main() -> ExitCode {
    use clap::Parser;
    let cli = match cli::Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let cfg = match config::Config::new(&cli) {
        Ok(c) => c,
        Err(e) => return ui::output::fail(&e),
    };
    cfg.output.emit(commands::execute(&cfg, cli.command))
}
