import Foundation
import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// `[=======>        ] 1200/20000 traces, 310 MB, 850 traces/s, 0:22 left` on standard error,
/// redrawn in place at most ten times a second, for batches big enough to wait on. Only on a
/// terminal; cleared before other diagnostics are written and at the end.
package final class ProgressBar {
    private let output: ByteOutput
    private let total: Int
    private let started = Date()
    private var lastDrawn = Date.distantPast
    private var visible = false
    private static let width = 30

    package init(output: ByteOutput, total: Int) {
        self.output = output
        self.total = total
    }

    package func update(completed: Int, bytes: Int) {
        let now = Date()
        guard completed == total || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        output.write("\r" + Self.line(completed: completed, total: total, bytes: bytes, seconds: now.timeIntervalSince(started)) + "\u{1B}[K")
        output.flush()
        visible = true
    }

    /// The bar's text after `seconds`: the rate and the time left appear once a second's work
    /// says what they are.
    package static func line(completed: Int, total: Int, bytes: Int, seconds: Double) -> String {
        let filled = total == 0 ? width : width * completed / total
        let head = filled == width ? "=" : filled > 0 ? ">" : ""
        let bar = String(repeating: "=", count: max(0, filled - 1)) + head + String(repeating: " ", count: width - filled)
        var text = "[\(bar)] \(completed)/\(total) traces, \(bytes / 1_000_000) MB"
        guard seconds >= 1, completed > 0 else { return text }
        let rate = Double(completed) / seconds
        text += rate >= 10 ? ", \(Int(rate)) traces/s" : ", \((rate * 10).rounded() / 10) traces/s"
        if completed < total { text += ", \(duration(Double(total - completed) / rate)) left" }
        return text
    }

    /// `0:42`, `12:05`, `1:02:09`.
    private static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let padded = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(padded(minutes)):\(padded(rest))" : "\(minutes):\(padded(rest))"
    }

    package func clear() {
        guard visible else { return }
        output.write("\r\u{1B}[K")
        output.flush()
        visible = false
    }
}
