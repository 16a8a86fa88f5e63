//! The integration tests, one binary (as ripgrep's `tests/integration`): each module is the
//! tests of one concern, run against the built `flipbook` (`CARGO_BIN_EXE_flipbook`). One binary
//! links once where 34 linked each on its own.

mod common;

mod architecture;
mod books;
mod branching;
mod charts;
mod cli;
mod cold_try;
mod completions;
mod engine_words;
mod extends;
mod format3;
mod games;
mod hostile;
mod kept_answers;
mod man;
mod play;
mod play_checklist;
mod play_rules;
mod pty;
mod pty_branching;
mod pty_checklist;
mod pty_keys;
mod pty_keys_ahead;
mod pty_odds;
mod pty_play;
mod pty_play_rules;
mod pty_signals;
mod pty_transcribe;
mod readme;
mod reliability;
mod report;
mod reroll_rule;
mod sides;
mod size;
mod tables;
mod transcribe;
mod transcribe_limits;
mod two_player;
mod words;
