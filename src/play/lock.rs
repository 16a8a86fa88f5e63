//! One `play` at a time: an advisory lock on a book's data folder.

use super::journal::Journal;
use crate::error::{Error, Result};

/// The lock on a game, held while a `play` runs.
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
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| Error::io("open the lock", &path, e))?;
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
