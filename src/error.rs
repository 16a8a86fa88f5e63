//! The errors a command can end with, and the exit code each one gives.

use std::process::ExitCode;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input on the command line or at a prompt: exit code 2.
    #[error("{0}")]
    Usage(String),
    /// Inputs a chart needs that were not given, when nothing can be asked: exit code 2.
    #[error("{chart} needs {}", .keys.iter().map(|k| format!("--set {k}=…")).collect::<Vec<_>>().join(" "))]
    Missing { chart: String, keys: Vec<String> },
    /// A book or chart file that does not validate (the player's own): exit code 1.
    #[error("{0}")]
    Broken(String),
    /// Anything else that failed: exit code 1.
    #[error("{0}")]
    Other(String),
    /// The player left a prompt (Esc or Ctrl-C).
    #[error("cancelled")]
    Cancelled,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn usage(msg: impl Into<String>) -> Self {
        Error::Usage(msg.into())
    }

    pub fn exit_code(&self) -> ExitCode {
        match self {
            Error::Usage(_) | Error::Missing { .. } => ExitCode::from(2),
            Error::Broken(_) | Error::Other(_) => ExitCode::from(1),
            Error::Cancelled => ExitCode::from(130),
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Other(e.to_string())
    }
}

impl From<dialoguer::Error> for Error {
    fn from(e: dialoguer::Error) -> Self {
        match e {
            dialoguer::Error::IO(io) if io.kind() == std::io::ErrorKind::Interrupted => {
                Error::Cancelled
            }
            dialoguer::Error::IO(io) => Error::Other(io.to_string()),
        }
    }
}
