//! The book format of flipbook: a book is data.
//!
//! A book is a folder of YAML files: `book.yaml` (what the book is, and its optional rules),
//! chart files, and optionally `sequence.yaml` (the turn) and `orders.yaml` (ordering rules).
//! This crate reads them into typed values once (dice, row bands) and validates them, every
//! problem with its file, line and column. The build script, the binary and `flipbook check` all
//! use it, so a shipped book and a player's own are held to the same rules.
//!
//! # Example
//!
//! A chart file of a player's own, read and validated, then read the way a roll reads it:
//!
//! ```
//! use flipbook_charts::{Span, validate};
//! use std::collections::BTreeMap;
//!
//! let text = "id: mine\ntitle: Mine\nprinted: my copy\ndie: d6\nrows:\n  \
//!             - {row: \"1-3\", result: A quiet turn}\n  \
//!             - {row: \"4+\", result: A scandal}\n";
//! let (charts, problems) = validate::parse_chart_file("mine.yaml", text);
//! assert!(problems.is_empty());
//! let texts = BTreeMap::from([("mine.yaml".to_string(), text.to_string())]);
//! assert!(validate::validate_charts(&charts, &texts).is_empty());
//!
//! let chart = &charts[0].chart;
//! assert_eq!(chart.die.to_string(), "d6");
//! let spans: Vec<Span> = chart.rows.iter().map(|r| r.row.span()).collect();
//! // A 5 lands on the second row, and so does a 9 ("4+" is open above); a 0 (a roll with
//! // modifiers) is below every row: the nearest, clamped.
//! assert_eq!(Span::nearest(&spans, 5), (1, false));
//! assert_eq!(Span::nearest(&spans, 9), (1, false));
//! assert_eq!(Span::nearest(&spans, 0), (0, true));
//!
//! // Rows that overlap are a problem, with its file, line and column.
//! let broken = text.replace("\"4+\"", "\"3+\"");
//! let (charts, _) = validate::parse_chart_file("mine.yaml", &broken);
//! let texts = BTreeMap::from([("mine.yaml".to_string(), broken.clone())]);
//! let problems = validate::validate_charts(&charts, &texts);
//! assert_eq!(problems.len(), 1);
//! println!("{}", problems[0]); // mine.yaml:LINE:COLUMN: what is wrong
//! assert!(problems[0].line > 1);
//! ```

#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod amend;
mod book;
mod book_dir;
mod chart;
mod die;
mod expr;
mod fields;
mod orders;
mod sequence;
pub mod validate;
pub use validate::{MAX_CHAIN, MAX_ROLLS};
mod yaml;

pub use amend::{AMEND_FILE, Amendments, MAX_EXTENDS, RowChange, StepChange};
pub use book::{BookMeta, BookOption, Reroll, plain_name};
pub use book_dir::{
    BookDir, MAX_BOOK_BYTES, MAX_BOOK_FILES, MAX_FILE_BYTES, NOT_CHARTS, ReadError, SourcedChart,
    chart_files, decode, read_bytes, read_text,
};
pub use chart::{
    Alt, Better, Bounds, Cap, Chart, ChoiceOption, Column, ColumnBy, Condition, DICE_WORDS, Drm,
    DrmGroup, FAILS_BY, Follow, GameOver, GameOverWhen, Gate, Input, InputKind, Limit, OnNatural,
    Operand, RangeTest, Rank, ResultText, Round, Row, Shift, Stub, Test, condition_keys,
    parse_ratio, reads_dice, reads_fails_by,
};
pub use die::{Band, Dice, Die, Span};
pub use expr::{Expr, Func, MAX_EXPR_DEPTH, MAX_EXPR_LEN, Op, Stop, placeholders};
pub use fields::format_fields;
pub use orders::{Combine, OrderKind, OrderRule, OrderToken, OrderValue, PerPlayers};
pub use sequence::{
    Chit, Count, CountFrom, Derived, Draw, Knows, OnlyIf, Phase, Recall, Repeat, SIDE_MARK,
    Segment, Sequence, Step, StepGameOver, Turns, phase_of, side_of, turn_applies,
};
pub use yaml::{MAX_FLOW_DEPTH, YamlError, flow_too_deep, parse_yaml_documents};

/// The rows remembered that make a step required (`required_when`).
pub use sequence::Remembered;

/// The dice that always mean plain dice, whatever a book calls its charts.
#[must_use]
pub fn is_plain_dice(name: &str) -> bool {
    matches!(
        name.to_ascii_lowercase().as_str(),
        "d6" | "d10" | "2d6" | "1d6" | "1d10"
    )
}
