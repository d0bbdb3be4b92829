import Foundation
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Reads Apple crash and termination reports (docs/formats.md §9): legacy text `.crash` reports,
/// `.ips` reports (a one-line JSON header, then a JSON body for bug type 309 or a text body for
/// older types), JetsamEvent reports (bug type 298), and excerpts pasted into issues that
/// start at `Exception Type:`. Each report ends one process (a JetsamEvent, every process it
/// killed): one `process.died` each, with the reason the report gives (`lock-held-at-suspension`
/// for `0xdead10cc`, `watchdog` for `0x8badf00d`, `jetsam-<reason>`, `crash`…), its initiator,
/// code, namespace, visibility and watchdog event.
///
/// A report is small and read whole (up to `maximumSize`); its lines are counted like a log's:
/// the lines deaths rest on are event lines, blank lines structural, the rest log lines.
enum AppleReportReader {
    static let maximumSize = 16 << 20

    /// The keys of a text report that say what happened, at the start of a line.
    /// Lines that open a report's fields; the watchdog's own fields (`WatchdogEvent:`,
    /// `ProcessVisibility:`) open lines when a termination's description is pasted wrapped, or
    /// summed up by its reporter.
    static let markers = [
        "Incident Identifier:", "Exception Type:", "Termination Reason:", "Termination Description:", "Exception Codes:", "WatchdogEvent:",
        "ProcessVisibility:",
    ]
    /// The members of a bug type 309 body that say how the process ended, as pasted on their own.
    static let fragmentKeys = ["\"termination\" : {", "\"exception\" : {", "\"termination\":{", "\"exception\":{"]

    static func read(_ input: TraceInput, head: [UInt8], emit: EventSink) throws(IngestionError) -> IngestionSummary {
        try input.withRest(after: head, limit: maximumSize) { bytes, unread in read(bytes, unread: unread, path: input.path, emit: emit) }
    }

    private static func read(_ bytes: [UInt8], unread: String?, path: String, emit: EventSink) -> IngestionSummary {
        var summary = IngestionSummary(path: path, format: "apple report")
        // A report that states no termination, exception or kill (a resource report whose
        // action was `none`) ended nothing.
        let parsed = bytes.withUnsafeBufferPointer { buffer in parse(buffer, summary: &summary) }
        for report in parsed {
            for (key, value) in report.labels.values.sorted(by: { $0.key < $1.key }) { summary.labels.record(key, value) }
        }
        let reports = parsed.filter(\.statesADeath)
        summary.bytes = bytes.count
        let events = reports.flatMap { $0.events(path: path) }
        for event in events { emit(event) }
        summary.events = events.count
        summary.eventLines = Set(events.map(\.source.line)).count
        summary.logLines = summary.lines - summary.eventLines - summary.structuralLines
        if let unread {
            summary.report(IngestionProblem(location: SourceLocation(path: path, line: summary.lines + 1), message: unread))
        }
        return summary
    }

    /// Whether the first bytes are such a report: an `.ips` header, or report keys at the
    /// start of lines.
    static func isReport(_ head: Span<UInt8>) -> Bool {
        let firstLine = head.extracting(..<(head.firstIndex(of: .newline) ?? head.count))
        if firstLine.first == UInt8(ascii: "{"), ByteSearch.contains("\"bug_type\"", in: firstLine) { return true }
        var found = 0
        var fragment = false
        var strongMarker = false
        ByteSearch.forEachLine(in: head) { line in
            let text = line.extracting((line.firstIndex { $0 != .greaterThan && $0 != .space && $0 != .backtick } ?? line.count)...)
            guard !fragment, let first = text.first, markerInitials.contains(first) else { return }
            if markers.contains(where: { text.starts(with: $0.utf8) }) {
                found += 1
                // A termination line that names a watchdog's transgression, a namespace or a
                // termination code is a report excerpt on its own (`Termination Description:
                // SPRINGBOARD, scene-create watchdog transgression: …`, `Termination Reason:
                // RUNNINGBOARD 0xdead10cc`).
                strongMarker =
                    strongMarker || ByteSearch.contains("watchdog transgression", in: text) || ByteSearch.contains("Namespace ", in: text)
                    || AppleTermination.code(in: Substring(text.text)) != nil
            }
            // A pasted body's termination member is a report on its own.
            if fragmentKeys.contains(where: { text.starts(with: $0.utf8) }), ByteSearch.contains("\"namespace\"", in: text) { fragment = true }
        }
        return fragment || found >= 2 || (found == 1 && strongMarker)
    }

    /// The first bytes of `markers` and `fragmentKeys`: most lines start with none of them.
    private static let markerInitials = Set((markers + fragmentKeys).compactMap(\.utf8.first))

    // MARK: Parsing

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, summary: inout IngestionSummary) -> [AppleReport] {
        let lines = TextLines(bytes)
        summary.lines = lines.count
        summary.structuralLines = lines.blankCount
        guard let header = ipsHeader(bytes, lines) else {
            if let fragment = fragmentReport(bytes, lines) {
                summary.format = "apple report (ips body excerpt)"
                return [fragment]
            }
            summary.format = "apple crash report (text)"
            return [textReport(bytes, lines, from: 0, defaults: AppleReport())]
        }
        let bodyStart = lines.start(ofLine: 2)
        let bugType = header["bug_type"]?.string ?? "?"
        var defaults = AppleReport()
        defaults.processName = header["app_name"]?.string ?? header["name"]?.string
        defaults.bundleID = header["bundleID"]?.string
        defaults.time = header["timestamp"]?.string.flatMap(TimestampParser.parse) ?? .unknown
        defaults.labels.record(TraceLabels.appVersion, header["app_version"]?.string)
        defaults.labels.record(TraceLabels.appBuild, header["build_version"]?.string)
        defaults.labels.record(TraceLabels.osVersion, header["os_version"]?.string)
        let body = UnsafeBufferPointer(rebasing: bytes[bodyStart...])
        let opensJSON = body.first(where: { $0 != .space && $0 != .newline && $0 != .carriageReturn && $0 != .tab }) == UInt8(ascii: "{")
        var parser = JSONElementParser(bytes: body)
        let parsed = opensJSON ? Result { () throws(JSONSyntaxError) in try parser.parseRecordPrefix(into: JSONMemberList(), nestedMembers: JSONMemberList()).value } : nil
        guard case let .success(value)? = parsed, let object = JSONObject(value) else {
            // A JSON body that does not parse is damage, said where it is; its lines are still
            // read as a text report's.
            if case let .failure(error)? = parsed {
                let line = lines.number(ofOffset: bodyStart + min(error.offset, body.count - 1))
                summary.report(
                    IngestionProblem(
                        location: SourceLocation(path: summary.path, line: line),
                        message: "the .ips body is not valid JSON (\(error.message)); its lines are read as a text report's"))
            }
            summary.format = "apple report (ips \(bugType), text body)"
            return [textReport(bytes, lines, from: bodyStart, defaults: defaults)]
        }
        summary.format = "apple report (ips \(bugType))"
        if object["processes"] != nil { return jetsamReports(object, bodyStart: bodyStart, lines, defaults: defaults) }
        return [jsonReport(object, bodyStart: bodyStart, lines, defaults: defaults)]
    }

    /// The `.ips` header: a JSON object on the first line, with `bug_type`.
    private static func ipsHeader(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: TextLines) -> JSONObject? {
        let first = UnsafeBufferPointer(rebasing: bytes[..<min(lines.start(ofLine: 2), bytes.count)])
        guard first.first == UInt8(ascii: "{"), let value = parseJSON(first), let object = JSONObject(value), object["bug_type"] != nil else { return nil }
        return object
    }

    private static func parseJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        var parser = JSONElementParser(bytes: bytes)
        guard let record = try? parser.parseRecordPrefix(into: JSONMemberList(), nestedMembers: JSONMemberList()) else { return nil }
        return record.value
    }

    /// A text report (or an `.ips` text body, or a pasted excerpt): `Key: value` lines; the
    /// termination is read from the report's head, before its threads and binary images.
    private static func textReport(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: TextLines, from start: Int, defaults: AppleReport) -> AppleReport {
        var report = defaults
        var head = ""
        var anchor: (priority: Int, line: Int)?
        for number in lines.number(ofOffset: start)...max(lines.count, 1) {
            let line = unquoted(lines.text(ofLine: number, in: bytes))
            if line.hasPrefix("Thread ") || line.hasPrefix("Binary Images") || line.hasPrefix("Last Exception Backtrace") { break }
            head += line + "\n"
            if report.expiredAssertionsLine == nil, line.contains(bytes: "has active assertions beyond permitted time") { report.expiredAssertionsLine = number }
            let (key, value) = keyAndValue(line)
            switch key {
            case "Process", "Command": readProcess(value, into: &report)
            case "PID": report.pid = report.pid ?? Int32(value.trimmingCharacters(in: .whitespaces))
            case "Event": report.resourceEvent = nonEmpty(value)
            case "Action taken": report.resourceActionKilled = value.contains("killed")
            case "Identifier": report.bundleID = report.bundleID ?? nonEmpty(value)
            case "Date/Time": report.time = TimestampParser.parse(String(value)) ?? report.time
            case "Exception Type": report.termination.exceptionType = nonEmpty(value)
            case "Exception Note":
                report.isSimulated = report.isSimulated || value.contains("SIMULATED")
                report.isNonFatal = report.isNonFatal || value.contains("NON-FATAL")
            case "Termination Description": report.description = nonEmpty(value)
            case "Version": report.readVersion(value)
            case "OS Version": report.labels.record(TraceLabels.osVersion, String(value))
            case "Hardware Model": report.labels.record(TraceLabels.device, String(value))
            default: break
            }
            // A line that states a termination code (`FRONTBOARD domain:10 code:0x8BADF00D`) is
            // as good as `Exception Codes:`.
            let stated = ["Termination Reason": 3, "Action taken": 3, "Exception Codes": 2, "Exception Type": 1][key] ?? 0
            let priority = stated == 0 && AppleTermination.code(in: line) != nil ? 2 : stated
            if priority > (anchor?.priority ?? 0) { anchor = (priority, number) }
        }
        // A resource report's Date/Time starts the measured window; the kill is the header's time.
        if report.resourceEvent != nil, defaults.time.clock != .unknown { report.time = defaults.time }
        report.termination.read(Substring(head))
        report.readSubject(in: Substring(head))
        report.line = anchor?.line ?? lines.number(ofOffset: start)
        return report
    }

    /// A bug type 309 body: `pid`, `procName`, `bundleInfo`, `captureTime`, `procRole`,
    /// `exception`, `termination` (`code`, `namespace`, `indicator`, `reasons`, `details`).
    private static func jsonReport(_ body: JSONObject, bodyStart: Int, _ lines: TextLines, defaults: AppleReport) -> AppleReport {
        var report = defaults
        report.processName = body["procName"]?.string ?? report.processName
        let bundleInfo = JSONObject(body["bundleInfo"])
        report.bundleID = bundleInfo?["CFBundleIdentifier"]?.string ?? report.bundleID
        report.labels.record(TraceLabels.appVersion, bundleInfo?["CFBundleShortVersionString"]?.string)
        report.labels.record(TraceLabels.appBuild, bundleInfo?["CFBundleVersion"]?.string)
        report.labels.record(TraceLabels.device, body["modelCode"]?.string)
        if let os = JSONObject(body["osVersion"]), let train = os["train"]?.string {
            report.labels.record(TraceLabels.osVersion, os["build"]?.string.map { "\(train) (\($0))" } ?? train)
        }
        report.pid = body["pid"]?.number.flatMap { Int32(exactly: $0) }
        report.isSimulated = body["isSimulated"]?.bool == true
        report.isNonFatal = body["isNonFatal"]?.bool == true
        report.time = body["captureTime"]?.string.flatMap(TimestampParser.parse) ?? report.time
        if let exception = JSONObject(body["exception"]), let type = exception["type"]?.string {
            report.termination.exceptionType = exception["signal"]?.string.map { "\(type) (\($0))" } ?? type
        }
        var text = body["procRole"]?.string.map { "Role: \($0)\n" } ?? ""
        if let termination = JSONObject(body["termination"]) {
            if let code = termination["code"]?.number, let exact = UInt32(exactly: code) { report.termination.code = exact }
            report.termination.namespace = termination["namespace"]?.string
            let reasons = strings(termination["indicator"]) + strings(termination["reasons"]) + strings(termination["details"])
            report.description = reasons.first
            text = reasons.joined(separator: "\n") + "\n" + text
            report.line = lines.number(ofOffset: termination.value.range.lowerBound + bodyStart)
        } else {
            report.line = lines.number(ofOffset: bodyStart)
        }
        report.termination.read(Substring(text))
        report.readSubject(in: Substring(text))
        return report
    }

    /// Members of a 309 body pasted without the rest (`"termination" : {…},` on a line of its
    /// own): each line that is a whole member is read, the others are left.
    private static func fragmentReport(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: TextLines) -> AppleReport? {
        var members: [String] = []
        var terminationLine: Int?
        for number in 1...max(lines.count, 1) {
            var member = lines.text(ofLine: number, in: bytes).trimmingCharacters(in: .whitespaces)
            guard member.hasPrefix("\"") else { continue }
            if member.hasSuffix(",") { member.removeLast() }
            var object = "{" + member + "}"
            guard object.withUTF8({ parseJSON($0) }) != nil else { continue }
            members.append(member)
            if member.hasPrefix("\"termination\"") { terminationLine = number }
        }
        guard let terminationLine else { return nil }
        var body = "{" + members.joined(separator: ",") + "}"
        return body.withUTF8 { buffer in
            guard let value = parseJSON(buffer), let object = JSONObject(value) else { return nil }
            var report = jsonReport(object, bodyStart: 0, lines, defaults: AppleReport())
            report.line = terminationLine
            return report
        }
    }

    /// A JetsamEvent (bug type 298): every process entry with a kill `reason`.
    private static func jetsamReports(_ body: JSONObject, bodyStart: Int, _ lines: TextLines, defaults: AppleReport) -> [AppleReport] {
        let time = body["date"]?.string.flatMap(TimestampParser.parse) ?? defaults.time
        return (body["processes"]?.children() ?? []).compactMap { member in
            guard let process = JSONObject(member.value), let reason = process["reason"]?.string ?? process["killed"]?.string else { return nil }
            var report = AppleReport()
            report.labels = defaults.labels
            report.processName = process["name"]?.string
            report.pid = process["pid"]?.number.flatMap { Int32(exactly: $0) }
            report.time = time
            report.jetsamReason = reason
            report.states = strings(process["states"]).joined(separator: ",")
            report.line = lines.number(ofOffset: member.value.range.lowerBound + bodyStart)
            return report
        }
    }

    // MARK: Helpers

    /// `Notes [812]`.
    private static func readProcess(_ value: Substring, into report: inout AppleReport) {
        let name = value.prefix { $0 != "[" }.trimmingCharacters(in: .whitespaces)
        if !name.isEmpty { report.processName = report.processName ?? name }
        if let open = value.firstIndex(of: "[") { report.pid = Int32(value[value.index(after: open)...].prefix { $0.isASCII && $0.isNumber }) }
    }

    /// A line quoted in an issue (`> Termination Reason: …`), without the quote.
    /// A line without the `> ` of a quote or the backticks of inline code around it.
    private static func unquoted(_ line: Substring) -> Substring {
        guard line.first == ">" || line.first == "`" else { return line }
        let text = line.drop { $0 == ">" || $0 == " " || $0 == "`" }
        return text.hasSuffix("`") ? text.dropLast(text.reversed().prefix { $0 == "`" || $0 == " " }.count) : text
    }

    private static func keyAndValue(_ line: Substring) -> (key: Substring, value: Substring) {
        guard let colon = line.firstIndex(of: ":") else { return ("", "") }
        return (line[..<colon], line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
    }

    private static func nonEmpty(_ value: Substring) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A string, or the strings of an array.
    private static func strings(_ value: JSONValue?) -> [String] {
        guard let value else { return [] }
        if let string = value.string { return [string] }
        return value.kind == .array ? value.children().compactMap(\.value.string) : []
    }

}
