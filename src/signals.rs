//! Signals at a prompt: the terminal is left as it was found. When stdin is a terminal, the
//! terminal's modes are saved at start; SIGINT, SIGTERM and SIGHUP are taken from every thread
//! and waited for by one thread of ours, which puts the saved modes back, shows the cursor and
//! exits 128 + the signal (130, 143, 129). Ctrl-C read as a key in raw mode (a menu, play's
//! keys) comes back as an interrupted read: [`interrupted`] does the same, with 130.

use crate::error::Error;
use nix::sys::signal::{SigSet, Signal};
use nix::sys::termios::{SetArg, Termios, tcgetattr, tcsetattr};
use std::sync::{Mutex, OnceLock};

/// The terminal's modes as they were found.
static SAVED: OnceLock<Mutex<Option<Termios>>> = OnceLock::new();

/// Save the terminal's modes and wait for the signals on a thread of ours. Call it once, from
/// the main thread, before any other thread is started (they inherit the blocked signals).
pub(crate) fn install() {
    if SAVED.get().is_some() {
        return;
    }
    let saved = tcgetattr(std::io::stdin()).ok();
    let _ = SAVED.set(Mutex::new(saved));
    let mut set = SigSet::empty();
    for s in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        set.add(s);
    }
    if set.thread_block().is_err() {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            if let Ok(signal) = set.wait() {
                leave(128 + signal as i32);
            }
        });
    if spawned.is_err() {
        // Nobody would wait for them: the signals act as they did before.
        let _ = set.thread_unblock();
    }
}

/// Put the terminal back as it was found, show the cursor, exit with `code`.
fn leave(code: i32) -> ! {
    if let Some(Ok(saved)) = SAVED.get().map(Mutex::lock)
        && let Some(t) = saved.as_ref()
    {
        let _ = tcsetattr(std::io::stdin(), SetArg::TCSANOW, t);
    }
    let _ = console::Term::stderr().show_cursor();
    let _ = console::Term::stderr().write_line("");
    std::process::exit(code)
}

/// Ctrl-C read as a key: the terminal put back, exit 130.
pub(crate) fn interrupted() -> ! {
    leave(130)
}

/// An error of the terminal: Ctrl-C (an interrupted read) leaves as a SIGINT would; any other
/// is an error of ours.
pub(crate) fn term_error(e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::Interrupted {
        interrupted();
    }
    Error::io("use", "the terminal", e)
}

// Here rather than in error.rs, so that the error room stays below this one.
impl From<dialoguer::Error> for Error {
    fn from(e: dialoguer::Error) -> Self {
        match e {
            // Ctrl-C at a question: the terminal put back, exit 130.
            dialoguer::Error::IO(io) => term_error(io),
        }
    }
}
