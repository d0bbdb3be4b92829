#!/usr/bin/env bash
# Runs the Spark fleet job in local[2] mode on generated traces and checks that its records,
# verdicts, findings and aggregates equal one plain lifelint run over the same traces.
#
#   Examples/spark/test.sh            (from any folder; .ci/run runs it)
#
# Environment: LIFELINT (default: the static binary .build/static/release/lifelint),
# TRACES (default 2000), SEED (default 20240601), KEEP=1 keeps the work folder.
# Installs what it lacks: pyspark (pip) and, without java, Debian's openjdk-17-jre-headless.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
lifelint="${LIFELINT:-$root/.build/static/release/lifelint}"
traces="${TRACES:-2000}"
seed="${SEED:-20240601}"
started=$SECONDS

say() { echo "spark/test.sh: $*"; }
fail() { echo "spark/test.sh: $*" >&2; exit 1; }
lap() { say "$1 ($((SECONDS - started)) s so far)"; }

[ -x "$lifelint" ] || fail "no lifelint binary at $lifelint (build it with 'make install' or set LIFELINT)"
lifelint="$(cd "$(dirname "$lifelint")" && pwd)/$(basename "$lifelint")"
[ -f "$root/Examples/fleet/generate_fleet.py" ] || fail "missing Examples/fleet/generate_fleet.py"

# ---- What the job needs -----------------------------------------------------------------
if ! command -v java >/dev/null 2>&1; then
  say "installing openjdk-17-jre-headless"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless >/dev/null
fi
if ! python3 -c 'import pyspark' 2>/dev/null; then
  say "installing pyspark"
  # A Python that its distribution manages (PEP 668) refuses a plain install: then --user.
  export PIP_ROOT_USER_ACTION=ignore
  python3 -m pip install --quiet --disable-pip-version-check 'pyspark>=3.5,<5' 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --user --break-system-packages 'pyspark>=3.5,<5'
fi
spark_home="$(python3 -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
export SPARK_HOME="$spark_home"
export PYSPARK_PYTHON="${PYSPARK_PYTHON:-$(command -v python3)}"
export PYSPARK_DRIVER_PYTHON="$PYSPARK_PYTHON"
export PYTHONDONTWRITEBYTECODE=1   # no __pycache__ beside the sources
lap "pyspark $(python3 -c 'import pyspark; print(pyspark.__version__)'), $(java -version 2>&1 | head -n 1)"

work="$(mktemp -d "${TMPDIR:-/tmp}/lifelint-spark-test.XXXXXX")"
if [ "${KEEP:-0}" = 1 ]; then say "work folder: $work (kept)"; else trap 'rm -rf "$work"' EXIT; fi

# Spark's own log: errors only.
export SPARK_CONF_DIR="$work/conf"
mkdir -p "$SPARK_CONF_DIR"
cat >"$SPARK_CONF_DIR/log4j2.properties" <<'EOF'
rootLogger.level = error
rootLogger.appenderRef.stderr.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n
EOF

# ---- The schema module against the documented records -------------------------------------
(cd "$here" && python3 check_schema.py "$root")

# ---- The fleet: generated traces, and one that is not a trace at all -----------------------
python3 "$root/Examples/fleet/generate_fleet.py" --traces "$traces" --out "$work/fleet" --seed "$seed" >/dev/null
mkdir -p "$work/hostile"
python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)) * 16)' >"$work/hostile/binary.log"
{ find "$work/fleet" -name '*.log' -type f; find "$work/hostile" -type f; } | sort >"$work/traces.list"
lap "$(wc -l <"$work/traces.list") traces in $work"

# ---- One lifelint over all of them ---------------------------------------------------------
lifelint_args=(--year 2024 --no-config)
status=0
"$lifelint" --format jsonl "${lifelint_args[@]}" --files-from "$work/traces.list" \
  >"$work/local.jsonl" 2>"$work/local.stderr" || status=$?
[ "$status" -le 2 ] || { cat "$work/local.stderr" >&2; fail "lifelint exited with $status"; }
lap "local lifelint run: exit status $status, $(wc -l <"$work/local.jsonl") records"

# ---- The Spark job, the binary shipped with --files as on a cluster ------------------------
spark_started=$SECONDS
"$SPARK_HOME/bin/spark-submit" --master 'local[2]' \
  --conf spark.ui.enabled=false --conf spark.ui.showConsoleProgress=false \
  --conf spark.files.maxPartitionBytes=1m --conf spark.sql.shuffle.partitions=8 \
  --files "$lifelint" --py-files "$here/records_schema.py,$here/fleet_aggregates.py" \
  "$here/lifelint_fleet.py" --lifelint "$(basename "$lifelint")" \
  --lifelint-arg=--year=2024 --lifelint-arg=--no-config \
  --out "$work/out" --json "$work/aggregates.json" \
  "$work/fleet/*.log" "$work/hostile"
lap "Spark job done in $((SECONDS - spark_started)) s"

# ---- Compare -------------------------------------------------------------------------------
(cd "$here" && python3 compare_runs.py --spark-out "$work/out" --spark-json "$work/aggregates.json" \
  --local "$work/local.jsonl")
say "ok in $((SECONDS - started)) s"
