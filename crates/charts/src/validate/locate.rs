//! Placing a problem: from the texts to look for to a line and a column.

/// Where the `doc`-th YAML document of a file starts.
#[must_use]
pub fn doc_start(text: &str, doc: usize) -> usize {
    crate::yaml::documents(text)
        .get(doc)
        .map_or(0, |(_, start, _)| *start)
}

/// Find the needles in order, from the start of the document; the place of the last one found.
#[must_use]
pub fn locate(text: &str, doc: usize, needles: &[String]) -> (usize, usize) {
    let mut pos = doc_start(text, doc);
    for n in needles {
        if let Some(i) = text[pos..].find(n.as_str()) {
            pos += i;
        }
    }
    line_col(text, pos)
}

/// 1-based line and column of a byte offset.
#[must_use]
pub fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let before = &text[..pos.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
