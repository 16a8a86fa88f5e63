//! The checked-in completion scripts are what `flipbook completions SHELL` prints today.
//! Regenerate them with `scripts/completions.sh` after changing the command line.

use crate::common;
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

/// Whether a program is on PATH (the shells other than bash are optional on a test machine).
fn have(program: &str) -> bool {
    std::process::Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

// Unix only: on Windows `bash` is found in System32 first (WSL's launcher), not a bash with
// completion; the checked-in scripts are compared above on every system.
#[cfg(unix)]
/// What bash's completion function offers for the words, the last one being completed.
fn bash_offers(words: &[&str]) -> Vec<String> {
    let script = repo().join("completions/flipbook.bash");
    let cword = words.len() - 1;
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let prev = words[cword - 1];
    let cur = words[cword];
    let line = format!(
        "source '{}'; COMP_WORDS=({}); COMP_CWORD={cword}; _flipbook flipbook '{cur}' '{prev}' 2>/dev/null; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        script.display(),
        quoted.join(" ")
    );
    let out = std::process::Command::new("bash")
        .args(["-c", &line])
        .output()
        .expect("bash runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

// Unix only: on Windows `bash` is found in System32 first (WSL's launcher), not a bash with
// completion; the checked-in scripts are compared above on every system.
#[cfg(unix)]
#[test]
fn bash_completes_chart_ids() {
    // The issue's check, word for word.
    let out = std::process::Command::new("bash")
        .current_dir(repo())
        .args([
            "-c",
            "source completions/flipbook.bash; COMP_WORDS=(flipbook roll so); COMP_CWORD=2; \
             _flipbook flipbook so roll; echo \"${COMPREPLY[@]}\"",
        ])
        .output()
        .expect("bash runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.split_whitespace().any(|w| w == "sotu"), "{said}");
}

// Unix only: on Windows `bash` is found in System32 first (WSL's launcher), not a bash with
// completion; the checked-in scripts are compared above on every system.
#[cfg(unix)]
#[test]
fn bash_completes_every_kind_of_id() {
    let cases: &[(&[&str], &str)] = &[
        (&["flipbook", "roll", "d1"], "d10"),
        (&["flipbook", "chart", "leg"], "legacy"),
        (&["flipbook", "play", "--goto", "f"], "fni"),
        (&["flipbook", "--book", "ti"], "ti4"),
        (&["flipbook", "roll", "--book", "bas"], "bastards-inc"),
        (&["flipbook", "order", "init"], "initiative"),
        (&["flipbook", "roll", "sotu", "--set", "appr"], "approval="),
    ];
    for (words, want) in cases {
        let got = bash_offers(words);
        assert!(got.iter().any(|w| w == want), "{words:?}: {got:?}");
    }
}

#[test]
fn fish_completes_chart_ids() {
    if !have("fish") {
        eprintln!("fish is not installed: skipped");
        return;
    }
    let script = repo().join("completions/flipbook.fish");
    for (line, want) in [
        ("flipbook roll so", "sotu"),
        ("flipbook play --goto f", "fni"),
        ("flipbook roll --book ti", "ti4"),
        ("flipbook roll sotu --set appr", "approval="),
    ] {
        let out = std::process::Command::new("fish")
            .args([
                "--no-config",
                "-c",
                &format!("source '{}'; complete -C '{line}'", script.display()),
            ])
            .output()
            .expect("fish runs");
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            said.lines().any(|l| l.split('\t').next() == Some(want)),
            "{line}: {said}{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Drives an interactive zsh in a pseudo-terminal (zsh's own zpty) and records every word the
/// completion system is handed.
const ZSH_CAPTURE: &str = r#"
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PROMPT=''; fpath=($1 \$fpath); autoload -U compinit; compinit -u -D"
zpty -w z 'compadd () { builtin compadd -O __hits "$@"; local w; for w in $__hits; do print -r -- "<<$w>>"; done; builtin compadd "$@" }'
zpty -w z 'bindkey "^I" complete-word'
zpty -n -w z "$2"$'\t'
sleep 1
local all="" line
while zpty -r -t z line; do all+="$line"; done
print -r -- "$all" | grep -o '<<[^>]*>>' | tr -d '<>'
zpty -d z
"#;

#[test]
fn zsh_completes_chart_ids() {
    if !have("zsh") {
        eprintln!("zsh is not installed: skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let capture = dir.path().join("capture.zsh");
    std::fs::write(&capture, ZSH_CAPTURE).unwrap();
    let fpath = repo().join("completions");
    for (line, want) in [
        ("flipbook roll so", "sotu"),
        ("flipbook play --goto f", "fni"),
        ("flipbook roll sotu --set appr", "approval="),
    ] {
        let out = std::process::Command::new("zsh")
            .arg("-f")
            .arg(&capture)
            .arg(&fpath)
            .arg(line)
            .output()
            .expect("zsh runs");
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(said.lines().any(|l| l == want), "{line}: {said}");
    }
}
