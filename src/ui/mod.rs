//! What the player sees: a command's report shown as JSON or text, and the text renderers.
//! The top room below `main`: it shows what `commands` return (the prompts are in `prompt`,
//! the small text helpers in `text`).

pub(crate) mod output;
pub(crate) mod render;
