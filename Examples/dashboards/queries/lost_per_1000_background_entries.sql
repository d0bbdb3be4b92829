-- Lost-data verdicts (outcome 'lost': unsaved input, no save before the death, nothing
-- restored) per 1,000 background entries, by app and app version.
WITH entries AS (
    SELECT app, app_version, count(DISTINCT trace) AS traces, sum(backgroundEntries) AS background_entries
    FROM records
    WHERE type = 'metrics'
    GROUP BY ALL
),
lost AS (
    SELECT app, app_version, count(*) AS lost_verdicts
    FROM records
    WHERE type = 'verdict' AND outcome = 'lost'
    GROUP BY ALL
)
SELECT
    entries.app,
    entries.app_version,
    traces,
    background_entries,
    coalesce(lost_verdicts, 0) AS lost_verdicts,
    round(1000.0 * coalesce(lost_verdicts, 0) / nullif(background_entries, 0), 2) AS lost_per_1000
FROM entries
-- Traces that name no version group together: NULL must match NULL here.
LEFT JOIN lost ON lost.app = entries.app AND lost.app_version IS NOT DISTINCT FROM entries.app_version
ORDER BY entries.app, entries.app_version;
