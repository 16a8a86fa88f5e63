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

fn parse_documents<T: serde::de::DeserializeOwned>(
    text: &str,
) -> Vec<(usize, Result<T, serde_yaml::Error>)> {
    let mut out = Vec::new();
    let mut last_error: Option<String> = None;
    for (i, doc) in serde_yaml::Deserializer::from_str(text).enumerate() {
        let parsed = T::deserialize(doc);
        if let Err(e) = &parsed {
            // After a syntax error the stream repeats it without end: stop at the repeat.
            let msg = e.to_string();
            if last_error.as_ref() == Some(&msg) {
                break;
            }
            last_error = Some(msg);
        }
        out.push((i, parsed));
    }
    out
}
