/// A logcat trace in which every line starts a process (`Start proc 100000:p0/u0a1 for activity
/// {p0/.Main}`) with a pid of its own. With no limit on `apps`, each line names a new app, the case where
/// memory follows the number of apps. With a few apps, the same lines restart the same apps, so
/// the two runs side by side price what a new app costs beyond its line.
struct SyntheticManyApps {
    private var line = 0
    private let apps: Int

    init(apps: Int = .max) {
        self.apps = apps
    }

    mutating func appendLine(to buffer: inout [UInt8]) {
        let milliseconds = line % 1000
        let seconds = line / 1000 % 60
        let minutes = line / 60_000 % 60
        let hours = 10 + line / 3_600_000 % 12
        let time = "01-08 \(Self.pad(hours)):\(Self.pad(minutes)):\(Self.pad(seconds)).\(Self.pad(milliseconds, 3))"
        let app = "p\(line % apps)"
        buffer += "\(time)  1610  1655 I ActivityManager: Start proc \(100_000 + line):\(app)/u0a1 for activity {\(app)/.Main}\n".utf8
        line += 1
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
