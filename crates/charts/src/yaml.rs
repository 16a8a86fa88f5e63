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
        Ok(docs) => docs
            .into_iter()
            .map(|(i, r)| (i, r.map_err(YamlError::Yaml)))
            .collect(),
        Err(_) => vec![(0, Err(YamlError::Crashed))],
    }
}

/// Why a YAML document could not be read.
#[derive(Debug)]
pub enum YamlError {
    /// The parser's own error, with its line and column.
    Yaml(serde_yaml::Error),
    /// The parser gave up on the file (for example an alias to another document's anchor).
    Crashed,
}

impl fmt::Display for YamlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            YamlError::Yaml(e) => e.fmt(f),
            YamlError::Crashed => {
                f.write_str("this YAML cannot be read (an alias to an anchor of another document?)")
            }
        }
    }
}

/// Each document is read on its own, so that one broken document (a syntax error) costs only
/// its own chart, never the documents after it. A document with nothing but comments is none.
fn parse_documents<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Vec<(usize, Result<T, serde_yaml::Error>)> {
    documents(text)
        .into_iter()
        .filter(|(_, _, doc)| {
            doc.lines()
                .any(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        })
        .map(|(i, _, doc)| (i, serde_yaml::from_str::<T>(doc)))
        .collect()
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
