#!/usr/bin/env bash
# Times one trace read on 1, 2, … cores by one build, the runs alternating, and prints each
# --jobs value's best and median wall-clock time (a run on several cores is judged by the
# clock, not by CPU time). The machine's speed drifts: compare within one run of this script.
#
#   scripts/jobs-timing.sh TRACE BINARY                 # all rules, --jobs 1 and 2, 8 rounds
#   ROUNDS=5 JOBS="1 2 4" MODE=events scripts/jobs-timing.sh TRACE BINARY
#   JOBS=2 MODE=both scripts/jobs-timing.sh TRACE BINARY   # all rules and reading alternating,
#                                                          # and all rules' speed against reading's
set -euo pipefail
rounds="${ROUNDS:-8}"
jobs="${JOBS:-1 2}"
mode="${MODE:-all}"
trace="$1"
binary="$2"
modes=("$mode")
if [ "$mode" = both ]; then modes=(all events); fi
samples="$(mktemp)"
trap 'rm -f "$samples"' EXIT
for round in $(seq "$rounds"); do
  for n in $jobs; do
    for run in "${modes[@]}"; do
      if [ "$run" = events ]; then arguments=(events --quiet --year 2024 --jobs "$n" "$trace"); else arguments=(--year 2024 --no-config --jobs "$n" "$trace"); fi
      start=$(date +%s%N)
      "$binary" "${arguments[@]}" >/dev/null 2>&1 || true
      echo "$n $run $(( ($(date +%s%N) - start) / 1000000 ))" >>"$samples"
    done
  done
done
sort -k1,1n -k2,2 -k3n "$samples" | awk -v both="$([ "$mode" = both ] && echo 1 || echo 0)" '
  { key = $1 " " $2; times[key] = times[key] " " $3; n[key]++ }
  END {
    for (key in times) {
      split(key, k, " "); split(substr(times[key], 2), t, " ")
      best[key] = t[1] / 1000; median[key] = t[int((n[key] + 1) / 2)] / 1000
      label = both ? sprintf("--jobs %s, %s", k[1], k[2] == "all" ? "all rules" : "reading") : "--jobs " k[1]
      printf "%s: best %.3f s, median %.3f s (%d runs)\n", label, best[key], median[key], n[key]
    }
    if (both) for (key in times) {
      split(key, k, " "); if (k[2] != "all") continue
      reading = k[1] " events"
      printf "--jobs %s: all rules at %.2f× the speed of reading (best), %.2f× (median)\n", k[1], best[reading] / best[key], median[reading] / median[key]
    }
  }'
