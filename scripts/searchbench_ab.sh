#!/usr/bin/env bash
# Compares two builds of `mancala searchbench` on processor time: runs them
# alternately N times each and prints the median of each ruleset's and the
# suite's `nodes/s of CPU time`, in millions, and the ratio B/A.
#
#   scripts/searchbench_ab.sh N OLD_BINARY NEW_BINARY [searchbench options]
#
# e.g. scripts/searchbench_ab.sh 61 /tmp/mancala-main target/release/mancala
#      scripts/searchbench_ab.sh 15 old new --depth 13
# Set PAUSE=PATTERN to stop (SIGSTOP) processes matching PATTERN during the
# runs and resume them afterwards (background matches, say).
set -euo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 RUNS OLD_BINARY NEW_BINARY [searchbench options]" >&2
    exit 2
fi
runs=$1 a=$2 b=$3
shift 3
for bin in "$a" "$b"; do
    [ -x "$bin" ] || { echo "$0: $bin is not an executable" >&2; exit 2; }
done
out=$(mktemp)
trap 'rm -f "$out"; [ -n "${PAUSE:-}" ] && pkill -CONT -f "$PAUSE" || true' EXIT
[ -n "${PAUSE:-}" ] && pkill -STOP -f "$PAUSE" || true
for _ in $(seq "$runs"); do
    for side in A B; do
        bin=$a; [ "$side" = B ] && bin=$b
        "$bin" searchbench "$@" | awk -v t="$side" '
            /nodes\/s of CPU time:/ { print t, "suite", $NF }
            / depth / { print t, $1, $(NF-4) }'
    done
done > "$out"
python3 - "$out" <<'PY'
import collections, statistics, sys
rates = collections.defaultdict(list)
names = []
for line in open(sys.argv[1]):
    side, name, value = line.split()
    rates[(name, side)].append(float(value) / 1e6)
    if name not in names:
        names.append(name)
print(f"{'':30s} {'A':>7s} {'B':>7s}   B/A")
for name in names:
    a = statistics.median(rates[(name, "A")])
    b = statistics.median(rates[(name, "B")])
    print(f"{name:30s} {a:7.2f} {b:7.2f}  {b / a:.3f}")
PY
