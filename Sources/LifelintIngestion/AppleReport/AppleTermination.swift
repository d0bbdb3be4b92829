@_spi(Bytes) import LifelintBytes
import LifelintModel

/// What an Apple crash or termination report says ended the process, as an iOS engineer reads
/// its `Termination Reason` / `Exception Codes`: the documented termination codes
/// (docs/formats.md §9), the watchdog's event and the process's visibility.
struct AppleTermination: Sendable, Hashable {
    /// The code as reports spell it in hex (`0xdead10cc`); nil when none is given.
    var code: UInt32?
    /// `RUNNINGBOARD`, `FRONTBOARD`, `SPRINGBOARD`, `ASSERTIOND`, `JETSAM`…
    var namespace: String?
    /// `background` or `foreground`, from `ProcessVisibility`, `WatchdogVisibility` or `Role`.
    var visibility: String?
    /// `scene-create`, `scene-update`, `process-launch`, `process-exit`, `suspension`.
    var watchdogEvent: String?
    /// `EXC_CRASH (SIGKILL)`.
    var exceptionType: String?

    /// The codes an engineer recognises, with the death they mean.
    static let knownCodes: [UInt32: (reason: String, initiator: DeathInitiator)] = [
        0xdead_10cc: ("lock-held-at-suspension", .system),
        0x8bad_f00d: ("watchdog", .system),
        0x2182_bad2: ("background-task-timeout", .system),
        0x2182_bad3: ("background-url-session-timeout", .system),
        0x2182_bad4: ("background-fetch-timeout", .system),
        0xc000_10ff: ("thermal", .system),
        0xbaad_ca11: ("voip-push-without-call", .system),
        0xbad2_2222: ("voip-resumed-too-often", .system),
        0xdead_fa11: ("user", .user),
        0xc51b_ad01: ("watch-background-cpu", .system),
        0xc51b_ad02: ("watch-background-wall-time", .system),
        0xc51b_ad03: ("watch-background-runtime", .system),
    ]

    /// The process death it amounts to: a known code's meaning, a jetsam kill, a crash (an
    /// exception other than a kill), or a kill the report does not explain.
    var death: (reason: String, initiator: DeathInitiator) {
        if let code, let known = Self.knownCodes[code] { return known }
        // A watchdog's transgression is its kill, whether or not the excerpt kept the code.
        if code == nil, watchdogEvent != nil { return ("watchdog", .system) }
        if namespace == "JETSAM" { return ("jetsam", .system) }
        if let exceptionType, !exceptionType.contains("SIGKILL") { return ("crash", .crash) }
        return exceptionType == nil && code == nil ? ("unknown", .unknown) : ("killed", .system)
    }

    /// Reads the termination fields out of report text (`Termination Reason`, the
    /// `RBSTerminateContext`, `Termination Description`, `Exception Codes`, JSON `reasons`).
    mutating func read(_ text: Substring) {
        if code == nil { code = Self.code(in: text) }
        if namespace == nil { namespace = Self.namespace(in: text) }
        if visibility == nil { visibility = Self.visibility(in: text) }
        if watchdogEvent == nil { watchdogEvent = Self.watchdogEvent(in: text) }
    }

    /// A known code in hex (`0x8BADF00D`, `0x000000008badf00d`) or decimal (`2343432205`), the
    /// smallest when several appear. One pass over the bytes: it runs on report headers and on
    /// every RunningBoard exit line of a log.
    static func code(in text: Substring) -> UInt32? {
        let text = String(text)
        var contiguous = text
        return contiguous.withUTF8 { bytes in
            var found: UInt32?
            func note(_ code: UInt32?) {
                if let code, knownCodes[code] != nil, code < found ?? .max { found = code }
            }
            var index = 0
            while index < bytes.count {
                guard bytes[index].isASCIIDigit else {
                    index += 1
                    continue
                }
                var end = index
                while end < bytes.count, bytes[end].isASCIIDigit { end += 1 }
                if Self.isWord(index..<end, in: text, bytes) { note(Self.decimal(bytes[index..<end])) }
                if bytes[end - 1] == UInt8(ascii: "0"), end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "x") {
                    note(Self.hexPrefixCode(bytes[(end + 1)...]))
                }
                index = end
            }
            return found
        }
    }

    /// The known code whose hex digits (after eight zeros or none) begin `bytes`, as a search for
    /// `0x8badf00d` in lowercased text finds it at the start of `0x8badf00d1`.
    private static func hexPrefixCode(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UInt32? {
        let digits = bytes.prefix { $0.isASCIIHexDigit }
        let isPadded = digits.count >= 8 && digits.prefix(8).allSatisfy { $0 == UInt8(ascii: "0") }
        let sameDigit = { (byte: UInt8, lowercase: UInt8) in byte | 0x20 == lowercase }
        return knownCodes.keys.filter { code in
            let hex = String(code, radix: 16).utf8
            return digits.starts(with: hex, by: sameDigit) || (isPadded && digits.dropFirst(8).starts(with: hex, by: sameDigit))
        }.min()
    }

    private static func decimal(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt32? {
        guard digits.count <= 10 else { return nil }
        return UInt32(exactly: digits.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) })
    }

    /// Whether a run of ASCII digits stands alone: no number character just before or after it
    /// (ASCII ones cannot be: the run is maximal; others, like `²`, are looked at as characters).
    private static func isWord(_ run: Range<Int>, in text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if run.lowerBound > 0, bytes[run.lowerBound - 1] >= 0x80 {
            let start = text.utf8.index(text.utf8.startIndex, offsetBy: run.lowerBound)
            if text[..<start].last?.isNumber == true { return false }
        }
        if run.upperBound < bytes.count, bytes[run.upperBound] >= 0x80 {
            let end = text.utf8.index(text.utf8.startIndex, offsetBy: run.upperBound)
            if text[end...].first?.isNumber == true { return false }
        }
        return true
    }

    /// `Namespace RUNNINGBOARD` or `Termination Reason: FRONTBOARD 2343432205`.
    static func namespace(in text: Substring) -> String? {
        if let range = text.range(of: "Namespace ") {
            return String(text[range.upperBound...].prefix { $0.isLetter || $0 == "_" })
        }
        guard let range = text.range(of: "Termination Reason:") ?? text.range(of: "Termination Description:") else { return nil }
        let word = text[range.upperBound...].drop { $0 == " " }.prefix { $0.isLetter || $0 == "_" }
        return word.count > 2 && word.allSatisfy({ $0.isUppercase || $0 == "_" }) ? String(word) : nil
    }

    /// `WatchdogVisibility:`, else `ProcessVisibility:`, else `Role:`. The watchdog's own
    /// visibility says what it timed: a foreground launch (`scene-create`) that the user left
    /// before the kill reads `ProcessVisibility: Background`, `WatchdogVisibility: Foreground`,
    /// and is a slow launch, not work overrunning the background.
    static func visibility(in text: Substring) -> String? {
        for key in ["WatchdogVisibility: ", "ProcessVisibility: ", "Role: ", "Role:"] {
            guard let range = text.range(of: key) else { continue }
            let value = text[range.upperBound...].drop { $0 == " " }.prefix { $0.isLetter || $0 == " " }.lowercased()
            if value.hasPrefix("background") || value.hasPrefix("non ui") { return "background" }
            if value.hasPrefix("foreground") { return "foreground" }
        }
        return olderWatchdogWordings.first { text.contains($0.words) }?.visibility
    }

    /// Before `WatchdogEvent:` (iOS 12), the Application Specific Information said which step
    /// the watchdog guarded in words: `failed to scene-create after 19.81s`, `failed to launch
    /// in time`, `failed to resume in time`, and for a background task that overran, `has active
    /// assertions beyond permitted time`.
    static let olderWatchdogWordings: [(words: String, event: String, visibility: String?)] = [
        ("failed to scene-create", "scene-create", nil), ("failed to launch in time", "process-launch", "foreground"),
        ("failed to resume in time", "scene-update", "foreground"), ("has active assertions beyond permitted time", "process-exit", "background"),
    ]

    /// `WatchdogEvent: scene-update`, or `process-exit watchdog transgression`, or an older
    /// report's words (`olderWatchdogWordings`).
    static func watchdogEvent(in text: Substring) -> String? {
        if let range = text.range(of: "WatchdogEvent: ") {
            return String(text[range.upperBound...].prefix { $0.isLetter || $0 == "-" })
        }
        if let older = olderWatchdogWordings.first(where: { text.contains($0.words) }) { return older.event }
        guard let range = text.range(of: " watchdog transgression") else { return nil }
        let before = text[..<range.lowerBound]
        let word = before.reversed().prefix { $0.isLetter || $0 == "-" }
        return word.isEmpty ? nil : String(word.reversed())
    }
}
