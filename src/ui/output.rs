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
    /// The report's body as this output shows it.
    fn render(self, body: &Body) -> Result<String, Error> {
        let mut out = String::new();
        match (self, body) {
            (_, Body::Nothing) => {}
            (_, Body::Text(t)) => out.push_str(t),
            (Output::Json, body) => {
                let json = serde_json::to_string_pretty(body)
                    .map_err(|e| Error::Other(format!("JSON: {e}")))?;
                out.push_str(&json);
                out.push('\n');
            }
            (Output::Human, body) => human(&mut out, body),
        }
        Ok(out)
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
        let text = match self.render(&report.body) {
            Ok(t) => t,
            Err(e) => return fail(&e),
        };
        // Whatever was written before an error is still shown (a check lists its problems).
        let mut stdout = std::io::stdout().lock();
        if let Err(e) = stdout
            .write_all(text.as_bytes())
            .and_then(|()| stdout.flush())
        {
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
        Body::Roll(o) => render::outcome(out, o, 0),
        Body::Chart(v) => render::chart(out, v),
        Body::Charts(list) => render::chart_list(out, list),
        Body::Books(list) => render::books(out, list),
        Body::Search(m) => render::matches(out, m),
        Body::Order(o) => render::order(out, o),
        Body::Check(c) => render::check(out, c),
        Body::Where(p) => render::position(out, p),
        Body::Track(t) => render::track(out, t, render::width()),
        Body::Games(g) => render::games(out, g),
        Body::Profile(p) => render::profile(out, p),
        Body::Transcribe(t) => render::transcribed(out, t),
        Body::Named(n) => render::named(out, n),
        Body::Log(l) => {
            if l.markdown {
                let _ = writeln!(out, "# {} - game log", l.title);
            }
            render::log(out, &l.log, l.turn, l.markdown);
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
