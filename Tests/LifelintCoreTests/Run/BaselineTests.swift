import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct BaselineTests {
    static let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")
    static let markup = RepositoryPaths.path("Tests/LifelintCoreTests/Fixtures/reports/markup trace, v1.log")

    @Test func aBaselineHidesWhatItRecordsAndListsWhatNoLongerOccurs() throws {
        let baseline = TraceFixture.temporaryFile(name: "baseline.json", contents: Data()).path
        let written = runLifelint(["--year", "2024", "--no-config", "--write-baseline", baseline, Self.lostDraft])
        #expect(written.status == .success)
        #expect(written.diagnostics == "lifelint: wrote 3 baseline entries to \(baseline)\n")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline))) as! [String: Any]
        let entries = document["findings"] as! [[String: Any]]
        #expect(document["lifelintBaseline"] as? Int == 1)
        #expect(
            entries.map { $0["rule"] as! String }
                == [
                    "no-save-at-background", "save-in-on-destroy", "state-lost-after-process-death",
                ].sorted())
        #expect(entries.allSatisfy { $0["count"] as? Int == 1 })

        // The same trace again: everything is known, the build passes.
        let same = runLifelint(["--year", "2024", "--no-config", "--baseline", baseline, Self.lostDraft])
        #expect(same.status == .success)
        #expect(same.output.hasSuffix("\nlifelint: no findings in 1 trace (46 lines, 34 events); 3 baselined\n"))

        // Another trace: its finding with the same content is hidden (fingerprints ignore the
        // file and line), the rest of the baseline is stale.
        let other = runLifelint(["--year", "2024", "--no-config", "--format", "json", "--baseline", baseline, Self.markup])
        #expect(other.status == .findings)
        let report = try JSONSerialization.jsonObject(with: Data(other.output.utf8)) as! [String: Any]
        let outcome = report["baseline"] as! [String: Any]
        #expect(outcome["suppressed"] as? Int == 0)
        #expect((outcome["stale"] as! [[String: Any]]).count == 3)
        #expect((report["findings"] as! [Any]).count == 1)
    }

    @Test func theSameFindingTwiceNeedsTwoEntries() throws {
        let baseline = TraceFixture.temporaryFile(name: "baseline.json", contents: Data()).path
        _ = runLifelint(["--year", "2024", "--no-config", "--write-baseline", baseline, Self.lostDraft])
        let sameFileTwice = runLifelint(["--year", "2024", "--no-config", "--baseline", baseline, Self.lostDraft, Self.lostDraft])
        #expect(sameFileTwice.status == .success, "a file named twice is read once")
        let copy = TraceFixture.temporaryFile(name: "copy.log", contents: try Data(contentsOf: URL(fileURLWithPath: Self.lostDraft))).path
        let result = runLifelint(["--year", "2024", "--no-config", "--baseline", baseline, Self.lostDraft, copy])
        #expect(result.status == .findings)
        #expect(result.output.hasSuffix("lifelint: 3 errors in 2 traces (92 lines, 68 events); 3 baselined\n"))
    }

    @Test(arguments: [
        ("{}", "'lifelintBaseline': missing"),
        (#"{"lifelintBaseline": 2, "findings": []}"#, "'lifelintBaseline': version 2 is not one this lifelint reads (1)"),
        (#"{"lifelintBaseline": 1, "findings": [{"rule": "x"}]}"#, "'findings[0].fingerprint': missing"),
        (#"{"lifelintBaseline": 1, "findings": [{"fingerprint": "x", "count": 0}]}"#, "'findings[0].count': must be at least 1, found 0"),
    ])
    func aBrokenBaselineIsAnError(_ json: String, _ message: String) {
        let baseline = TraceFixture.temporaryFile(name: "baseline.json", contents: Data(json.utf8)).path
        let result = runLifelint(["--year", "2024", "--no-config", "--baseline", baseline, Self.lostDraft])
        #expect(result.status == .failure)
        #expect(result.diagnostics == "lifelint: error: \(baseline): \(message)\n")
    }
}
