//! The one place where JSON or text is decided: a command's report becomes one or the other,
//! warnings and errors go to stderr, and the exit code follows.

use crate::commands::{Body, Report};
use crate::config::Output;
use crate::error::Error;
use crate::text::{safe, warn};
use crate::ui::render;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

// `Output` (text or JSON, chosen once with the config) is shown here: its methods below.
impl Output {
    /// The report's body as text (JSON is written as it is made, in `emit`).
    fn text(body: &Body) -> String {
        let mut out = String::new();
        match body {
            Body::Nothing => {}
            Body::Text(t) => out.push_str(t),
            body => human(&mut out, body),
        }
        out
    }

    /// Show a command's report (or its error) and give the exit code.
    pub(crate) fn emit(self, result: Result<Report, Error>) -> ExitCode {
        let report = match result {
            Ok(r) => r,
            Err(e) => return fail(&e),
        };
        for w in &report.warnings {
            warn(w);
        }
        let mut stdout = std::io::stdout().lock();
        let written =
            if self == Output::Json && !matches!(report.body, Body::Nothing | Body::Text(_)) {
                // Written as it is made: a long log is never held whole as text.
                let mut w = std::io::BufWriter::new(&mut stdout);
                match serde_json::to_writer_pretty(&mut w, &report.body) {
                    Ok(()) => w.write_all(b"\n").and_then(|()| w.flush()),
                    Err(e) if e.is_io() => Err(std::io::Error::from(e)),
                    Err(e) => return fail(&Error::Other(format!("JSON: {e}"))),
                }
            } else {
                let text = Output::text(&report.body);
                stdout
                    .write_all(text.as_bytes())
                    .and_then(|()| stdout.flush())
            };
        // Whatever was written before an error is still shown (a check lists its problems).
        if let Err(e) = written {
            // A closed pipe (`flipbook charts | head`) is not a failure.
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                return fail(&Error::Other(format!("cannot write the output: {e}")));
            }
        }
        match &report.error {
            Some(e) => fail(e),
            None => ExitCode::SUCCESS,
        }
    }
}

fn human(out: &mut String, body: &Body) {
    match body {
        Body::Roll(o) => render::outcome(out, o, 0, true),
        Body::Chart(v) => render::chart(out, v),
        Body::Charts(list) => render::chart_list(out, list),
        Body::Books(list) => render::books(out, list),
        Body::Search(m) => render::matches(out, m),
        Body::Order(o) => render::order(out, o),
        Body::Check(c) => render::check(out, c),
        Body::Where(p) => render::position(out, p),
        Body::Track(t) => render::track(out, t, render::width()),
        Body::Games(g) => render::games(out, g),
        Body::Story(s) => render::story(out, s, render::plot_width()),
        Body::Profile(p) => render::profile(out, p),
        Body::Transcribe(t) => render::transcribed(out, t),
        Body::Named(n) => render::named(out, n),
        Body::Log(l) => {
            if l.markdown {
                let _ = writeln!(out, "# {} - game log", l.title);
            }
            match l.log.entries() {
                Ok(entries) => render::log(out, entries, l.turn, l.markdown, &l.names),
                Err(e) => {
                    let _ = writeln!(out, "{}", safe(&e.to_string(), false));
                }
            }
        }
        Body::Text(_) | Body::Nothing => {}
    }
}

/// The error on stderr, once, and its exit code. Bad input is one line; a report of problems
/// (a broken book) keeps one line a problem.
pub(crate) fn fail(e: &Error) -> ExitCode {
    let lines = matches!(e, Error::Broken(_));
    let _ = writeln!(
        std::io::stderr(),
        "{} {}",
        console::style("flipbook:").red().bold(),
        safe(&e.to_string(), lines)
    );
    e.exit_code()
}
