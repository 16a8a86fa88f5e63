//! THE PLATFORM ROOM: everything that differs by operating system, and nothing else. The Unix
//! side (Linux, macOS, the BSDs) is `unix.rs`, with `nix`; the Windows side is `windows.rs`, from
//! std and `ctrlc` (the console's Ctrl-C and close). No other file of the workspace names `libc`,
//! `nix`, `std::os::unix`, `std::os::windows` or a `cfg` of the system (`tests/it/architecture.rs`).
//!
//! The Windows side is compiled in the unit tests of every system too, with stand-ins for its
//! two imports, so that a slip in it is caught where it is built and tested, not by a player.
//! The file locks need nothing here: std's `File::lock` is the same on every system.

use std::fs::OpenOptions;

#[cfg(unix)]
mod unix;
#[cfg(unix)]
use unix as os;

#[cfg(any(not(unix), test))]
mod windows;
#[cfg(not(unix))]
use windows as os;

/// Whether a file is opened through a symbolic link in its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Links {
    /// A link is followed (a file of ours read: the player may keep it elsewhere).
    Follow,
    /// A link is never opened through: the open fails (Unix) or opens the link itself, which is
    /// not a regular file (Windows), and the caller refuses it (a lock, a temporary file).
    Refuse,
}

/// Options to open a file of ours with: never waiting on a FIFO put in its place (Unix; a
/// Windows folder holds none) and, with [`Links::Refuse`], never through a symbolic link. The
/// caller still checks that what it opened is a regular file.
pub(crate) fn open_options(links: Links) -> OpenOptions {
    let mut options = OpenOptions::new();
    os::guard(&mut options, links);
    options
}

/// Keep the terminal's modes as they are now, for [`restore_terminal`] (when stdin is one).
pub(crate) fn save_terminal() {
    os::save_terminal();
}

/// Put the terminal's modes back as [`save_terminal`] found them (nothing when it found none).
pub(crate) fn restore_terminal() {
    os::restore_terminal();
}

/// Wait for the signals that end a process at a prompt (Unix: SIGINT, SIGTERM, SIGHUP; Windows:
/// Ctrl-C, Ctrl-Break, the console closed, a log-off or shut-down) on a thread of ours, which
/// calls `leave` with the exit code (128 + the signal; 130 on Windows). On Unix the same thread
/// waits for SIGTSTP (Ctrl-Z, `kill -TSTP`): the terminal's saved modes put back and `suspended`
/// called, the process stopped; once continued, the modes in use before set again. Call it
/// once, from the main thread, before any other thread is started. False when nothing waits for
/// them (then they act as they did before). Once continued, `resumed` is called (the prompt
/// drawn again).
pub(crate) fn on_signals(leave: fn(i32) -> !, suspended: fn(), resumed: fn()) -> bool {
    os::on_signals(leave, suspended, resumed)
}

/// Ctrl-Z read as a key (raw mode reads it as a key, not a signal): the process suspended as
/// SIGTSTP suspends it (above), returning once it is continued. Nothing on Windows, whose
/// console has no suspend.
pub(crate) fn suspend(suspended: fn(), resumed: fn()) {
    os::suspend(suspended, resumed);
}
