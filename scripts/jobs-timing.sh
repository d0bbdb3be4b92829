#!/usr/bin/env bash
# Times one trace read on 1, 2, … cores by one build, the runs alternating, and prints each
# --jobs value's best and median wall-clock time (a run on several cores is judged by the
# clock, not by CPU time). The machine's speed drifts: compare within one run of this script.
#
#   scripts/jobs-timing.sh TRACE BINARY                 # all rules, --jobs 1 and 2, 8 rounds
#   ROUNDS=5 JOBS="1 2 4" MODE=events scripts/jobs-timing.sh TRACE BINARY
set -euo pipefail
rounds="${ROUNDS:-8}"
jobs="${JOBS:-1 2}"
mode="${MODE:-all}"
trace="$1"
binary="$2"
samples="$(mktemp)"
trap 'rm -f "$samples"' EXIT
for round in $(seq "$rounds"); do
  for n in $jobs; do
    if [ "$mode" = events ]; then arguments=(events --quiet --year 2024 --jobs "$n" "$trace"); else arguments=(--year 2024 --no-config --jobs "$n" "$trace"); fi
    start=$(date +%s%N)
    "$binary" "${arguments[@]}" >/dev/null 2>&1 || true
    echo "$n $(( ($(date +%s%N) - start) / 1000000 ))" >>"$samples"
  done
done
sort -k1,1n -k2n "$samples" | awk '
  { times[$1] = times[$1] " " $2; n[$1]++ }
  END { for (j in times) { split(substr(times[j], 2), t, " "); printf "--jobs %s: best %.3f s, median %.3f s (%d runs)\n", j, t[1] / 1000, t[int((n[j] + 1) / 2)] / 1000, n[j] } }'
