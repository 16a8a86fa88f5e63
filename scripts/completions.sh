#!/usr/bin/env bash
# Regenerate the checked-in completion scripts from the command line (tests/completions.rs
# fails when they are stale).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet
bin=target/debug/flipbook
"$bin" completions bash > completions/flipbook.bash
"$bin" completions zsh > completions/_flipbook
"$bin" completions fish > completions/flipbook.fish
"$bin" completions powershell > completions/_flipbook.ps1
"$bin" completions elvish > completions/flipbook.elv
