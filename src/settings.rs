//! The player's settings and where flipbook keeps its files (the platform's config and data
//! folders, or `$FLIPBOOK_HOME/config` and `$FLIPBOOK_HOME/data`).

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Moves both folders under one directory (tests use it).
pub(crate) const HOME_ENV: &str = "FLIPBOOK_HOME";
pub(crate) const SETTINGS_FILE: &str = "settings.yaml";

/// The difficulty played, as the settings write it: a plain word the book gives meaning to (its
/// `knows: {difficulty: KEY}` input's choices, an option's `difficulty`), never one the code
/// knows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Difficulty(String);

impl Difficulty {
    /// As the settings file writes it.
    pub(crate) fn name(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Difficulty {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let word = String::deserialize(d)?;
        let plain = !word.is_empty()
            && word.len() <= 32
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if plain {
            Ok(Difficulty(word.to_ascii_lowercase()))
        } else {
            Err(serde::de::Error::custom(format!(
                "difficulty '{}' is not a plain word (letters, digits, - and _; the book names the choices)",
                word.chars()
                    .take(32)
                    .flat_map(char::escape_debug)
                    .collect::<String>()
            )))
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

/// Who rolls the dice when no `--roll` is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub(crate) enum DiceBy {
    /// The tool rolls.
    #[default]
    Tool,
    /// The player rolls and types the dice in (on a terminal; empty lets the tool roll).
    Hand,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct Settings {
    /// Use the optional new-player DRM (-1) unless `--no-new-player` says otherwise.
    pub(crate) new_player: bool,
    /// The difficulty played, when the settings say it.
    pub(crate) difficulty: Option<Difficulty>,
    pub(crate) color: ColorChoice,
    pub(crate) dice: DiceBy,
}

/// The config and data folders.
#[derive(Debug, Clone)]
pub(crate) struct Dirs {
    pub(crate) config: PathBuf,
    pub(crate) data: PathBuf,
}

impl Dirs {
    pub(crate) fn find() -> Option<Dirs> {
        if let Some(home) = std::env::var_os(HOME_ENV).filter(|h| !h.is_empty()) {
            let home = PathBuf::from(home);
            return Some(Dirs {
                config: home.join("config"),
                data: home.join("data"),
            });
        }
        let p = directories::ProjectDirs::from("", "", "flipbook")?;
        Some(Dirs {
            config: p.config_dir().to_path_buf(),
            data: p.data_dir().to_path_buf(),
        })
    }
}

impl Settings {
    /// The settings in `config`, or the defaults when there is no file.
    pub(crate) fn load(config: Option<&Path>) -> Result<Settings> {
        let Some(path) = config.map(|c| c.join(SETTINGS_FILE)) else {
            return Ok(Settings::default());
        };
        let Some(text) = crate::fs::read_optional(&path)? else {
            return Ok(Settings::default());
        };
        if text.trim().is_empty() {
            return Ok(Settings::default());
        }
        if let Some(p) =
            flipbook_charts::validate::depth_problem(&path.display().to_string(), &text)
        {
            return Err(Error::Broken(format!("broken settings: {p}")));
        }
        serde_yaml::from_str(&text).map_err(|e| {
            let p =
                flipbook_charts::validate::yaml_problem(&path.display().to_string(), &text, 0, &e);
            Error::Broken(format!("broken settings: {p}"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_or_empty_settings_are_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let s = Settings::load(Some(dir.path())).unwrap();
        assert!(!s.new_player);
        std::fs::write(dir.path().join(SETTINGS_FILE), "\n").unwrap();
        assert_eq!(Settings::load(Some(dir.path())).unwrap().dice, DiceBy::Tool);
    }

    #[test]
    fn settings_are_read() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(SETTINGS_FILE),
            "new_player: true\ndifficulty: easier\ncolor: never\ndice: hand\n",
        )
        .unwrap();
        let s = Settings::load(Some(dir.path())).unwrap();
        assert!(s.new_player);
        assert_eq!(s.difficulty.as_ref().map(Difficulty::name), Some("easier"));
        assert_eq!(s.color, ColorChoice::Never);
        assert_eq!(s.dice, DiceBy::Hand);
    }

    #[test]
    fn a_broken_settings_file_names_its_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(SETTINGS_FILE),
            "new_player: true\ndifficulty: [hard, harder]\n",
        )
        .unwrap();
        let err = Settings::load(Some(dir.path())).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("settings.yaml:2:"), "{msg}");
        assert!(matches!(err, Error::Broken(_)));
        // The book names the choices; the settings only hold a plain word.
        std::fs::write(dir.path().join(SETTINGS_FILE), "difficulty: very hard\n").unwrap();
        let msg = Settings::load(Some(dir.path())).unwrap_err().to_string();
        assert!(
            msg.contains("difficulty 'very hard' is not a plain word"),
            "{msg}"
        );
    }
}
