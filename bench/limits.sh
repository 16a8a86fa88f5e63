#!/usr/bin/env bash
# Limits benchmark (issue 18): time and peak memory of flipbook at the sizes it accepts.
#   - a 1 MiB rows file of 128k transcription rows (`transcribe scandal --from`)
#   - `games` with 2,000 kept games
#   - `games`, `log` and `--json log` of a log at the 16 MiB cap
#   - `profile` with a 16 MiB profile.json (refused past its cap)
#   - `report` (text and --svg) of logs of 250k and 1,000,000 turns, a number given in each: its
#     time grows with the log, its memory stays bounded (issue 30: under 50 MB for 1,000,000)
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
# Logs of 250k and 1,000,000 turns, one roll a turn with a number given.
for n in (250_000, 1_000_000):
    d = f"{work}/report{n}/data/mr-president"
    os.makedirs(d)
    with open(f"{d}/log.jsonl", "w") as f:
        for t in range(1, n + 1):
            f.write(json.dumps({"turn": t, "phase": "1", "segment": "sotu", "chart": "sotu",
                                "inputs": {"approval": t % 10}, "natural": 3, "total": 3,
                                "result": "x", "id": str(t)}) + "\n")
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
for n in 250000 1000000; do
  FLIPBOOK_HOME=$work/report$n measure "report, $n turns" "$bin" report
  FLIPBOOK_HOME=$work/report$n measure "report --svg, $n turns" "$bin" report --svg "$work/r$n.svg"
done
FLIPBOOK_HOME=$work/rows measure "reference: --version" "$bin" --version
