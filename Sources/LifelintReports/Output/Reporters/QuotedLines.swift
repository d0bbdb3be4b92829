import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The trace lines one trace's section of the HTML page quotes: read once for every finding
/// and verdict it lists (each cited line with `context` lines around it), quoted under each,
/// and given an anchor where first quoted, so "line 28" anywhere in the section links there.
struct QuotedLines {
    static let context = 1

    private let text: [Int: String]
    private let path: String
    private let idPrefix: String
    private var anchored: Set<Int> = []

    init(trace: TraceReport, listed: [Finding], idPrefix: String) {
        path = trace.path
        self.idPrefix = idPrefix
        var cited = listed.flatMap { [$0.location] + $0.related.map(\.location) }
        cited += trace.verdicts.flatMap { [$0.location] + $0.claims.compactMap(\.location) }
        let wanted = cited.filter { $0.path == trace.path }.flatMap { ($0.line - Self.context)...($0.line + Self.context) }
        text = trace.lines(Set(wanted.filter { $0 > 0 }))
    }

    /// `line 28` (`line 28 of other.log` elsewhere), linked to its quote when there is one.
    func link(to location: SourceLocation) -> String {
        let label = location.path == path ? location.lineText : HTMLText.escaped(location.description)
        guard location.path == path, text[location.line] != nil else { return "<span class=\"line\">\(label)</span>" }
        return "<a class=\"line\" href=\"#\(idPrefix)-L\(location.line)\">\(label)</a>"
    }

    /// The cited lines of this trace with their context, in order, a gap marked between
    /// distant ones; empty when the trace cannot be read again.
    mutating func excerpt(_ locations: [SourceLocation]) -> String {
        let cited = Set(locations.filter { $0.path == path }.map(\.line))
        let shown = Set(cited.flatMap { ($0 - Self.context)...($0 + Self.context) }).filter { text[$0] != nil }.sorted()
        guard !shown.isEmpty else { return "" }
        var html = "<pre class=\"excerpt\">"
        var previous: Int?
        for line in shown {
            if let previous, line > previous + 1 { html += "<span class=\"gap\">⋯</span>" }
            previous = line
            let id = cited.contains(line) && anchored.insert(line).inserted ? " id=\"\(idPrefix)-L\(line)\"" : ""
            let kind = cited.contains(line) ? " class=\"cited\"" : ""
            html += "<span\(id)\(kind)><b>\(line)</b>\(HTMLText.escaped(text[line] ?? ""))</span>"
        }
        return html + "</pre>"
    }
}
