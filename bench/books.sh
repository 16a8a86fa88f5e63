#!/usr/bin/env bash
# Start-up with the player's own books (issue 29): `chart sotu` and `roll d10` with 0 and with
# 100 of the player's books in the config folder (each a book.yaml and a chart; every tenth
# extends a shipped book, with an amend.yaml), and a roll on one of the hundred. Start-up reads
# only the folder of the book it uses, so the two columns should be alike. Prints the median and
# the fastest run (hyperfine, else a shell loop) and, with valgrind, the instructions run.
# It is a measurement, not a test: nothing fails on a slow machine.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-300}
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet
fi
bin=${BIN:-$PWD/target/release/flipbook}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NO_COLOR=1 COLUMNS=100

own_books() {
  local home=$1 n=$2
  mkdir -p "$home/config/books"
  for k in $(seq "$n"); do
    local d=$home/config/books/own-$k
    mkdir -p "$d"
    if [ $((k % 10)) -eq 0 ]; then
      printf 'id: own-%s\ntitle: Own %s\ngame: Ba$tard$ Inc.\nsource: house rules\nextends: bastards-inc\n' "$k" "$k" > "$d/book.yaml"
      printf 'rows:\n  - {chart: hand-size, row: any, with: {row: any, result: "Draw {total}"}}\n' > "$d/amend.yaml"
    else
      printf 'id: own-%s\ntitle: Own %s\ngame: A game of my own\nsource: my copy\n' "$k" "$k" > "$d/book.yaml"
    fi
    printf 'id: mine\ntitle: Mine\nprinted: my copy\ndie: d6\nrows:\n  - {row: "1-3", result: a}\n  - {row: "4-6", result: b}\n' > "$d/mine.yaml"
  done
}
own_books "$work/zero" 0
own_books "$work/hundred" 100

# One timing: "median fastest" in µs.
timing() {
  local home=$1; shift
  if command -v hyperfine >/dev/null; then
    FLIPBOOK_HOME=$home hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/h.json" \
      "$*" >/dev/null 2>&1
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print(int(r["median"]*1e6), int(r["min"]*1e6))' "$work/h.json"
  else
    local ts=()
    for _ in $(seq "$runs"); do
      s=$(date +%s%N); FLIPBOOK_HOME=$home "$@" >/dev/null; e=$(date +%s%N); ts+=($(( (e - s) / 1000 )))
    done
    printf '%s\n' "${ts[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)], a[1]}'
  fi
}

# The instructions a run takes (valgrind's callgrind), or "–".
instructions() {
  local home=$1; shift
  if command -v valgrind >/dev/null; then
    FLIPBOOK_HOME=$home valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
      | awk '/Collected/ {print $NF}'
  else
    echo "–"
  fi
}

printf '%-44s %22s %22s %8s %24s\n' command "0 books: median, min" "100: median, min" "100/0" "instructions 0 → 100"
for cmd in "chart sotu" "roll d10" "--book bastards-inc roll war --set stuff=2"; do
  read -r m0 f0 <<< "$(timing "$work/zero" "$bin" $cmd)"
  read -r m1 f1 <<< "$(timing "$work/hundred" "$bin" $cmd)"
  i0=$(instructions "$work/zero" "$bin" $cmd)
  i1=$(instructions "$work/hundred" "$bin" $cmd)
  printf '%-44s %10s µs %6s µs %10s µs %6s µs %8s %11s → %s\n' "$cmd" "$m0" "$f0" "$m1" "$f1" \
    "$(awk -v a="$m0" -v b="$m1" 'BEGIN {printf "%.2f", b/a}')" "$i0" "$i1"
done
# A book of the player's among the hundred, and one of them extending a shipped book.
for cmd in "--book own-42 roll mine" "--book own-40 roll hand-size --set vps=3 --set bonus=0"; do
  read -r m1 f1 <<< "$(timing "$work/hundred" "$bin" $cmd)"
  printf '%-44s %22s %10s µs %6s µs %8s %11s → %s\n' "${cmd:0:44}" "–" "$m1" "$f1" "" "" \
    "$(instructions "$work/hundred" "$bin" $cmd)"
done
