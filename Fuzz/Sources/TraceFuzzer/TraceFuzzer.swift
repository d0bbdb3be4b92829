import Foundation
import LifelintCore

/// One input as a whole trace file, through container detection and every parser.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let path = NSTemporaryDirectory() + "lifelint-fuzz-\(getpid()).trace"
    guard FileManager.default.createFile(atPath: path, contents: data.map { Data(bytes: $0, count: size) } ?? Data()) else { return 0 }
    _ = try? TraceReader.events(atPath: path)
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable target's entry point as `<module>_main`; this one hands the
/// command line to libFuzzer's driver.
@_cdecl("TraceFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return runFuzzerDriver(&argc, &argv, fuzzTrace)
}
