/// A logcat trace in which every line starts a process of a new app (`Start proc 100000:p0/u0a1`),
/// with a pid of its own: the case of issue 15, where memory follows the number of apps.
struct SyntheticManyApps {
    private var app = 0

    mutating func appendLine(to buffer: inout [UInt8]) {
        let milliseconds = app % 1000
        let seconds = app / 1000 % 60
        let minutes = app / 60_000 % 60
        let hours = 10 + app / 3_600_000 % 12
        let time = "01-08 \(Self.pad(hours)):\(Self.pad(minutes)):\(Self.pad(seconds)).\(Self.pad(milliseconds, 3))"
        buffer += "\(time)  1610  1655 I ActivityManager: Start proc \(100_000 + app):p\(app)/u0a1\n".utf8
        app += 1
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
