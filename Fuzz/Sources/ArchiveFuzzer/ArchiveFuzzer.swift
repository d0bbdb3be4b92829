import FuzzDriver

@testable import LifelintIngestion

/// One input as a compressed trace: a gzip stream (read in memory), or a zip archive (read
/// from a file, as bugreports are), chosen by its first bytes, and read to its end. The text
/// inside is not analysed: the other fuzzers cover the readers (decision 0013).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, size)
    if bytes.starts(with: [0x50, 0x4B]) {
        FuzzDriver.withScratchFile(bytes, suffix: ".zip") { readToEnd(try? TraceInput(path: $0)) }
    } else {
        readToEnd(try? TraceInput(bytes: bytes.starts(with: [0x1F, 0x8B]) ? bytes : [0x1F, 0x8B] + bytes, name: "fuzz.gz"))
    }
    return 0
}

private func readToEnd(_ input: TraceInput?) {
    guard let input else { return }
    while !input.isExhausted, (try? input.readHead()) != nil {}
}

@_cdecl("ArchiveFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzArchive)
}
