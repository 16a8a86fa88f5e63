//! flipbook: a rules-assistant for board games on real cardboard.
//!
//! Books of charts are data (`charts/<book>/*.yaml`), validated and embedded at build time; the
//! code knows kinds of rules — tables, columns, modifiers, follow-up rolls — never one game's chart.

pub mod app;
pub mod book;
pub mod cli;
pub mod dice;
pub mod engine;
pub mod error;
pub mod model;
pub mod odds;
pub mod order;
pub mod prompt;
pub mod render;
pub mod settings;
pub mod validate;
pub mod walk;

use std::io::Write;
use std::process::ExitCode;

/// Parse the command line, run the command, print its output or its error once.
pub fn main_with(args: impl IntoIterator<Item = std::ffi::OsString>) -> ExitCode {
    use clap::Parser;
    let cli = match cli::Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let mut ctx = match app::Ctx::new(&cli) {
        Ok(c) => c,
        Err(e) => return fail(&e),
    };
    ctx.decide_color(cli.color);
    let mut out = String::new();
    let result = app::run(cli, &mut ctx, &mut out);
    for w in &ctx.warnings {
        eprintln!("{} {w}", console::style("warning:").yellow().bold());
    }
    // Whatever was written before an error is still shown (a check lists its problems).
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(out.as_bytes())
        .and_then(|_| stdout.flush())
    {
        // A closed pipe (`flipbook charts | head`) is not a failure.
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("flipbook: {e}");
            return ExitCode::from(1);
        }
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

fn fail(e: &error::Error) -> ExitCode {
    eprintln!("{} {e}", console::style("flipbook:").red().bold());
    e.exit_code()
}
