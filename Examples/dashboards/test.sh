#!/usr/bin/env bash
# End-to-end test of the dashboards: generate a fleet of traces whose answers are known,
# analyse it with lifelint into a few JSON Lines files, build the dashboard, and assert that
# every number it shows equals the fleet's answers.json. Runs from any folder.
#
# lifelint: $LIFELINT, else lifelint on the PATH, else .build/release/lifelint.
# Needs python3; installs the duckdb package with pip when it is missing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
traces="${FLEET_TRACES:-300}"
seed="${FLEET_SEED:-2024}"
parts=3

fail() { echo "dashboards test: FAILED: $*" >&2; exit 1; }

lifelint="${LIFELINT:-}"
if [ -z "$lifelint" ]; then
  lifelint="$(command -v lifelint || true)"
fi
if [ -z "$lifelint" ] && [ -x "$repo/.build/release/lifelint" ]; then
  lifelint="$repo/.build/release/lifelint"
fi
[ -n "$lifelint" ] || fail "no lifelint: set LIFELINT, put lifelint on the PATH or build .build/release/lifelint"
command -v "$lifelint" >/dev/null 2>&1 || [ -x "$lifelint" ] || fail "LIFELINT=$lifelint is not an executable"

if ! python3 -c 'import duckdb' 2>/dev/null; then
  echo "dashboards test: installing duckdb with pip"
  # A Python that its distribution manages (PEP 668) refuses a plain install: then --user.
  python3 -m pip install --quiet --disable-pip-version-check duckdb 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --user --break-system-packages duckdb \
    || fail "could not pip install duckdb"
  python3 -c 'import duckdb' || fail "duckdb installed but cannot be imported"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/records"

python3 "$repo/Examples/fleet/generate_fleet.py" --traces "$traces" --seed "$seed" --out "$work/fleet"

# Split the fleet into $parts lists and analyse each into its own file, each run with a
# --label of its own (merged with the labels the traces' app.info lines set).
find "$work/fleet" -name '*.log' | sort > "$work/all.txt"
split -n "r/$parts" -d "$work/all.txt" "$work/list-"
for list in "$work"/list-*; do
  part="$(basename "$list")"
  status=0
  "$lifelint" --year 2024 --quiet --no-progress --exit-zero --label "batch=$part" \
    --files-from "$list" --format jsonl > "$work/records/$part.jsonl" || status=$?
  [ "$status" -eq 0 ] || fail "lifelint exited $status on $list"
done

# The traces first, one by one: when lifelint's output drifts from the scenarios, this says
# which trace and which figure, before the fleet-wide sums below.
python3 "$repo/Examples/fleet/check_fleet.py" "$work/fleet" --records "$work"/records/*.jsonl \
  || fail "lifelint's records differ from the fleet's per-trace answers (see above)"

python3 "$here/dashboard.py" "$work/records" "$work/dashboard.html" \
  --baseline-version 1.4.0 --version 1.5.0 --json "$work/dashboard.json"
python3 "$here/check_dashboard.py" "$work/dashboard.json" "$work/fleet/answers.json" "$work/dashboard.html" \
  || fail "the dashboard's numbers differ from answers.json (see above)"

echo "dashboards test: OK ($traces traces, $parts record files)"
