#!/usr/bin/env bash
# Fuzzes every cargo-fuzz target of fuzz/ for SECONDS seconds each (default
# 1200), one after the other, then prints what was found.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`). cargo-fuzz uses nightly
# compiler flags; RUSTC_BOOTSTRAP=1 lets the stable toolchain accept them.
# Environment:
#   FUZZ_FORK=N       run N fuzzing processes per target (libFuzzer -fork=N)
#   FUZZ_SANITIZER=S  address (default), none, memory, thread, leak
#   FUZZ_TIMEOUT=S    seconds one input may take before it counts as a hang (10)
#
# New inputs are kept in fuzz/corpus/TARGET (seeded from fuzz/seeds/TARGET);
# crashes, hangs and out-of-memory inputs go to fuzz/artifacts/TARGET.
# Exit status: 0 if nothing new was found, 1 otherwise.
set -uo pipefail

seconds=${1:-1200}
shift || true
case $seconds in
'' | *[!0-9]*)
	echo "usage: $0 [SECONDS] [TARGET...]" >&2
	exit 2
	;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz" || exit 2
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
	echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2
	exit 2
fi

if [ $# -gt 0 ]; then
	targets=("$@")
else
	mapfile -t targets < <(cargo fuzz list)
fi

sanitizer=${FUZZ_SANITIZER:-address}
timeout=${FUZZ_TIMEOUT:-10}
marker=$(mktemp)
trap 'rm -f "$marker"' EXIT
declare -A status

echo "== building ${targets[*]} (sanitizer: $sanitizer)"
cargo fuzz build --sanitizer "$sanitizer" || exit 2

for target in "${targets[@]}"; do
	mkdir -p "corpus/$target" "artifacts/$target"
	dirs=("corpus/$target")
	[ -d "seeds/$target" ] && dirs+=("seeds/$target")
	args=(-max_total_time="$seconds" -timeout="$timeout" -print_final_stats=1)
	[ -f "dict/$target.dict" ] && args+=(-dict="dict/$target.dict")
	[ -n "${FUZZ_FORK:-}" ] && args+=(-fork="$FUZZ_FORK" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
	echo
	echo "== fuzzing $target for ${seconds}s"
	start=$(date +%s)
	cargo fuzz run --sanitizer "$sanitizer" "$target" "${dirs[@]}" -- "${args[@]}" 2>&1 |
		tee "artifacts/$target/last-run.log" |
		grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|stat::|==[0-9]+==|SUMMARY|thread .* panicked|Failing input|artifact_prefix|Test unit written)' || true
	code=${PIPESTATUS[0]}
	status[$target]="exit $code after $(($(date +%s) - start))s"
done

echo
echo "== summary"
found=0
for target in "${targets[@]}"; do
	corpus=$(find "corpus/$target" -type f | wc -l)
	echo "$target: ${status[$target]}, corpus $corpus inputs (log: fuzz/artifacts/$target/last-run.log)"
	while IFS= read -r artifact; do
		found=1
		echo "  NEW $(basename "$artifact") ($(wc -c <"$artifact") bytes):"
		head -c 600 "$artifact" | od -An -c | head -n 12 | sed 's/^/      /'
		echo "    reproduce: cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run $target $artifact"
		echo "    minimize:  cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz tmin $target $artifact"
	done < <(find "artifacts/$target" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' -o -name 'slow-unit-*' \) -newer "$marker")
	old=$(find "artifacts/$target" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) ! -newer "$marker" | wc -l)
	[ "$old" -gt 0 ] && echo "  ($old artifact(s) from earlier runs in fuzz/artifacts/$target)"
done
if [ "$found" -eq 0 ]; then
	echo "nothing found"
fi
exit "$found"
