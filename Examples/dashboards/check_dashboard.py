#!/usr/bin/env python3
"""Assert that the dashboard's query results equal a generated fleet's answers.json.

    check_dashboard.py RESULTS.json ANSWERS.json DASHBOARD.html

RESULTS.json is dashboard.py --json's output over lifelint's records of the fleet that
Examples/fleet/generate_fleet.py wrote with ANSWERS.json. Every number is compared exactly
(the rate per 1,000 within the 0.005 of the query's rounding to 2 decimals). Exit 1 with one line per
mismatch.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path


class Checker:
    def __init__(self) -> None:
        self.errors: list[str] = []
        self.checked = 0

    def equal(self, what: str, got, want) -> None:
        self.checked += 1
        if got != want:
            self.errors.append(f"{what}: dashboard says {got!r}, answers.json says {want!r}")

    def close_to(self, what: str, got, want: float, rounding: float) -> None:
        """got is want rounded by the query: equal within the rounding (ties may go either way)."""
        self.checked += 1
        if not isinstance(got, (int, float)) or abs(got - want) > rounding + 1e-9:
            self.errors.append(f"{what}: dashboard says {got!r}, answers.json says {want!r} (before rounding)")


def by_app_version(rows: list[dict]) -> dict[tuple, dict]:
    return {(r["app"], r["app_version"]): r for r in rows}


def check_lost(c: Checker, rows: list[dict], answers: dict) -> None:
    got = by_app_version(rows)
    c.equal("lost: (app, version) groups", sorted(got, key=str), sorted(((a["app"], a["appVersion"])
                                                                          for a in answers["byAppVersion"]), key=str))
    for a in answers["byAppVersion"]:
        key = (a["app"], a["appVersion"])
        row = got.get(key, {})
        c.equal(f"lost {key} traces", row.get("traces"), a["traces"])
        c.equal(f"lost {key} background_entries", row.get("background_entries"), a["backgroundEntries"])
        c.equal(f"lost {key} lost_verdicts", row.get("lost_verdicts"), a["lostVerdicts"])
        c.close_to(f"lost {key} lost_per_1000", row.get("lost_per_1000"), a["lostPer1000BackgroundEntries"], 0.005)


def check_durations(c: Checker, name: str, rows: list[dict], answers: dict, key: str) -> None:
    got = by_app_version(rows)
    for a in answers["byAppVersion"]:
        group = (a["app"], a["appVersion"])
        row, want = got.get(group, {}), a[key]
        c.equal(f"{name} {group} samples", row.get("samples"), want["count"])
        c.equal(f"{name} {group} p50_ms", row.get("p50_ms"), want["p50Ms"])
        c.equal(f"{name} {group} p95_ms", row.get("p95_ms"), want["p95Ms"])
        c.equal(f"{name} {group} max_ms", row.get("max_ms"), want["maxMs"])
        c.equal(f"{name} {group} samples_without_durations", row.get("samples_without_durations"), 0)
        if "missing" in want:
            c.equal(f"{name} {group} returns_without_resync", row.get("returns_without_resync"), want["missing"])


def check_deaths(c: Checker, rows: list[dict], answers: dict) -> None:
    c.equal("process deaths by reason", {r["reason"]: r["deaths"] for r in rows}, answers["processDeathsByReason"])


def check_rules(c: Checker, rows: list[dict], answers: dict) -> None:
    got = {r["rule"]: (r["findings"], r["apps_affected"]) for r in rows}
    want = {r["rule"]: (r["findings"], r["appsAffected"]) for r in answers["rules"]}
    c.equal("top rules (findings, apps affected)", got, want)
    order = sorted(want, key=lambda rule: (-want[rule][0], -want[rule][1], rule))
    c.equal("top rules order", [r["rule"] for r in rows], order)


def check_new_findings(c: Checker, rows: list[dict], answers: dict, params: dict) -> None:
    """The generator knows which findings share a fingerprint, not the fingerprint itself:
    compare (app, rule, occurrences) per fingerprint as multisets."""
    c.equal("new findings: baseline and version",
            (params.get("baseline_version"), params.get("version")), (answers["baselineVersion"], answers["newVersion"]))
    got = Counter((r["app"], r["rule"], r["occurrences"]) for r in rows)
    want = Counter((r["app"], r["rule"], r["occurrences"]) for r in answers["newFindings"])
    c.equal("new findings (app, rule, occurrences)", sorted(got.elements()), sorted(want.elements()))


def check_html(c: Checker, html_path: Path, answers: dict) -> None:
    text = html_path.read_text() if html_path.exists() else ""
    c.equal("HTML page exists and is not empty", bool(text), True)
    c.equal("HTML has an inline SVG chart per chart (7)", text.count("<svg"), 7)
    c.equal("HTML loads no script", "<script" in text.lower(), False)
    c.equal("HTML fetches nothing", any(s in text for s in ('src="http', "href=\"http", "url(http")), False)
    for a in answers["byAppVersion"]:
        c.equal(f"HTML names {a['app']}", a["app"] in text, True)


def hints(results: dict) -> list[str]:
    """Explain the usual cause when everything is off: a lifelint without the contract."""
    rows = results["lost_per_1000_background_entries"]["rows"]
    out = []
    if rows and all(r["app_version"] is None for r in rows):
        out.append("no record has labels.appVersion: this lifelint does not label records from the "
                   "trace's 'lifelint: app.info version=...' line")
    if any(r.get("samples_without_durations") for r in results["save_duration_after_background"]["rows"]):
        out.append("metrics records lack savesAfterBackground.durationsMs / resyncAfterForeground.durationsMs: "
                   "this lifelint is older than the durationsMs contract")
    return out


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    dashboard = json.loads(Path(sys.argv[1]).read_text())
    answers = json.loads(Path(sys.argv[2]).read_text())
    results, params = dashboard["results"], dashboard["parameters"]
    c = Checker()
    check_lost(c, results["lost_per_1000_background_entries"]["rows"], answers)
    check_durations(c, "saves", results["save_duration_after_background"]["rows"], answers, "savesAfterBackground")
    check_durations(c, "resync", results["time_to_first_resync"]["rows"], answers, "resyncAfterForeground")
    check_deaths(c, results["process_deaths_by_reason"]["rows"], answers)
    check_rules(c, results["top_rules"]["rows"], answers)
    check_new_findings(c, results["new_findings_since_baseline"]["rows"], answers, params)
    check_html(c, Path(sys.argv[3]), answers)
    for e in c.errors:
        print(f"MISMATCH {e}")
    if c.errors:
        for h in hints(results):
            print(f"hint: {h}")
        print(f"check_dashboard: FAILED: {len(c.errors)} of {c.checked} checks differ from answers.json")
        return 1
    print(f"check_dashboard: all {c.checked} checks equal answers.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
