//! The player's settings and where flipbook keeps its files (the platform's config and data
//! folders, or `$FLIPBOOK_HOME/config` and `$FLIPBOOK_HOME/data`).

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Moves both folders under one directory (tests use it).
pub const HOME_ENV: &str = "FLIPBOOK_HOME";
pub const SETTINGS_FILE: &str = "settings.yaml";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    Easier,
    #[default]
    Normal,
    Harder,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

/// Who rolls the dice when no `--roll` is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum DiceBy {
    /// The tool rolls.
    #[default]
    Tool,
    /// The player rolls and types the dice in (on a terminal; empty lets the tool roll).
    Hand,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// Use the optional new-player DRM (-1) unless `--no-new-player` says otherwise.
    pub new_player: bool,
    pub difficulty: Difficulty,
    pub color: ColorChoice,
    pub dice: DiceBy,
}

/// The config and data folders.
#[derive(Debug, Clone)]
pub struct Dirs {
    pub config: PathBuf,
    pub data: PathBuf,
}

impl Dirs {
    pub fn find() -> Option<Dirs> {
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
    pub fn load(config: Option<&Path>) -> Result<Settings> {
        let Some(path) = config.map(|c| c.join(SETTINGS_FILE)) else {
            return Ok(Settings::default());
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Settings::default()),
            Err(e) => return Err(Error::Other(format!("{}: {e}", path.display()))),
        };
        if text.trim().is_empty() {
            return Ok(Settings::default());
        }
        serde_yaml::from_str(&text).map_err(|e| {
            let p = crate::validate::yaml_problem(&path.display().to_string(), &text, 0, &e);
            Error::Broken(format!("broken settings: {p}"))
        })
    }
}

/// Write a file so that a reader never sees half of it: a temporary file beside it, then rename.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })?;
    Ok(())
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
        assert_eq!(s.difficulty, Difficulty::Easier);
        assert_eq!(s.color, ColorChoice::Never);
        assert_eq!(s.dice, DiceBy::Hand);
    }

    #[test]
    fn a_broken_settings_file_names_its_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(SETTINGS_FILE),
            "new_player: true\ndifficulty: hardest\n",
        )
        .unwrap();
        let err = Settings::load(Some(dir.path())).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("settings.yaml:2:"), "{msg}");
        assert!(matches!(err, Error::Broken(_)));
    }

    #[test]
    fn atomic_write_replaces_whole() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a/b.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        assert_eq!(std::fs::read_dir(p.parent().unwrap()).unwrap().count(), 1);
    }
}
