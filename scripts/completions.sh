#!/usr/bin/env bash
# Regenerate the checked-in shell completions from the current command line.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet
bin=target/debug/flipbook
"$bin" completions bash > completions/flipbook.bash
"$bin" completions zsh > completions/_flipbook
"$bin" completions fish > completions/flipbook.fish
"$bin" completions powershell > completions/_flipbook.ps1
"$bin" completions elvish > completions/flipbook.elv
echo "completions/ regenerated"
