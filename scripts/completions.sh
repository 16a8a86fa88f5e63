#!/usr/bin/env bash
# Regenerate the checked-in completion scripts and the man page from the command line
# (tests/it/completions.rs and src/man.rs's test fail when they are stale).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet
bin=target/debug/flipbook
"$bin" completions bash > completions/flipbook.bash
"$bin" completions zsh > completions/_flipbook
"$bin" completions fish > completions/flipbook.fish
"$bin" completions powershell > completions/_flipbook.ps1
"$bin" completions elvish > completions/flipbook.elv
# The man page is made by a unit test (the binary prints the checked-in page).
FLIPBOOK_WRITE_MAN=1 cargo test --quiet --bin flipbook man:: >/dev/null
