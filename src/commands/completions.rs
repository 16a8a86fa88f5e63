//! `completions`: the completion script for a shell, made from the command line (`cli.rs`),
//! with the embedded ids `complete.rs` reports as the possible values.

use clap_complete::Shell;
use std::fmt::Write as _;

/// The completion script for a shell, as `clap_complete` writes it; fish's gets the values of
/// the positional arguments too, which `clap_complete`'s fish generator leaves out.
pub(crate) fn script(shell: Shell) -> String {
    let mut cmd = crate::cli::command();
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut cmd, "flipbook", &mut buf);
    let mut text = String::from_utf8_lossy(&buf).into_owned();
    if shell == Shell::Fish {
        cmd.build();
        for sub in cmd.get_subcommands() {
            for arg in sub.get_positionals() {
                let Some(values) = arg.get_value_parser().possible_values() else {
                    continue;
                };
                let values: Vec<String> = values
                    .map(|v| {
                        let help = v.get_help().map(ToString::to_string).unwrap_or_default();
                        if help.is_empty() {
                            v.get_name().to_string()
                        } else {
                            format!("{}\\t'{}'", v.get_name(), help.replace('\'', "\\'"))
                        }
                    })
                    .collect();
                let _ = writeln!(
                    text,
                    "complete -c flipbook -n \"__fish_flipbook_using_subcommand {}\" -f -a \"{}\"",
                    sub.get_name(),
                    values.join("\n")
                );
            }
        }
    }
    text
}
