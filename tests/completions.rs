//! The checked-in completion scripts are what `flipbook completions SHELL` prints today.
//! Regenerate them with `scripts/completions.sh` after changing the command line.

mod common;
use common::{Env, repo};

const SHELLS: &[(&str, &str)] = &[
    ("bash", "flipbook.bash"),
    ("zsh", "_flipbook"),
    ("fish", "flipbook.fish"),
    ("powershell", "_flipbook.ps1"),
    ("elvish", "flipbook.elv"),
];

#[test]
fn checked_in_completions_are_fresh() {
    let env = Env::new();
    let mut stale = Vec::new();
    for (shell, file) in SHELLS {
        let (code, made, err) = env.run(&["completions", shell]);
        assert_eq!(code, 0, "{err}");
        assert!(made.contains("flipbook"), "{shell}: {made}");
        let path = repo().join("completions").join(file);
        let kept = std::fs::read_to_string(&path).unwrap_or_default();
        if kept != made {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale completions (run scripts/completions.sh): {}",
        stale.join(", ")
    );
}
