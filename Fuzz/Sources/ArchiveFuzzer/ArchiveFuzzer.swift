import FuzzDriver
import LifelintCore

/// One input as a compressed trace: a gzip stream (read in memory), or a zip archive (read
/// from a file, as bugreports are), chosen by its first bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, size)
    let input: TraceInput?
    if bytes.starts(with: [0x50, 0x4B]) {
        input = FuzzDriver.file(bytes, suffix: ".zip").flatMap { try? TraceInput(path: $0) }
    } else {
        input = try? TraceInput(bytes: bytes.starts(with: [0x1F, 0x8B]) ? bytes : [0x1F, 0x8B] + bytes, name: "fuzz.gz")
    }
    if let input { _ = try? TraceReader.read(input) { _ in } }
    return 0
}

@_cdecl("ArchiveFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzArchive)
}
