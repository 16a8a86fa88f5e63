//! The Windows side of the platform room, thin and built from std (and `ctrlc`, whose handler
//! is the console's `SetConsoleCtrlHandler`).
//!
//! - Files: a symbolic link is a reparse point, opened itself rather than followed
//!   (`FILE_FLAG_OPEN_REPARSE_POINT`): the caller finds no regular file and refuses it. A Windows
//!   folder holds no FIFO (named pipes live under `\\.\pipe\`), so nothing can block an open.
//! - The terminal: nothing of ours changes the console's modes. `console` sets them for one key
//!   read and puts them back when the read ends; the cursor a menu hid is shown again by the
//!   signals room (through `console`) before it exits.
//! - Ctrl-C, Ctrl-Break, the console's close, a log-off or a shut-down: `ctrlc` runs our
//!   handler on a thread of its own and does not say which event came; each ends the process
//!   as Ctrl-C would (130, as SIGINT on Unix).
//!
//! Compiled in the unit tests of every system, with stand-ins for `std::os::windows` and
//! `ctrlc` that record what they are given: the code below is the code Windows builds.

use super::Links;

#[cfg(not(windows))]
use stand_ins::{OpenOptionsExt, ctrlc};
#[cfg(windows)]
use std::os::windows::fs::OpenOptionsExt;

/// `FILE_FLAG_OPEN_REPARSE_POINT` (winbase.h): open a reparse point (a symbolic link, a
/// junction) itself, not what it points to.
const FILE_FLAG_OPEN_REPARSE_POINT: u32 = 0x0020_0000;

/// The exit code of a console event: Ctrl-C's, as on Unix (128 + SIGINT).
const CONSOLE_EVENT_EXIT: i32 = 130;

/// The flags a file of ours is opened with, beside std's own.
fn flags(links: Links) -> u32 {
    match links {
        Links::Follow => 0,
        Links::Refuse => FILE_FLAG_OPEN_REPARSE_POINT,
    }
}

pub(super) fn guard(options: &mut std::fs::OpenOptions, links: Links) {
    options.custom_flags(flags(links));
}

/// Nothing to keep: `console` puts back the modes it sets, read by read.
pub(super) fn save_terminal() {}

/// Nothing to put back (see [`save_terminal`]).
pub(super) fn restore_terminal() {}

/// The console has no SIGTSTP: `suspended` is never called.
pub(super) fn on_signals(leave: fn(i32) -> !, _suspended: fn(), _resumed: fn()) -> bool {
    ctrlc::set_handler(move || leave(CONSOLE_EVENT_EXIT)).is_ok()
}

/// Ctrl-Z read as a key does nothing on Windows: the console has no suspend.
pub(super) fn suspend(_suspended: fn(), _resumed: fn()) {}

/// What the Windows side imports, for the builds of other systems: the same signatures, and a
/// record of the calls for the tests.
#[cfg(not(windows))]
mod stand_ins {
    use std::cell::RefCell;

    thread_local! {
        /// The custom flags last given (`std::os::windows::fs::OpenOptionsExt::custom_flags`).
        pub(super) static FLAGS: RefCell<Option<u32>> = const { RefCell::new(None) };
    }

    pub(super) trait OpenOptionsExt {
        fn custom_flags(&mut self, flags: u32) -> &mut Self;
    }

    impl OpenOptionsExt for std::fs::OpenOptions {
        fn custom_flags(&mut self, flags: u32) -> &mut Self {
            FLAGS.with(|f| *f.borrow_mut() = Some(flags));
            self
        }
    }

    pub(super) mod ctrlc {
        use std::sync::Mutex;

        /// The handler given (`ctrlc::set_handler`), kept as ctrlc's thread would keep it.
        pub(in super::super) static HANDLER: Mutex<Option<Box<dyn FnMut() + Send>>> =
            Mutex::new(None);

        #[derive(Debug)]
        pub(in super::super) struct Error;

        pub(in super::super) fn set_handler<F>(user_handler: F) -> Result<(), Error>
        where
            F: FnMut() + 'static + Send,
        {
            let mut h = HANDLER.lock().map_err(|_| Error)?;
            if h.is_some() {
                // ctrlc refuses a second handler (`Error::MultipleHandlers`).
                return Err(Error);
            }
            *h = Some(Box::new(user_handler));
            Ok(())
        }
    }
}

/// On the other systems, where the stand-ins record the calls (on Windows the integration tests
/// run the real ones).
#[cfg(all(test, not(windows)))]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicI32, Ordering};

    #[test]
    fn a_refused_link_is_opened_as_the_reparse_point_itself() {
        let mut options = std::fs::OpenOptions::new();
        guard(&mut options, Links::Refuse);
        assert_eq!(stand_ins::FLAGS.with(|f| *f.borrow()), Some(0x0020_0000));
        guard(&mut options, Links::Follow);
        assert_eq!(stand_ins::FLAGS.with(|f| *f.borrow()), Some(0));
    }

    static LEFT_WITH: AtomicI32 = AtomicI32::new(0);

    fn record(code: i32) -> ! {
        LEFT_WITH.store(code, Ordering::SeqCst);
        // What `leave` does last; a panic stands for the process's end in a test.
        panic!("left with {code}");
    }

    #[test]
    fn a_console_event_leaves_as_ctrl_c_and_one_handler_is_set() {
        save_terminal();
        restore_terminal();
        assert!(on_signals(record, || {}, || {}));
        assert!(!on_signals(record, || {}, || {}), "ctrlc takes one handler");
        let mut handler = stand_ins::ctrlc::HANDLER.lock().unwrap().take().unwrap();
        let ended = std::panic::catch_unwind(std::panic::AssertUnwindSafe(&mut handler));
        assert!(ended.is_err());
        assert_eq!(LEFT_WITH.load(Ordering::SeqCst), 130);
    }

    static SUSPENDED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

    #[test]
    fn ctrl_z_read_as_a_key_does_nothing_on_windows() {
        suspend(|| SUSPENDED.store(true, Ordering::SeqCst), || {});
        assert!(!SUSPENDED.load(Ordering::SeqCst), "nothing is suspended");
    }
}
