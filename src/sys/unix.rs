//! The Unix side of the platform room (Linux, macOS, the BSDs), with `nix`'s safe wrappers:
//! the terminal's modes (termios), the signals waited for (sigwait), the open flags.

use super::Links;
use nix::fcntl::OFlag;
use nix::sys::signal::{SigSet, Signal, kill, raise};
use nix::sys::termios::{SetArg, Termios, tcgetattr, tcsetattr};
use nix::unistd::Pid;
use std::os::unix::fs::OpenOptionsExt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

/// `O_NONBLOCK`: a FIFO opens at once instead of waiting for a writer (the caller then refuses
/// it: not a regular file); `O_NOFOLLOW`: a link in the last place of the path fails the open.
pub(super) fn guard(options: &mut std::fs::OpenOptions, links: Links) {
    let mut flags = OFlag::O_NONBLOCK;
    if links == Links::Refuse {
        flags |= OFlag::O_NOFOLLOW;
    }
    options.custom_flags(flags.bits());
}

/// The terminal's modes as they were found (`Termios` is not `Sync`: behind a lock).
static SAVED: OnceLock<Mutex<Option<Termios>>> = OnceLock::new();

pub(super) fn save_terminal() {
    let _ = SAVED.set(Mutex::new(tcgetattr(std::io::stdin()).ok()));
}

pub(super) fn restore_terminal() {
    if let Some(Ok(saved)) = SAVED.get().map(Mutex::lock)
        && let Some(t) = saved.as_ref()
    {
        let _ = tcsetattr(std::io::stdin(), SetArg::TCSANOW, t);
    }
}

/// How many times the process came back from a stop (SIGCONT after [`stop`]), and the condition
/// a thread that asked for the stop waits on.
static RESUMED: Mutex<u64> = Mutex::new(0);
static RESUMED_CV: Condvar = Condvar::new();

/// Whether our thread waits for SIGTSTP (then a stop asked for goes through it).
static WAITING: AtomicBool = AtomicBool::new(false);

/// SIGINT, SIGTERM, SIGHUP and SIGTSTP blocked on this thread (and so on every thread started
/// after it) and waited for by one thread of ours. The first three end the process (`leave`
/// with 128 + the signal). SIGTSTP suspends it as a full-screen program is suspended: the modes
/// in use kept, the saved ones put back and `suspended` called (the cursor shown), the process
/// stopped (SIGSTOP, which nothing blocks); once it is continued, the modes in use set again and
/// whoever asked for the stop ([`suspend`]) woken.
pub(super) fn on_signals(leave: fn(i32) -> !, suspended: fn(), resumed: fn()) -> bool {
    let mut set = SigSet::empty();
    for s in [
        Signal::SIGINT,
        Signal::SIGTERM,
        Signal::SIGHUP,
        Signal::SIGTSTP,
    ] {
        set.add(s);
    }
    if set.thread_block().is_err() {
        return false;
    }
    let spawned = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            while let Ok(signal) = set.wait() {
                if signal != Signal::SIGTSTP {
                    leave(128 + signal as i32);
                }
                stop(suspended, resumed);
            }
        });
    if spawned.is_err() {
        // Nobody would wait for them: the signals act as they did before.
        let _ = set.thread_unblock();
        return false;
    }
    WAITING.store(true, Ordering::SeqCst);
    true
}

/// The stop itself, on our thread: the terminal as it was found while stopped, as it was in use
/// once continued.
fn stop(suspended: fn(), resumed: fn()) {
    let in_use = tcgetattr(std::io::stdin()).ok();
    restore_terminal();
    suspended();
    // A read starting on the main thread meanwhile may have set its modes: put back again, the
    // last thing before the stop.
    restore_terminal();
    // Raised on this thread: stopped before it returns (a kill of the process may be taken by
    // another thread, this one going on to set the modes back before the stop). SIGSTOP stops
    // even in an orphaned process group (`sh -c` with no job control, the tests' case), where
    // the kernel would discard SIGTSTP's own stop: there no shell can `fg` the process, only
    // `kill -CONT` resumes it.
    let _ = raise(Signal::SIGSTOP);
    // Continued: the modes the prompt was reading in, again.
    if let Some(t) = in_use {
        let _ = tcsetattr(std::io::stdin(), SetArg::TCSANOW, &t);
    }
    // The prompt drawn again: the shell wrote under it while the process was stopped.
    resumed();
    if let Ok(mut n) = RESUMED.lock() {
        *n += 1;
        RESUMED_CV.notify_all();
    }
}

/// Ctrl-Z read as a key: SIGTSTP raised for the process, and this thread held until the process
/// is continued (our thread stops it and wakes us), so that what follows reads the terminal
/// as it is then. Without our thread, SIGTSTP's own action stops the process, the saved modes
/// put back first.
pub(super) fn suspend(suspended: fn(), resumed: fn()) {
    if !WAITING.load(Ordering::SeqCst) {
        restore_terminal();
        suspended();
        let _ = raise(Signal::SIGTSTP);
        resumed();
        return;
    }
    let Ok(mut n) = RESUMED.lock() else { return };
    let before = *n;
    if kill(Pid::this(), Signal::SIGTSTP).is_err() {
        return;
    }
    while *n == before {
        n = match RESUMED_CV.wait(n) {
            Ok(n) => n,
            Err(_) => return,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_refused_is_not_opened_and_a_fifo_never_waits() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target");
        std::fs::write(&target, "x").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let mut refuse = super::super::open_options(Links::Refuse);
        assert!(refuse.read(true).open(&link).is_err());
        let mut follow = super::super::open_options(Links::Follow);
        assert!(follow.read(true).open(&link).is_ok());
        // A FIFO with no writer: opened for reading at once, not waited on.
        let fifo = dir.path().join("fifo");
        nix::unistd::mkfifo(&fifo, nix::sys::stat::Mode::S_IRWXU).unwrap();
        let opened = super::super::open_options(Links::Follow)
            .read(true)
            .open(&fifo)
            .unwrap();
        assert!(!opened.metadata().unwrap().is_file());
    }
}
