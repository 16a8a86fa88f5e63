//! Signals at a prompt: the terminal is left as it was found. When stdin is a terminal, the
//! terminal's modes are saved at start; the signals that end a process at a prompt (SIGINT,
//! SIGTERM and SIGHUP on Unix; Ctrl-C, Ctrl-Break and the console's close on Windows) are waited
//! for by one thread of ours, which puts the saved modes back, shows the cursor and exits 128 +
//! the signal (130, 143, 129; 130 on Windows). Ctrl-C read as a key in raw mode (a menu, play's
//! keys) comes back as an interrupted read: [`interrupted`] does the same, with 130. SIGTSTP
//! (Ctrl-Z, `kill -TSTP`) suspends: the terminal as it was found while stopped, the modes in use
//! set again once continued; Ctrl-Z read as a key in raw mode does the same ([`suspend`]). What differs
//! by system is the platform room's (`crate::sys`).

use crate::error::Error;

/// Save the terminal's modes and wait for the signals on a thread of ours. Call it from the
/// main thread, before any other thread is started (they inherit the blocked signals); a second
/// call does nothing.
pub(crate) fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        crate::sys::save_terminal();
        crate::sys::on_signals(leave, suspended, resumed);
    });
}

/// Put the terminal back as it was found, show the cursor, exit with `code`.
fn leave(code: i32) -> ! {
    alternate(false);
    crate::sys::restore_terminal();
    let _ = console::Term::stderr().show_cursor();
    let _ = console::Term::stderr().write_line("");
    std::process::exit(code)
}

/// Before a stop: the cursor shown (the saved modes are put back by the platform room).
fn suspended() {
    alternate(false);
    let _ = console::Term::stderr().show_cursor();
}

/// Whether `play` shows a view on the terminal's alternate screen.
static ALTERNATE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Into the terminal's alternate screen (`play`'s views: the track, the log, the keys), or back
/// to the main one as it was left. A stop or an exit goes back to the main screen first.
pub(crate) fn alternate(on: bool) {
    use std::sync::atomic::Ordering;
    if ALTERNATE.swap(on, Ordering::SeqCst) != on {
        let code = if on { "\x1b[?1049h" } else { "\x1b[?1049l" };
        let _ = console::Term::stderr().write_str(code);
    }
}

/// Once continued: the prompt waiting drawn again under what the shell wrote meanwhile.
fn resumed() {
    redraw();
}

/// What the terminal shows the player is asked now (the question line, or `play`'s status and
/// keys), to draw again once the process is continued after a stop: the shell wrote under it.
static SHOWN: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// Remember `text` as the prompt waiting (rows broken with `\n`; a last `\n` leaves the
/// cursor under it).
pub(crate) fn showing(text: &str) {
    if let Ok(mut s) = SHOWN.lock() {
        s.clear();
        s.push_str(text);
    }
}

/// The prompt waiting, drawn again on a row of its own (after a stop and `fg`).
fn redraw() {
    let text = SHOWN.lock().map(|s| s.clone()).unwrap_or_default();
    if text.is_empty() {
        return;
    }
    // The terminal may be in raw mode: each row begins at its first column.
    let rows = text.replace('\n', "\r\n");
    let _ = console::Term::stderr().write_str(&format!("\r\n{rows}"));
}

/// Ctrl-Z read as a key (console's raw mode reads it as the character U+001A): the process
/// suspended as SIGTSTP suspends it, the terminal as it was found while stopped; back here
/// once continued (`fg`), when the next read sets its modes again. Nothing on Windows.
pub(crate) fn suspend() {
    crate::sys::suspend(suspended, resumed);
}

/// Whether `key` is Ctrl-Z as console reads it in raw mode.
pub(crate) fn is_suspend(key: &console::Key) -> bool {
    *key == console::Key::Char('\u{1a}')
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
