-- Rules by how many findings they raised and by how many apps they affected.
SELECT
    rule,
    string_agg(DISTINCT severity, ', ' ORDER BY severity) AS severity,
    count(*) AS findings,
    count(DISTINCT app) AS apps_affected,
    count(DISTINCT trace) AS traces
FROM records
WHERE type = 'finding'
GROUP BY rule
ORDER BY findings DESC, apps_affected DESC, rule;
