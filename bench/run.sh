#!/usr/bin/env bash
# Start-up benchmark: `flipbook chart sotu` against `cat` of a file of the same size as the
# chart's output, and `flipbook roll d10` against `rolldice 1d10` (Debian package rolldice, when
# installed). Prints medians, the ratio to the reference of each, and peak memory.
# Then `chart sotu` and `roll d10` with 0 and with 100 of the player's own books in the config
# folder (bench/books.sh): start-up does not read the books it does not use, so the two should
# take the same time.
# Uses hyperfine when installed, else a plain timing loop; rolldice is optional. On Debian or
# Ubuntu: `apt-get install hyperfine rolldice` (rolldice lands in /usr/games).
# It is a measurement, not a test: nothing fails on a slow machine.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-300}
# BIN=path/to/flipbook times another build (the static one below, for example).
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
fi
bin=${BIN:-$PWD/target/release/flipbook}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FLIPBOOK_HOME=$work/home NO_COLOR=1 COLUMNS=100
"$bin" chart sotu > "$work/chart.txt"
cmds=("cat $work/chart.txt" "$bin chart sotu" "$bin roll d10" "$bin --version")
names=("cat (same size)" "flipbook chart sotu" "flipbook roll d10" "flipbook --version")
rolldice=$(command -v rolldice || ls /usr/games/rolldice 2>/dev/null || true)
if [ -n "$rolldice" ]; then
  cmds+=("$rolldice 1d10")
  names+=("rolldice 1d10")
fi

medians=()
if command -v hyperfine >/dev/null; then
  hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/h.json" "${cmds[@]}" >/dev/null 2>&1
  mapfile -t medians < <(python3 -c '
import json,sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(int(r["median"]*1e6))' "$work/h.json")
  # The fastest run too: on a busy machine it follows the program more than the load does.
  mapfile -t fastest < <(python3 -c '
import json,sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(int(r["min"]*1e6))' "$work/h.json")
  tool="hyperfine $(hyperfine --version | cut -d" " -f2), $runs runs"
else
  for c in "${cmds[@]}"; do
    ts=()
    for _ in $(seq "$runs"); do
      s=$(date +%s%N); $c >/dev/null; e=$(date +%s%N); ts+=($(( (e - s) / 1000 )))
    done
    medians+=("$(printf '%s\n' "${ts[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')")
  done
  tool="shell loop, $runs runs (install hyperfine for better figures)"
fi

echo "start-up, median of $tool; peak memory from GNU time"
printf '%-28s %10s %8s %10s %8s %10s\n' command median "x cat" fastest "x cat" "peak RSS"
for i in "${!cmds[@]}"; do
  if [ -x /usr/bin/time ]; then
    kb=$(/usr/bin/time -f %M ${cmds[$i]} 2>&1 >/dev/null | tail -1)
    mem="$(awk -v k="$kb" 'BEGIN {printf "%.1f MB", k/1024}')"
  else
    mem="n/a"
  fi
  ratio=$(awk -v a="${medians[$i]}" -v b="${medians[0]}" 'BEGIN {printf "%.2f", a/b}')
  fast=${fastest[$i]:-}
  fratio=$([ -n "$fast" ] && awk -v a="$fast" -v b="${fastest[0]}" 'BEGIN {printf "%.2f", a/b}' || true)
  printf '%-28s %7s µs %8s %7s µs %6s %10s\n' "${names[$i]}" "${medians[$i]}" "$ratio" \
    "${fast:-–}" "${fratio:-–}" "$mem"
done
if [ -n "$rolldice" ]; then
  last=$((${#cmds[@]} - 1))
  awk -v a="${medians[2]}" -v b="${medians[$last]}" 'BEGIN {printf "flipbook roll d10 / rolldice 1d10: %.2f (median)", a/b}'
  if [ -n "${fastest[2]:-}" ]; then
    awk -v a="${fastest[2]}" -v b="${fastest[$last]}" 'BEGIN {printf ", %.2f (fastest)", a/b}'
  fi
  echo
fi

# The player's own books: 0, then 100, in the config folder (bench/books.sh).
BIN=$bin RUNS=$runs bench/books.sh
echo "binary: $(du -k "$bin" | cut -f1) KB, $(wc -c < "$work/chart.txt") bytes of chart output"
