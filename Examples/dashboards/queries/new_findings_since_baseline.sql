-- Findings new since a baseline: fingerprints (rule, app and the event's content; never
-- times or lines) seen under the label value getvariable('version') and never under
-- getvariable('baseline_version'), the label being getvariable('label_key') (appVersion
-- when unset). occurrences counts them under the new value.
WITH labelled AS (
    SELECT *, labels ->> coalesce(getvariable('label_key'), 'appVersion') AS label_value
    FROM records
    WHERE type = 'finding'
),
baseline AS (
    SELECT DISTINCT fingerprint FROM labelled WHERE label_value = getvariable('baseline_version')
)
SELECT
    fingerprint,
    rule,
    app,
    string_agg(DISTINCT severity, ', ') AS severity,
    count(*) AS occurrences,
    count(DISTINCT trace) AS traces,
    min(message) AS example_message
FROM labelled
WHERE label_value = getvariable('version')
  AND fingerprint NOT IN (SELECT fingerprint FROM baseline)
GROUP BY fingerprint, rule, app
ORDER BY occurrences DESC, rule, app, fingerprint;
