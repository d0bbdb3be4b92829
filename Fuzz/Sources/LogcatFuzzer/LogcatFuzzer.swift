import FuzzDriver
import LifelintCore

/// One input as logcat text, its layout detected (every layout, the events buffer, system lines).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLogcat(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let input = try? TraceInput(bytes: FuzzDriver.bytes(data, size), name: "fuzz.log") else { return 0 }
    _ = try? TraceReader.read(input, options: TraceReadOptions(inputFormat: .logcat(.threadtime), year: 2024)) { _ in }
    return 0
}

@_cdecl("LogcatFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzLogcat)
}
