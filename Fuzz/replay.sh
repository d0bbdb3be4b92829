#!/usr/bin/env bash
# Replays the inputs the fuzzers kept (Fuzz/.build/corpus/) through the release `lifelint`:
# twice, to show that every run of the same traces gives the same report (each process has its
# own hash seed, so a report that follows a dictionary's order differs between runs), and,
# given a second binary, once more through it, to list the inputs whose report a change moved.
#
#   Fuzz/replay.sh                       # the same report in two runs?
#   Fuzz/replay.sh /tmp/lifelint-before  # and which inputs report differently from that build
#
# The corpora are copied first: fuzzers still running add and remove inputs meanwhile.
set -euo pipefail
cd "$(dirname "$0")"
base="${1:-}"
binary=../.build/release/lifelint
[ -x "$binary" ] || (cd .. && swift build -c release --product lifelint >/dev/null)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -d .build/corpus ] || { echo "no corpora yet: run Fuzz/run.sh first" >&2; exit 2; }
# A fuzzer may drop an input while it is copied: what is gone is skipped.
cp -r .build/corpus "$work/corpus" 2>/dev/null || true
find "$work/corpus" -type f | sort > "$work/list"
echo "$(wc -l < "$work/list") inputs"

# The inputs named in a diff, as paths into Fuzz/.build/corpus.
inputs() { grep -o '"path":"[^"]*"' | sort -u | sed "s|^\"path\":\"$work/corpus|.build/corpus|; s|\"\$||"; }

report() { "$1" --no-config --year 2024 --format jsonl --jobs 1 --files-from "$work/list" > "$2" 2>&1 || true; }

# Says whether two reports agree, else lists the inputs they differ on (and fails).
compare() {
  if cmp -s "$2" "$3"; then echo "$1: the same report"; return 0; fi
  echo "$1: these inputs report differently:"
  { diff "$2" "$3" || true; } | inputs
  return 1
}

status=0
report "$binary" "$work/first"
report "$binary" "$work/second"
compare "two runs" "$work/first" "$work/second" || status=1
if [ -n "$base" ]; then
  report "$base" "$work/base"
  compare "against $base" "$work/base" "$work/first" || true
fi
exit "$status"
