#!/usr/bin/env bash
# Start-up benchmark: `flipbook chart sotu` against `cat` of a file of the same size as the
# chart's output, and `flipbook roll d10` against `rolldice 1d10` (Debian package rolldice, when
# installed). Prints medians, the ratio to the reference of each, and peak memory.
# Then `chart sotu` with 1 and with 100 of the player's own books in the config folder: start-up
# does not read the books it does not use, so the two should take the same time.
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

# The player's own books: 1, then 100, in the config folder (each a book.yaml and a chart).
own_books() {
  local home=$1 n=$2
  for k in $(seq "$n"); do
    local d=$home/config/books/own-$k
    mkdir -p "$d"
    printf 'id: own-%s\ntitle: Own %s\ngame: A game of my own\nsource: my copy\n' "$k" "$k" > "$d/book.yaml"
    printf 'id: mine\ntitle: Mine\nprinted: my copy\ndie: d6\nrows:\n  - {row: "1-3", result: a}\n  - {row: "4-6", result: b}\n' > "$d/mine.yaml"
  done
}
own_books "$work/one" 1
own_books "$work/hundred" 100
if command -v hyperfine >/dev/null; then
  bm=()
  for h in one hundred; do
    FLIPBOOK_HOME=$work/$h hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/$h.json" \
      "$bin chart sotu" >/dev/null 2>&1
    bm+=("$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print(int(r["median"]*1e6), int(r["min"]*1e6))' "$work/$h.json")")
  done
  read -r m1 f1 <<< "${bm[0]}"
  read -r m100 f100 <<< "${bm[1]}"
  awk -v a="$m1" -v b="$m100" -v c="$f1" -v d="$f100" 'BEGIN {printf "chart sotu with 1 own book: %d µs, with 100: %d µs (%.2fx; fastest %d and %d µs, %.2fx)\n", a, b, b/a, c, d, d/c}'
fi
echo "binary: $(du -k "$bin" | cut -f1) KB, $(wc -c < "$work/chart.txt") bytes of chart output"
