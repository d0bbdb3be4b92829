@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Reads a JSON container record by record and emits its events in document order. Every
/// record lands in exactly one `IngestionSummary` category; malformed records are reported as
/// problems with their line and column, and reading goes on with the next record.
struct JSONTraceReader {
    private let path: String
    private(set) var summary: IngestionSummary
    /// Reused for every record's members.
    private let members = JSONMemberList()
    private let nestedMembers = JSONMemberList()

    init(path: String, format: String) {
        self.path = path
        summary = IngestionSummary(path: path, format: format)
        summary.unit = "records"
    }

    mutating func run<Decoder: JSONRecordDecoder>(
        _ reader: JSONStreamReader, options: JSONStreamReader.Options, decoder: inout Decoder, emit: EventSink
    ) {
        do {
            try reader.forEachElement(options, recovered: { recordUnrecognised(problem($0), emit: emit) }, { element in handle(element, &decoder, emit) })
        } catch let failure {
            report(failure)
        }
        var remaining = decoder.finish()
        summary.events += remaining.count
        remaining.handOver(to: emit)
        summary.labels = decoder.labels
        summary.structuralLines += reader.preambleLines
        summary.lines += reader.preambleLines
        summary.bytes = reader.bytesRead
    }

    private mutating func handle<Decoder: JSONRecordDecoder>(
        _ element: JSONStreamReader.Element, _ decoder: inout Decoder, _ emit: EventSink
    ) -> JSONStreamReader.Outcome {
        var parser = JSONElementParser(bytes: element.bytes)
        let location = SourceLocation(path: path, line: element.line, column: element.column)
        let value: JSONValue
        let object: JSONObject?
        do {
            let record = try parser.parseRecordPrefix(into: members, nestedMembers: nestedMembers)
            value = record.value
            object =
                record.isObject
                ? JSONObject(
                    record.value, members: members.elements, nestedMembers: nestedMembers.elements, isEscapeFree: !parser.sawEscape) : nil
        } catch {
            // Out of input: the reader reads more, or at the end of the input reports the truncation.
            if parser.ranOutOfInput { return .needsMoreInput }
            recordUnrecognised(problem(error, in: element), emit: emit)
            return .invalid(at: error.offset)
        }
        let end = value.range.upperBound
        // A number, `true`, `false` or `null` cut by the buffer's end may go on in the next read.
        if end == element.bytes.count, !element.isAtEndOfInput, value.kind != .object, value.kind != .array, value.kind != .string {
            return .needsMoreInput
        }
        summary.record(decoder.decode(value, object: object, at: location), at: location, emit: emit)
        return .consumed(end)
    }

    private mutating func report(_ failure: JSONStreamReader.Failure) {
        summary.report(problem(failure))
    }

    /// An invalid record, or a failure reading went on after: one unrecognised record.
    private mutating func recordUnrecognised(_ problem: IngestionProblem, emit: EventSink) {
        summary.record(.problem(problem.message), at: problem.location, emit: emit)
    }

    private func problem(_ failure: JSONStreamReader.Failure) -> IngestionProblem {
        switch failure {
        case let .truncated(line, column, what):
            IngestionProblem(location: SourceLocation(path: path, line: line, column: column), message: "truncated JSON: \(what) never ends")
        case let .unexpected(line, column, found, expected):
            IngestionProblem(location: SourceLocation(path: path, line: line, column: column), message: "invalid JSON: found \(found), expected \(expected)")
        case let .read(line, reason):
            IngestionProblem(location: SourceLocation(path: path, line: line), message: "read failed: \(reason)")
        case let .invalid(line, column, message):
            IngestionProblem(location: SourceLocation(path: path, line: line, column: column), message: "invalid JSON: \(message)")
        }
    }

    /// An error found on a later line than its record starts (a record cut short, whose
    /// parse ran on into the next lines) is reported at the record's start, where the damage
    /// is, and names where the parser noticed it.
    private func problem(_ error: JSONSyntaxError, in element: JSONStreamReader.Element) -> IngestionProblem {
        let found = Self.location(of: error.offset, in: element, path: path)
        guard found.line != element.line else { return IngestionProblem(location: found, message: "invalid JSON: \(error.message)") }
        return IngestionProblem(
            location: SourceLocation(path: path, line: element.line, column: element.column),
            message: "invalid JSON in the record that starts here: \(error.message) at line \(found.line), column \(found.column ?? 1)")
    }

    /// The line and column of a byte offset inside an element.
    static func location(of offset: Int, in element: JSONStreamReader.Element, path: String) -> SourceLocation {
        var line = element.line
        var column = element.column
        for byte in element.bytes[..<min(offset, element.bytes.count)] {
            if byte == .newline {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return SourceLocation(path: path, line: line, column: column)
    }
}
