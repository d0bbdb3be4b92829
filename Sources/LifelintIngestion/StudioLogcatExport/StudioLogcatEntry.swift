@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The header of one logcat message as structured exports give it (Android Studio's Logcat
/// export, a Perfetto trace's log packets), and the `studio-new` logcat line it stands for.
struct StudioLogcatEntry {
    let timestamp: Timestamp
    let pid: Int
    let tid: Int
    let level: UInt8
    let tag: String
    /// The application id, else the process name, else what Studio writes for neither (`pid-N`).
    let package: String

    /// `package` names the process: an application id or process name, else nil (`pid-N`).
    init(timestamp: Timestamp, pid: Int, tid: Int, level: UInt8, tag: String?, package: String?) {
        self.timestamp = timestamp
        self.pid = pid
        self.tid = tid
        self.level = level
        self.tag = Self.token(tag, orElse: "?")
        self.package = Self.token(package, orElse: "pid-\(pid)")
    }

    init?(header: JSONObject) {
        guard let time = JSONObject(header["timestamp"]), let seconds = time["seconds"]?.number.flatMap({ Int64(exactly: $0) }),
            let nanos = time["nanos"]?.number.flatMap({ Int64(exactly: $0) }), (0..<1_000_000_000).contains(nanos),
            let pid = header["pid"]?.number.flatMap({ Int(exactly: $0) }), let tid = header["tid"]?.number.flatMap({ Int(exactly: $0) })
        else { return nil }
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        let named = [header["applicationId"]?.string, header["processName"]?.string].compactMap { $0 }.first { !$0.isEmpty }
        self.init(
            timestamp: Timestamp(clock: .wall, nanoseconds: product + nanos, utcOffsetSeconds: 0, fractionDigits: nanos % 1_000_000 == 0 ? 3 : 9),
            pid: pid, tid: tid, level: Self.level(header["logLevel"]?.string), tag: header["tag"]?.string, package: named)
    }

    /// What comes before the message on each of the entry's lines:
    /// `2024-01-08 09:14:25.969 +0000  1234-1250  Tag  com.app  I  `.
    var linePrefix: [UInt8] {
        let date = CivilDateTime(nanosecondsSinceEpoch: timestamp.nanoseconds)
        let time = date.iso8601DateTime(fractionDigits: timestamp.fractionDigits).replacing("T", with: " ")
        return Array("\(time) +0000  \(pid)-\(tid)  \(tag)  \(package)  ".utf8) + [level, .space, .space]
    }

    /// Studio's level names, as logcat's letters.
    private static func level(_ name: String?) -> UInt8 {
        switch name {
        case "VERBOSE": UInt8(ascii: "V")
        case "DEBUG": UInt8(ascii: "D")
        case "INFO": UInt8(ascii: "I")
        case "WARN": UInt8(ascii: "W")
        case "ERROR": UInt8(ascii: "E")
        case "ASSERT": UInt8(ascii: "A")
        default: UInt8(ascii: "?")
        }
    }

    /// A column of the line: blanks would split it, so they become `_`.
    private static func token(_ text: String?, orElse fallback: String) -> String {
        guard let text, !text.isEmpty else { return fallback }
        return String(text.map { $0 == " " || $0 == "\t" ? "_" : $0 })
    }
}
