-- Deaths of the process that shows the UI, by reason (low-memory, killed, crash, anr, user,
-- force-stop, signal, unknown, and Apple's reasons), over the whole fleet.
WITH deaths AS (
    SELECT app, app_version, unnest(map_entries(CAST(processDeaths AS MAP(VARCHAR, BIGINT)))) AS entry
    FROM records
    WHERE type = 'metrics'
)
SELECT
    entry.key AS reason,
    sum(entry.value) AS deaths,
    count(DISTINCT app) AS apps,
    count(DISTINCT app_version) AS app_versions
FROM deaths
GROUP BY ALL
ORDER BY deaths DESC, reason;
