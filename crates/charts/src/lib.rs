//! The book format of flipbook: a book is data.
//!
//! A book is a folder of YAML files: `book.yaml` (what the book is, and its optional rules),
//! chart files, and optionally `sequence.yaml` (the turn) and `orders.yaml` (ordering rules).
//! This crate reads them into typed values once (dice, row bands) and validates them, every
//! problem with its file, line and column. The build script, the binary and `flipbook check` all
//! use it, so a shipped book and a player's own are held to the same rules.

mod book;
mod book_dir;
mod chart;
mod die;
mod expr;
mod fields;
mod orders;
mod sequence;
pub mod validate;
mod yaml;

pub use book::{BookMeta, BookOption, plain_name};
pub use book_dir::{
    BookDir, MAX_BOOK_BYTES, MAX_BOOK_FILES, MAX_FILE_BYTES, NOT_CHARTS, ReadError, SourcedChart,
    chart_files, decode, read_bytes, read_text,
};
pub use chart::{
    Alt, Better, Cap, Chart, ChoiceOption, Column, ColumnBy, Condition, Drm, DrmGroup, Follow,
    GameOver, GameOverWhen, Gate, Input, InputKind, Limit, OnNatural, Operand, RangeTest, Rank,
    ResultText, Row, Stub, Test, condition_keys,
};
pub use die::{Band, Dice, Die, Span};
pub use expr::{Expr, Func, MAX_EXPR_DEPTH, MAX_EXPR_LEN, Op, Stop, placeholders};
pub use fields::format_fields;
pub use orders::{Combine, OrderKind, OrderRule, OrderToken, OrderValue, PerPlayers};
pub use sequence::{
    Chit, Derived, Draw, Knows, OnlyIf, Phase, Recall, Repeat, Segment, Sequence, Step,
    StepGameOver, Turns, turn_applies,
};
pub use yaml::{YamlError, parse_yaml_documents};

/// The dice that always mean plain dice, whatever a book calls its charts.
#[must_use]
pub fn is_plain_dice(name: &str) -> bool {
    matches!(
        name.to_ascii_lowercase().as_str(),
        "d6" | "d10" | "2d6" | "1d6" | "1d10"
    )
}
