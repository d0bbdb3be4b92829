import Foundation
import Testing

@testable import LifelintCLI

/// `--label key=value` stamps the run's context on the JSON report and on every JSON Lines
/// record, as the report schema describes; malformed labels are usage errors.
@Suite struct LabelTests {
    static let traces = ["android-lost-draft.log", "rn-stale-websocket.log"].map { RepositoryPaths.path("SampleLogs/\($0)") }
    static let labels = ["--label", "build=4.2.1 (881)", "--label", "device=Pixel-7"]

    @Test func theJSONReportCarriesTheLabels() throws {
        let result = runLifelint(["--year", "2024", "--no-config", "--format", "json"] + Self.labels + Self.traces)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["labels"] as? [String: String] == ["build": "4.2.1 (881)", "device": "Pixel-7"])
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/report.schema.json"))
        #expect(validator.validate(document) == [])
    }

    @Test func everyJSONLinesRecordCarriesTheLabels() throws {
        let result = runLifelint(["--year", "2024", "--no-config", "--format", "jsonl"] + Self.labels + Self.traces)
        let validator = try JSONSchemaValidator(path: RepositoryPaths.path("docs/schema/report.schema.json"))
        let lines = result.output.split(separator: "\n")
        #expect(lines.count > 10)
        for line in lines {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(record["labels"] as? [String: String] == ["build": "4.2.1 (881)", "device": "Pixel-7"], "\(line)")
            #expect(validator.validate(record, definition: "jsonlRecord") == [], "\(line)")
        }
    }

    @Test func withoutLabelsNothingIsAdded() {
        let result = runLifelint(["--year", "2024", "--no-config", "--format", "jsonl"] + Self.traces)
        #expect(!result.output.contains("\"labels\""))
    }

    @Test(arguments: ["build", "=x", "bad key=x", "é=x"])
    func aMalformedLabelIsAUsageError(_ label: String) {
        let result = runLifelint(["--label", label] + Self.traces)
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains("--label"), "\(result.diagnostics)")
    }

    @Test func aKeyGivenTwiceIsAUsageError() {
        let result = runLifelint(["--label", "a=1", "--label", "a=2"] + Self.traces)
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains("each key once"))
    }
}
