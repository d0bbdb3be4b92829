#!/usr/bin/env bash
# Builds the fuzzers and runs each for a while, seeded from the samples and fixtures of its
# format, with a dictionary of its tokens. A crash, a leak, a timeout or an out-of-memory
# fails the run and leaves the input in Fuzz/findings/<target>/.
#
#   Fuzz/run.sh                      # 8 s per fuzzer (what CI runs)
#   Fuzz/run.sh 3600                 # an hour each
#   Fuzz/run.sh 600 JSONFuzzer       # one fuzzer
#   RUNS=10000000 Fuzz/run.sh 36000  # stop each at ten million executions (or ten hours)
#
# After a change to the layout of a library struct, SwiftPM's incremental build has been seen
# to keep stale objects here: every fuzzer then "crashes" on its first, empty input (a
# stack-buffer-overflow in TraceReader.read). `rm -rf Fuzz/.build/*/release` (not the
# `.build/release` link) and run again.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-8}"
runs="${RUNS:--1}"
shift || true
all=(TraceFuzzer LogcatFuzzer JSONFuzzer XMLPlistFuzzer BinaryPlistFuzzer PerfettoFuzzer ArchiveFuzzer ConfigurationFuzzer RegexFuzzer)
if [ "$#" -eq 0 ]; then targets=("${all[@]}"); else targets=("$@"); fi

swift build -c release >/dev/null

seeds() {
  local fixtures=../Tests/LifelintCoreTests/Fixtures
  case "$1" in
    TraceFuzzer) find ../SampleLogs "$fixtures" -type f -size -64k ;;
    LogcatFuzzer) find ../SampleLogs "$fixtures" -type f \( -name '*.log' -o -name '*.txt' \) -size -64k ;;
    JSONFuzzer) find ../SampleLogs "$fixtures" -type f \( -name '*.json' -o -name '*.jsonl' -o -name '*.ndjson' -o -name '*.ips' -o -name '*.logcat' -o -name 'sentry-*' \) -size -64k ;;
    XMLPlistFuzzer) find ../SampleLogs -type f -name '*.plist' ;;
    BinaryPlistFuzzer) find ../SampleLogs -type f -name '*.bplist' ;;
    PerfettoFuzzer) find "$fixtures/perfetto" -type f -name '*.perfetto-trace' -size -64k ;;
    ArchiveFuzzer) find "$fixtures/compressed" -type f \( -name '*.gz' -o -name '*.zip' \) ;;
    ConfigurationFuzzer) find ../Rules "$fixtures" -type f -name '*.json' -size -64k ;;
    RegexFuzzer) find seeds/RegexFuzzer -type f ;;
  esac
}

dictionary() {
  case "$1" in
    LogcatFuzzer | TraceFuzzer) echo dictionaries/logcat.dict ;;
    JSONFuzzer) echo dictionaries/json.dict ;;
    XMLPlistFuzzer) echo dictionaries/plist.dict ;;
    BinaryPlistFuzzer) echo dictionaries/bplist.dict ;;
    ConfigurationFuzzer) echo dictionaries/configuration.dict ;;
    RegexFuzzer) echo dictionaries/regex.dict ;;
    *) echo "" ;;
  esac
}

status=0
printf '%-20s %12s %10s %8s %s\n' fuzzer executions exec/s coverage outcome
for target in "${targets[@]}"; do
  corpus=".build/corpus/$target"
  findings="findings/$target"
  mkdir -p "$corpus" "$findings"
  seeds "$target" | while read -r file; do cp "$file" "$corpus/" 2>/dev/null || true; done
  dict="$(dictionary "$target")"
  log="$(mktemp)"
  outcome=ok
  .build/release/"$target" "$corpus" ${dict:+-dict="$dict"} -max_total_time="$seconds" -runs="$runs" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -malloc_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1 || { outcome="FAILED (see $findings/)"; status=1; tail -30 "$log" >&2; }
  executions="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)"
  speed="$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)"
  coverage="$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)"
  printf '%-20s %12s %10s %8s %s\n' "$target" "$executions" "$speed" "$coverage" "$outcome"
  rm -f "$log"
done
exit "$status"
