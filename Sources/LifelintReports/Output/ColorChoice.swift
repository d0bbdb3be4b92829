@_spi(Bytes) import LifelintBytes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--color auto|always|never`. `auto` follows the conventions other tools share: `NO_COLOR`
/// (set and not empty) turns colour off, `FORCE_COLOR` or `CLICOLOR_FORCE` (set, not empty,
/// not `0`) turns it on, `TERM=dumb` turns it off; otherwise colour when the output is a
/// terminal.
public enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never

    public func resolve(isTerminal: Bool, environment: (String) -> String? = ColorChoice.processEnvironment) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            func isSet(_ name: String) -> Bool { !(environment(name) ?? "").isEmpty }
            if isSet("NO_COLOR") { return false }
            if ["FORCE_COLOR", "CLICOLOR_FORCE"].contains(where: { isSet($0) && environment($0) != "0" }) { return true }
            if environment("TERM") == "dumb" { return false }
            return isTerminal
        }
    }

    public func resolve(for output: ByteOutput) -> Bool { resolve(isTerminal: output.isTerminal) }

    public static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
