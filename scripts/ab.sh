#!/usr/bin/env bash
# Times two mcperrlint binaries against the no-op floor on one module, side
# by side: each round runs the floor, the old binary and the new one in
# turn, so that the machine's drift falls on all three alike. Prints the
# medians and the ratios to the floor.
#
#   scripts/ab.sh OLD NEW NOOP DIR [ROUNDS]
#
# OLD and NEW are mcperrlint binaries (go build -o /tmp/new ./cmd/mcperrlint;
# the old one from a worktree of the commit to compare with), NOOP the
# floor's (scripts/bench.sh builds it into ~/.cache/mcperrlint-bench/bin),
# DIR the module to lint (./... in it). Each binary runs once untimed first,
# to fill its dependency cache.
set -euo pipefail
if [[ $# -lt 4 ]]; then
	sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
fi
old=$1 new=$2 noop=$3 dir=$4 rounds=${5:-7}
cd "$dir"
"$old" ./... >/dev/null 2>&1 || true
"$new" ./... >/dev/null 2>&1 || true
times=$(mktemp)
trap 'rm -f "$times"' EXIT
run() { # name binary
	local s e
	s=$(date +%s.%N)
	"$2" ./... >/dev/null 2>&1 || true
	e=$(date +%s.%N)
	echo "$1 $(echo "$e - $s" | bc)" >>"$times"
}
for _ in $(seq "$rounds"); do
	run floor "$noop"
	run old "$old"
	run new "$new"
done
median() { grep "^$1 " "$times" | awk '{print $2}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
f=$(median floor) o=$(median old) n=$(median new)
printf 'floor %.2f s\nold   %.2f s  %.2fx\nnew   %.2f s  %.2fx\n' "$f" "$o" "$(echo "$o / $f" | bc -l)" "$n" "$(echo "$n / $f" | bc -l)"
