#!/usr/bin/env python3
"""Precision and recall of lifelint on the held-out real captures.

    scripts/held-out-score.py [LIFELINT] [FOLDER]

LIFELINT defaults to .build/release/lifelint, FOLDER to the newest set in
Tests/LifelintCoreTests/Fixtures/held-out/ (sets are named a, b, ... in the order gathered). Each capture is analysed alone (`--no-config --year
2024 --format json`); a finding matches a label of the same rule within LINES lines (one incident
is often logged over a few lines), each label and finding at most once. A capture is refused
when lifelint reads no trace from it. Prints one line per miss and per false finding, then the
totals; `--json` prints the totals as JSON instead.
"""
import json
import os
import subprocess
import sys

LINES = 3


def analyse(binary, path):
    run = subprocess.run([binary, "--no-config", "--year", "2024", "--format", "json", path], capture_output=True, text=True)
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError:
        return None, run.stderr.strip()
    traces = report.get("traces", [])
    if not traces or any(trace.get("error") for trace in traces):
        return None, (traces[0].get("error") if traces else run.stderr.strip()) or "no trace"
    return [f for f in report.get("findings", []) if f["rule"] != "data-loss-verdict"], None


def score(binary, folder):
    labels = json.load(open(os.path.join(folder, "labels.json")))
    totals = {"captures": len(labels), "expected": 0, "found": 0, "matched": 0, "refused": 0, "refusedWithFindings": 0}
    misses, false_findings, refusals = [], [], []
    for name, label in sorted(labels.items()):
        expected = label.get("findings", [])
        totals["expected"] += len(expected)
        findings, error = analyse(binary, os.path.join(folder, name))
        if findings is None:
            totals["refused"] += 1
            totals["refusedWithFindings"] += 1 if expected else 0
            refusals.append(f"{name}: refused: {error.splitlines()[0] if error else ''}")
            misses += [f"{name}:{e['line']}: missed {e['rule']} (refused)" for e in expected]
            continue
        totals["found"] += len(findings)
        unmatched = list(findings)
        for label_finding in expected:
            match = next((f for f in unmatched if f["rule"] == label_finding["rule"]
                          and abs(f["location"]["line"] - label_finding["line"]) <= LINES), None)
            if match:
                unmatched.remove(match)
                totals["matched"] += 1
            else:
                misses.append(f"{name}:{label_finding['line']}: missed {label_finding['rule']}")
        false_findings += [f"{name}:{f['location']['line']}: false {f['rule']}: {f['message']}" for f in unmatched]
    totals["precision"] = round(totals["matched"] / totals["found"], 3) if totals["found"] else 1.0
    totals["recall"] = round(totals["matched"] / totals["expected"], 3) if totals["expected"] else 1.0
    return totals, misses, false_findings, refusals


def main():
    args = [a for a in sys.argv[1:] if a != "--json"]
    binary = args[0] if args else ".build/release/lifelint"
    root = "Tests/LifelintCoreTests/Fixtures/held-out"
    folder = args[1] if len(args) > 1 else os.path.join(root, sorted(os.listdir(root))[-1])
    totals, misses, false_findings, refusals = score(binary, folder)
    if "--json" in sys.argv:
        print(json.dumps(totals, sort_keys=True))
        return
    for line in refusals + misses + false_findings:
        print(line)
    print(f"{totals['captures']} captures, {totals['expected']} expected findings, {totals['found']} found, "
          f"{totals['matched']} right: precision {totals['precision']}, recall {totals['recall']}; "
          f"{totals['refused']} refused ({totals['refusedWithFindings']} holding an expected finding)")


if __name__ == "__main__":
    main()
