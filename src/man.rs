//! The manual page, made from the same clap command as `--help` (`clap_mangen`), with the
//! sections a player looks for: every command with its options and examples, the files, the
//! exit status. A build-time tool, not part of the binary: `man/flipbook.1` is this page,
//! checked in and printed by `flipbook man`; the test below fails when it is stale and writes
//! it afresh with `FLIPBOOK_WRITE_MAN=1` (`scripts/completions.sh`).

use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, italic, roman};
use std::fmt::Write as _;

/// The page, as roff.
pub(crate) fn page() -> String {
    let mut cmd = crate::cli::command().disable_help_subcommand(true);
    cmd.build();
    let man = Man::new(cmd.clone()).manual("User Commands");
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = man.render_title(&mut out);
    let _ = man.render_name_section(&mut out);
    let _ = man.render_synopsis_section(&mut out);
    let _ = man.render_description_section(&mut out);
    let _ = man.render_options_section(&mut out);
    let mut roff = Roff::new();
    commands(&mut roff, &cmd);
    files(&mut roff);
    environment(&mut roff);
    exit_status(&mut roff);
    examples(&mut roff, &cmd);
    see_also(&mut roff);
    let mut text = String::from_utf8_lossy(&out).into_owned();
    text.push_str(&roff.to_roff());
    ascii(&text)
}

/// Roff is read as ASCII by some formatters (groff without preconv): every other character as
/// its `\[uXXXX]` escape.
fn ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let _ = write!(out, "\\[u{:04X}]", u32::from(c));
        }
    }
    out
}

/// Each command: its usage, what it does, its own options (the global ones are above), and
/// its examples.
fn commands(roff: &mut Roff, cmd: &clap::Command) {
    roff.control("SH", ["COMMANDS"]);
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let usage = sub.clone().render_usage().to_string();
        let usage = usage.trim_start_matches("Usage: ").to_string();
        roff.control("SS", [usage.as_str()]);
        if let Some(about) = sub.get_long_about().or_else(|| sub.get_about()) {
            paragraphs(roff, &about.to_string());
        }
        let own: Vec<_> = sub
            .get_arguments()
            .filter(|a| !global(a) && !a.is_hide_set() && a.get_id() != "help")
            .collect();
        if !own.is_empty() {
            roff.control("RS", []);
            for arg in own {
                option(roff, arg);
            }
            roff.control("RE", []);
        }
        if let Some(after) = sub.get_after_help() {
            verbatim(roff, &after.to_string());
        }
    }
}

/// One of the options every command takes (shown once, above the commands).
fn global(arg: &clap::Arg) -> bool {
    arg.get_help_heading() == Some(crate::cli::GLOBAL)
}

/// One argument: its name and value, then its help.
fn option(roff: &mut Roff, arg: &clap::Arg) {
    let value = arg.get_value_names().map_or_else(
        || arg.get_id().to_string().to_uppercase(),
        |v| {
            v.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        },
    );
    let takes = arg.get_num_args().is_some_and(|n| n.takes_values());
    let head = match arg.get_long() {
        Some(long) if takes => vec![bold(format!("--{long}")), roman(" "), italic(value)],
        Some(long) => vec![bold(format!("--{long}"))],
        None => vec![italic(value)],
    };
    roff.control("TP", []);
    roff.text(head);
    if let Some(help) = arg.get_long_help().or_else(|| arg.get_help()) {
        roff.text([roman(help.to_string())]);
    }
}

/// Text with blank lines between paragraphs.
fn paragraphs(roff: &mut Roff, text: &str) {
    for (i, para) in text.split("\n\n").enumerate() {
        if i > 0 {
            roff.control("PP", []);
        }
        if para.lines().any(|l| l.starts_with(' ')) {
            table(roff, para);
        } else {
            roff.text([roman(para.replace('\n', " "))]);
        }
    }
}

/// A paragraph of items, each a line and its text indented below it (`play`'s keys): a
/// labelled paragraph each.
fn table(roff: &mut Roff, para: &str) {
    let mut lines = para.lines().peekable();
    while let Some(term) = lines.next() {
        let mut text = Vec::new();
        while let Some(l) = lines.next_if(|l| l.starts_with(' ')) {
            text.push(l.trim());
        }
        item(roff, term.trim_end(), &text.join(" "));
    }
}

/// Lines kept as written (examples).
fn verbatim(roff: &mut Roff, text: &str) {
    roff.control("PP", []);
    roff.control("nf", []);
    for line in text.lines() {
        roff.text([roman(line)]);
    }
    roff.control("fi", []);
}

/// A labelled paragraph: a bold term and its text.
fn item(roff: &mut Roff, term: &str, text: &str) {
    roff.control("TP", []);
    roff.text([bold(term)]);
    roff.text([roman(text)]);
}

fn files(roff: &mut Roff) {
    roff.control("SH", ["FILES"]);
    roff.text([roman(
        "flipbook keeps the settings and your own books in the config folder, and the games \
         in the data folder: on Linux ~/.config/flipbook and ~/.local/share/flipbook, on \
         macOS ~/Library/Application Support/flipbook (both), on Windows \
         %APPDATA%\\flipbook\\config and %APPDATA%\\flipbook\\data. FLIPBOOK_HOME moves \
         both, to $FLIPBOOK_HOME/config and $FLIPBOOK_HOME/data.",
    )]);
    item(
        roff,
        "CONFIG/settings.yaml",
        "The settings, every key optional: new_player (true or false), difficulty (one of the \
         book's choices, a plain word), color (auto, always, never), dice (tool: flipbook rolls; hand: you \
         type in what you rolled).",
    );
    item(
        roff,
        "CONFIG/books/BOOK/",
        "Your own books: a chart file there replaces the embedded chart of the same id, after \
         the same validation (flipbook check reports its problems); a folder with a book.yaml \
         is a book of its own.",
    );
    item(
        roff,
        "DATA/BOOK/bookmark.json",
        "Where the current game of the book stands; written whole or not at all.",
    );
    item(
        roff,
        "DATA/BOOK/log.jsonl",
        "The current game's log: every roll and chit drawn, one JSON object a line.",
    );
    item(
        roff,
        "DATA/BOOK/profile.json",
        "The current game's profile: the answers kept for the game.",
    );
    item(
        roff,
        "DATA/BOOK/games/N/",
        "The earlier games (flipbook play --restart keeps the game before it here): their log, \
         bookmark and profile.",
    );
}

fn environment(roff: &mut Roff) {
    roff.control("SH", ["ENVIRONMENT"]);
    item(
        roff,
        "FLIPBOOK_HOME",
        "Moves the config and data folders to $FLIPBOOK_HOME/config and $FLIPBOOK_HOME/data.",
    );
    item(
        roff,
        "NO_COLOR",
        "When not empty, no colour (as --color never).",
    );
}

fn exit_status(roff: &mut Roff) {
    roff.control("SH", ["EXIT STATUS"]);
    item(roff, "0", "Done.");
    item(
        roff,
        "1",
        "Something else failed: a broken chart file of your own (reported with file, line and \
         column), a file that cannot be read or written.",
    );
    item(
        roff,
        "2",
        "Bad input: an unknown chart or book (the nearest ids are suggested), a die or value out \
         of range, a malformed --set, a missing input when nothing can be asked, a line play \
         did not understand.",
    );
    item(
        roff,
        "129, 130, 143",
        "Hung up (SIGHUP), interrupted (SIGINT, Ctrl-C) or terminated (SIGTERM): 128 + the \
         signal; at a question, the terminal is left as it was found (its modes, the cursor). \
         130 also when a question is cancelled.",
    );
}

fn examples(roff: &mut Roff, cmd: &clap::Command) {
    roff.control("SH", ["EXAMPLES"]);
    if let Some(after) = cmd.get_after_help() {
        let text = after.to_string();
        // The examples, without the note after them.
        let lines = text.trim_start_matches("Examples:\n");
        verbatim(roff, lines.split("\n\n").next().unwrap_or_default());
    }
    roff.control("PP", []);
    roff.text([roman(
        "The commands above have more examples each; flipbook COMMAND --help shows them too.",
    )]);
}

fn see_also(roff: &mut Roff) {
    roff.control("SH", ["SEE ALSO"]);
    roff.text([roman(
        "README.md, docs/GUIDE.md (the whole of each command) and BOOKS.md (writing a book for your own game) in the source.",
    )]);
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[test]
    fn the_checked_in_man_page_is_made_from_the_command_line() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("man/flipbook.1");
        let made = super::page();
        if std::env::var_os("FLIPBOOK_WRITE_MAN").is_some() {
            std::fs::write(&path, &made).expect("man/flipbook.1 is writable");
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            kept == made,
            "man/flipbook.1 is stale (run scripts/completions.sh)"
        );
    }
}
