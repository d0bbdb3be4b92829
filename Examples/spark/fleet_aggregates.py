"""The fleet aggregates, in Spark, over the typed record tables (see records_schema).

The same tables as the DuckDB dashboard's queries, Examples/dashboards/queries/<name>.sql:
same names, same columns, same definitions. `app_version` holds the value of the label that
splits the fleet (--label-key, `appVersion` by default, as the dashboard's). compare_runs.py
checks these against a plain-Python recomputation and, when the duckdb package is there,
against the dashboard's SQL itself, both over one local lifelint run.

Percentiles are nearest-rank over every sample (`durationsMs`), never averages of per-trace
percentiles: the rank of percentile p among n sorted samples is ceil(p * n / 100), computed in
integers as (p * n + 99) div 100 so it is exact. Spark 4 runs in ANSI mode, where an index
out of bounds or a division by zero is an error, so every such expression is guarded.
"""

from pyspark.sql import functions as F

#: Each aggregate's row order, the dashboard's ORDER BY: (column, descending). Nulls last, as
#: DuckDB sorts them.
_BY_APP = [("app", False), ("app_version", False)]
ORDER = {
    "lost_per_1000_background_entries": _BY_APP,
    "save_duration_after_background": _BY_APP,
    "time_to_first_resync": _BY_APP,
    "process_deaths_by_reason": [("deaths", True), ("reason", False)],
    "top_rules": [("findings", True), ("apps_affected", True), ("rule", False)],
}


def _sorted(frame, name):
    return frame.orderBy(*[F.col(c).desc_nulls_last() if descending else F.col(c).asc_nulls_last()
                           for c, descending in ORDER[name]])


def _with_version(frame, label_key):
    return frame.withColumn("app_version", F.col("labels").getItem(label_key))


def _nearest_rank(samples, percent):
    """Nearest-rank percentile of the ascending array column `samples`; null when it is empty."""
    return F.expr(
        f"CASE WHEN size({samples}) > 0"
        f" THEN element_at({samples}, CAST(({percent} * size({samples}) + 99) div 100 AS INT)) END")


def lost_per_1000_background_entries(tables, label_key):
    """Lost-data verdicts (outcome `lost`) per 1,000 background entries, by app and version.

    The join on the version is null-safe: traces without the label still count their verdicts
    (a plain `USING (app, app_version)` would give them 0)."""
    entries = _with_version(tables["metrics"], label_key).groupBy("app", "app_version").agg(
        F.countDistinct("trace").alias("traces"), F.sum("backgroundEntries").alias("background_entries"))
    lost = (_with_version(tables["verdict"], label_key).where(F.col("outcome") == "lost")
            .groupBy(F.col("app").alias("lost_app"), F.col("app_version").alias("lost_version"))
            .agg(F.count(F.lit(1)).alias("lost_count")))
    joined = entries.join(lost, (entries.app == lost.lost_app)
                          & entries.app_version.eqNullSafe(lost.lost_version), "left")
    lost_verdicts = F.coalesce("lost_count", F.lit(0))
    return joined.select(
        "app", "app_version", "traces", "background_entries", lost_verdicts.alias("lost_verdicts"),
        F.when(F.col("background_entries") > 0,
               F.round(F.lit(1000.0) * lost_verdicts / F.col("background_entries"), 2)).alias("lost_per_1000"))


def _pooled_durations(tables, label_key, field, extra=()):
    """Every sample of a metrics duration object pooled by app and version: samples, p50/p95/max,
    and how many samples the records count but do not list (a lifelint without durationsMs)."""
    pooled = _with_version(tables["metrics"], label_key).groupBy("app", "app_version").agg(
        F.sum(f"{field}.count").alias("samples_reported"),
        *[F.sum(f"{field}.{source}").alias(name) for source, name in extra],
        F.sort_array(F.flatten(F.collect_list(F.coalesce(
            F.col(f"{field}.durationsMs"), F.array().cast("array<bigint>"))))).alias("ms"))
    return pooled.select(
        "app", "app_version", F.size("ms").cast("long").alias("samples"),
        _nearest_rank("ms", 50).alias("p50_ms"), _nearest_rank("ms", 95).alias("p95_ms"),
        F.expr("CASE WHEN size(ms) > 0 THEN element_at(ms, -1) END").alias("max_ms"),
        *[name for _, name in extra],
        (F.col("samples_reported") - F.size("ms")).alias("samples_without_durations"))


def save_duration_after_background(tables, label_key):
    """Durations of saves begun in the background (persist.begin to persist.end)."""
    return _pooled_durations(tables, label_key, "savesAfterBackground")


def time_to_first_resync(tables, label_key):
    """From each return to the foreground to the first resync; and the returns with none."""
    return _pooled_durations(tables, label_key, "resyncAfterForeground",
                             extra=(("missing", "returns_without_resync"),))


def process_deaths_by_reason(tables, label_key):
    """Deaths of the process that shows the UI, by reason, over the whole fleet."""
    deaths = _with_version(tables["metrics"], label_key).select(
        "app", "app_version", F.explode("processDeaths").alias("reason", "count"))
    return deaths.groupBy("reason").agg(
        F.sum("count").alias("deaths"), F.countDistinct("app").alias("apps"),
        F.countDistinct("app_version").alias("app_versions"))


def top_rules(tables, label_key):
    """Rules by how many findings they raised and how many apps they affected."""
    return tables["finding"].groupBy("rule").agg(
        F.array_join(F.array_sort(F.collect_set("severity")), ", ").alias("severity"),
        F.count(F.lit(1)).alias("findings"), F.countDistinct("app").alias("apps_affected"),
        F.countDistinct("trace").alias("traces"))


AGGREGATES = {
    "lost_per_1000_background_entries": lost_per_1000_background_entries,
    "save_duration_after_background": save_duration_after_background,
    "time_to_first_resync": time_to_first_resync,
    "process_deaths_by_reason": process_deaths_by_reason,
    "top_rules": top_rules,
}


def compute(tables, label_key="appVersion"):
    """Every aggregate: name -> DataFrame, rows in the dashboard's order."""
    return {name: _sorted(build(tables, label_key), name) for name, build in AGGREGATES.items()}


def collect(frame):
    """A DataFrame's rows as JSON-ready dicts (for the --json file)."""
    return [row.asDict(recursive=True) for row in frame.collect()]
