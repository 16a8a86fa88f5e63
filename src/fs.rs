//! Files on disk: read a file of ours that may be absent (a regular file, of bounded size, never
//! a FIFO or a device), write one whole or not at all, append a line. Every error names its file.

use crate::error::{Error, Result};
use crate::sys::{Links, open_options};
use std::io::{Read, Write};
use std::path::Path;

/// The largest file of ours that is read whole: a bookmark, a profile, settings. (The log of a
/// game is never read whole: a stream, or its end; `play::journal`.)
pub(crate) const MAX_READ: u64 = 16 * 1024 * 1024;

/// The bytes of a file, or `None` when there is no such file. Only a regular file is read, and
/// only up to [`MAX_READ`]: a FIFO, a device or a huge file is an error, never a hang.
pub(crate) fn read_bytes_optional(path: &Path) -> Result<Option<Vec<u8>>> {
    flipbook_charts::read_bytes(path, MAX_READ).map_err(|e| unreadable(path, e.why))
}

/// The text of a file (UTF-8; a byte-order mark is dropped), or `None` when there is none.
pub(crate) fn read_optional(path: &Path) -> Result<Option<String>> {
    read_optional_within(path, MAX_READ)
}

/// [`read_optional`] of a file that is never more than `max` bytes (a profile).
pub(crate) fn read_optional_within(path: &Path, max: u64) -> Result<Option<String>> {
    flipbook_charts::read_bytes(path, max)
        .map_err(|e| unreadable(path, e.why))?
        .map(|bytes| {
            flipbook_charts::decode(bytes).ok_or_else(|| unreadable(path, "not UTF-8 text".into()))
        })
        .transpose()
}

/// A file of ours opened for reading as a stream, of any length (the log: read line by line, or
/// from its end, never whole), or `None` when there is none. Only a regular file, looked at
/// before it is opened and opened without blocking: a FIFO or a device is an error, never a hang.
pub(crate) fn open_stream(path: &Path) -> Result<Option<std::fs::File>> {
    let not_regular = || Error::io("read", path, std::io::Error::other("not a regular file"));
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io("read", path, e)),
        Ok(m) if !m.is_file() => return Err(not_regular()),
        Ok(_) => {}
    }
    let file = open_options(Links::Follow)
        .read(true)
        .open(path)
        .map_err(|e| Error::io("read", path, e))?;
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(not_regular());
    }
    Ok(Some(file))
}

/// A lock file of ours opened for writing: only a regular file (or none yet, then created),
/// never through a symbolic link, never a FIFO or a device.
pub(crate) fn open_lock(path: &Path) -> Result<std::fs::File> {
    let refuse = || {
        Error::Broken(format!(
            "{} is not a regular file: flipbook keeps its lock there; remove it and try again",
            path.display()
        ))
    };
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.is_file() => return Err(refuse()),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(Error::io("open the lock", path, e)),
    }
    let file = open_options(Links::Refuse)
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(|e| Error::io("open the lock", path, e))?;
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(refuse());
    }
    Ok(file)
}

fn unreadable(path: &Path, why: String) -> Error {
    Error::Io {
        doing: "read",
        path: path.to_path_buf(),
        source: std::io::Error::other(why),
    }
}

/// Write a file so that a reader never sees half of it: a temporary file beside it, then
/// rename. The temporary file has a fixed name (`.NAME.tmp`), so a write cut short leaves at
/// most one behind, and the next write takes it over.
pub(crate) fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| Error::io("create the folder", dir, e))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp"));
    // Never through a link, never blocking on a FIFO someone put in the temporary file's place.
    let written = open_options(Links::Refuse)
        .write(true)
        .create(true)
        .truncate(true)
        .open(&tmp)
        .and_then(|mut f| {
            // Windows opens a link itself rather than failing: it is no regular file.
            if !f.metadata()?.is_file() {
                return Err(std::io::Error::other("not a regular file"));
            }
            f.write_all(contents)?;
            crash_point();
            f.sync_all()?;
            crash_point();
            Ok(())
        });
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(Error::io("write", path, e));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::io("write", path, e)
    })?;
    crash_point();
    Ok(())
}

/// A testing seam: with `FLIPBOOK_CRASH_AFTER=N` in the environment the process aborts right
/// after its Nth write, fsync or rename of a file of ours, as a `kill -9` there would stop it
/// (tests/it/reliability.rs kills `play` so at every step in turn). Unset, it costs one look.
pub(crate) fn crash_point() {
    use std::sync::OnceLock;
    use std::sync::atomic::{AtomicU64, Ordering};
    static AT: OnceLock<Option<u64>> = OnceLock::new();
    static DONE: AtomicU64 = AtomicU64::new(0);
    let at = AT.get_or_init(|| std::env::var("FLIPBOOK_CRASH_AFTER").ok()?.parse().ok());
    if let Some(n) = *at
        && DONE.fetch_add(1, Ordering::Relaxed) + 1 == n
    {
        std::process::abort();
    }
}

/// Where `--export` may write: a regular file or none yet (never a link, a FIFO, a device or a
/// folder, which a rename would replace), and never inside flipbook's own folders, `ours` (a
/// chart file there would become part of a book).
pub(crate) fn export_target(path: &Path, ours: &[&Path]) -> Result<()> {
    let shown = crate::text::quoted(&path.display().to_string());
    match std::fs::symlink_metadata(path) {
        Ok(m) if !m.file_type().is_file() => {
            return Err(Error::usage(format!(
                "{shown} is not a regular file (a link, a FIFO, a device or a folder): --export writes a file of its own; leave the path out to print the export"
            )));
        }
        _ => {}
    }
    if let Some(dir) = ours_at(path, ours) {
        return Err(Error::usage(format!(
            "{shown} is flipbook's own folder {} or inside it: export somewhere else",
            crate::text::quoted(&dir.display().to_string())
        )));
    }
    Ok(())
}

/// The folder of flipbook's own (of `ours`) that `path` is, is inside, or holds, whether or
/// not either exists yet: a file written there would replace it or become part of it.
pub(crate) fn ours_at<'a>(path: &Path, ours: &[&'a Path]) -> Option<&'a Path> {
    let target = resolved(path);
    ours.iter()
        .find(|dir| {
            let dir = resolved(dir);
            target.starts_with(&dir) || dir.starts_with(&target)
        })
        .copied()
}

/// A path made absolute and its links followed as far as it exists; the rest, not made yet,
/// added as written (`.` dropped, `..` taken back).
fn resolved(path: &Path) -> std::path::PathBuf {
    use std::path::Component;
    let mut rest = Vec::new();
    let mut at = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    };
    let mut base = loop {
        if let Ok(real) = at.canonicalize() {
            break real;
        }
        match (
            at.file_name().map(std::ffi::OsStr::to_os_string),
            at.parent(),
        ) {
            (Some(name), Some(parent)) => {
                rest.push(name);
                at = parent.to_path_buf();
            }
            _ => break at,
        }
    };
    for name in rest.into_iter().rev() {
        match Path::new(&name).components().next() {
            Some(Component::ParentDir) => {
                base.pop();
            }
            Some(Component::CurDir) | None => {}
            _ => base.push(name),
        }
    }
    base
}

/// Temporary files an older flipbook left behind in `dir` (`.NAME.PID.tmp`): removed.
pub(crate) fn clean_stale(dir: &Path) {
    let Ok(list) = std::fs::read_dir(dir) else {
        return;
    };
    for e in list.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        let ours = name.starts_with('.')
            && name.ends_with(".tmp")
            && e.file_type().is_ok_and(|t| t.is_file());
        if ours {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Append a line of text to a file, creating it and its folder, and put it on disk. A last
/// line cut short by a crash is ended first, so that the new line stands on its own.
pub(crate) fn append(path: &Path, text: &str) -> Result<()> {
    use std::io::{Seek, SeekFrom};
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Error::io("create the folder", dir, e))?;
    }
    // Looked at before it is opened, and opened without blocking: a FIFO or a device in the
    // log's place is an error, never a hang.
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            return Err(Error::io(
                "append to",
                path,
                std::io::Error::other("not a regular file"),
            ));
        }
        _ => {}
    }
    let mut file = open_options(Links::Follow)
        .create(true)
        .read(true)
        .append(true)
        .open(path)
        .map_err(|e| Error::io("append to", path, e))?;
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(Error::io(
            "append to",
            path,
            std::io::Error::other("not a regular file"),
        ));
    }
    let mut last = [0u8; 1];
    let torn = file.seek(SeekFrom::End(-1)).is_ok()
        && file.read_exact(&mut last).is_ok()
        && last[0] != b'\n';
    let text = if torn {
        format!("\n{text}")
    } else {
        text.to_string()
    };
    file.write_all(text.as_bytes())
        .map_err(|e| Error::io("append to", path, e))?;
    crash_point();
    // On disk before anything that names it (the bookmark) is.
    file.sync_data()
        .map_err(|e| Error::io("append to", path, e))?;
    crash_point();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_whole() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a/b.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(std::fs::read_dir(p.parent().unwrap()).unwrap().count(), 1);
    }

    #[test]
    fn errors_name_the_file_and_odd_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_optional(dir.path()).unwrap_err().to_string();
        assert!(err.contains(&dir.path().display().to_string()), "{err}");
        assert!(err.contains("not a regular file"), "{err}");
        assert_eq!(read_optional(&dir.path().join("none")).unwrap(), None);
        let bad = dir.path().join("bad");
        std::fs::write(&bad, [0xff, 0xfe, b'a']).unwrap();
        assert!(
            read_optional(&bad)
                .unwrap_err()
                .to_string()
                .contains("not UTF-8")
        );
        let bom = dir.path().join("bom");
        std::fs::write(&bom, "\u{feff}text").unwrap();
        assert_eq!(read_optional(&bom).unwrap().as_deref(), Some("text"));
    }

    #[test]
    fn a_torn_last_line_is_ended_before_an_append() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("log");
        std::fs::write(&p, "one\ntw").unwrap();
        append(&p, "three\n").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "one\ntw\nthree\n");
    }

    #[test]
    fn stale_temporary_files_are_cleaned() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(".bookmark.json.123.tmp"), "x").unwrap();
        std::fs::write(dir.path().join("log.jsonl"), "x").unwrap();
        clean_stale(dir.path());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
