#!/usr/bin/env bash
# Remakes link/startup.order: the functions the release binary runs when it starts, which build.rs
# hands to the linker (LLD's --symbol-ordering-file) so that they lie side by side and a start-up
# touches few pages of the binary (bench/README.md, "Start-up"). Run it after a change of toolchain or of
# Cargo.lock (the names carry a hash of both), or when the commands below run other code.
# Needs valgrind (`apt-get install valgrind`) and python3; the build must link with LLD (Rust 1.90
# or later on x86-64 Linux, the default), which writes the map the names are read from.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "startup-order.sh: needs valgrind" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
FLIPBOOK_LINK_MAP=$work/flipbook.map cargo build --release --quiet
# A plain build again, so that target/ is left as `cargo build --release` makes it.
trap 'rm -rf "$work" link/startup.order.new; cargo build --release --quiet' EXIT
if [ ! -s "$work/flipbook.map" ]; then
  echo "startup-order.sh: the linker wrote no map: this build does not link with LLD" >&2
  exit 2
fi
bin=$PWD/target/release/flipbook
export FLIPBOOK_HOME=$work/home NO_COLOR=1 COLUMNS=100
i=0
# The start-ups measured by bench/run.sh, and the other one-shot commands most run.
while read -r line; do
  i=$((i + 1))
  read -ra args <<<"$line"
  valgrind --tool=callgrind --dump-instr=yes --compress-pos=no --compress-strings=no --callgrind-out-file="$work/cg.$i" \
    "$bin" "${args[@]}" >/dev/null 2>&1 </dev/null || true
done <<'COMMANDS'
chart sotu
roll d10
--version
--help
roll 2d6
roll 2d6 --json
chart sotu --json
charts
books
where
track
search election
COMMANDS

python3 - "$work/flipbook.map" "$bin" "$work"/cg.* >link/startup.order.new <<'PY'
import bisect, re, sys
# The linker's map: each function's section (.text.<symbol>), where it lies and its size.
secs = []
pat = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s+\S.*:\(\.text\.(\S+)\)\s*$")
for line in open(sys.argv[1]):
    m = pat.match(line)
    if m:
        # LLVM files rarely run functions under .text.unlikely.<symbol> (and hot ones under .hot.).
        name = re.sub(r"^(unlikely|hot|startup|exit)\.", "", m.group(3))
        secs.append((int(m.group(1), 16), int(m.group(2), 16), name))
secs.sort()
starts = [s[0] for s in secs]
binary = sys.argv[2]
order, runs = [], {}
# Every instruction run in the binary (callgrind --dump-instr): a stripped binary's functions
# have no names, and one reached by a tail call would not show as a function of its own.
pos = re.compile(r"^(0x[0-9a-f]+|[+-]\d+|\*)\s")
for path in sys.argv[3:]:
    ob, addr, seen = None, 0, set()
    for line in open(path):
        # Names written out in full (--compress-strings=no): the object of the lines below.
        if line.startswith("ob="):
            ob = line[3:].rstrip("\n")
            continue
        m = pos.match(line)
        if not m:
            continue
        p = m.group(1)
        if p.startswith("0x"):
            addr = int(p, 16)
        elif p != "*":
            addr += int(p)
        if ob != binary:
            continue
        k = bisect.bisect_right(starts, addr) - 1
        if k >= 0 and addr < secs[k][0] + secs[k][1] and secs[k][2] not in seen:
            seen.add(secs[k][2])
            if secs[k][2] not in runs:
                order.append(secs[k][2])
            runs[secs[k][2]] = runs.get(secs[k][2], 0) + 1
# What every start-up runs first, then what fewer commands run: a command touches the common
# part and its own, not the code of the commands listed before it.
order.sort(key=lambda name: -runs[name])
if len(order) < 100:
    sys.exit(f"startup-order.sh: only {len(order)} functions found; is the build stripped by LLD?")
print("\n".join(order))
PY
mv link/startup.order.new link/startup.order
echo "link/startup.order: $(wc -l <link/startup.order) functions"
