//! What the player sees and answers: the output (JSON or text, decided once), the prompts, and
//! the text renderers.

pub(crate) mod output;
pub(crate) mod prompt;
pub(crate) mod render;
pub(crate) mod signals;
