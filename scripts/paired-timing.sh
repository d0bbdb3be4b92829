#!/usr/bin/env bash
# Times two or more lifelint builds on one trace, alternating, in short windows, and prints
# each build's best and median CPU time (perf stat's task-clock, in seconds), or wall-clock time
# with CLOCK=wall (a run on several cores is judged by the clock). The machine's speed drifts,
# so builds are only compared within one run of this script (docs/benchmark.md).
#
#   scripts/paired-timing.sh TRACE OLD_BINARY NEW_BINARY            # all rules, 6 windows
#   WINDOWS=4 MODE=events scripts/paired-timing.sh TRACE OLD NEW     # `lifelint events`
#   CLOCK=wall JOBS=2 scripts/paired-timing.sh TRACE OLD NEW         # one trace on two cores
#
# While a window runs, fuzzers started by Fuzz/run.sh are paused (SIGSTOP) and resumed after it;
# keep a window under about 7 s (libFuzzer counts a longer pause as a timeout).
set -euo pipefail
windows="${WINDOWS:-6}"
mode="${MODE:-all}"
clock="${CLOCK:-cpu}"
jobs=()
if [ -n "${JOBS:-}" ]; then jobs=(--jobs "$JOBS"); fi
trace="$1"
shift
binaries=("$@")
count=${#binaries[@]}
samples="$(mktemp)"
trap 'pkill -CONT -f "release/[A-Za-z]*Fuzzer" || true; rm -f "$samples" "$samples.stat"' EXIT
for window in $(seq "$windows"); do
  pkill -STOP -f 'release/[A-Za-z]*Fuzzer' || true
  sleep 0.2
  for round in 1 2 3; do
    for index in $(seq 0 $((count - 1))); do
      binary="${binaries[$(((index + window + round) % count))]}"
      if [ "$mode" = events ]; then arguments=(events --year 2024 "${jobs[@]}" "$trace"); else arguments=(--year 2024 --no-config "${jobs[@]}" "$trace"); fi
      if [ "$clock" = wall ]; then
        start=$(date +%s%N)
        "$binary" "${arguments[@]}" >/dev/null 2>&1 || true
        echo "$binary $((($(date +%s%N) - start) / 1000000))" >>"$samples"
      else
        perf stat -e task-clock -x, -o "$samples.stat" "$binary" "${arguments[@]}" >/dev/null 2>&1 || true
        echo "$binary $(grep task-clock "$samples.stat" | cut -d, -f1)" >>"$samples"
      fi
    done
  done
  pkill -CONT -f 'release/[A-Za-z]*Fuzzer' || true
  sleep 15
done
sort -k1,1 -k2n "$samples" | awk '
  { times[$1] = times[$1] " " $2; n[$1]++ }
  END { for (b in times) { split(substr(times[b], 2), t, " "); printf "%s: best %.3f s, median %.3f s (%d runs)\n", b, t[1] / 1000, t[int((n[b] + 1) / 2)] / 1000, n[b] } }'
