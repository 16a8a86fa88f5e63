#!/usr/bin/env bash
# `report` on a large log: the scripted four-turn game's log, repeated to 16 MiB, read as text,
# JSON and an HTML page. Prints the wall time and the peak memory of each (GNU time).
# A measurement, not a test: nothing fails on a slow machine. BIN=path times another build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
fi
bin=${BIN:-$PWD/target/release/flipbook}
size=${SIZE_MIB:-16}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FLIPBOOK_HOME=$work/home NO_COLOR=1 COLUMNS=100
"$bin" --seed 2026 play < tests/transcripts/four-turns.in > /dev/null
log=$FLIPBOOK_HOME/data/mr-president/log.jsonl
cp "$log" "$work/one.jsonl"
while [ "$(stat -c %s "$log")" -lt $((size * 1024 * 1024)) ]; do
  cat "$work/one.jsonl" "$work/one.jsonl" "$work/one.jsonl" "$work/one.jsonl" >> "$log"
done
echo "log: $(stat -c %s "$log") bytes, $(wc -l < "$log") lines"
for args in "report" "--json report" "report --html $work/r.html"; do
  # shellcheck disable=SC2086
  /usr/bin/time -f "flipbook $args: %e s, peak %M KB" "$bin" $args > /dev/null
done 2>&1 | sed "s|$work/||"
