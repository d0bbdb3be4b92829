#!/usr/bin/env python3
"""test.sh's judge: the Spark job's tables and aggregates must equal one local lifelint run's.

    compare_runs.py --spark-out DIR --spark-json FILE --local RECORDS.jsonl [--label-key K]

Reads the job's Parquet tables back (so their types are what is checked) and compares, per
record type, the multiset of records with the local run's records shaped by the same schema
(records_schema.conform); trace URIs become paths first (file:/x -> /x). Checks the fleet
summary against the local run's summary record. Then compares the job's aggregates (its
--json file) with the same aggregates computed from the local run's records twice, apart
from the Spark SQL in fleet_aggregates.py: in plain Python here, and by the dashboard's own
queries (Examples/dashboards/queries/*.sql) in DuckDB when the duckdb package is there.
"""

import argparse
import json
import math
import sys
from collections import Counter, defaultdict
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import fleet_aggregates
import records_schema

#: Aggregates whose row order is fully determined (ties broken by name), compared in order.
ORDERED = ("process_deaths_by_reason", "top_rules")

#: lost_per_1000 is rounded to 2 places; DuckDB and Spark may round an exact tie apart.
DUCKDB_TOLERANCE = 0.0100001


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spark-out", required=True, type=Path)
    parser.add_argument("--spark-json", required=True, type=Path)
    parser.add_argument("--local", required=True, type=Path)
    parser.add_argument("--label-key", default="appVersion")
    return parser.parse_args()


class Report:
    """Collects failed checks; prints each check's outcome as it goes."""

    def __init__(self):
        self.failures = 0

    def check(self, ok, what, detail=""):
        print(f"compare_runs: {'ok  ' if ok else 'FAIL'} {what}" + (f"\n{detail}" if detail and not ok else ""))
        self.failures += not ok


# ---- Records ------------------------------------------------------------------------------

def local_records(path):
    """The local run's records, by type."""
    by_type = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        by_type[record["type"]].append(record)
    return by_type


def canonical(record):
    """One record as a comparable string: keys sorted, Hadoop's file: scheme dropped from paths."""
    return json.dumps(record, sort_keys=True, ensure_ascii=False).replace("file:/", "/")


def spark_tables(spark_out, label_key):
    """Each per-trace table read back from Parquet, as dicts; checks the partition column."""
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master("local[1]").appName("check-fleet")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    tables, misfiled = {}, 0
    for kind in records_schema.TRACE_TABLES:
        rows = []
        for row in spark.read.parquet(str(spark_out / "records" / kind)).collect():
            record = row.asDict(recursive=True)
            partition = record.pop(label_key)
            misfiled += partition != (record.get("labels") or {}).get(label_key)
            rows.append(record)
        tables[kind] = rows
    spark.stop()
    return tables, misfiled


def compare_multisets(report, kind, local, spark):
    """Equal multisets of canonical records; shows a few of each side's extras when not."""
    want = Counter(canonical(records_schema.conform(r, records_schema.SCHEMAS[kind])) for r in local)
    have = Counter(canonical(r) for r in spark)
    missing, extra = want - have, have - want
    detail = "".join(f"  only in the local run: {line[:600]}\n" for line in list(missing)[:3])
    detail += "".join(f"  only in Spark's table: {line[:600]}\n" for line in list(extra)[:3])
    report.check(not missing and not extra,
                 f"{kind}: {sum(have.values())} records from Spark, {sum(want.values())} from the local run",
                 detail)


def finding_identities(records):
    """The issue's finding identity: (rule, app, fingerprint, trace, location)."""
    return Counter(canonical({k: r.get(k) for k in ("rule", "app", "fingerprint", "trace", "location")})
                   for r in records)


# ---- Aggregates, recomputed in plain Python ------------------------------------------------

def nearest_rank(sorted_samples, percent):
    """The smallest sample with at least percent% of the samples at or below it."""
    if not sorted_samples:
        return None
    return sorted_samples[(percent * len(sorted_samples) + 99) // 100 - 1]


def round_half_up(value, places):
    """Spark's round() of a double: half up on the shortest decimal that reads back as it."""
    return float(Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP))


def reference_aggregates(records, label_key):
    """fleet_aggregates.AGGREGATES over the local run's records (see that module for meanings)."""
    def version(record):
        return (record.get("labels") or {}).get(label_key)

    def app_version(record):
        return record["app"], version(record)

    metrics = records["metrics"]
    groups = defaultdict(list)
    for metric in metrics:
        groups[app_version(metric)].append(metric)
    lost = Counter(app_version(v) for v in records["verdict"] if v["outcome"] == "lost")
    result = {"lost_per_1000_background_entries": []}
    for (app, v), group in groups.items():
        entries = sum(m["backgroundEntries"] for m in group)
        result["lost_per_1000_background_entries"].append({
            "app": app, "app_version": v, "traces": len({m["trace"] for m in group}),
            "background_entries": entries, "lost_verdicts": lost[app, v],
            "lost_per_1000": round_half_up(1000.0 * lost[app, v] / entries, 2) if entries > 0 else None})

    def pooled(field, extra=()):
        rows = []
        for (app, v), group in groups.items():
            ms = sorted(x for m in group for x in (m[field].get("durationsMs") or []))
            rows.append({"app": app, "app_version": v, "samples": len(ms),
                         "p50_ms": nearest_rank(ms, 50), "p95_ms": nearest_rank(ms, 95),
                         "max_ms": ms[-1] if ms else None,
                         **{name: sum(m[field][source] for m in group) for source, name in extra},
                         "samples_without_durations": sum(m[field]["count"] for m in group) - len(ms)})
        return rows

    result["save_duration_after_background"] = pooled("savesAfterBackground")
    result["time_to_first_resync"] = pooled("resyncAfterForeground", (("missing", "returns_without_resync"),))

    deaths = defaultdict(lambda: [0, set(), set()])
    for metric in metrics:
        for reason, count in (metric.get("processDeaths") or {}).items():
            deaths[reason][0] += count
            deaths[reason][1].add(metric["app"])
            deaths[reason][2].add(version(metric))
    result["process_deaths_by_reason"] = sorted(
        ({"reason": reason, "deaths": count, "apps": len(apps), "app_versions": len(versions - {None})}
         for reason, (count, apps, versions) in deaths.items()),
        key=lambda r: (-r["deaths"], r["reason"]))

    rules = defaultdict(list)
    for finding in records["finding"]:
        rules[finding["rule"]].append(finding)
    result["top_rules"] = sorted(
        ({"rule": rule, "severity": ", ".join(sorted({f["severity"] for f in group})),
          "findings": len(group), "apps_affected": len({f["app"] for f in group}),
          "traces": len({f["trace"] for f in group})} for rule, group in rules.items()),
        key=lambda r: (-r["findings"], -r["apps_affected"], r["rule"]))
    return result


def dashboard_aggregates(root, records_path):
    """The dashboard's own queries (Examples/dashboards) run by DuckDB over the local records;
    None without the duckdb package or the queries."""
    queries = root / "Examples" / "dashboards" / "queries"
    try:
        import duckdb
    except ImportError:
        return None
    if not (queries.parent / "records.sql").is_file():
        return None
    con = duckdb.connect()
    con.execute("SET VARIABLE records_glob = ?", [str(records_path)])
    con.execute((queries.parent / "records.sql").read_text())
    result = {}
    for name in fleet_aggregates.AGGREGATES:
        cursor = con.execute((queries / f"{name}.sql").read_text())
        columns = [d[0] for d in cursor.description]
        result[name] = [{c: float(v) if isinstance(v, Decimal) else v for c, v in zip(columns, row)}
                        for row in cursor.fetchall()]
    return result


def same_rows(want, have, ordered, tolerance=1e-9):
    """Rows equal (floats within `tolerance`); in order when `ordered`, else as sets."""
    if not ordered:
        want, have = sorted(want, key=canonical), sorted(have, key=canonical)
    if len(want) != len(have):
        return False
    for a, b in zip(want, have):
        if a.keys() != b.keys():
            return False
        for key in a:
            x, y = a[key], b[key]
            if isinstance(x, float) or isinstance(y, float):
                if x is None or y is None or not math.isclose(x, y, rel_tol=1e-9, abs_tol=tolerance):
                    return False
            elif x != y:
                return False
    return True


def compare_aggregates(report, spark, want, source, tolerance=1e-9):
    """Each aggregate of the job equals `want`'s: rows in order for the ranked tables."""
    for name, rows in want.items():
        have = spark[name]
        report.check(same_rows(rows, have, ordered=name in ORDERED, tolerance=tolerance),
                     f"aggregate {name}: {len(have)} rows equal {source}",
                     f"  {source}: {json.dumps(rows)[:800]}\n  spark: {json.dumps(have)[:800]}")


def check_lifelint_percentiles(report, metrics):
    """Each metrics record's own p50Ms/p95Ms/maxMs/count agree with its durationsMs."""
    checked = wrong = 0
    for metric in metrics:
        for field in ("savesAfterBackground", "resyncAfterForeground"):
            figures = metric[field]
            samples = figures.get("durationsMs")
            if samples is None:
                continue
            checked += 1
            wrong += (samples != sorted(samples) or figures["count"] != len(samples)
                      or figures["p50Ms"] != nearest_rank(samples, 50)
                      or figures["p95Ms"] != nearest_rank(samples, 95)
                      or figures["maxMs"] != (samples[-1] if samples else None))
    report.check(checked > 0 and wrong == 0,
                 f"lifelint's per-trace p50/p95/max/count agree with durationsMs ({checked} checked, {wrong} wrong)",
                 "  no metrics record carries durationsMs: this lifelint predates it" if checked == 0 else "")


def main():
    args = parse_arguments()
    report = Report()
    local = local_records(args.local)
    job = json.loads(args.spark_json.read_text())

    unknown = Counter(name for kind in local for r in local[kind] for name in records_schema.unknown_fields(r))
    report.check(not unknown, "every field lifelint writes is in records_schema",
                 f"  unknown: {dict(unknown)}")

    spark, misfiled = spark_tables(args.spark_out, args.label_key)
    versions = Counter((t.get("labels") or {}).get(args.label_key) for t in spark["trace"])
    report.check(len([v for v in versions if v is not None]) >= 2,
                 f"traces carry their {args.label_key} label: {dict(versions)}")
    report.check(misfiled == 0, f"every Parquet row sits in its {args.label_key} partition ({misfiled} misfiled)")
    for kind in records_schema.TRACE_TABLES:
        compare_multisets(report, kind, local[kind], spark[kind])
    conformed = [records_schema.conform(r, records_schema.FINDING) for r in local["finding"]]
    report.check(finding_identities(conformed) == finding_identities(spark["finding"]),
                 "findings: equal multisets of (rule, app, fingerprint, trace, location)")
    unreadable = [t for t in spark["trace"] if t["error"]]
    report.check(len(unreadable) >= 1, f"unreadable traces cost only themselves ({len(unreadable)} with an error,"
                 f" {len(spark['trace']) - len(unreadable)} read)")

    summary, expected = job["summary"], local["summary"][0]
    report.check(
        all(summary[k] == expected[k] for k in ("traces", "failedTraces", "findings")),
        f"fleet summary {summary['traces']} traces, {summary['failedTraces']} unreadable, {summary['findings']}"
        f" equals the local run's", f"  local: {expected}")
    report.check(summary["lifelintRuns"] >= 2, f"the fleet was split: {summary['lifelintRuns']} lifelint runs")

    check_lifelint_percentiles(report, local["metrics"])
    compare_aggregates(report, job["aggregates"], reference_aggregates(local, args.label_key),
                       "plain Python's over the local run")
    dashboard = dashboard_aggregates(Path(__file__).resolve().parents[2], args.local)
    if dashboard is None:
        print("compare_runs: skip the dashboard's SQL (no duckdb package or no Examples/dashboards)")
    elif args.label_key == "appVersion":
        compare_aggregates(report, job["aggregates"], dashboard, "the dashboard SQL's (DuckDB)", DUCKDB_TOLERANCE)
    for name in job["aggregates"]:
        report.check(any((args.spark_out / "aggregates" / name).glob("*.parquet")),
                     f"aggregate {name} written as Parquet")
    if report.failures:
        print(f"compare_runs: {report.failures} checks failed", file=sys.stderr)
        return 1
    print("compare_runs: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
