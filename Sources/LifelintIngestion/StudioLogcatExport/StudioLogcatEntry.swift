@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The header of one message of an Android Studio Logcat export.
struct StudioLogcatEntry {
    let timestamp: Timestamp
    let pid: Int
    let tid: Int
    let level: UInt8
    let tag: String
    /// The application id, else the process name.
    let package: String?

    init?(header: JSONObject) {
        guard let time = JSONObject(header["timestamp"]), let seconds = time["seconds"]?.number.flatMap({ Int64(exactly: $0) }),
            let nanos = time["nanos"]?.number.flatMap({ Int64(exactly: $0) }), (0..<1_000_000_000).contains(nanos),
            let pid = header["pid"]?.number.flatMap({ Int(exactly: $0) }), let tid = header["tid"]?.number.flatMap({ Int(exactly: $0) })
        else { return nil }
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        timestamp = Timestamp(clock: .wall, nanoseconds: product + nanos, utcOffsetSeconds: 0, fractionDigits: nanos % 1_000_000 == 0 ? 3 : 9)
        self.pid = pid
        self.tid = tid
        level = Self.level(header["logLevel"]?.string)
        tag = header["tag"]?.string ?? ""
        package = [header["applicationId"]?.string, header["processName"]?.string].compactMap { $0 }.first { !$0.isEmpty }
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
}
