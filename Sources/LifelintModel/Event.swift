/// One normalized lifecycle event, whatever container it came from.
///
/// Event names are a public interface (rules, JSON output and users' instrumentation all use
/// them): the "Event vocabulary" of `docs/reference.md` is the catalogue.
public struct Event: Sendable, Hashable {
    public var time: Timestamp
    /// Package name or bundle id; `pid N` when the trace never names the process.
    public var app: String
    public var pid: Int32?
    public var tid: Int32?
    public var platform: Platform
    public var name: EventName
    public var attributes: Attributes
    public var source: SourceLocation

    public init(
        time: Timestamp, app: String, pid: Int32? = nil, tid: Int32? = nil,
        platform: Platform, name: EventName, attributes: Attributes = [:], source: SourceLocation
    ) {
        self.time = time
        self.app = app
        self.pid = pid
        self.tid = tid
        self.platform = platform
        self.name = name
        self.attributes = attributes
        self.source = source
    }

    /// The app name used when only the process id is known.
    public static func appName(forUnknownPid pid: Int32) -> String { "pid \(pid)" }

    /// True when the app is only the `pid N` stand-in (a package name never has a space).
    public var isNamedByPidOnly: Bool {
        guard pid != nil else { return false }
        // By iterator: `starts(with:)` on the view costs as much as the rest of a line's reading.
        var bytes = app.utf8.makeIterator()
        return bytes.next() == UInt8(ascii: "p") && bytes.next() == UInt8(ascii: "i") && bytes.next() == UInt8(ascii: "d")
            && bytes.next() == UInt8(ascii: " ")
    }
}
