#!/usr/bin/env python3
"""Check lifelint's records on a generated fleet against the fleet's answers.json, trace by trace.

    check_fleet.py FLEET_DIR [--records FILE.jsonl ...] [--allow-missing-labels]

Without --records it runs lifelint itself ($LIFELINT, else `lifelint` on the PATH, else
.build/release/lifelint in this repository) with --format jsonl --year 2024 on every trace.
It compares, per trace: the rules of the findings, the verdict outcomes, the metrics
record (background entries, deaths by reason, saves begun in the background and time to the
first resync: count, p50, p95, max and, when present, durationsMs), the labels appVersion and
appBuild that the trace's app.info line sets; and, over the fleet, that two findings share a
fingerprint exactly when the generator says they share an identity. Exit 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STAT_KEYS = ("count", "p50Ms", "p95Ms", "maxMs")
MAX_SHOWN = 20  # mismatches printed one by one; the rest are tallied


def lifelint_binary() -> str:
    """$LIFELINT, else lifelint on the PATH, else the repository's release build."""
    for candidate in (os.environ.get("LIFELINT"), shutil.which("lifelint"), str(REPO / ".build/release/lifelint")):
        if candidate and Path(candidate).exists() or (candidate and shutil.which(candidate)):
            return candidate
    sys.exit("check_fleet: no lifelint binary: set LIFELINT, put lifelint on the PATH or build .build/release/lifelint")


def run_lifelint(fleet: Path, traces: list[str]) -> list[dict]:
    with tempfile.TemporaryDirectory() as tmp:
        listing = Path(tmp) / "traces.txt"
        listing.write_text("".join(f"{fleet / t}\n" for t in traces))
        out = Path(tmp) / "records.jsonl"
        cmd = [lifelint_binary(), "--format", "jsonl", "--year", "2024", "--exit-zero", "--no-progress",
               "--files-from", str(listing)]
        with out.open("wb") as sink:
            subprocess.run(cmd, stdout=sink, check=True)
        return read_records([out])


def read_records(paths: list[Path]) -> list[dict]:
    return [json.loads(line) for p in paths for line in p.read_text().splitlines() if line.strip()]


def group_by_trace(records: list[dict]) -> dict[str, list[dict]]:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        path = r.get("trace") or r.get("path")
        if path:
            groups[Path(path).name].append(r)
    return groups


def compare_stats(name: str, got: dict, want: dict) -> list[str]:
    errors = [f"{name}.{k}: got {got.get(k)!r}, want {want[k]!r}" for k in STAT_KEYS if got.get(k) != want[k]]
    if "durationsMs" in got and got["durationsMs"] != want["durationsMs"]:
        errors.append(f"{name}.durationsMs: got {got['durationsMs']!r}, want {want['durationsMs']!r}")
    return errors


def findings_in_line_order(records: list[dict]) -> list[dict]:
    findings = [r for r in records if r["type"] == "finding"]
    return sorted(findings, key=lambda r: ((r.get("location") or {}).get("line") or 0, r["rule"]))


def check_trace(records: list[dict], want: dict, allow_missing_labels: bool) -> list[str]:
    errors = []
    rules = [r["rule"] for r in findings_in_line_order(records)]
    if rules != [f["rule"] for f in want["findings"]]:
        errors.append(f"findings: got {rules}, want {[f['rule'] for f in want['findings']]}")
    outcomes = sorted(r["outcome"] for r in records if r["type"] == "verdict")
    if outcomes != want["verdicts"]:
        errors.append(f"verdicts: got {outcomes}, want {want['verdicts']}")
    metrics = [r for r in records if r["type"] == "metrics"]
    if [m["app"] for m in metrics] != [want["app"]]:
        return errors + [f"metrics apps: got {[m['app'] for m in metrics]}, want [{want['app']!r}]"]
    m = metrics[0]
    if m["backgroundEntries"] != want["backgroundEntries"]:
        errors.append(f"backgroundEntries: got {m['backgroundEntries']}, want {want['backgroundEntries']}")
    if m["processDeaths"] != want["processDeaths"]:
        errors.append(f"processDeaths: got {m['processDeaths']}, want {want['processDeaths']}")
    for key in ("savesAfterBackground", "resyncAfterForeground"):
        errors += compare_stats(key, m[key], want[key])
    if m["resyncAfterForeground"].get("missing") != want["resyncAfterForeground"]["missing"]:
        errors.append(f"resyncAfterForeground.missing: got {m['resyncAfterForeground'].get('missing')}, "
                      f"want {want['resyncAfterForeground']['missing']}")
    for r in records:
        labels = r.get("labels")
        if labels is None and allow_missing_labels:
            continue
        got = {k: (labels or {}).get(k) for k in ("appVersion", "appBuild")}
        if got != {"appVersion": want["appVersion"], "appBuild": want["appBuild"]}:
            errors.append(f"{r['type']} record labels: got {labels}, want appVersion={want['appVersion']} "
                          f"appBuild={want['appBuild']}")
            break
    return errors


def check_fingerprints(groups: dict[str, list[dict]], per_trace: dict) -> list[str]:
    """Findings share a fingerprint exactly when they share the generator's identity."""
    by_fp: dict[str, set] = defaultdict(set)
    by_identity: dict[tuple, set] = defaultdict(set)
    for name, want in per_trace.items():
        got = findings_in_line_order(groups.get(name, []))
        if [r["rule"] for r in got] != [f["rule"] for f in want["findings"]]:
            continue  # reported by check_trace
        for r, f in zip(got, want["findings"]):
            identity = (r["app"], r["rule"], f["event"])
            by_fp[r["fingerprint"]].add(identity)
            by_identity[identity].add(r["fingerprint"])
    return ([f"fingerprint {fp} covers several identities: {sorted(ids)}" for fp, ids in by_fp.items() if len(ids) > 1]
            + [f"identity {i} has several fingerprints: {sorted(fps)}" for i, fps in by_identity.items() if len(fps) > 1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fleet", type=Path, help="folder written by generate_fleet.py")
    parser.add_argument("--records", type=Path, nargs="*", help="lifelint JSON Lines already written for the fleet")
    parser.add_argument("--allow-missing-labels", action="store_true",
                        help="accept records without labels (a lifelint that does not read app.info yet)")
    args = parser.parse_args()
    answers = json.loads((args.fleet / "answers.json").read_text())
    per_trace = answers["perTrace"]
    records = read_records(args.records) if args.records else run_lifelint(args.fleet, sorted(per_trace))
    groups = group_by_trace(records)
    failures, kinds, shown = 0, Counter(), 0
    for name, want in sorted(per_trace.items()):
        errors = check_trace(groups.get(name, []), want, args.allow_missing_labels)
        for e in errors:
            kinds[e.split(":")[0]] += 1
            if shown < MAX_SHOWN:
                print(f"{name} ({want['scenario']}): {e}")
            shown += 1
        failures += bool(errors)
    if shown > MAX_SHOWN:
        print(f"... and {shown - MAX_SHOWN} more; mismatches by kind: {dict(kinds)}")
    if not args.allow_missing_labels and not any(r.get("labels", {}).get("appVersion") for r in records):
        print("hint: no record has labels.appVersion: this lifelint does not label records from the trace's "
              "'lifelint: app.info version=...' line (use --allow-missing-labels to check the rest)")
    fp_errors = check_fingerprints(groups, per_trace)
    for e in fp_errors:
        print(e)
    print(f"check_fleet: {len(per_trace) - failures} of {len(per_trace)} traces as expected"
          + (f"; {len(fp_errors)} fingerprint problems" if fp_errors else ""))
    return 1 if failures or fp_errors else 0


if __name__ == "__main__":
    sys.exit(main())
