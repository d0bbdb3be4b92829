import FuzzDriver
import LifelintCore

/// One input as a JSON trace: lifelint events, Chrome traces, Apple log exports, MetricKit,
/// Android Studio Logcat exports.
/// An input that does not start as JSON is given a `{` so the JSON readers see it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var bytes = FuzzDriver.bytes(data, size)
    if bytes.first != UInt8(ascii: "{") && bytes.first != UInt8(ascii: "[") { bytes.insert(UInt8(ascii: "{"), at: 0) }
    FuzzDriver.read(bytes, name: "fuzz.json")
    return 0
}

@_cdecl("JSONFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzJSON)
}
