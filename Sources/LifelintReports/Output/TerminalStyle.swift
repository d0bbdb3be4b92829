#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LifelintModel
import LifelintIngestion
import LifelintAnalysis

/// ANSI colour for terminal output, or none (piped output, `NO_COLOR`).
package struct TerminalStyle {
    package let colors: Bool

    init(colors: Bool) { self.colors = colors }

    /// Colour when `output` is a terminal and `NO_COLOR` is not set.
    package init(for output: ByteOutput) {
        colors = output.isTerminal && getenv("NO_COLOR") == nil
    }

    /// `text` in an SGR colour (`"31"` red...), bold or not.
    func paint(_ text: String, _ color: String?, bold: Bool) -> String {
        guard colors else { return text }
        let codes = ([bold ? "1" : nil, color].compactMap { $0 }).joined(separator: ";")
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }
}
