import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// One self-contained HTML page (`--format html`) for a post-mortem, to attach to a bug report
/// without the trace: a table of contents when there are several traces; per trace, the
/// timeline drawn as SVG swimlanes, the verdicts, and the findings, each quoting the trace
/// lines it cites with a line of context (`TraceExcerpt` reads them again), and "line 28"
/// linking to the quote. A finding in the list links to its mark on the timeline and back. No
/// scripts, fonts or anything else from the network; every string from a trace is escaped.
public struct HTMLReporter: Reporter {
    /// Findings listed per trace; the rest are counted (the timeline still shows them all).
    static let maximumListedFindings = 1000
    private let output: ByteOutput

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func finish(_ run: RunReport) {
        output.write(Self.page(run))
    }

    static func page(_ run: RunReport) -> String {
        let readable = run.traces.filter { $0.summary != nil }.count
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>lifelint report</title>
            <style>\(style)</style>
            </head>
            <body>
            <header><h1>lifelint</h1><p class="summary">\(HTMLText.escaped(run.findingCounts)) in \(readable) trace\(readable == 1 ? "" : "s")\(run.failedTraces > 0 ? "; \(run.failedTraces) with errors" : "")</p></header>
            <main>

            """
        if run.traces.count > 1 { html += contents(run) }
        for (index, trace) in run.traces.enumerated() { html += section(trace, index: index) }
        html += """
            </main>
            <footer>lifelint \(HTMLText.escaped(LifelintVersion.current))</footer>
            </body>
            </html>

            """
        return html
    }

    /// The traces with their counts, each linking to its section.
    private static func contents(_ run: RunReport) -> String {
        var html = "<nav class=\"contents\"><h2>Traces</h2><table><tr><th>trace</th><th>errors</th><th>warnings</th><th>data lost</th></tr>\n"
        for (index, trace) in run.traces.enumerated() {
            let errors = trace.findings.filter { $0.severity == .error }.count
            let warnings = trace.findings.filter { $0.severity == .warning }.count
            let lost = trace.verdicts.filter(\.outcome.isLoss).count
            let note = trace.error.map { " <span class=\"error-note\">\(HTMLText.escaped($0))</span>" } ?? ""
            html += "<tr><td><a href=\"#t\(index)\">\(HTMLText.escaped(trace.path))</a>\(note)</td><td>\(errors)</td><td>\(warnings)</td><td>\(lost)</td></tr>\n"
        }
        return html + "</table></nav>\n"
    }

    private static func section(_ trace: TraceReport, index: Int) -> String {
        let prefix = "t\(index)"
        var html = "<section class=\"trace\" id=\"\(prefix)\">\n<h2>\(HTMLText.escaped(trace.path))</h2>\n"
        if let summary = trace.summary {
            html += "<p class=\"stats\">\(HTMLText.escaped(summary.format)) · \(summary.lines) \(summary.unit) · \(summary.events) events</p>\n"
        }
        if let error = trace.error { html += "<p class=\"error\">\(HTMLText.escaped(error))</p>\n" }
        if let timeline = trace.timeline {
            html += "<h3>Timeline</h3>\n<div class=\"scroll\">\(TimelineSVG(timeline: timeline, idPrefix: prefix).render())\(TimelineMarkShape.legend())</div>\n"
        }
        let listed = Array(trace.findings.prefix(maximumListedFindings))
        var quotes = QuotedLines(trace: trace, listed: listed, idPrefix: prefix)
        if !trace.verdicts.isEmpty {
            html += "<h3>What happened to the user's data</h3>\n"
            for verdict in trace.verdicts { html += self.verdict(verdict, quotes: &quotes) }
        }
        if !listed.isEmpty {
            html += "<h3>Findings</h3>\n<ol class=\"findings\">\n"
            for (number, finding) in listed.enumerated() {
                html += self.finding(finding, id: "\(prefix)-finding-\(number)", quotes: &quotes)
            }
            html += "</ol>\n"
            let unlisted = trace.findings.count - maximumListedFindings
            if unlisted > 0 { html += "<p class=\"note\">\(unlisted) more findings not listed (see --format json).</p>\n" }
        }
        return html + "</section>\n"
    }

    private static func verdict(_ verdict: Verdict, quotes: inout QuotedLines) -> String {
        let kind = verdict.outcome.tone.rawValue
        var html = "<article class=\"verdict \(kind)\"><h4>\(HTMLText.escaped(verdict.subject)): \(HTMLText.escaped(verdict.outcome.headline))</h4><p>"
        html += verdict.claims.map { claim in
            let line = claim.location.map { " " + quotes.link(to: $0) } ?? ""
            return HTMLText.escaped(claim.text) + line + "."
        }.joined(separator: " ")
        html += "</p>"
        html += quotes.excerpt([verdict.location] + verdict.claims.compactMap(\.location))
        return html + "</article>\n"
    }

    private static func finding(_ finding: Finding, id: String, quotes: inout QuotedLines) -> String {
        var html =
            "<li id=\"\(id)-item\" class=\"sev-\(finding.severity.rawValue)\"><a class=\"jump\" href=\"#\(id)\" title=\"show on the timeline\">\(HTMLText.escaped(finding.location.description))</a> "
        html += "<span class=\"severity\">\(finding.severity.rawValue)</span> \(HTMLText.escaped(finding.message)) <code>\(HTMLText.escaped(finding.ruleID))</code>"
        html += "<div class=\"when\">\(HTMLText.escaped(finding.app)) at \(HTMLText.escaped(finding.time.readable))</div>"
        if !finding.related.isEmpty {
            html += "<ul class=\"related\">" + finding.related.map { "<li>\(quotes.link(to: $0.location)): \(HTMLText.escaped($0.message))</li>" }.joined() + "</ul>"
        }
        html += quotes.excerpt([finding.location] + finding.related.map(\.location))
        return html + "</li>\n"
    }

    static let style = """
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;background:#fafbfc}
        header,main,footer{max-width:1280px;margin:0 auto;padding:12px 24px}
        header{border-bottom:1px solid #dde2ea}h1{margin:0;font-size:22px}.summary{margin:4px 0 0;color:#4a5568}
        h2{font-size:16px;word-break:break-all;margin:24px 0 4px}h3{font-size:14px;margin:18px 0 6px;color:#4a5568;text-transform:uppercase;letter-spacing:.04em}
        .stats,.note{color:#64748b;margin:0}.error{color:#b42318;background:#fef3f2;padding:6px 10px;border-radius:4px}
        .scroll{overflow-x:auto;background:#fff;border:1px solid #dde2ea;border-radius:6px;padding:6px}
        svg.timeline{width:100%;min-width:900px;height:auto;display:block}
        .axis line{stroke:#e5e9f0}.axis text{font-size:12px;fill:#475569}.axis text.resumes{fill:#1d2330;font-weight:600}
        .lane-label{font-size:13px;font-weight:600;fill:#1d2330}.lane-label.continues{fill:#64748b}.lane-pid{font-size:11.5px;fill:#64748b}
        rect.stripe{fill:#f3f6fa}
        rect.phase{stroke:#fff;stroke-width:.5}rect.phase.thin{stroke:none}.foreground-active{fill:#3fa34d}.foreground-inactive{fill:#e8b100}
        .background{fill:#3b82c4}.not-running{fill:#c3cad4}
        .mark{stroke:#fff;stroke-width:1.5}.mark.input{fill:#475569}.mark.save{fill:#0f766e}.mark.background-task{fill:#7c3aed}
        .mark.death path{fill:none;stroke:#111;stroke-width:2.5;stroke-linecap:round}.mark.death path.halo{stroke:#fff;stroke-width:5.5}
        .mark.cold-start{fill:#c026d3}.mark.restore{fill:#166534}.mark.resync{fill:#f97316}.mark.probe{fill:#0891b2}.mark.cluster{fill:#334155}
        .mark.finding,.finding polygon{fill:#dc2626;stroke:#fff;stroke-width:1}.finding.warning polygon{fill:#ea7a00}.finding.info polygon{fill:#0284c7}
        .finding:target polygon{stroke:#111;stroke-width:2.5}
        text.story{font-size:11.5px;fill:#1d2330}text.story.death{font-weight:700}text.story.cold-start{fill:#86198f;font-weight:600}text.story.save{fill:#0f766e}
        line.stem{stroke:#94a3b8;stroke-width:1;stroke-dasharray:2 2}
        .legend{display:flex;flex-wrap:wrap;align-items:center;gap:4px 14px;margin:8px 6px 2px;font-size:12.5px;color:#334155}
        .legend .item{display:inline-flex;align-items:center;gap:5px}.legend svg{overflow:visible}.legend .group{font-weight:600;color:#64748b;text-transform:uppercase;font-size:11px;letter-spacing:.04em}
        .verdict{background:#fff;border-left:4px solid #3fa34d;padding:6px 12px;margin:8px 0;border-radius:4px}.verdict.loss{border-color:#dc2626}.verdict.risk{border-color:#e8b100}.verdict.unknown{border-color:#9ca3af}
        .verdict h4{margin:2px 0 4px}.verdict p{margin:0}.line{color:#64748b;font-size:12px}
        ol.findings{padding-left:24px}ol.findings>li{margin:6px 0;padding:4px 6px;border-radius:4px}ol.findings>li:target{background:#fff6d6}
        .severity{font-weight:600;text-transform:uppercase;font-size:11px}.sev-error .severity{color:#b42318}.sev-warning .severity{color:#b54708}.sev-info .severity{color:#026aa2}
        .when{color:#64748b;font-size:12px}.related{margin:2px 0;color:#4a5568;font-size:12px}code{background:#eef1f5;padding:0 4px;border-radius:3px}
        footer{color:#64748b;font-size:12px;border-top:1px solid #dde2ea;margin-top:24px}
        .break rect{fill:#fff;opacity:.85}.break line{stroke:#94a3b8;stroke-dasharray:3 2}.break text{font-size:11.5px;font-weight:600;fill:#475569}
        pre.excerpt{background:#f4f6f9;border:1px solid #e2e6ed;border-radius:4px;padding:4px 0;margin:6px 0;font:12px/1.45 ui-monospace,"SFMono-Regular",Menlo,monospace;overflow-x:auto}
        pre.excerpt span{display:block;padding:0 8px;white-space:pre}pre.excerpt .cited{background:#fff3c4}pre.excerpt .gap{color:#94a3b8}pre.excerpt span:target{outline:2px solid #e8b100}
        pre.excerpt b{display:inline-block;min-width:5ch;color:#64748b;font-weight:400;text-align:right;margin-right:12px}
        nav.contents table{border-collapse:collapse}nav.contents td,nav.contents th{padding:2px 10px;border-bottom:1px solid #e5e9f0;text-align:left}.error-note{color:#b42318}
        """
}
