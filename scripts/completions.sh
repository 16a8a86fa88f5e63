#!/usr/bin/env bash
# Regenerate the checked-in completion scripts and the man page from the command line
# (tests/completions.rs and tests/man.rs fail when they are stale).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet
bin=target/debug/flipbook
"$bin" completions bash > completions/flipbook.bash
"$bin" completions zsh > completions/_flipbook
"$bin" completions fish > completions/flipbook.fish
"$bin" completions powershell > completions/_flipbook.ps1
"$bin" completions elvish > completions/flipbook.elv
"$bin" man > man/flipbook.1
