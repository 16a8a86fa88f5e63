#!/usr/bin/env bash
# Limits benchmark (issue 18): time and peak memory of flipbook at the sizes it accepts.
#   - a 1 MiB rows file of 128k transcription rows (`transcribe scandal --from`)
#   - `games` with 2,000 kept games
#   - `games`, `log` and `--json log` of a log at the 16 MiB cap
#   - `profile` with a 16 MiB profile.json (refused past its cap)
# Peak memory from GNU time (/usr/bin/time -f %M). A measurement, not a test: nothing fails.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
fi
bin=${BIN:-$PWD/target/release/flipbook}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NO_COLOR=1 COLUMNS=100

# One run: its wall time (s) and peak RSS (MB), and its exit code.
measure() {
  local name=$1
  shift
  local s e kb rc
  s=$(date +%s%N)
  set +e
  /usr/bin/time -o "$work/time" -f %M "$@" >/dev/null 2>"$work/err"
  rc=$?
  set -e
  e=$(date +%s%N)
  kb=$(tail -1 "$work/time")
  printf '%-44s %7.3f s %8.1f MB  exit %d\n' "$name" \
    "$(awk -v n=$((e - s)) 'BEGIN {print n / 1e9}')" "$(awk -v k="$kb" 'BEGIN {print k / 1024}')" "$rc"
}

python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
# 128k rows of a d6 chart, one a line: a 1 MiB file.
with open(f"{work}/rows.txt", "w") as f:
    for n in range(1, 128_001):
        f.write(f"{n} r\n")
# 2,000 kept games, a few rolls each.
games = f"{work}/games/data/mr-president/games"
line = json.dumps({"turn": 3, "phase": "1", "segment": "fni", "chart": "fni", "natural": 4,
                   "total": 4, "row": "4", "result": "a result of a few words"}) + "\n"
for n in range(1, 2001):
    os.makedirs(f"{games}/{n}")
    with open(f"{games}/{n}/log.jsonl", "w") as f:
        f.write(line * 20)
# A log at the 16 MiB cap, with a bookmark (a game open).
big = f"{work}/big/data/mr-president"
os.makedirs(big)
with open(f"{big}/log.jsonl", "w") as f:
    size = 0
    while size + len(line) <= 16 * 1024 * 1024:
        f.write(line)
        size += len(line)
with open(f"{big}/bookmark.json", "w") as f:
    json.dump({"book": "mr-president", "turn": 3, "phase": "1", "segment": "fni"}, f)
# A 16 MiB profile.
prof = f"{work}/prof/data/mr-president"
os.makedirs(prof)
with open(f"{prof}/profile.json", "w") as f:
    f.write('{"orator": "' + "y" * (16 * 1024 * 1024 - 20) + '"}')
PY

printf '%-44s %9s %11s\n' "" "wall" "peak RSS"
FLIPBOOK_HOME=$work/rows measure "transcribe, 128k rows (1 MiB)" \
  "$bin" transcribe scandal --from "$work/rows.txt"
FLIPBOOK_HOME=$work/games measure "games, 2,000 kept games" "$bin" games
FLIPBOOK_HOME=$work/big measure "games, a 16 MiB log" "$bin" games
FLIPBOOK_HOME=$work/big measure "log, a 16 MiB log" "$bin" log
FLIPBOOK_HOME=$work/big measure "--json log, a 16 MiB log" "$bin" --json log
FLIPBOOK_HOME=$work/prof measure "profile, a 16 MiB profile.json" "$bin" profile
FLIPBOOK_HOME=$work/rows measure "reference: --version" "$bin" --version
