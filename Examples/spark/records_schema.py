"""Spark schemas of lifelint's JSON Lines records, one StructType per record `type`.

Written out by hand from docs/records.md and docs/schema/report.schema.json
(`$defs/jsonlRecord`) so that the job needs nothing but this file on a cluster;
check_schema.py (run by test.sh) derives the same types from the JSON Schema and fails when
the two drift apart.

Choices: every integer is a LongType (counts and milliseconds can pass 2^31 in a fleet);
objects with fixed keys (`location`, `stats`, `coldStarts`, ...) are structs, objects keyed by
data (`processDeaths` by reason, `deathsByProcess` by process name, `labels`) are
map<string, ...>; every field is nullable, because Spark's JSON reader makes them so and
optional fields (`labels`, `traceSha256`, `reason`, ...) are absent from some records.
"""

from pyspark.sql.types import (
    ArrayType,
    LongType,
    MapType,
    StringType,
    StructField,
    StructType,
)

S = StringType()
L = LongType()


def _struct(*fields):
    """A StructType of (name, type) pairs, every field nullable."""
    return StructType([StructField(name, kind, True) for name, kind in fields])


LABELS = MapType(S, S, True)
COUNTS_BY_NAME = MapType(S, L, True)
LOCATION = _struct(("path", S), ("line", L), ("column", L), ("byte_offset", L))


def _durations(*extra):
    """`savesAfterBackground` / `resyncAfterForeground`: nearest-rank figures and every sample."""
    return _struct(
        ("count", L), ("p50Ms", L), ("p95Ms", L), ("maxMs", L), *extra,
        ("durationsMs", ArrayType(L, True)),
    )


FINDING = _struct(
    ("rule", S), ("severity", S), ("message", S), ("app", S), ("platform", S),
    ("time", S), ("clock", S), ("location", LOCATION),
    ("related", ArrayType(_struct(("location", LOCATION), ("message", S)), True)),
    ("fingerprint", S), ("type", S), ("trace", S), ("labels", LABELS), ("traceSha256", S),
)

VERDICT = _struct(
    ("app", S), ("pid", L), ("platform", S), ("outcome", S), ("headline", S), ("time", S),
    ("location", LOCATION), ("text", S),
    ("claims", ArrayType(_struct(("text", S), ("location", LOCATION)), True)),
    ("type", S), ("trace", S), ("labels", LABELS), ("traceSha256", S),
)

METRICS = _struct(
    ("app", S), ("platform", S), ("backgroundEntries", L), ("backgroundMs", L),
    ("processDeaths", COUNTS_BY_NAME), ("deathsByProcess", COUNTS_BY_NAME),
    ("coldStarts", _struct(("count", L), ("restored", L))),
    ("savesAfterBackground", _durations()),
    ("resyncAfterForeground", _durations(("missing", L))),
    ("backgroundTasks", _struct(("begun", L), ("ended", L), ("expired", L))),
    ("type", S), ("trace", S), ("labels", LABELS), ("traceSha256", S),
)

COVERAGE = _struct(
    ("rule", S), ("needs", ArrayType(S, True)), ("evaluated", ArrayType(S, True)),
    ("partial", ArrayType(S, True)), ("notEvaluated", ArrayType(S, True)), ("reason", S),
    ("type", S), ("trace", S), ("labels", LABELS), ("traceSha256", S),
)

TRACE = _struct(
    ("path", S), ("error", S), ("format", S),
    ("stats", _struct(
        ("bytes", L), ("lines", L), ("events", L), ("eventLines", L), ("logLines", L),
        ("structuralLines", L), ("continuationLines", L), ("unrecognisedLines", L),
        ("unnamedProcesses", L),
    )),
    ("type", S), ("yearSource", S), ("notes", ArrayType(S, True)), ("labels", LABELS), ("sha256", S),
)

SUMMARY = _struct(
    ("type", S), ("schemaVersion", L), ("traces", L), ("failedTraces", L),
    ("findings", _struct(("error", L), ("warning", L), ("info", L))),
    ("baseline", _struct(
        ("path", S), ("suppressed", L),
        ("stale", ArrayType(_struct(
            ("fingerprint", S), ("rule", S), ("app", S), ("message", S), ("count", L),
        ), True)),
    )),
    ("labels", LABELS),
)

#: Record `type` -> its schema. Per-trace tables first; `summary` is one per lifelint run.
SCHEMAS = {
    "finding": FINDING,
    "verdict": VERDICT,
    "metrics": METRICS,
    "coverage": COVERAGE,
    "trace": TRACE,
    "summary": SUMMARY,
}

#: The per-trace record types: each carries the trace's path (`trace`, or `path` for `trace`).
TRACE_TABLES = ("finding", "verdict", "metrics", "coverage", "trace")


def conform(value, kind):
    """`value` (parsed JSON) shaped as Spark stores it under `kind`: every struct field present
    (None when absent), unknown keys dropped. Used to compare raw records with rows read back."""
    if value is None:
        return None
    if isinstance(kind, StructType):
        return {f.name: conform(value.get(f.name), f.dataType) for f in kind.fields}
    if isinstance(kind, ArrayType):
        return [conform(v, kind.elementType) for v in value]
    if isinstance(kind, MapType):
        return {k: conform(v, kind.valueType) for k, v in value.items()}
    return value


def unknown_fields(record, kind=None, prefix=""):
    """Dotted names of keys in `record` that its type's schema lacks (would be dropped)."""
    if kind is None:
        kind = SCHEMAS.get(record.get("type"))
        if kind is None:
            return [f"type={record.get('type')!r}"]
    found = []
    if isinstance(kind, StructType):
        names = {f.name: f.dataType for f in kind.fields}
        for key, value in record.items():
            if key not in names:
                found.append(prefix + key)
            elif value is not None:
                found += unknown_fields(value, names[key], f"{prefix}{key}.")
    elif isinstance(kind, ArrayType):
        for item in record:
            if item is not None:
                found += unknown_fields(item, kind.elementType, prefix + "[]")
    elif isinstance(kind, MapType) and isinstance(kind.valueType, (StructType, ArrayType)):
        for item in record.values():
            found += unknown_fields(item, kind.valueType, prefix + "{}")
    return found
