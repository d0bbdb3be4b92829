"""The fleet aggregates, in Spark, over the typed record tables (see records_schema).

The same figures as the dashboard queries (Examples/dashboards/queries/*.sql): each function
takes the tables and returns one DataFrame whose column names are the ones written to
aggregates.json. check_fleet.py recomputes every one of them in plain Python from a single
lifelint run; keep the two in step.

Percentiles are nearest-rank over every sample (`durationsMs`), never averages of per-trace
percentiles: the rank of percentile p among n sorted samples is ceil(p * n / 100), computed in
integers as (p * n + 99) div 100 so it is exact.
"""

from pyspark.sql import functions as F

#: Orders every aggregate's rows, so JSON output and comparisons are deterministic.
ORDER = {
    "lost_per_1000_background": ["app", "appVersion"],
    "save_after_background_ms": ["app", "appVersion"],
    "resync_after_foreground_ms": ["app", "appVersion"],
    "process_deaths_by_reason": ["reason"],
    "top_rules_by_count": [F.desc("findings"), "rule"],
    "top_rules_by_apps": [F.desc("apps"), F.desc("findings"), "rule"],
}


def _version(label_key):
    """The label that splits the fleet (the app's version by default); null when absent."""
    return F.col("labels").getItem(label_key).alias("appVersion")


def _nearest_rank(samples, percent):
    """Nearest-rank percentile of the ascending array column `samples`; null when it is empty."""
    return F.expr(
        f"CASE WHEN size({samples}) > 0"
        f" THEN element_at({samples}, CAST(({percent} * size({samples}) + 99) div 100 AS INT)) END")


def lost_per_1000_background(tables, label_key):
    """Lost-data verdicts per 1,000 background entries, by app and version."""
    entries = tables["metrics"].select(
        "app", _version(label_key), F.col("backgroundEntries").alias("entries"),
        F.lit(0).alias("lost"))
    lost = tables["verdict"].select(
        "app", _version(label_key), F.lit(0).cast("long").alias("entries"),
        (F.col("outcome") == "lost").cast("int").alias("lost"))
    grouped = entries.unionByName(lost).groupBy("app", "appVersion").agg(
        F.sum("entries").alias("backgroundEntries"), F.sum("lost").cast("long").alias("lostVerdicts"))
    return grouped.withColumn(
        "lostPer1000BackgroundEntries",
        F.when(F.col("backgroundEntries") > 0,
               F.col("lostVerdicts") * F.lit(1000.0) / F.col("backgroundEntries")))


def _durations(tables, label_key, field, extra=()):
    """p50/p95/max over every sample of a metrics duration object, by app and version;
    only the (app, version) pairs with at least one sample."""
    grouped = tables["metrics"].groupBy("app", _version(label_key)).agg(
        F.sort_array(F.flatten(F.collect_list(F.coalesce(
            F.col(f"{field}.durationsMs"), F.array().cast("array<bigint>"))))).alias("samples"),
        *[F.sum(f"{field}.{name}").alias(name) for name in extra])
    return grouped.where(F.size("samples") > 0).select(
        "app", "appVersion", F.size("samples").cast("long").alias("samples"), *extra,
        _nearest_rank("samples", 50).alias("p50Ms"),
        _nearest_rank("samples", 95).alias("p95Ms"),
        F.element_at(F.col("samples"), -1).alias("maxMs"))


def save_after_background_ms(tables, label_key):
    """Durations of saves begun in the background (persist.begin to persist.end)."""
    return _durations(tables, label_key, "savesAfterBackground")


def resync_after_foreground_ms(tables, label_key):
    """Time from each return to the foreground to the first resync; `missing`: returns with none."""
    return _durations(tables, label_key, "resyncAfterForeground", extra=("missing",))


def process_deaths_by_reason(tables, label_key):
    """Deaths of the process that shows the UI, by reason, with how many apps and traces had one."""
    deaths = tables["metrics"].select(
        "app", "trace", F.explode("processDeaths").alias("reason", "deaths"))
    return deaths.groupBy("reason").agg(
        F.sum("deaths").alias("deaths"), F.countDistinct("app").alias("apps"),
        F.countDistinct("trace").alias("traces"))


def _rules(tables):
    return tables["finding"].groupBy("rule").agg(
        F.count(F.lit(1)).alias("findings"), F.countDistinct("app").alias("apps"),
        F.countDistinct("trace").alias("traces"))


def top_rules_by_count(tables, label_key, top=20):
    """The rules with the most findings."""
    return _rules(tables).orderBy(*ORDER["top_rules_by_count"]).limit(top)


def top_rules_by_apps(tables, label_key, top=20):
    """The rules that hit the most distinct apps."""
    return _rules(tables).orderBy(*ORDER["top_rules_by_apps"]).limit(top)


AGGREGATES = {
    "lost_per_1000_background": lost_per_1000_background,
    "save_after_background_ms": save_after_background_ms,
    "resync_after_foreground_ms": resync_after_foreground_ms,
    "process_deaths_by_reason": process_deaths_by_reason,
    "top_rules_by_count": top_rules_by_count,
    "top_rules_by_apps": top_rules_by_apps,
}


def compute(tables, label_key="appVersion"):
    """Every aggregate: name -> DataFrame, rows in a fixed order."""
    return {name: build(tables, label_key).orderBy(*ORDER[name]) for name, build in AGGREGATES.items()}


def collect(frame):
    """A DataFrame's rows as JSON-ready dicts (for aggregates.json)."""
    return [row.asDict(recursive=True) for row in frame.collect()]
