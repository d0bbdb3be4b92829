/// Where in a trace an event came from: the file (as the user named it), a 1-based line, and
/// where useful a 1-based column. In a binary trace (Perfetto) `line` is the 1-based record
/// (packet) and `byteOffset` where it starts in the trace's bytes (after decompression).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int
    /// The optional parts kept as -1 for none: 40 bytes, not 56 (every event carries one).
    private var storedColumn = -1
    private var storedByteOffset: Int64 = -1

    public var column: Int? {
        get { storedColumn < 0 ? nil : storedColumn }
        set { storedColumn = newValue.map { max(0, $0) } ?? -1 }
    }

    public var byteOffset: Int64? {
        get { storedByteOffset < 0 ? nil : storedByteOffset }
        set { storedByteOffset = newValue.map { max(0, $0) } ?? -1 }
    }

    public init(path: String, line: Int, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// Record `ordinal` of a binary trace, starting `byteOffset` bytes in.
    public init(path: String, record ordinal: Int, byteOffset: Int64) {
        self.path = path
        line = ordinal
        self.byteOffset = byteOffset
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column ?? 0) < (rhs.path, rhs.line, rhs.column ?? 0)
    }

    /// `line 28`, or `line 1, column 336` in a document of long lines (one-line JSON): the place
    /// as a sentence names it, within the file being read. A record that starts its line (JSON
    /// Lines) is named by the line alone.
    public var lineText: String {
        if let byteOffset { return "packet \(line) at byte \(byteOffset)" }
        guard let column, column > 1 else { return "line \(line)" }
        return "line \(line), column \(column)"
    }

    /// `path:line` or `path:line:column`, the form compilers and editors understand.
    public var description: String {
        if let byteOffset { return "\(path) (packet \(line) at byte \(byteOffset))" }
        if let column { return "\(path):\(line):\(column)" }
        return "\(path):\(line)"
    }
}
