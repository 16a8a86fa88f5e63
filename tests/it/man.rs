//! `flipbook man` prints the checked-in manual page, with the sections a player looks for.
//! The page is made from the command line by a unit test (`src/man.rs`), which fails when it
//! is stale: regenerate it with `scripts/completions.sh` after changing the command line.

use crate::common;
use common::{Env, repo};

#[test]
fn man_prints_the_checked_in_page() {
    let (code, made, err) = Env::new().run(&["man"]);
    assert_eq!(code, 0, "{err}");
    let kept = std::fs::read_to_string(repo().join("man/flipbook.1")).unwrap_or_default();
    assert!(kept == made, "flipbook man does not print man/flipbook.1");
}

#[test]
fn the_man_page_has_the_sections_a_player_needs() {
    let (_, page, _) = Env::new().run(&["man"]);
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH DESCRIPTION",
        ".SH \"GLOBAL OPTIONS\"",
        ".SH COMMANDS",
        ".SH FILES",
        ".SH ENVIRONMENT",
        ".SH \"EXIT STATUS\"",
        ".SH EXAMPLES",
    ] {
        assert!(page.contains(section), "no {section}");
    }
    for word in [
        "settings.yaml",
        "bookmark.json",
        "log.jsonl",
        "profile.json",
        "games/N/",
        "FLIPBOOK_HOME",
        "130",
        "flipbook roll [OPTIONS] <TARGET>",
    ] {
        assert!(page.contains(word), "no {word}");
    }
    assert!(
        page.is_ascii(),
        "roff is kept to ASCII (escapes for the rest)"
    );
}

#[test]
fn man_renders_the_page_when_man_is_installed() {
    let path = repo().join("man/flipbook.1");
    let Ok(out) = std::process::Command::new("man")
        .arg("-l")
        .arg(&path)
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .env("MANWIDTH", "80")
        .output()
    else {
        eprintln!("man is not installed: skipped");
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("EXIT STATUS"), "{text}");
}
