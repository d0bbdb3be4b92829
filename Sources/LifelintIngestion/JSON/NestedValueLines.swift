@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The lines of values inside one record: a crash reporter's event is one record holding many
/// breadcrumbs, and each breadcrumb's event cites its own line. Lines are counted forward from
/// the last value asked for, so a record is scanned once when its values are read in order.
struct NestedValueLines {
    private let record: JSONValue
    private let start: SourceLocation
    private var offset: Int
    private var line: Int

    init(_ record: JSONValue, at start: SourceLocation) {
        self.record = record
        self.start = start
        offset = record.range.lowerBound
        line = start.line
    }

    /// Where `value`, a value inside the record, starts.
    mutating func location(of value: JSONValue) -> SourceLocation {
        let target = min(max(value.range.lowerBound, record.range.lowerBound), record.range.upperBound)
        if target < offset {
            offset = record.range.lowerBound
            line = start.line
        }
        line += record.bytes.span.count(of: .newline, in: offset..<target)
        offset = target
        return SourceLocation(path: start.path, line: line)
    }
}
