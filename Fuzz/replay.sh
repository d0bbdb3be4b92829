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
cp -r .build/corpus "$work/corpus"
find "$work/corpus" -type f | sort > "$work/list"
echo "$(wc -l < "$work/list") inputs"

# The inputs named in a diff, as paths into Fuzz/.build/corpus.
inputs() { grep -o '"path":"[^"]*"' | sort -u | sed "s|^\"path\":\"$work/corpus|.build/corpus|; s|\"\$||"; }

report() { "$1" --no-config --year 2024 --format jsonl --jobs 1 --files-from "$work/list" > "$2" 2>&1 || true; }

status=0
report "$binary" "$work/first"
report "$binary" "$work/second"
if cmp -s "$work/first" "$work/second"; then
  echo "two runs: the same report"
else
  echo "two runs: different reports, for these inputs:"
  { diff "$work/first" "$work/second" || true; } | inputs
  status=1
fi
if [ -n "$base" ]; then
  report "$base" "$work/base"
  if cmp -s "$work/first" "$work/base"; then
    echo "against $base: the same report"
  else
    echo "against $base: these inputs report differently:"
    { diff "$work/base" "$work/first" || true; } | inputs
  fi
fi
exit "$status"
