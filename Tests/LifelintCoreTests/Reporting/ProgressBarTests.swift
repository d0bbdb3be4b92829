import Testing
@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports
@testable import LifelintCLI

@Suite struct ProgressBarTests {
    @Test func drawsInPlaceAndClearsItself() {
        let output = ByteOutput.memory()
        let bar = ProgressBar(output: output, total: 4)
        bar.update(completed: 1, bytes: 12_000_000)
        bar.update(completed: 2, bytes: 20_000_000)
        bar.update(completed: 4, bytes: 40_000_000)
        bar.clear()
        #expect(output.text == "\r[======>                       ] 1/4 traces, 12 MB\u{1B}[K"
            + "\r[==============================] 4/4 traces, 40 MB\u{1B}[K"
            + "\r\u{1B}[K")
    }
}
