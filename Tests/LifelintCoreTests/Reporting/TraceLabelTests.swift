import Foundation
import Testing

@testable import LifelintCLI
@testable import LifelintModel

/// What a trace says of its run (the app's `app.info`, an Apple report's or MetricKit
/// payload's header, a bugreport's build fingerprint) labels that trace's records, under the
/// run's `--label`s (decision 0029).
@Suite struct TraceLabelTests {
    /// The labels of each JSON Lines record, keyed by the record's trace; every record of a
    /// trace must carry the same ones.
    static func labelsByTrace(_ arguments: [String]) throws -> [String: [String: String]] {
        let result = runLifelint(["--no-config", "--year", "2024", "--format", "jsonl"] + arguments)
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/report.schema.json"))
        var labels: [String: [String: String]] = [:]
        for line in result.output.split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(validator.validate(record, definition: "jsonlRecord") == [], "\(line)")
            guard let trace = record["trace"] as? String ?? record["path"] as? String else { continue }
            let recordLabels = record["labels"] as? [String: String] ?? [:]
            if let seen = labels[trace] { #expect(seen == recordLabels, "\(line)") }
            labels[trace] = recordLabels
        }
        return labels
    }

    static let instrumented = """
        01-08 09:13:58.204  4242  4242 I lifelint: app.info version=1.4.0 build=140 channel=beta
        01-08 09:13:59.204  4242  4242 I lifelint: input.edited field=body
        01-08 09:14:00.204  5151  5151 I lifelint: app.info version=9.9 build=1
        """

    @Test func theAppsOwnInfoLabelsItsTrace() throws {
        let path = TraceFixture.temporaryFile(name: "instrumented.log", contents: Data(Self.instrumented.utf8)).path
        let labels = try Self.labelsByTrace([path])
        #expect(labels == [path: ["appVersion": "1.4.0", "appBuild": "140", "channel": "beta"]])
    }

    @Test func theCommandLineWinsOverTheTrace() throws {
        let path = TraceFixture.temporaryFile(name: "instrumented.log", contents: Data(Self.instrumented.utf8)).path
        let labels = try Self.labelsByTrace(["--label", "appBuild=141", "--label", "branch=main", path])
        #expect(labels[path] == ["appVersion": "1.4.0", "appBuild": "141", "channel": "beta", "branch": "main"])
    }

    @Test func appleReportsAndMetricKitSayTheirVersions() throws {
        let samples = ["ios-crash-bad-access.crash", "ios-watchdog-in-background.ips", "ios-metrickit-exits.json"]
        let labels = try Self.labelsByTrace(samples.map { RepositoryPaths.path("SampleLogs/\($0)") })
        #expect(
            labels.mapKeys { URL(fileURLWithPath: $0).lastPathComponent } == [
                "ios-crash-bad-access.crash": ["appVersion": "3.2", "appBuild": "412", "osVersion": "iPhone OS 17.3.1 (21D61)", "device": "iPhone15,2"],
                "ios-watchdog-in-background.ips": ["appVersion": "3.2", "appBuild": "412", "osVersion": "iPhone OS 17.3.1 (21D61)", "device": "iPhone14,5"],
                "ios-metrickit-exits.json": ["appVersion": "3.2.1", "appBuild": "3210", "osVersion": "iPhone OS 17.2 (21C62)", "device": "iPhone15,2"],
            ])
    }

    @Test func aBugreportSaysItsBuildFingerprint() throws {
        let bugreport = """
            ========================================================
            == dumpstate: 2024-01-08 10:30:00
            ========================================================

            Build: UQ1A.240105.004
            Build fingerprint: 'google/oriole/oriole:14/UQ1A.240105.004/11206848:user/release-keys'
            ------ SYSTEM LOG (logcat -v threadtime -v printable -v uid -d *:v) ------
            01-08 10:00:01.000 10187  4242  4242 I lifelint: input.edited field=body
            ------ 0.05s was the duration of 'SYSTEM LOG' ------
            """
        let path = TraceFixture.temporaryFile(name: "bugreport.txt", contents: Data(bugreport.utf8)).path
        let labels = try Self.labelsByTrace([path])
        #expect(labels[path] == ["buildFingerprint": "google/oriole/oriole:14/UQ1A.240105.004/11206848:user/release-keys"])
    }

    @Test func theJSONReportLabelsEachTraceWithItsOwn() throws {
        let path = TraceFixture.temporaryFile(name: "instrumented.log", contents: Data(Self.instrumented.utf8)).path
        let result = runLifelint(["--no-config", "--year", "2024", "--format", "json", "--label", "branch=main", path])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let trace = try #require((document["traces"] as? [[String: Any]])?.first)
        #expect(document["labels"] as? [String: String] == ["branch": "main"])
        #expect(trace["labels"] as? [String: String] == ["appVersion": "1.4.0", "appBuild": "140", "channel": "beta"])
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/report.schema.json"))
        #expect(validator.validate(document) == [])
    }

    @Test func theFirstStatementWinsAndBlanksSayNothing() {
        var labels = TraceLabels()
        labels.record(appInfo: ["version": " ", "build": "7"])
        labels.record(appInfo: ["version": "2.0", "build": "8"])
        labels.record(TraceLabels.device, String(repeating: "x", count: 1000))
        #expect(labels.values == ["appVersion": "2.0", "appBuild": "7", "device": String(repeating: "x", count: TraceLabels.maximumLength)])
    }
}

extension Dictionary {
    fileprivate func mapKeys<NewKey: Hashable>(_ transform: (Key) -> NewKey) -> [NewKey: Value] {
        [NewKey: Value](uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
