import FuzzDriver
import LifelintCore

/// One input as a whole trace, through container detection and every parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzDriver.read(FuzzDriver.bytes(data, size), name: "fuzz.trace")
    return 0
}

@_cdecl("TraceFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzTrace)
}
