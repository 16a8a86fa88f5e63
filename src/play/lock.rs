//! One `play` at a time: an advisory lock on a book's data folder.

use super::journal::Journal;
use crate::error::{Error, Result};

/// A lock held until dropped: the game's, while a `play` runs, or the write lock, while a log
/// line or the profile is written.
pub(crate) struct GameLock {
    _file: std::fs::File,
}

impl Journal {
    /// Hold the game for one `play` at a time: an advisory lock on the book's data folder,
    /// kept until the returned guard is dropped. A second `play` is told the game is open.
    pub(crate) fn lock(&self) -> Result<GameLock> {
        std::fs::create_dir_all(self.root())
            .map_err(|e| Error::io("create the folder", self.root(), e))?;
        let path = self.root().join(".lock");
        let file = crate::fs::open_lock(&path)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(Error::usage(format!(
                    "the game is open in another `flipbook play` (lock {}): close that one first; `flipbook where`, `log` and `track` still work",
                    path.display()
                )));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(Error::io("lock", &path, e)),
        }
        // Under the lock, temporary files an interrupted write left are nobody's.
        crate::fs::clean_stale(self.root());
        Ok(GameLock { _file: file })
    }
}

impl Journal {
    /// The lock every writer of the game's files takes (`play`, `roll`, `profile`): an append
    /// to the log, the profile read, changed and written. Held briefly; waited for.
    pub(crate) fn write_lock(&self) -> Result<GameLock> {
        std::fs::create_dir_all(self.root())
            .map_err(|e| Error::io("create the folder", self.root(), e))?;
        let path = self.root().join(".write.lock");
        let file = crate::fs::open_lock(&path)?;
        file.lock().map_err(|e| Error::io("lock", &path, e))?;
        Ok(GameLock { _file: file })
    }

    /// Hold the game while its profile is changed outside `play` (`profile --set`): refused,
    /// in one line, while a `play` holds it (that `play` would write its own copy over it).
    pub(crate) fn hold_for_change(&self) -> Result<GameLock> {
        self.lock().map_err(|e| match e {
            Error::Usage(_) => Error::usage(
                "the game is open in `flipbook play` (which keeps its own copy of the profile) or another change: close it first, then change the profile",
            ),
            other => other,
        })
    }
}
