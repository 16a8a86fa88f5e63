#!/usr/bin/env bash
# Key-count benchmark: turn 1 of Mr. President in `flipbook play`'s key mode, driven in a real
# terminal (a private tmux server) with a fixed seed and the tool's dice, doing what the flipbook
# asks; prints the keys per segment and in all. Needs tmux and python3 (Debian: apt-get install
# tmux python3). A measurement, not a test: the figures go in bench/README.md (a summary in the README).
#   bench/keys.sh [--cols N] [--seed N] [--dice tool|hand] [--wait S] [--verbose]     BIN=path/to/flipbook to count another build
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
fi
exec python3 bench/keys.py "${BIN:-$PWD/target/release/flipbook}" "$@"
