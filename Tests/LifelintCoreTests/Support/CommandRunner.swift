@testable import LifelintAnalysis
@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Runs the command line in memory, as the executable would, and captures what it writes.
func runLifelint(_ arguments: [String]) -> (status: ExitCode, output: String, diagnostics: String) {
    let output = ByteOutput.memory()
    let diagnostics = ByteOutput.memory()
    let status = LifelintCommand.run(arguments, output: output, diagnostics: diagnostics)
    return (status, output.text, diagnostics.text)
}
