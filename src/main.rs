//! flipbook: a rules-assistant for board games on real cardboard.
//!
//! Books of charts are data (`charts/<book>/*.yaml`, read and validated by the
//! `flipbook-charts` crate, embedded at build time); the code knows kinds of rules — tables,
//! columns, modifiers, follow-up rolls, turn sequences — never one game's chart.
//! `ARCHITECTURE.md` maps the rooms.

// The process starts at our own C `main` (`entry`), not at std's (README, "Speed").
// (Not for the unit tests: their harness has its own `main`.)
#![cfg_attr(not(test), no_main)]

mod cli;
mod commands;
mod complete;
mod config;
mod error;
mod fs;
mod library;
#[cfg(test)]
mod man;
mod play;
mod prompt;
mod report;
mod rules;
mod settings;
mod show;
mod signals;
mod text;
mod transcription;
mod ui;
mod verbs;

use std::process::ExitCode;

/// The process's entry, called by the C library as a C program's `main`.
///
/// Std's own entry asks glibc where the main thread's stack lies, to name a stack overflow in a
/// message, and glibc reads `/proc/self/maps` with `sscanf` for it: 92,000 instructions, a
/// seventh of a start-up (README, "Speed"). The rest of what std's entry did is done here: the
/// standard streams opened on `/dev/null` when closed, SIGPIPE ignored (a closed pipe is an
/// error we see, not a signal that ends us), a panic caught (exit 101, its message naming the
/// main thread), stdout flushed at exit. Std reads the arguments and the environment from glibc
/// as before. The only unsafe code of the workspace.
#[cfg(not(test))]
#[allow(unsafe_code)]
mod entry {
    use std::ffi::{c_char, c_int};

    #[unsafe(no_mangle)]
    extern "C" fn main(_argc: c_int, _argv: *const *const c_char) -> c_int {
        // SAFETY: the first thing the process runs, on its only thread.
        unsafe { runtime() };
        match std::panic::catch_unwind(super::run) {
            // `exit` flushes stdout, as std's entry did after `main`.
            Ok(code) => std::process::exit(number(code)),
            Err(payload) => {
                // Not dropped: a payload's drop could panic again; the process ends now.
                std::mem::forget(payload);
                std::process::exit(101)
            }
        }
    }

    /// An exit code's number (`ExitCode::exit_process` is not stable yet): every code is made
    /// from a byte (`ExitCode::from`), and the success and failure codes are 0 and 1.
    fn number(code: std::process::ExitCode) -> i32 {
        (0..=u8::MAX)
            .find(|&n| std::process::ExitCode::from(n) == code)
            .map_or(1, i32::from)
    }

    /// What std's entry set up before `main`, but for the stack's bounds.
    ///
    /// # Safety
    /// Only at the start, before any other thread.
    unsafe fn runtime() {
        // A standard stream closed by the caller would otherwise be the next file we open.
        let mut fds = [0, 1, 2].map(|fd| libc::pollfd {
            fd,
            events: 0,
            revents: 0,
        });
        // SAFETY: three pollfds and no wait; open and signal as C documents them.
        unsafe {
            while libc::poll(fds.as_mut_ptr(), 3, 0) == -1 {
                if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                    break;
                }
            }
            for pfd in fds {
                if pfd.revents & libc::POLLNVAL != 0
                    && libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) == -1
                {
                    libc::abort();
                }
            }
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        }
        let std_hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // Std names the main thread from its own entry; ours says it in the same words.
            // SAFETY: gettid has no precondition.
            let main =
                unsafe { libc::gettid() } == libc::pid_t::try_from(std::process::id()).unwrap_or(0);
            if main && std::thread::current().name().is_none() {
                main_panicked(info);
            } else {
                std_hook(info);
            }
        }));
    }

    /// A panic on the main thread, in std's words.
    fn main_panicked(info: &std::panic::PanicHookInfo) {
        use std::fmt::Write as _;
        use std::io::Write as _;
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("Box<dyn Any>");
        let place = info.location().map(ToString::to_string).unwrap_or_default();
        // The main thread's id is the process's.
        let tid = std::process::id();
        let mut text = format!("\nthread 'main' ({tid}) panicked at {place}:\n{msg}\n");
        let backtrace = std::backtrace::Backtrace::capture();
        if backtrace.status() == std::backtrace::BacktraceStatus::Captured {
            // The whole stack, as std::backtrace writes it (std's hook leaves out its own frames).
            let _ = write!(text, "stack backtrace:\n{backtrace}");
        } else {
            text += "note: run with `RUST_BACKTRACE=1` environment variable to display a \
                     backtrace\n";
        }
        let _ = std::io::stderr().write_all(text.as_bytes());
    }
}

/// Parse the command line, resolve the config once, run the command, show its report.
#[cfg_attr(test, allow(dead_code))]
fn run() -> ExitCode {
    let cli = match cli::parse() {
        Ok(c) => c,
        // Help and the version go to stdout whole.
        Err(e) if !e.use_stderr() => {
            // A full or closed stdout is said, never a silent success.
            return match e
                .print()
                .and_then(|()| std::io::Write::flush(&mut std::io::stdout()))
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(w) => ui::output::fail(&error::Error::io("write", "standard output", w)),
            };
        }
        Err(e) => return ui::output::fail(&error::Error::usage(one_line(&e))),
    };
    let cfg = match config::Config::new(&cli) {
        Ok(c) => c,
        Err(e) => return ui::output::fail(&e),
    };
    if cfg.can_ask {
        // Whatever prompt a signal comes at, the terminal is left as it was found.
        signals::install();
    }
    cfg.output.emit(commands::execute(&cfg, cli.command))
}

/// A command-line error in one line: clap's message and its tips, without the usage block.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines
        .next()
        .unwrap_or("bad command line")
        .trim_start_matches("error: ")
        .to_string();
    let tips: Vec<&str> = lines.filter(|l| l.starts_with("tip:")).collect();
    let mut line = first;
    for t in tips {
        line.push_str("; ");
        line.push_str(t);
    }
    line.push_str(" (`flipbook --help` lists the commands)");
    line
}
