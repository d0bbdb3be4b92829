import LifelintModel

/// What an Apple crash or termination report says ended the process, as an iOS engineer reads
/// its `Termination Reason` / `Exception Codes`: the documented termination codes
/// (formats.md §9), the watchdog's event and the process's visibility.
struct AppleTermination: Sendable, Hashable {
    /// The code as reports spell it in hex (`0xdead10cc`); nil when none is given.
    var code: UInt32?
    /// `RUNNINGBOARD`, `FRONTBOARD`, `SPRINGBOARD`, `ASSERTIOND`, `JETSAM`…
    var namespace: String?
    /// `background` or `foreground`, from `ProcessVisibility`, `WatchdogVisibility` or `Role`.
    var visibility: String?
    /// `scene-create`, `scene-update`, `process-exit`, `suspension`.
    var watchdogEvent: String?
    /// `EXC_CRASH (SIGKILL)`.
    var exceptionType: String?

    /// The codes an engineer recognises, with the death they mean.
    static let knownCodes: [UInt32: (reason: String, initiator: DeathInitiator)] = [
        0xdead10cc: ("lock-held-at-suspension", .system),
        0x8badf00d: ("watchdog", .system),
        0x2182bad2: ("background-task-timeout", .system),
        0x2182bad3: ("background-url-session-timeout", .system),
        0x2182bad4: ("background-fetch-timeout", .system),
        0xc00010ff: ("thermal", .system),
        0xbaadca11: ("voip-push-without-call", .system),
        0xbad22222: ("voip-resumed-too-often", .system),
        0xdeadfa11: ("user", .user),
        0xc51bad01: ("watch-background-cpu", .system),
        0xc51bad02: ("watch-background-wall-time", .system),
        0xc51bad03: ("watch-background-runtime", .system),
    ]

    /// The process death it amounts to: a known code's meaning, a jetsam kill, a crash (an
    /// exception other than a kill), or a kill the report does not explain.
    var death: (reason: String, initiator: DeathInitiator) {
        if let code, let known = Self.knownCodes[code] { return known }
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

    /// A known code in hex (`0x8BADF00D`, `0x000000008badf00d`) or decimal (`2343432205`).
    static func code(in text: Substring) -> UInt32? {
        let lowered = text.lowercased()
        for code in knownCodes.keys.sorted() {
            let hex = String(code, radix: 16)
            if lowered.contains("0x" + hex) || lowered.contains("0x00000000" + hex) || containsWord(String(code), in: lowered) { return code }
        }
        return nil
    }

    /// `Namespace RUNNINGBOARD` or `Termination Reason: FRONTBOARD 2343432205`.
    static func namespace(in text: Substring) -> String? {
        if let range = text.range(of: "Namespace ") {
            return String(text[range.upperBound...].prefix { $0.isLetter || $0 == "_" })
        }
        guard let range = text.range(of: "Termination Reason:") else { return nil }
        let word = text[range.upperBound...].drop { $0 == " " }.prefix { $0.isLetter || $0 == "_" }
        return word.count > 2 && word.allSatisfy({ $0.isUppercase || $0 == "_" }) ? String(word) : nil
    }

    /// `ProcessVisibility: Background`, else `WatchdogVisibility:`, else `Role:`.
    static func visibility(in text: Substring) -> String? {
        for key in ["ProcessVisibility: ", "WatchdogVisibility: ", "Role: ", "Role:"] {
            guard let range = text.range(of: key) else { continue }
            let value = text[range.upperBound...].drop { $0 == " " }.prefix { $0.isLetter || $0 == " " }.lowercased()
            if value.hasPrefix("background") || value.hasPrefix("non ui") { return "background" }
            if value.hasPrefix("foreground") { return "foreground" }
        }
        return nil
    }

    /// `WatchdogEvent: scene-update`, or `process-exit watchdog transgression`.
    static func watchdogEvent(in text: Substring) -> String? {
        if let range = text.range(of: "WatchdogEvent: ") {
            return String(text[range.upperBound...].prefix { $0.isLetter || $0 == "-" })
        }
        guard let range = text.range(of: " watchdog transgression") else { return nil }
        let before = text[..<range.lowerBound]
        let word = before.reversed().prefix { $0.isLetter || $0 == "-" }
        return word.isEmpty ? nil : String(word.reversed())
    }

    private static func containsWord(_ word: String, in text: String) -> Bool {
        var search = text[...]
        while let range = search.range(of: word) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before?.isNumber ?? false), !(after?.isNumber ?? false) { return true }
            search = text[range.upperBound...]
        }
        return false
    }
}
