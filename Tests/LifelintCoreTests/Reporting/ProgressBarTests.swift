import Testing

@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct ProgressBarTests {
    @Test func drawsInPlaceAndClearsItself() {
        let output = ByteOutput.memory()
        let bar = ProgressBar(output: output, total: 4)
        bar.update(completed: 1, bytes: 12_000_000)
        bar.update(completed: 2, bytes: 20_000_000)
        bar.update(completed: 4, bytes: 40_000_000)
        bar.clear()
        #expect(
            output.text == "\r[======>                       ] 1/4 traces, 12 MB\u{1B}[K"
                + "\r[==============================] 4/4 traces, 40 MB\u{1B}[K"
                + "\r\u{1B}[K")
    }

    @Test func saysTheRateAndTheTimeLeftOnceASecondHasPassed() {
        #expect(ProgressBar.line(completed: 5, total: 100, bytes: 0, seconds: 0.5) == "[>                             ] 5/100 traces, 0 MB")
        #expect(
            ProgressBar.line(completed: 1_200, total: 20_000, bytes: 310_000_000, seconds: 1.5)
                == "[>                             ] 1200/20000 traces, 310 MB, 800 traces/s, 0:24 left")
        #expect(ProgressBar.line(completed: 3, total: 10_000, bytes: 0, seconds: 2) == "[                              ] 3/10000 traces, 0 MB, 1.5 traces/s, 1:51:05 left")
        #expect(ProgressBar.line(completed: 10, total: 10, bytes: 1_000_000, seconds: 4) == "[==============================] 10/10 traces, 1 MB, 2.5 traces/s")
    }
}
