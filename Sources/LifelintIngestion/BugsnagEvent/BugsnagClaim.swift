import LifelintModel

/// What a Bugsnag event says happened to the app, from its `severityReason.type`: an ANR
/// (`anrError`), an app hang (`appHang`), the operating system ending the app (`outOfMemory`,
/// which Apple's notifier infers from a foreground exit it cannot explain), or a native crash
/// (`unhandledException`, `signal`, `unhandledError` on an Android or Apple exception, or in an
/// Android or Apple app when the exception has no type of its own). A
/// handled error, or a JavaScript or Dart error the app survives, claims nothing.
struct BugsnagClaim {
    let name: EventName
    let attributes: Attributes

    /// Exception types whose unhandled error ends the process.
    private static let nativeTypes: Set<String> = ["android", "cocoa", "c"]

    init?(_ event: JSONObject, exception: JSONObject?, platform: Platform) {
        let reason = JSONObject(event["severityReason"])?["type"]?.string ?? ""
        var attributes: Attributes = ["reporter": "bugsnag", "mechanism": reason]
        attributes["exception"] = exception?["errorClass"]?.string
        attributes["detail"] = exception?["message"]?.string.map { String($0.prefix(TraceLabels.maximumLength)) }
        attributes["in_foreground"] = JSONObject(event["app"])?["inForeground"]?.bool.map { $0 ? "true" : "false" }
        switch reason {
        case "anrError", "appHang":
            name = .evidenceAnr
        case "outOfMemory":
            attributes["reason"] = ProcessDeathReason.lowMemory.rawValue
            attributes["initiator"] = "system"
            name = .processDied
        case "unhandledException", "signal", "unhandledError":
            // Notifiers before version 5 wrote no exception type, or `custom`: the app's platform
            // says it then.
            let type = exception?["type"]?.string ?? "custom"
            let native = Self.nativeTypes.contains(type) || type == "custom" && (platform == .android || platform == .ios)
            guard event["unhandled"]?.bool != false, native else { return nil }
            attributes["reason"] = ProcessDeathReason.crash.rawValue
            name = .processDied
        default:
            return nil
        }
        self.attributes = attributes
    }
}
