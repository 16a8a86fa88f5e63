//! Asking the player, for the engine's `Prompter` port: dialoguer on a terminal, plain lines for
//! scripts. Every dialoguer call outside `play`'s key front end lives here.

use crate::error::Result;

mod answers;
mod fit;
mod keys;
mod line;
mod menus;
mod script;
mod term;
mod transcriber;
pub(crate) use crate::signals::showing;
pub(crate) use fit::fit;
pub(crate) use keys::{owe_enter, q_quits, read_key, take_owed};
pub(crate) use line::{ask_line, ask_whole};
pub(crate) use menus::{
    MarkTheme, Said, select, select_keyed, select_marked, yes_no, yes_no_or_quit,
};
pub(crate) use script::LinePrompter;
pub(crate) use term::TermPrompter;
pub(crate) use transcriber::Transcriber;

/// Both stdin and stderr are terminals: dialoguer can be used. With stderr a terminal but stdin
/// piped, dialoguer would read the keyboard and ignore the pipe, so both are checked.
pub(crate) fn terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

/// A yes/no question on the terminal; `None` when the player leaves it (Esc).
pub(crate) fn confirm(question: &str) -> Result<Option<bool>> {
    Ok(
        dialoguer::Confirm::with_theme(&dialoguer::theme::ColorfulTheme::default())
            .with_prompt(question)
            .default(false)
            .interact_on_opt(&console::Term::stderr())?,
    )
}
