//! Reading YAML: several documents in one file, and a guard around the parser's panics.

use std::fmt;

/// One chart file may hold several charts as YAML documents separated by `---`.
pub fn parse_yaml_documents<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Vec<(usize, Result<T, YamlError>)> {
    // The YAML parser panics on some malformed files (an alias to an anchor of another
    // document): catch it, quietly, and report it as an error of the file.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let parsed = std::panic::catch_unwind(|| parse_documents::<T>(text));
    std::panic::set_hook(previous);
    match parsed {
        Ok(docs) => docs,
        Err(_) => vec![(0, Err(YamlError::Crashed))],
    }
}

/// How deep `[` and `{` may nest in a document: the depth the deserializer stops at too.
pub const MAX_FLOW_DEPTH: usize = 128;

/// Why a YAML document could not be read.
#[derive(Debug)]
pub enum YamlError {
    /// The parser's own error, with its line and column.
    Yaml(serde_yaml::Error),
    /// The parser gave up on the file (for example an alias to another document's anchor).
    Crashed,
    /// `[` and `{` nest deeper than [`MAX_FLOW_DEPTH`], from this line of the document on: refused
    /// before parsing, for the parser's time grows with the square of the depth.
    TooDeep {
        /// The document's line (from 1) where the depth is passed.
        line: usize,
    },
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            YamlError::Yaml(e) => e.fmt(f),
            YamlError::Crashed => {
                f.write_str("this YAML cannot be read (an alias to an anchor of another document?)")
            }
            YamlError::TooDeep { line } => {
                write!(f, "line {line}: [ and {{ nest deeper than {MAX_FLOW_DEPTH}")
            }
        }
    }
}

/// Each document is read on its own, so that one broken document (a syntax error) costs only
/// its own chart, never the documents after it. A document with nothing but comments is none.
fn parse_documents<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Vec<(usize, Result<T, YamlError>)> {
    documents(text)
        .into_iter()
        .filter(|(_, _, doc)| {
            doc.lines()
                .any(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        })
        .map(|(i, _, doc)| {
            let read = match flow_too_deep(doc) {
                Some(line) => Err(YamlError::TooDeep { line }),
                None => serde_yaml::from_str::<T>(doc).map_err(YamlError::Yaml),
            };
            (i, read)
        })
        .collect()
}

/// The line where `[` and `{` first nest deeper than [`MAX_FLOW_DEPTH`], outside quoted scalars
/// and comments; `None` when they never do. One pass over the text: a bracket inside a plain
/// scalar counts too, harmless for a real book (it would take 129 left unclosed).
#[must_use]
pub fn flow_too_deep(doc: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut line = 1;
    // At the start of a token: where a quote opens a quoted scalar and `#` a comment.
    let mut boundary = true;
    let mut chars = doc.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            '#' if boundary => while chars.next_if(|&n| n != '\n').is_some() {},
            '"' | '\'' if boundary => {
                // To the closing quote ('' is a quote inside '...', \ escapes inside "...").
                while let Some(q) = chars.next() {
                    if q == '\n' {
                        line += 1;
                    } else if c == '"' && q == '\\' {
                        chars.next();
                    } else if q == c && !(c == '\'' && chars.next_if_eq(&'\'').is_some()) {
                        break;
                    }
                }
            }
            '[' | '{' => {
                depth += 1;
                if depth > MAX_FLOW_DEPTH {
                    return Some(line);
                }
            }
            ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        boundary = matches!(c, ' ' | '\t' | '\n' | '[' | '{' | ',' | ':' | '-' | '?');
    }
    None
}

/// The documents of a file, each as (its number, the byte where it starts, its text): the
/// text before the first `---` (when it holds anything) and after each `---` line, as
/// [`crate::validate::doc_start`] counts them.
#[must_use]
pub(crate) fn documents(text: &str) -> Vec<(usize, usize, &str)> {
    // (where the marker line starts, where the document after it starts)
    let mut markers: Vec<(usize, usize)> = Vec::new();
    let mut offset = 0;
    let mut content_before_first = false;
    for line in text.split_inclusive('\n') {
        let t = line.trim_end();
        if t == "---" || t.starts_with("--- ") {
            markers.push((offset, offset + line.len()));
        } else if markers.is_empty() && !t.is_empty() && !t.starts_with('#') {
            content_before_first = true;
        }
        offset += line.len();
    }
    let mut spans: Vec<(usize, usize)> = Vec::new();
    if content_before_first || markers.is_empty() {
        spans.push((0, markers.first().map_or(text.len(), |m| m.0)));
    }
    for (i, &(_, start)) in markers.iter().enumerate() {
        let end = markers.get(i + 1).map_or(text.len(), |m| m.0);
        spans.push((start, end));
    }
    spans
        .into_iter()
        .enumerate()
        .map(|(i, (a, b))| (i, a, &text[a..b]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flow_nesting_is_measured_outside_quotes_and_comments() {
        let deep = |n: usize| format!("a: {}{}", "[".repeat(n), "]".repeat(n));
        assert_eq!(flow_too_deep(&deep(MAX_FLOW_DEPTH)), None);
        assert_eq!(flow_too_deep(&deep(MAX_FLOW_DEPTH + 1)), Some(1));
        assert_eq!(
            flow_too_deep(&format!("x: 1\ny: 2\n{}", deep(500))),
            Some(3)
        );
        let many = |c: &str| c.repeat(300);
        let quoted = format!(
            "a: '{}' # {}\nb: \"{}\\\"{}\"",
            many("["),
            many("{"),
            many("["),
            many("{")
        );
        assert_eq!(flow_too_deep(&quoted), None, "{quoted}");
        assert_eq!(flow_too_deep("a: 'it''s [[' \nb: don't"), None);
        // 100,000 levels took the parser minutes; refused at once.
        let r = parse_yaml_documents::<serde_yaml::Value>(&deep(100_000));
        assert!(matches!(r[0].1, Err(YamlError::TooDeep { line: 1 })));
    }
}
