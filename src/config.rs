//! Everything a command may depend on, resolved once before it runs: the flags, the settings,
//! the terminal, and (when the book is opened) the book's optional rules the player turned on.
//! Commands read this, never the raw flags.

use crate::cli::{Cli, Command};
use crate::error::{Error, Result};
use crate::library::Book;
use crate::prompt::{self, TermPrompter};
use crate::rules::{Dicer, NoPrompt, Options, Prompter};
use crate::settings::{ColorChoice, DiceBy, Difficulty, Dirs, HOME_ENV, Settings};
use std::path::Path;

/// How reports are shown: text for people, or JSON for scripts (`--json`); `ui::output` shows
/// them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Output {
    Human,
    Json,
}

impl Output {
    /// JSON when the player asked for it (`--json`), text otherwise.
    pub(crate) fn chosen(json: bool) -> Output {
        if json { Output::Json } else { Output::Human }
    }
}

/// The option of a book that `--new-player` turns on.
const NEW_PLAYER: &str = "new-player";

pub(crate) struct Config {
    dirs: Option<Dirs>,
    book_id: String,
    seed: Option<u64>,
    pub(crate) dice_by: DiceBy,
    pub(crate) output: Output,
    /// `--new-player` (Some(true)), `--no-new-player` (Some(false)), or neither.
    new_player_flag: Option<bool>,
    /// The settings' choice, when no flag says.
    new_player_setting: bool,
    /// The difficulty the settings set, if they set one.
    difficulty: Option<Difficulty>,
    /// Questions can be asked: stdin and stderr are terminals, and the output is not JSON.
    pub(crate) can_ask: bool,
}

/// A book opened for a command, with its optional rules resolved.
pub(crate) struct Session {
    pub(crate) book: Book,
    /// The book's options the player turned on.
    enabled: Vec<flipbook_charts::BookOption>,
    /// For stderr, by the commands that roll.
    pub(crate) warnings: Vec<String>,
}

impl Session {
    /// How a roll is modified beyond its chart: the options turned on, and these extras.
    pub(crate) fn options(&self, extra: &[i64]) -> Options {
        Options {
            enabled: self.enabled.clone(),
            extra: extra.to_vec(),
        }
    }
}

impl Config {
    pub(crate) fn new(cli: &Cli) -> Result<Config> {
        let output = Output::chosen(cli.globals.json);
        if output == Output::Json && matches!(cli.command, Command::Play(_)) {
            return Err(Error::usage(
                "play has no --json: `flipbook where --json` and `flipbook log --json` are for scripts",
            ));
        }
        if !flipbook_charts::plain_name(&cli.globals.book) {
            return Err(Error::usage(format!(
                "--book takes a book's id (letters, digits, - and _), not '{}'",
                crate::text::quoted(&cli.globals.book)
            )));
        }
        let dirs = Dirs::find();
        let settings = Settings::load(dirs.as_ref().map(|d| d.config.as_path()))?;
        decide_color(cli.globals.color, settings.color, output);
        let new_player_flag = if cli.globals.new_player {
            Some(true)
        } else if cli.globals.no_new_player {
            Some(false)
        } else {
            None
        };
        Ok(Config {
            dirs,
            book_id: cli.globals.book.clone(),
            seed: cli.globals.seed,
            dice_by: settings.dice,
            output,
            new_player_flag,
            new_player_setting: settings.new_player,
            difficulty: settings.difficulty,
            can_ask: output == Output::Human && prompt::terminal(),
        })
    }

    pub(crate) fn config_dir(&self) -> Option<&Path> {
        self.dirs.as_ref().map(|d| d.config.as_path())
    }

    /// The data folder, for the bookmark and the log.
    pub(crate) fn data_dir(&self) -> Result<&Path> {
        self.dirs
            .as_ref()
            .map(|d| d.data.as_path())
            .ok_or_else(|| Error::Other(format!("no data folder for the bookmark: set {HOME_ENV}")))
    }

    /// Open the book, and resolve which of its optional rules are on.
    pub(crate) fn open(&self) -> Result<Session> {
        let book = Book::load(&self.book_id, self.config_dir())?;
        let wanted = self.new_player_flag.unwrap_or(self.new_player_setting);
        let mut enabled = Vec::new();
        let mut warnings = book.set_aside_warnings();
        match book.option(NEW_PLAYER) {
            Some(o) if wanted => {
                // Only settings that say another difficulty warn: without a settings file (or
                // without a difficulty in it) nothing contradicts the flag.
                let said = self.difficulty.as_ref().map(Difficulty::name);
                let meant = o.difficulty.as_deref();
                if let Some((d, said)) = meant.zip(said).filter(|(d, said)| d != said) {
                    warnings.push(format!(
                        "the {} DRM is meant for the {} game, but settings.yaml says difficulty: {said}",
                        o.id,
                        capitalised(d),
                    ));
                }
                enabled.push(o.clone());
            }
            None if self.new_player_flag == Some(true) => {
                return Err(Error::usage(format!(
                    "book {} has no new-player option: --new-player does not apply to it",
                    book.id
                )));
            }
            _ => {}
        }
        Ok(Session {
            book,
            enabled,
            warnings,
        })
    }

    /// The difficulty the settings set, as they write it.
    pub(crate) fn difficulty_set(&self) -> Option<&str> {
        self.difficulty.as_ref().map(Difficulty::name)
    }

    /// Dice from `--roll` values, then the player's hand (when they roll by hand and can be
    /// asked), then the seeded generator.
    pub(crate) fn dicer(&self, given: Vec<i64>) -> Dicer {
        Dicer::new(self.seed, given, self.dice_by == DiceBy::Hand)
    }

    /// Who answers the questions a roll asks: the terminal, or nobody.
    pub(crate) fn prompter(&self) -> Box<dyn Prompter> {
        if self.can_ask {
            Box::new(TermPrompter::default())
        } else {
            Box::new(NoPrompt)
        }
    }
}

fn capitalised(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Colour on or off, decided once: the flag, then `NO_COLOR`, then the settings, then whether
/// the output is a terminal that takes colour (`console`'s test, the same on every system: a
/// terminal, no `NO_COLOR`, not `TERM=dumb`; on Windows a console whose ANSI mode it can turn
/// on). JSON is never coloured. Everything styled goes through `console`, which reads this.
fn decide_color(flag: Option<ColorChoice>, setting: ColorChoice, output: Output) {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let choice = match flag {
        Some(c) => c,
        None if no_color => ColorChoice::Never,
        None => setting,
    };
    match choice {
        ColorChoice::Always => {
            // Asked of `console` first: on Windows the question turns a console's ANSI support
            // on (its virtual-terminal mode), as `auto` does; elsewhere it only asks.
            let _ = console::Term::stdout().features().colors_supported();
            let _ = console::Term::stderr().features().colors_supported();
            console::set_colors_enabled(true);
            console::set_colors_enabled_stderr(true);
        }
        ColorChoice::Never => {
            console::set_colors_enabled(false);
            console::set_colors_enabled_stderr(false);
        }
        ColorChoice::Auto => {}
    }
    if output == Output::Json {
        console::set_colors_enabled(false);
    }
}
