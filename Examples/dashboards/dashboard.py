#!/usr/bin/env python3
"""Render lifelint's JSON Lines records as one static HTML dashboard.

    dashboard.py RECORDS_DIR OUT.html [--baseline-version A --version B] [--json OUT.json]

Reads every *.jsonl under RECORDS_DIR (lifelint --format jsonl, or --output jsonl=FILE),
runs the DuckDB queries in queries/ over them (through the view in records.sql) and writes a
page with a table and an inline SVG bar chart per question: no script, no stylesheet or font
from the network. --json writes the raw query results, for tests and other tools.

Versions come from the records' labels (lifelint stamps labels.appVersion from the trace's
app.info line, or from --label appVersion=...). Without --baseline-version and --version,
the new-findings section compares the two highest versions found.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
QUERIES = HERE / "queries"


@dataclass(frozen=True)
class Chart:
    """Which column(s) of a query to draw: one bar per row (or group of bars per row)."""

    label_columns: tuple[str, ...]
    value_columns: tuple[str, ...]
    unit: str = ""


@dataclass(frozen=True)
class Section:
    query: str  # file name in queries/, without .sql
    title: str
    blurb: str
    charts: tuple[Chart, ...]


SECTIONS = (
    Section("lost_per_1000_background_entries", "Lost data per 1,000 background entries",
            "Verdicts 'lost' (unsaved input, no save finished before the death, nothing restored) "
            "per 1,000 background entries, by app and version.",
            (Chart(("app", "app_version"), ("lost_per_1000",)),)),
    Section("save_duration_after_background", "Save duration after background entry",
            "Saves begun in the background, persist.begin to persist.end: nearest-rank percentiles "
            "over every sample of the fleet.",
            (Chart(("app", "app_version"), ("p50_ms", "p95_ms"), "ms"),)),
    Section("time_to_first_resync", "Time to first resync",
            "From each return to the foreground to the first sync.resync, auth.refresh, sync.catchup "
            "or socket.probe.",
            (Chart(("app", "app_version"), ("p50_ms", "p95_ms"), "ms"),)),
    Section("process_deaths_by_reason", "Process deaths by reason",
            "Deaths of the process that shows the UI, over the whole fleet.",
            (Chart(("reason",), ("deaths",)),)),
    Section("top_rules", "Top rules",
            "Findings per rule, and how many apps each rule affected.",
            (Chart(("rule",), ("findings",)), Chart(("rule",), ("apps_affected",)))),
    Section("new_findings_since_baseline", "New findings since the baseline",
            "Fingerprints seen in the new version and never in the baseline version.",
            (Chart(("rule", "app"), ("occurrences",)),)),
)

CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222;padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0 1em}th,td{padding:.2em .6em;border-bottom:1px solid #eee}
th{text-align:left;background:#f6f6f6}td.n{text-align:right;font-variant-numeric:tabular-nums}
p.note{color:#666}svg text{font:12px system-ui,sans-serif;fill:#222}
"""
COLOURS = ("#4e79a7", "#f28e2b", "#59a14f")
MAX_LABEL = 34  # characters that fit the 260 px left of the bars


def connect(records_dir: Path, params: dict[str, str | None]):
    """A DuckDB connection with the `records` view over RECORDS_DIR and the query parameters
    set as variables (the queries read them with getvariable)."""
    import duckdb  # imported here so that --help works without it

    con = duckdb.connect()
    con.execute("SET VARIABLE records_glob = ?", [str(records_dir / "**" / "*.jsonl")])
    for name, value in params.items():
        con.execute(f"SET VARIABLE {name} = ?", [value])
    con.execute((HERE / "records.sql").read_text())
    return con


def plain(value):
    """DuckDB values as JSON-friendly Python values."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def run_query(con, name: str) -> dict:
    cursor = con.execute((QUERIES / f"{name}.sql").read_text())
    columns = [d[0] for d in cursor.description]
    rows = [dict(zip(columns, (plain(v) for v in row))) for row in cursor.fetchall()]
    return {"columns": columns, "rows": rows}


def version_key(version: str) -> tuple:
    """Sort '1.10.0' after '1.9.0': numbers as numbers, the rest as text."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"[.\-+]", version))


def pick_versions(con, baseline: str | None, version: str | None) -> tuple[str | None, str | None]:
    if baseline and version:
        return baseline, version
    found = [v for (v,) in con.execute(
        "SELECT DISTINCT app_version FROM records WHERE app_version IS NOT NULL").fetchall()]
    found.sort(key=version_key)
    if len(found) < 2:
        return baseline, version
    return baseline or found[-2], version or found[-1]


def fmt(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def table(result: dict) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in result["columns"])
    body = []
    for row in result["rows"]:
        cells = []
        for c in result["columns"]:
            cls = ' class="n"' if isinstance(row[c], (int, float)) else ""
            cells.append(f"<td{cls}>{html.escape(fmt(row[c]))}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    if not body:
        return '<p class="note">No rows.</p>'
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def shorten(text: str, limit: int) -> str:
    """Keep the end of a long label (the app or version, which tell rows apart)."""
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


def bar_chart(result: dict, chart: Chart) -> str:
    """Horizontal bars, one row per query row, one bar per value column, scaled to the largest
    value. Text is escaped; nothing is loaded."""
    rows = [r for r in result["rows"] if any(isinstance(r[c], (int, float)) for c in chart.value_columns)]
    if not rows:
        return ""
    label_w, bar_w, bar_h, gap = 260, 420, 14, 8
    group_h = bar_h * len(chart.value_columns) + gap
    legend_h = 20  # the legend names what the bars measure, also when there is one series
    height = legend_h + group_h * len(rows) + gap
    top = max((r[c] or 0) for r in rows for c in chart.value_columns) or 1
    parts = []
    for i, c in enumerate(chart.value_columns):
        x = label_w + i * 110
        parts.append(f'<rect x="{x}" y="4" width="10" height="10" fill="{COLOURS[i]}"/>'
                     f'<text x="{x + 14}" y="13">{html.escape(c)}</text>')
    for n, row in enumerate(rows):
        y = legend_h + n * group_h + gap
        label = " ".join(fmt(row[c]) for c in chart.label_columns)
        parts.append(f'<text x="{label_w - 6}" y="{y + bar_h - 3}" text-anchor="end">'
                     f"<title>{html.escape(label)}</title>{html.escape(shorten(label, MAX_LABEL))}</text>")
        for i, c in enumerate(chart.value_columns):
            value = row[c] if isinstance(row[c], (int, float)) else 0
            w = round(bar_w * value / top, 1)
            by = y + i * bar_h
            parts.append(f'<rect x="{label_w}" y="{by}" width="{w}" height="{bar_h - 2}" fill="{COLOURS[i]}">'
                         f"<title>{html.escape(f'{label} {c}: {fmt(row[c])}')}</title></rect>"
                         f'<text x="{label_w + w + 4}" y="{by + bar_h - 3}">'
                         f"{html.escape(fmt(row[c]) + (' ' + chart.unit if chart.unit else ''))}</text>")
    title = html.escape(" and ".join(chart.value_columns))
    return (f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{title}" '
            f'width="{label_w + bar_w + 90}" height="{height}">{"".join(parts)}</svg>')


def section_html(section: Section, result: dict, note: str = "") -> str:
    charts = "".join(bar_chart(result, c) for c in section.charts)
    note_html = f'<p class="note">{html.escape(note)}</p>' if note else ""
    return (f'<section id="{html.escape(section.query)}"><h2>{html.escape(section.title)}</h2>'
            f"<p>{html.escape(section.blurb)}</p>{note_html}{charts}{table(result)}</section>")


def warnings_for(results: dict) -> list[str]:
    """Say when the records cannot answer a question exactly (older lifelint, no labels)."""
    notes = []
    for name in ("save_duration_after_background", "time_to_first_resync"):
        missing = sum(r.get("samples_without_durations") or 0 for r in results[name]["rows"])
        if missing:
            notes.append(f"{name}: {missing} samples have no durationsMs in the records (lifelint too old?); "
                         "the percentiles leave them out")
    if any(r["app_version"] is None for r in results["lost_per_1000_background_entries"]["rows"]):
        notes.append("some records have no labels.appVersion: log 'lifelint: app.info version=...' "
                     "in the app, or run lifelint with --label appVersion=...")
    return notes


def page(results: dict, params: dict, notes: list[str], source: str) -> str:
    sections = []
    for s in SECTIONS:
        note = ""
        if s.query == "new_findings_since_baseline":
            note = (f"{params.get('label_key') or 'appVersion'} {params.get('version')} "
                    f"against baseline {params.get('baseline_version')}")
        sections.append(section_html(s, results[s.query], note))
    warn = "".join(f'<p class="note">warning: {html.escape(n)}</p>' for n in notes)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>lifelint fleet dashboard</title>"
            f"<style>{CSS}</style></head><body><h1>lifelint fleet dashboard</h1>"
            f'<p class="note">Records: {html.escape(source)}</p>{warn}{"".join(sections)}</body></html>\n')


def build(records_dir: Path, baseline: str | None, version: str | None, label_key: str | None) -> tuple[dict, dict]:
    con = connect(records_dir, {"baseline_version": None, "version": None, "label_key": label_key})
    baseline, version = pick_versions(con, baseline, version)
    con.execute("SET VARIABLE baseline_version = ?", [baseline])
    con.execute("SET VARIABLE version = ?", [version])
    params = {"baseline_version": baseline, "version": version, "label_key": label_key or "appVersion"}
    return {s.query: run_query(con, s.query) for s in SECTIONS}, params


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", type=Path, help="folder of lifelint JSON Lines files (*.jsonl, searched recursively)")
    parser.add_argument("out", type=Path, help="the HTML page to write")
    parser.add_argument("--baseline-version", help="label value the new findings are compared against")
    parser.add_argument("--version", help="label value whose new findings to list")
    parser.add_argument("--label-key", help="the label that holds the version (default: appVersion)")
    parser.add_argument("--json", type=Path, help="also write the raw query results here")
    args = parser.parse_args()
    if not any(args.records.rglob("*.jsonl")):
        parser.error(f"no *.jsonl files under {args.records}")
    results, params = build(args.records, args.baseline_version, args.version, args.label_key)
    notes = warnings_for(results)
    for n in notes:
        print(f"dashboard: warning: {n}", file=sys.stderr)
    args.out.write_text(page(results, params, notes, str(args.records)))
    if args.json:
        args.json.write_text(json.dumps({"parameters": params, "results": results}, indent=1) + "\n")
    print(f"dashboard: wrote {args.out}" + (f" and {args.json}" if args.json else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
