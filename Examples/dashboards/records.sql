-- The view every query reads: lifelint's JSON Lines records (lifelint --format jsonl, or
-- --output jsonl=FILE) from every file matching the variable records_glob, e.g.
--   SET VARIABLE records_glob = 'records/**/*.jsonl';
-- One row per record; `type` says which: trace, finding, verdict, metrics, coverage, summary
-- (docs/records.md). The columns are named, not inferred, so a folder in which some field
-- never occurs (no findings yet, an older lifelint without durationsMs) still binds: an
-- absent field is NULL. Nested objects stay JSON.
CREATE OR REPLACE VIEW records AS
SELECT
    *,
    labels ->> 'appVersion' AS app_version,
    labels ->> 'appBuild' AS app_build
FROM read_ndjson(
    getvariable('records_glob'),
    columns = {
        'type': 'VARCHAR',
        'trace': 'VARCHAR',
        'app': 'VARCHAR',
        'platform': 'VARCHAR',
        'labels': 'JSON',
        'rule': 'VARCHAR',
        'severity': 'VARCHAR',
        'message': 'VARCHAR',
        'fingerprint': 'VARCHAR',
        'outcome': 'VARCHAR',
        'backgroundEntries': 'BIGINT',
        'processDeaths': 'JSON',
        'savesAfterBackground': 'JSON',
        'resyncAfterForeground': 'JSON'
    },
    filename = true
);

-- Nearest-rank percentile of an ascending list, as lifelint computes its own: the
-- ceil(p% * n)-th smallest value (p in whole percent); NULL for an empty list.
CREATE OR REPLACE MACRO nearest_rank(ms, p) AS ms[greatest(1, (p * len(ms) + 99) // 100)];
