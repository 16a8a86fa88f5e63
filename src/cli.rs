//! The command line: every flag and command, with its help.

use crate::complete::{Ids, Known};
use crate::rules::MAX_DRM;
use crate::settings::ColorChoice;
use clap::{Args, Parser, Subcommand, ValueHint};

use clap_complete::Shell;
use std::path::PathBuf;

/// The heading of the options every command takes, shown after a command's own.
pub(crate) const GLOBAL: &str = "Global options";

/// The command line. Its description is written out (not a doc comment) so that it keeps its
/// full stop: clap drops the last one of a doc comment's summary.
#[derive(Debug, Parser)]
#[command(name = "flipbook", version, max_term_width = 100)]
#[command(
    about = "A rules-assistant for board games on real cardboard: it walks the turn, rolls on the \
             charts and applies every modifier with its source shown. The board is the truth; \
             flipbook asks."
)]
#[command(after_help = "Examples:\n  \
    flipbook chart sotu --set approval=7 --set congress=6 --set media=6 --set prestige=6\n  \
    flipbook roll sotu --roll 4 --new-player\n  \
    flipbook roll d10 --seed 42\n  \
    flipbook charts\n\n\
    Each command's --help has its own examples; `flipbook man | man -l -` reads the manual.")]
pub(crate) struct Cli {
    #[command(flatten)]
    pub(crate) globals: Globals,

    #[command(subcommand)]
    pub(crate) command: Command,
}

// The options every command takes, before the command or after it. They are not clap's
// `global` arguments, which clap copies into every command at every start: the command run gets
// them alone (`parse`), and the help, the man page and the completion scripts get them in every
// command (`command`). (Not a doc comment: clap would make it the about of each command.)
#[derive(Debug, Args)]
pub(crate) struct Globals {
    /// The book to use (`flipbook books` lists them).
    #[arg(long, value_name = "NAME", default_value = crate::library::DEFAULT_BOOK,
          value_parser = Known(Ids::Books), hide_possible_values = true, help_heading = GLOBAL)]
    pub(crate) book: String,

    /// Use the book's optional new-player DRM (book.yaml's `options`: a DRM for a new player).
    #[arg(long, overrides_with = "no_new_player", help_heading = GLOBAL)]
    pub(crate) new_player: bool,

    /// Do not use the new-player DRM, whatever the settings say.
    #[arg(long, overrides_with = "new_player", help_heading = GLOBAL)]
    pub(crate) no_new_player: bool,

    /// Seed the dice: the same seed gives the same dice on every machine.
    #[arg(long, value_name = "N", help_heading = GLOBAL)]
    pub(crate) seed: Option<u64>,

    /// When to use colour (also off with a non-empty `NO_COLOR`).
    #[arg(long, value_enum, value_name = "WHEN", help_heading = GLOBAL)]
    pub(crate) color: Option<ColorChoice>,

    /// Print JSON for scripts; never ask anything.
    #[arg(long, help_heading = GLOBAL)]
    pub(crate) json: bool,
}

impl Globals {
    /// These options, given before the command, with those given after it (`after`: the
    /// command's matches) over them.
    fn overridden(self, after: &clap::ArgMatches) -> Result<Globals, clap::Error> {
        use clap::FromArgMatches;
        use clap::parser::ValueSource;
        let given = |id: &str| after.value_source(id) == Some(ValueSource::CommandLine);
        let later = Globals::from_arg_matches(after)?;
        let (new_player, no_new_player) = if given("new_player") || given("no_new_player") {
            (later.new_player, later.no_new_player)
        } else {
            (self.new_player, self.no_new_player)
        };
        Ok(Globals {
            book: if given("book") { later.book } else { self.book },
            new_player,
            no_new_player,
            seed: later.seed.or(self.seed),
            color: later.color.or(self.color),
            json: self.json || later.json,
        })
    }
}

/// Each command's own arguments are built only when it is the one run (`defer`): a start-up
/// builds one command's arguments, not every command's.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub(crate) enum Command {
    /// Walk the turn sequence segment by segment; resumes from the bookmark.
    // Its long help, the table of keys and lines, is made only when asked for (`play_help`).
    #[command(after_help = "Examples:\n  \
        flipbook play                                  resume where you stopped\n  \
        flipbook play --restart --yes                  a new game; the one before is kept\n  \
        flipbook play --goto fni --turn 2 --phase 3    jump to a segment\n  \
        printf 'next\\nquit\\n' | flipbook play          one step, from a script")]
    Play(PlayArgs),
    /// Where the bookmark stands: turn, phase and segment.
    Where,
    /// The turn track: every phase and segment of a turn, as the board's Turn Sequence chart
    /// draws it, with the turn's skips; done (✓), here (▶), ahead (·), skipped (–).
    Track {
        /// This turn (default: the bookmark's, or turn 1 before the first game).
        #[arg(long, value_name = "N")]
        turn: Option<u32>,
    },
    /// The game log of rolls and chits drawn (rolls made with `flipbook roll` during the game
    /// are marked "outside play", rolls taken back "undone").
    Log {
        /// Only this turn.
        #[arg(long, value_name = "N", allow_negative_numbers = true)]
        turn: Option<u32>,
        /// As Markdown, to share a session report.
        #[arg(long)]
        markdown: bool,
        /// An earlier game's log (`flipbook games` numbers them; default: the current game).
        #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..))]
        game: Option<u32>,
    },
    /// The story of a game from its log: per turn the board values given, the rolls and the
    /// chits; a plot of every number asked in two turns or more; what the dice did.
    ///
    /// The plots are drawn with Unicode on a terminal wide enough, else as a table; --svg
    /// writes them as one SVG file and --html the whole story as one page to post, which
    /// fetches nothing from anywhere.
    #[command(after_help = "Examples:\n  \
        flipbook report                        the current game\n  \
        flipbook report --game 1 --turn 2      one turn of an earlier game\n  \
        flipbook report --html year.html --svg year.svg\n  \
        flipbook --json report                 the data behind it all")]
    Report(ReportArgs),
    /// The games of the book: each restart keeps the game before it, never overwriting one.
    Games,
    /// The current game's profile: the answers kept with the game and given from then on (the
    /// President's attributes, the difficulty…), each with its question.
    Profile {
        /// Keep an answer, checked like the question's own answers (e.g. `--set orator=yes`,
        /// or a loop's item as `--set range#6=3`).
        #[arg(long = "set", value_name = "KEY=VALUE", value_parser = Known(Ids::Keys),
              hide_possible_values = true, value_hint = ValueHint::Other)]
        set: Vec<String>,
        /// Forget an answer: it is asked again next time.
        #[arg(long = "clear", value_name = "KEY")]
        clear: Vec<String>,
    },
    /// Show one chart as a table; with inputs, the chosen column, the DRMs and the odds of each row.
    #[command(after_help = "Examples:\n  \
        flipbook chart sotu\n  \
        flipbook chart sotu --set approval=7 --set congress=6 --set media=6 \\\n      \
        --set prestige=6 --set orator=yes\n  \
        flipbook chart legacy --set points=41")]
    Chart(ChartArgs),
    /// Roll on a chart, or roll plain dice (d6, d10, 2d6).
    #[command(after_help = "Examples:\n  \
        flipbook roll sotu                    asks for each rating it needs\n  \
        flipbook roll sotu --set approval=7 --set congress=6 --set media=6 \\\n      \
        --set prestige=6 --set orator=yes --roll 4\n  \
        flipbook roll d10 --seed 42           the same seed, the same dice\n  \
        flipbook roll 2d6 --roll 3 --roll 5 --drm -1\n  \
        flipbook --book awaw roll regions --set country=Hungary")]
    Roll(RollArgs),
    /// List the book's charts: id, die, title, where it is printed.
    Charts,
    /// List the books: embedded ones and your own.
    Books,
    /// Find charts whose ids, titles, results or DRMs mention all the words.
    Search {
        /// Words to look for (any case).
        #[arg(required = true, value_name = "WORDS")]
        words: Vec<String>,
    },
    /// Put players in order by a rule of the book (turn order, initiative, placement turns).
    #[command(after_help = "Examples:\n  \
        flipbook --book ideology order turn-order --player Imperialist=3 \\\n      \
        --player Capitalist=4 --player Fascist=3\n  \
        flipbook --book ti4 order initiative --player Alice=3,8 --player Bob=1,5 \\\n      \
        --player Cy=2,7 --set naalu=Cy\n  \
        flipbook --book bastards-inc order placement --player Ann --player Ben --player Cid")]
    Order {
        /// The rule's id (e.g. turn-order, initiative, placement).
        #[arg(value_parser = Known(Ids::Rules), hide_possible_values = true)]
        id: String,
        /// A player and their values, in the current order (or clockwise from the starting player).
        #[arg(long = "player", value_name = "NAME[=VALUES]", required = true)]
        players: Vec<String>,
        /// A token held by a player, e.g. `--set naalu=Alice`.
        #[arg(long = "set", value_name = "TOKEN=PLAYER")]
        set: Vec<String>,
    },
    /// Check your own book folder or chart file, and report every problem with its file, line and column.
    Check {
        /// A book folder (with book.yaml) or one chart file.
        path: PathBuf,
    },
    /// Type in a chart the book only names (a `stub`: printed in a booklet it does not copy)
    /// from your own booklet, once: it is then rolled, shown and searched like the others.
    ///
    /// On a terminal it asks for the rows (a range, then the result in your words, `-> CHART`
    /// for a roll it calls for), showing what the die still misses; run it again to edit.
    /// Otherwise give the rows with --from FILE, one a line: `1-3  Scandal: -1 Public Approval`.
    /// The book is the one --book chooses: a shipped one, or one of your own whose charts have
    /// a `stub` (written beside it, as ID.transcribed.yaml).
    Transcribe(TranscribeArgs),
    /// Print a shell completion script (README: "Completions and the manual page"; `completions/` holds them too).
    Completions {
        /// The shell: bash, zsh, fish, powershell or elvish.
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Print the manual page, as roff: `flipbook man | man -l -` reads it (`man/flipbook.1`).
    Man,
}

#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    /// Begin a new game at turn 1; the game before is kept (`flipbook games`), its profile
    /// carried over.
    #[arg(long)]
    pub(crate) restart: bool,
    /// Do not ask before restarting.
    #[arg(long, requires = "restart")]
    pub(crate) yes: bool,
    /// Jump to a segment (e.g. fni, draw-chits, consequences).
    #[arg(long, value_name = "SEGMENT", value_parser = Known(Ids::Segments), hide_possible_values = true)]
    pub(crate) goto: Option<String>,
    /// With --goto: the turn.
    #[arg(long, value_name = "N", requires = "goto")]
    pub(crate) turn: Option<u32>,
    /// With --goto: the phase, by its id in the book's turn (a wrong one lists those that have
    /// the segment).
    #[arg(long, value_name = "PHASE", requires = "goto")]
    pub(crate) phase: Option<String>,
}

#[derive(Debug, Args)]
pub(crate) struct ReportArgs {
    /// An earlier game (`flipbook games` numbers them; default: the current game).
    #[arg(long, value_name = "N")]
    pub(crate) game: Option<u32>,
    /// Only this turn's story and dice (the plots stay the whole game's).
    #[arg(long, value_name = "N")]
    pub(crate) turn: Option<u32>,
    /// Write the plots as one SVG file (replaced whole; never a folder or a device).
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub(crate) svg: Option<PathBuf>,
    /// Write the story and its plots as one self-contained HTML page.
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub(crate) html: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub(crate) struct ChartArgs {
    /// The chart's id or alias (`flipbook charts` lists them).
    #[arg(value_parser = Known(Ids::Charts), hide_possible_values = true)]
    pub(crate) id: String,
    /// An input of the chart, e.g. `--set approval=7` or `--set orator=yes`.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = Known(Ids::Keys),
          hide_possible_values = true, value_hint = ValueHint::Other)]
    pub(crate) set: Vec<String>,
    /// An ad-hoc modifier from a card or counter the chart does not list (shown as "extra").
    #[arg(long = "drm", value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(i64).range(-MAX_DRM..=MAX_DRM))]
    pub(crate) drm: Vec<i64>,
}

#[derive(Debug, Args)]
pub(crate) struct RollArgs {
    /// A chart's id or alias, or dice: d6, d10, 2d6.
    #[arg(value_parser = Known(Ids::Targets), hide_possible_values = true)]
    pub(crate) target: String,
    /// An input of the chart, e.g. `--set approval=7`; missing ones are asked on a terminal.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = Known(Ids::Keys),
          hide_possible_values = true, value_hint = ValueHint::Other)]
    pub(crate) set: Vec<String>,
    /// A die you rolled yourself; give one per die, in the order they are rolled.
    #[arg(long = "roll", value_name = "N", allow_negative_numbers = true, value_delimiter = ' ', value_parser = clap::value_parser!(i64).range(-MAX_DRM..=MAX_DRM))]
    pub(crate) roll: Vec<i64>,
    /// An ad-hoc modifier from a card or counter the chart does not list (shown as "extra").
    #[arg(long = "drm", value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(i64).range(-MAX_DRM..=MAX_DRM))]
    pub(crate) drm: Vec<i64>,
    /// Do not add the roll to the open game's log (by default a game in progress logs it,
    /// marked as made outside `play`).
    #[arg(long)]
    pub(crate) no_log: bool,
}

#[derive(Debug, Args)]
pub(crate) struct TranscribeArgs {
    /// The chart's id or alias (`--list` shows which are still to transcribe).
    #[arg(required_unless_present_any = ["list", "export", "from"])]
    pub(crate) id: Option<String>,
    /// Read the rows from a text file (`RANGE  RESULT` a line; `#` comments); without an id,
    /// every chart of a file with `[id]` headings, as --export writes it.
    #[arg(long, value_name = "FILE")]
    pub(crate) from: Option<PathBuf>,
    /// List the charts the book only names: those still to transcribe, and yours (--json too).
    #[arg(long, conflicts_with_all = ["id", "from", "export"])]
    pub(crate) list: bool,
    /// Write all your transcriptions as one file (to FILE, or to standard output) that another
    /// player with the game can read with --from.
    #[arg(long, value_name = "FILE", num_args = 0..=1, conflicts_with_all = ["id", "from"])]
    #[allow(clippy::option_option)] // clap's form for a flag with an optional value
    pub(crate) export: Option<Option<PathBuf>>,
}

/// The whole command line, every command with the global options: for the help of all
/// commands (`flipbook help`), the man page and the completion scripts.
pub(crate) fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    // In its place (clap's `mut_subcommand` would move it to the end of the list).
    if let Some(play) = cmd.find_subcommand_mut("play") {
        *play = play_help(std::mem::take(play));
    }
    cmd.mut_subcommands(Globals::augment_args)
}

/// `play`'s long help: the table of its keys and line commands. Made only for the help, the man
/// page and `play` itself (a tenth of a start-up's instructions when every command made it).
fn play_help(play: clap::Command) -> clap::Command {
    play.long_about(crate::verbs::long_about())
}

/// The command line of this process, parsed. Only the command run is built with its arguments
/// and the global options (`defer`, `Globals`). The command tree clap built is not freed: the
/// process ends soon after, and freeing it took a tenth of a start-up's instructions.
pub(crate) fn parse() -> Result<Cli, clap::Error> {
    parse_from(std::env::args_os().collect())
}

fn parse_from(args: Vec<std::ffi::OsString>) -> Result<Cli, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    if let Some(cli) = plain(&args) {
        return Ok(cli);
    }
    let mut cmd = match invoked(&args) {
        // `flipbook help roll` shows a command's options, the global ones too.
        Some("help") => command(),
        None => Cli::command(),
        Some(name) => {
            let mut cmd = Cli::command();
            if let Some(sub) = cmd.find_subcommand_mut(name) {
                let mut full = Globals::augment_args(std::mem::take(sub));
                if name == "play" {
                    full = play_help(full);
                }
                *sub = full;
            }
            cmd
        }
    };
    let parsed = cmd.try_get_matches_from_mut(args).and_then(|mut matches| {
        // Taken out of the matches: `from_arg_matches` would copy them whole, the command's too.
        let before = Globals::from_arg_matches_mut(&mut matches)?;
        let globals = match matches.subcommand() {
            Some((_, after)) => before.overridden(after)?,
            None => before,
        };
        let command = Command::from_arg_matches_mut(&mut matches)?;
        // Like the command tree: not freed, the process ends soon after.
        std::mem::forget(matches);
        Ok(Cli { globals, command })
    });
    let parsed = parsed.map_err(|e| e.format(&mut cmd));
    std::mem::forget(cmd);
    parsed
}

/// The commonest command lines, a chart shown or a roll with nothing but its chart or dice
/// (`flipbook chart sotu`, `flipbook roll d10`), taken without clap: what clap makes of them is
/// known (the word as it is, every option at its default), and building and running clap's
/// parser for them was a third of the start-up's instructions (bench/README.md, "Start-up"). A test checks
/// that clap parses them the same.
fn plain(args: &[std::ffi::OsString]) -> Option<Cli> {
    let [_, command, word] = args else {
        return None;
    };
    let word = word
        .to_str()
        .filter(|w| !w.is_empty() && !w.starts_with('-'))?
        .to_string();
    let command = match command.to_str()? {
        "roll" => Command::Roll(RollArgs {
            target: word,
            set: Vec::new(),
            roll: Vec::new(),
            drm: Vec::new(),
            no_log: false,
        }),
        "chart" => Command::Chart(ChartArgs {
            id: word,
            set: Vec::new(),
            drm: Vec::new(),
        }),
        _ => return None,
    };
    let globals = Globals {
        book: crate::library::DEFAULT_BOOK.to_string(),
        new_player: false,
        no_new_player: false,
        seed: None,
        color: None,
        json: false,
    };
    Some(Cli { globals, command })
}

/// The command a command line runs: its first word that is neither an option nor the value of
/// a global option.
fn invoked(args: &[std::ffi::OsString]) -> Option<&str> {
    let mut words = args.iter().skip(1);
    while let Some(word) = words.next() {
        let word = word.to_str()?;
        match word {
            "--book" | "--seed" | "--color" => {
                words.next();
            }
            "--" => return None,
            w if w.starts_with('-') => {}
            w => return Some(w),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
        command().debug_assert();
    }

    fn parsed(line: &str) -> Cli {
        parse_from(line.split_whitespace().map(Into::into).collect()).unwrap()
    }

    #[test]
    fn the_plain_lines_taken_without_clap_are_parsed_as_clap_parses_them() {
        use clap::{CommandFactory, FromArgMatches};
        let words = |line: &str| -> Vec<std::ffi::OsString> {
            line.split_whitespace().map(Into::into).collect()
        };
        let by_clap = |line: &str| {
            let mut cmd = Cli::command().mut_subcommands(Globals::augment_args);
            let matches = cmd.try_get_matches_from_mut(words(line)).unwrap();
            format!("{:?}", Cli::from_arg_matches(&matches).unwrap())
        };
        for line in [
            "flipbook roll d10",
            "flipbook chart sotu",
            "flipbook roll sotu",
            "flipbook roll help",
            "flipbook chart 2d6",
            "flipbook roll approval=7",
            "flipbook chart élection",
        ] {
            let plain = plain(&words(line)).expect(line);
            assert_eq!(format!("{plain:?}"), by_clap(line), "{line}");
        }
        for line in [
            "flipbook roll",
            "flipbook roll -x",
            "flipbook roll d10 --json",
            "flipbook --json roll",
            "flipbook where x",
            "flipbook help roll",
            "flipbook roll --help",
        ] {
            assert!(plain(&words(line)).is_none(), "{line}");
        }
    }

    #[test]
    fn plays_long_help_is_made_when_asked_for() {
        let long = crate::verbs::long_about();
        for line in ["flipbook play --help", "flipbook help play"] {
            let words: Vec<std::ffi::OsString> = line.split_whitespace().map(Into::into).collect();
            let help = parse_from(words).unwrap_err().render().to_string();
            // The table's heading (its rows are wrapped to the terminal).
            let heading = long.lines().find(|l| l.starts_with("key ")).unwrap();
            assert!(help.contains(heading.trim_end()), "{line}: {help}");
        }
        let play = command();
        let play = play.find_subcommand("play").unwrap();
        assert_eq!(play.get_long_about().unwrap().to_string(), long);
    }

    #[test]
    fn the_command_run_is_the_first_word_not_an_option() {
        let words = |line: &str| -> Vec<std::ffi::OsString> {
            line.split_whitespace().map(Into::into).collect()
        };
        assert_eq!(invoked(&words("flipbook roll d10")), Some("roll"));
        assert_eq!(
            invoked(&words("flipbook --book ti4 --json order x")),
            Some("order")
        );
        assert_eq!(
            invoked(&words("flipbook --seed=4 --color never where")),
            Some("where")
        );
        assert_eq!(invoked(&words("flipbook --json")), None);
    }

    #[test]
    fn the_global_options_go_before_or_after_the_command() {
        let before = parsed("flipbook --book ti4 --seed 4 --json roll d10");
        let after = parsed("flipbook roll d10 --book ti4 --seed 4 --json");
        for cli in [before, after] {
            assert_eq!(cli.globals.book, "ti4");
            assert_eq!(cli.globals.seed, Some(4));
            assert!(cli.globals.json);
            assert!(matches!(cli.command, Command::Roll(_)));
        }
        // After the command wins, as it did when clap copied them into every command.
        let both =
            parsed("flipbook --book ti4 --seed 4 --new-player where --book awaw --no-new-player");
        assert_eq!(both.globals.book, "awaw");
        assert_eq!(both.globals.seed, Some(4));
        assert!(!both.globals.new_player && both.globals.no_new_player);
        let none = parsed("flipbook charts");
        assert_eq!(none.globals.book, crate::library::DEFAULT_BOOK);
        assert!(!none.globals.json && none.globals.seed.is_none());
    }
}
