import FuzzDriver
import LifelintCore

/// One input as logcat text, its layout detected (every layout, the events buffer, system lines).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLogcat(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.read(FuzzDriver.bytes(data, size), name: "fuzz.log", options: TraceReadOptions(inputFormat: .logcat(.threadtime), year: 2024))
    return 0
}

@_cdecl("LogcatFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzLogcat)
}
