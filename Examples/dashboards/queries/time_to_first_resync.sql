-- Time from each return to the foreground (after the background or a system kill) to the
-- first sync.resync, auth.refresh, sync.catchup or socket.probe, pooled over every trace:
-- p50 and p95 (nearest-rank, exact, over metrics durationsMs) by app and version, and the
-- returns with no resync at all.
WITH pooled AS (
    SELECT
        app,
        app_version,
        sum(CAST(resyncAfterForeground ->> 'count' AS BIGINT)) AS samples_reported,
        sum(CAST(resyncAfterForeground ->> 'missing' AS BIGINT)) AS returns_without_resync,
        list_sort(flatten(list(CAST(resyncAfterForeground -> 'durationsMs' AS BIGINT[])))) AS ms
    FROM records
    WHERE type = 'metrics'
    GROUP BY ALL
)
SELECT
    app,
    app_version,
    len(ms) AS samples,
    nearest_rank(ms, 50) AS p50_ms,
    nearest_rank(ms, 95) AS p95_ms,
    ms[len(ms)] AS max_ms,
    returns_without_resync,
    samples_reported - len(ms) AS samples_without_durations
FROM pooled
ORDER BY app, app_version;
