//! The Unix side of the platform room (Linux, macOS, the BSDs), with `nix`'s safe wrappers:
//! the terminal's modes (termios), the signals waited for (sigwait), the open flags.

use super::Links;
use nix::fcntl::OFlag;
use nix::sys::signal::{SigSet, Signal};
use nix::sys::termios::{SetArg, Termios, tcgetattr, tcsetattr};
use std::os::unix::fs::OpenOptionsExt;
use std::sync::{Mutex, OnceLock};

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

/// SIGINT, SIGTERM and SIGHUP blocked on this thread (and so on every thread started after it)
/// and waited for by one thread of ours: the exit code names the signal.
pub(super) fn on_signals(leave: fn(i32) -> !) -> bool {
    let mut set = SigSet::empty();
    for s in [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP] {
        set.add(s);
    }
    if set.thread_block().is_err() {
        return false;
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
        return false;
    }
    true
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
