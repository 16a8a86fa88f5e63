//! The errors a command can end with: each variant carries its data, its message is written
//! once here, and it knows its exit code.

use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, thiserror::Error)]
pub(crate) enum Error {
    /// Bad input on the command line or at a prompt: exit code 2.
    #[error("{0}")]
    Usage(String),
    /// Inputs a chart needs that were not given, when nothing can be asked: exit code 2.
    #[error("{chart} needs {}", .keys.iter().map(|k| format!("--set {k}=…")).collect::<Vec<_>>().join(" "))]
    Missing { chart: String, keys: Vec<String> },
    /// A book or chart file that does not validate (the player's own): exit code 1.
    #[error("{0}")]
    Broken(String),
    /// A file that could not be read or written: exit code 1.
    #[error("cannot {doing} {}: {source}", shown(path))]
    Io {
        doing: &'static str,
        path: PathBuf,
        source: std::io::Error,
    },
    /// Anything else that failed: exit code 1.
    #[error("{0}")]
    Other(String),
    /// The player left a prompt (Esc or Ctrl-C).
    #[error("cancelled")]
    Cancelled,
    /// The player quit `play` at a question (q): everything is saved, the question left open.
    #[error("quit")]
    Quit,
}

pub(crate) type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub(crate) fn usage(msg: impl Into<String>) -> Self {
        Error::Usage(msg.into())
    }

    /// An I/O error on `path`, while doing what `doing` says ("read", "save the bookmark").
    pub(crate) fn io(
        doing: &'static str,
        path: impl Into<PathBuf>,
        source: std::io::Error,
    ) -> Self {
        Error::Io {
            doing,
            path: path.into(),
            source,
        }
    }

    pub(crate) fn exit_code(&self) -> ExitCode {
        match self {
            Error::Usage(_) | Error::Missing { .. } => ExitCode::from(2),
            Error::Broken(_) | Error::Io { .. } | Error::Other(_) => ExitCode::from(1),
            Error::Cancelled => ExitCode::from(130),
            Error::Quit => ExitCode::SUCCESS,
        }
    }
}

/// A path as a message names it: a very long one (a 100 KB `FLIPBOOK_HOME`) cut in its middle,
/// so that what went wrong, said after it, is never cut off with it.
fn shown(path: &std::path::Path) -> String {
    const END: usize = 100;
    let text = path.display().to_string();
    let chars = text.chars().count();
    if chars <= 3 * END {
        return text;
    }
    let head: String = text.chars().take(END).collect();
    let tail: String = text.chars().skip(chars - END).collect();
    format!("{head}…{tail}")
}

impl From<flipbook_charts::ReadError> for Error {
    fn from(e: flipbook_charts::ReadError) -> Self {
        Error::Broken(e.to_string())
    }
}
