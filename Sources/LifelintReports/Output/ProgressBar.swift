import Foundation
import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// `[=======>        ] 12/40 traces, 310 MB` on standard error, redrawn in place at most ten
/// times a second, for batches big enough to wait on. Only on a terminal; cleared before
/// other diagnostics are written and at the end.
package final class ProgressBar {
    private let output: ByteOutput
    private let total: Int
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
        let filled = total == 0 ? Self.width : Self.width * completed / total
        let head = filled == Self.width ? "=" : filled > 0 ? ">" : ""
        let bar = String(repeating: "=", count: max(0, filled - 1)) + head + String(repeating: " ", count: Self.width - filled)
        output.write("\r[\(bar)] \(completed)/\(total) traces, \(bytes / 1_000_000) MB\u{1B}[K")
        output.flush()
        visible = true
    }

    package func clear() {
        guard visible else { return }
        output.write("\r\u{1B}[K")
        output.flush()
        visible = false
    }
}
