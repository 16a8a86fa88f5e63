//! The log read as a stream: one line at a time, never the whole file in memory. A line longer
//! than any entry of ours is skipped (counted as unreadable) without being kept.

use crate::error::{Error, Result};
use std::io::{BufRead, BufReader};
use std::path::Path;

/// The longest line taken as an entry; longer ones are skipped as unreadable.
pub(crate) const MAX_LINE: usize = 256 * 1024;

/// Calls `each` with every line of the file at `path` (without its newline); a line past
/// [`MAX_LINE`] is not given, and counted. No file is no lines. Only a regular file is opened:
/// a FIFO or a device is refused, never waited on.
pub(crate) fn lines(path: &Path, mut each: impl FnMut(&[u8])) -> Result<usize> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(Error::io("read", path, e)),
        Ok(m) if !m.is_file() => {
            return Err(Error::io(
                "read",
                path,
                std::io::Error::other("not a regular file"),
            ));
        }
        Ok(_) => {}
    }
    let file = std::fs::File::open(path).map_err(|e| Error::io("read", path, e))?;
    each_line(BufReader::with_capacity(64 * 1024, file), &mut each)
        .map_err(|e| Error::io("read", path, e))
}

/// The lines of `reader`, each at most [`MAX_LINE`] bytes; returns how many were too long.
pub(crate) fn each_line(
    mut reader: impl BufRead,
    each: &mut impl FnMut(&[u8]),
) -> std::io::Result<usize> {
    let mut line = Vec::with_capacity(1024);
    let mut too_long = false;
    let mut skipped = 0;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        let (part, ended) = match buf.iter().position(|b| *b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        if !too_long {
            if line.len() + part.len() > MAX_LINE {
                too_long = true;
                line.clear();
            } else {
                line.extend_from_slice(part);
            }
        }
        let used = ended.unwrap_or(buf.len());
        reader.consume(used);
        if ended.is_some() {
            if too_long {
                skipped += 1;
            } else {
                each(&line);
            }
            line.clear();
            too_long = false;
        }
    }
    if too_long {
        skipped += 1;
    } else if !line.is_empty() {
        each(&line);
    }
    Ok(skipped)
}

/// The lines of `bytes` through a small buffer, and how many were too long: for tests.
#[cfg(test)]
pub(crate) fn of_bytes(bytes: &[u8]) -> (Vec<Vec<u8>>, usize) {
    let mut out = Vec::new();
    let skipped = each_line(BufReader::with_capacity(7, bytes), &mut |l| {
        out.push(l.to_vec());
    })
    .unwrap();
    (out, skipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_come_whole_across_buffers_and_long_ones_are_skipped() {
        let (lines, skipped) = of_bytes(b"one\ntwo two two\n\nlast");
        assert_eq!(
            lines,
            vec![
                b"one".to_vec(),
                b"two two two".to_vec(),
                vec![],
                b"last".to_vec()
            ]
        );
        assert_eq!(skipped, 0);
        let mut long = vec![b'x'; MAX_LINE + 10];
        long.extend_from_slice(b"\nafter\n");
        let (lines, skipped) = of_bytes(&long);
        assert_eq!(lines, vec![b"after".to_vec()]);
        assert_eq!(skipped, 1);
    }
}
