/// What a trace says about the run that produced it: the app's version and build, the OS, the
/// device. Read from the app's `app.info` instrumentation line, an Apple report's or MetricKit
/// payload's header, a bugreport's build fingerprint; reports stamp them on the trace's
/// records beside the run's `--label`s (decision 0029).
///
/// The first statement of a key wins: a trace is one run, and a later contradiction (a second
/// app of another version) does not relabel what came before.
public struct TraceLabels: Sendable, Hashable {
    public private(set) var values: [String: String] = [:]

    public static let appVersion = "appVersion"
    public static let appBuild = "appBuild"
    public static let osVersion = "osVersion"
    public static let device = "device"
    public static let buildFingerprint = "buildFingerprint"

    /// The longest value kept; a label is a name, not a payload.
    public static let maximumLength = 256

    public init() {}

    public var isEmpty: Bool { values.isEmpty }

    /// Keeps `value` under `key` unless the key already has one; blank values say nothing.
    public mutating func record(_ key: String, _ value: String?) {
        guard values[key] == nil, let value else { return }
        let trimmed = value.trimmingWhitespace
        guard !trimmed.isEmpty else { return }
        values[key] = String(trimmed.prefix(Self.maximumLength))
    }

    /// An `app.info` event: `version` and `build` become `appVersion` and `appBuild`; any other
    /// attribute the app adds (`channel=beta`) is a label of its own name.
    public mutating func record(appInfo attributes: Attributes) {
        for entry in attributes {
            switch entry.key {
            case "version": record(Self.appVersion, entry.value)
            case "build": record(Self.appBuild, entry.value)
            default: record(entry.key, entry.value)
            }
        }
    }

    /// These labels, then `other`'s for the keys these lack.
    public func merged(_ other: TraceLabels) -> TraceLabels {
        var result = self
        for (key, value) in other.values where result.values[key] == nil { result.values[key] = value }
        return result
    }

    /// The trace's labels under the run's: the command line wins on a conflict.
    public func overridden(by run: [String: String]) -> [String: String] {
        values.merging(run) { $1 }
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex { !$0.properties.isWhitespace } ?? first
        return self[first...last]
    }
}
