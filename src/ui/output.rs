//! The one place where JSON or text is decided: a command's report becomes one or the other,
//! warnings and errors go to stderr, and the exit code follows.

use crate::commands::{Body, Report};
use crate::error::Error;
use crate::ui::render;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

/// How reports are shown: text for people, or JSON for scripts (`--json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Output {
    Human,
    Json,
}

impl Output {
    /// JSON when the player asked for it (`--json`), text otherwise.
    pub(crate) fn chosen(json: bool) -> Output {
        if json { Output::Json } else { Output::Human }
    }

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
        Body::Story(s) => render::story(out, s, render::plot_width()),
        Body::Profile(p) => render::profile(out, p),
        Body::Transcribe(t) => render::transcribed(out, t),
        Body::Named(n) => render::named(out, n),
        Body::Log(l) => {
            if l.markdown {
                let _ = writeln!(out, "# {} - game log", l.title);
            }
            match l.log.entries() {
                Ok(entries) => render::log(out, entries, l.turn, l.markdown),
                Err(e) => {
                    let _ = writeln!(out, "{}", safe(&e.to_string(), false));
                }
            }
        }
        Body::Text(_) | Body::Nothing => {}
    }
}

/// A warning on stderr (never a panic when stderr is closed).
pub(crate) fn warn(message: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "{} {}",
        console::style("warning:").yellow().bold(),
        safe(message, false)
    );
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

/// A character that changes the direction of the text around it (U+202E turns a line around):
/// escaped wherever user text is shown.
pub(crate) fn is_bidi(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// User text as an error repeats it: control and direction characters escaped, cut short.
pub(crate) fn quoted(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(60)
        .flat_map(|c| {
            if is_bidi(c) {
                c.escape_unicode().collect::<Vec<_>>()
            } else {
                c.escape_debug().collect()
            }
        })
        .collect();
    if text.chars().count() > 60 {
        out.push('…');
    }
    out
}

/// The longest line a message shows; past it, a line is cut (a file may echo a huge value).
const MAX_LINE: usize = 400;

/// A message as the terminal may show it: control characters escaped (an escape sequence in
/// an argument never reaches the terminal; a newline never splits a one-line message), each
/// line cut short.
pub(crate) fn safe(message: &str, keep_lines: bool) -> String {
    let mut out = String::with_capacity(message.len().min(4 * MAX_LINE));
    let mut on_line = 0;
    for c in message.chars() {
        if c == '\n' && keep_lines {
            out.push('\n');
            on_line = 0;
            continue;
        }
        if on_line == MAX_LINE {
            out.push('…');
        }
        on_line += 1;
        if on_line > MAX_LINE {
            continue;
        }
        if c.is_control() || is_bidi(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::safe;

    #[test]
    fn control_characters_never_reach_the_terminal() {
        assert_eq!(
            safe("a\u{1b}]0;pwned\u{7}b", false),
            "a\\u{1b}]0;pwned\\u{7}b"
        );
        assert_eq!(safe("one\ntwo\rthree", false), "one\\ntwo\\rthree");
        assert_eq!(safe("one\ntwo", true), "one\ntwo");
        let long = safe(&"x".repeat(5000), false);
        assert!(long.chars().count() <= MAX_LINE + 1 && long.ends_with('…'));
    }

    use super::MAX_LINE;
}
