import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ANSI colour for terminal output, or none (`ColorChoice` decides).
package struct TerminalStyle {
    package let colors: Bool

    package init(colors: Bool) { self.colors = colors }

    /// `text` in an SGR colour (`"31"` red...), bold or not.
    func paint(_ text: String, _ color: String?, bold: Bool) -> String {
        guard colors else { return text }
        let codes = ([bold ? "1" : nil, color].compactMap { $0 }).joined(separator: ";")
        return "\u{1B}[\(codes)m\(text)\u{1B}[0m"
    }
}
