#!/usr/bin/env python3
"""Runs lifelint over a fleet of traces with Spark and writes typed Parquet tables and aggregates.

    spark-submit --files /path/to/lifelint --py-files records_schema.py,fleet_aggregates.py \\
        lifelint_fleet.py --out s3a://bucket/lifelint/run-42 s3a://bucket/traces/2024-06-*/

Traces are read with `binaryFiles`, so any Hadoop filesystem works (local paths, hdfs://,
s3a://, gs://, abfs://): a folder contributes every file Hadoop lists in it, at any depth
(names starting with '.' or '_' are skipped); globs work. Each Spark partition writes its
traces' bytes to a local temporary folder and runs ONE `lifelint --format jsonl --jobs 1
--files-from LIST` over them, then maps the temporary paths in the records back to the traces'
URIs. The records become one DataFrame per record type (schemas: records_schema.py), written
as Parquet partitioned by a label (the app's version by default), and the dashboard aggregates
(fleet_aggregates.py) are computed from them.

Output, under --out:
    records/<type>/<label>=<value>/part-*.parquet   type: finding, verdict, metrics, coverage, trace
    aggregates/<name>/part-*.parquet                see fleet_aggregates.AGGREGATES
and, with --json PATH (a local file on the driver), the aggregates and the fleet's summary.
Records without the label go to the `<label>=__HIVE_DEFAULT_PARTITION__` folder (null when read
back). Read the tables with partition type inference off, or a version like 140 becomes a number:
spark.conf.set("spark.sql.sources.partitionColumnTypeInference.enabled", "false").

The binary is shipped with `--files lifelint` (or --lifelint PATH, which adds it to the job);
executors find it with SparkFiles.get. Use the static build (`make install` or
`.build/static/release/lifelint`): executors need not have the Swift runtime.
"""

import argparse
import contextlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: lifelint's exit statuses that still mean "every trace has its records": 0 no findings,
#: 1 findings, 2 some trace could not be read (its `trace` record says why). Status 2 also
#: means a usage error, which writes no records: the missing summary tells them apart.
ACCEPTED_STATUSES = (0, 1, 2)

#: Arguments every partition's run gets: records on standard output, one trace at a time
#: (Spark already runs a partition per core), no progress bar.
FIXED_ARGUMENTS = ["--format", "jsonl", "--jobs", "1", "--no-progress"]


class LifelintFailed(RuntimeError):
    """lifelint ended in a way that leaves the partition's records incomplete."""


def parse_arguments(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("locations", nargs="+", metavar="LOCATION",
                        help="trace files, folders or globs: local paths or Hadoop URIs")
    parser.add_argument("--out", required=True,
                        help="where the Parquet tables go (a local path or a Hadoop URI)")
    parser.add_argument("--json", metavar="PATH",
                        help="also write the aggregates and the fleet summary to this local file")
    parser.add_argument("--lifelint", default="lifelint", metavar="PATH_OR_NAME",
                        help="the static lifelint binary: a path with a '/' on the driver (added to the "
                             "job), or the name of a file shipped with spark-submit --files (default: lifelint)")
    parser.add_argument("--lifelint-arg", action="append", default=[], metavar="ARG",
                        help="pass ARG to every lifelint run, e.g. --lifelint-arg=--year=2024 "
                             "--lifelint-arg=--no-config --lifelint-arg=--label=build=nightly; repeatable")
    parser.add_argument("--label-key", default="appVersion",
                        help="the label whose value partitions the Parquet tables and splits the "
                             "aggregates (default: appVersion, from the trace's app.info line)")
    parser.add_argument("--max-records-per-file", type=int, default=1_000_000,
                        help="bound on the rows of one Parquet file (default: 1000000)")
    return parser.parse_args(argv)


# ---- On the executors ---------------------------------------------------------------------

def executable_binary(name):
    """The shipped binary's local path, made executable. SparkFiles.get's copy may lack the
    execute bit (some cluster managers drop it), and may sit in a read-only folder: then run
    a private copy."""
    from pyspark import SparkFiles

    path = SparkFiles.get(name)
    if not os.path.isfile(path):
        raise LifelintFailed(f"no file {name!r} was shipped to this executor: pass spark-submit "
                             f"--files /path/to/{name}, or --lifelint /path/to/{name}")
    if os.access(path, os.X_OK):
        return path
    try:
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        return path
    except OSError:
        copy = os.path.join(tempfile.mkdtemp(prefix="lifelint-bin-"), os.path.basename(name))
        shutil.copyfile(path, copy)
        os.chmod(copy, 0o755)
        return copy


def stage_traces(items, folder):
    """Writes each (uri, bytes) to folder/N.trace; returns the URIs, the Nth naming N.trace.

    The local names are only numbers, so every temporary path in lifelint's output (in `trace`,
    `path`, locations, error messages) matches one pattern and maps back without ambiguity.
    lifelint detects a trace's format from its content, not its name."""
    uris = []
    for index, (uri, content) in enumerate(items):
        with open(os.path.join(folder, f"{index}.trace"), "wb") as handle:
            handle.write(content)
        uris.append(uri)
    return uris


def path_mapper(folder, uris):
    """A function that replaces the staged paths in a JSON line with the traces' URIs."""
    pattern = re.compile(re.escape(folder + os.sep) + r"(\d+)\.trace")
    escaped = [json.dumps(uri)[1:-1] for uri in uris]
    return lambda line: pattern.sub(lambda match: escaped[int(match.group(1))], line)


class LifelintRun:
    """One lifelint process over a partition's staged traces, folder/0.trace to folder/N-1.trace.

    Standard error goes to a file (a pipe could fill up and stall lifelint); it is shown when
    the run fails."""

    def __init__(self, binary, arguments, folder, count):
        listing = os.path.join(folder, "traces.list")
        with open(listing, "w") as handle:
            handle.writelines(os.path.join(folder, f"{index}.trace") + "\n" for index in range(count))
        self.command = [binary, *FIXED_ARGUMENTS, *arguments, "--files-from", listing]
        self.errors = open(os.path.join(folder, "stderr"), "w+", encoding="utf-8", errors="replace")
        self.process = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=self.errors,
                                        cwd=folder, text=True, encoding="utf-8")

    def lines(self):
        """Standard output, line by line, as lifelint writes it."""
        return self.process.stdout

    def finish(self):
        """Waits for the exit status; raises unless it is one of ACCEPTED_STATUSES."""
        status = self.process.wait()
        if status not in ACCEPTED_STATUSES:
            signal = f" (signal {-status})" if status < 0 else ""
            self.fail(f"exited with status {status}{signal}")
        return status

    def fail(self, why):
        self.errors.seek(0)
        raise LifelintFailed(f"{' '.join(self.command)} {why}; its standard error:\n{self.errors.read()[-4000:]}")

    def close(self):
        """Ends the process if the task was abandoned half way (Spark killed it, a limit)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
        self.errors.close()


def analyse_partition(items, binary_name, arguments):
    """mapPartitions body: (uri, bytes) pairs in, (record type, JSON line) pairs out.

    One lifelint process per partition. Its `summary` record is passed on with the exit status
    (`lifelintStatus`) for the fleet summary; every trace must come back with its `trace`
    record, or the partition fails."""
    folder = tempfile.mkdtemp(prefix="lifelint-spark-")
    run = None
    try:
        uris = stage_traces(items, folder)
        if not uris:
            return
        remap = path_mapper(folder, uris)
        run = LifelintRun(executable_binary(binary_name), arguments, folder, len(uris))
        traced, summary = set(), None
        for line in run.lines():
            line = remap(line.rstrip("\n"))
            record = json.loads(line)
            if record.get("type") == "summary":
                summary = record
                continue
            if record.get("type") == "trace":
                traced.add(record.get("path"))
            yield record.get("type"), line
        status = run.finish()
        missing = sorted(set(uris) - traced)
        if summary is None:
            run.fail(f"exited with status {status} but wrote no summary (a usage error?)")
        if missing:
            run.fail(f"wrote no trace record for {len(missing)} of {len(uris)} traces, e.g. {missing[0]}")
        summary["lifelintStatus"] = status
        yield "summary", json.dumps(summary)
    finally:
        if run is not None:
            run.close()
        shutil.rmtree(folder, ignore_errors=True)


# ---- On the driver ------------------------------------------------------------------------

def ship_binary(context, lifelint):
    """Adds the binary to the job when given as a path (it has a '/'); a bare name is a file
    that spark-submit --files shipped. Returns the name executors ask SparkFiles for."""
    if os.path.sep in lifelint:
        path = os.path.abspath(lifelint)
        if not os.path.isfile(path):
            sys.exit(f"lifelint_fleet: no lifelint binary at {path}")
        context.addFile(path)
    return os.path.basename(lifelint)


def record_lines(spark, args):
    """The whole fleet's records as a DataFrame of (type, line), cached: every table reads it,
    and lifelint must run once."""
    context = spark.sparkContext
    # Folders at any depth, as lifelint reads them.
    context._jsc.hadoopConfiguration().set("mapreduce.input.fileinputformat.input.dir.recursive", "true")
    name = ship_binary(context, args.lifelint)
    traces = context.binaryFiles(",".join(args.locations))
    arguments = list(args.lifelint_arg)
    pairs = traces.mapPartitions(lambda items: analyse_partition(items, name, arguments))
    lines = spark.createDataFrame(pairs, "type string, line string").cache()
    lines.count()
    return lines


def typed_tables(lines):
    """Record type -> DataFrame with its documented schema, cached. FAILFAST: a value of the
    wrong type stops the job instead of becoming a silent null."""
    from pyspark.sql import functions as F
    from records_schema import SCHEMAS

    tables = {}
    for kind, schema in SCHEMAS.items():
        parsed = F.from_json("line", schema, {"mode": "FAILFAST"}).alias("record")
        tables[kind] = lines.where(F.col("type") == kind).select(parsed).select("record.*").cache()
    return tables


def write_records(tables, args):
    """Each per-trace table as Parquet, partitioned by the label (null -> Hive's default partition)."""
    from pyspark.sql import functions as F
    from records_schema import TRACE_TABLES

    for kind in TRACE_TABLES:
        frame = tables[kind].withColumn(args.label_key, F.col("labels").getItem(args.label_key))
        (frame.repartition(args.label_key).write.mode("overwrite")
            .option("maxRecordsPerFile", args.max_records_per_file)
            .partitionBy(args.label_key).parquet(f"{args.out.rstrip('/')}/records/{kind}"))


def fleet_summary(lines):
    """The partitions' summary records added up: what one lifelint run over the fleet would say,
    plus how many lifelint runs there were and how many met an unreadable trace (status 2)."""
    summaries = [json.loads(row.line) for row in lines.where("type = 'summary'").select("line").collect()]
    findings = {severity: sum(s["findings"][severity] for s in summaries) for severity in ("error", "warning", "info")}
    return {
        "traces": sum(s["traces"] for s in summaries),
        "failedTraces": sum(s["failedTraces"] for s in summaries),
        "findings": findings,
        "lifelintRuns": len(summaries),
        "lifelintRunsWithUnreadableTraces": sum(s["lifelintStatus"] == 2 for s in summaries),
    }


def write_aggregates(tables, args):
    """Every aggregate as Parquet under out/aggregates/<name>; returns them as JSON-ready rows."""
    import fleet_aggregates

    frames = fleet_aggregates.compute(tables, args.label_key)
    result = {}
    for name, frame in frames.items():
        frame = frame.cache()
        frame.coalesce(1).write.mode("overwrite").parquet(f"{args.out.rstrip('/')}/aggregates/{name}")
        result[name] = fleet_aggregates.collect(frame)
    return result


@contextlib.contextmanager
def phase(what):
    """Says on standard error how long a step of the job took."""
    start = time.monotonic()
    yield
    print(f"lifelint_fleet: {what}: {time.monotonic() - start:.1f} s", file=sys.stderr)


def main(argv=None):
    args = parse_arguments(argv if argv is not None else sys.argv[1:])
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("lifelint-fleet").getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    with phase("read the traces and run lifelint"):
        lines = record_lines(spark, args)
    tables = typed_tables(lines)
    with phase("write the record tables"):
        write_records(tables, args)
    summary = fleet_summary(lines)
    with phase("compute and write the aggregates"):
        aggregates = write_aggregates(tables, args)
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"summary": summary, "labelKey": args.label_key, "aggregates": aggregates}, indent=1, sort_keys=True))
    print(f"lifelint_fleet: {summary['traces']} traces ({summary['failedTraces']} unreadable) in "
          f"{summary['lifelintRuns']} lifelint runs; {summary['findings']['error']} errors, "
          f"{summary['findings']['warning']} warnings, {summary['findings']['info']} infos; "
          f"tables in {args.out}")
    spark.stop()


if __name__ == "__main__":
    main()
