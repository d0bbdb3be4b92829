-- Durations of saves begun while the app was in the background (persist.begin to the
-- persist.end with the same key), pooled over every trace: p50 and p95 by app and version.
-- Percentiles are nearest-rank, as lifelint's own (the ceil(p% * n)-th smallest sample), over
-- every sample (metrics durationsMs), so they are exact, not an average of per-trace figures.
-- samples_without_durations counts samples whose durations the records do not list (an
-- older lifelint): the percentiles leave them out.
WITH pooled AS (
    SELECT
        app,
        app_version,
        sum(CAST(savesAfterBackground ->> 'count' AS BIGINT)) AS samples_reported,
        list_sort(flatten(list(CAST(savesAfterBackground -> 'durationsMs' AS BIGINT[])))) AS ms
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
    samples_reported - len(ms) AS samples_without_durations
FROM pooled
ORDER BY app, app_version;
