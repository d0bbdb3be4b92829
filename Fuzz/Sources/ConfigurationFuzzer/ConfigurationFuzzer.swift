import FuzzDriver
import LifelintCore

/// One input as a `.lifelint.json` and as a rule file: both are loaded and validated, as a
/// team's own files are.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.withScratchFile(FuzzDriver.bytes(data, size), suffix: ".json") { path in
        if let configuration = try? Configuration.load(path: path) { _ = try? AnalysisSettings.make(configuration: configuration, readOptions: TraceReadOptions()) }
        _ = try? RuleCatalog.decode(path: path)
    }
    return 0
}

@_cdecl("ConfigurationFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzConfiguration)
}
