import LifelintModel

/// What a Sentry event says happened to the app, from its exceptions' mechanisms: an ANR
/// (Android's `ANR` and `AppExitInfo`), a hang (`AppHang`), a watchdog termination
/// (`watchdog_termination`), or a crash: an exception not handled by a mechanism that ends the
/// process. A handled error claims nothing about the lifecycle, and neither does a JavaScript
/// or Dart error the SDK calls unhandled (`onerror`, `FlutterError`): the app goes on running.
struct SentryClaim {
    let name: EventName
    let attributes: Attributes
    /// The exception that makes the claim, whose line the event cites.
    let exception: JSONValue

    init?(exceptions: [JSONValue], inForeground: Bool?) {
        var found: (EventName, Attributes, JSONValue)?
        for value in exceptions {
            guard let exception = JSONObject(value) else { continue }
            let mechanism = JSONObject(exception["mechanism"])
            let type = mechanism?["type"]?.string ?? ""
            var attributes: Attributes = ["reporter": "sentry"]
            attributes["mechanism"] = type.isEmpty ? nil : type
            attributes["exception"] = exception["type"]?.string
            attributes["detail"] = exception["value"]?.string.map { String($0.prefix(TraceLabels.maximumLength)) }
            switch type {
            case "ANR", "AppExitInfo", "AppHang", "app_hang":
                found = (.evidenceAnr, attributes, value)
            case "watchdog_termination":
                attributes["reason"] = "watchdog"
                attributes["initiator"] = "system"
                found = (.processDied, attributes, value)
            default:
                guard found == nil, Self.processEnding.contains(type.lowercased()), mechanism?["handled"]?.bool != true else { continue }
                attributes["reason"] = "crash"
                found = (.processDied, attributes, value)
            }
        }
        guard case (let name, var attributes, let exception)? = found else { return nil }
        attributes["in_foreground"] = inForeground.map { $0 ? "true" : "false" }
        self.name = name
        self.attributes = attributes
        self.exception = exception
    }

    /// The JVM's uncaught-exception handler, Apple's crash reporter (Mach exceptions, signals,
    /// uncaught Objective-C and C++ exceptions), native signal handlers and Android tombstones.
    private static let processEnding: Set<String> = ["uncaughtexceptionhandler", "mach", "signal", "signalhandler", "nsexception", "cpp_exception", "tombstone"]
}
