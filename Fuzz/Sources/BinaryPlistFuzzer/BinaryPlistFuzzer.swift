import FuzzDriver
import LifelintCore

/// One input as a binary property list: `bplist00` is put in front when it is missing, so every
/// input reaches the trailer, offset table and object decoding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryPlist(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var bytes = FuzzDriver.bytes(data, size)
    if !bytes.starts(with: "bplist00".utf8) { bytes = Array("bplist00".utf8) + bytes }
    FuzzDriver.read(bytes, name: "fuzz.bplist")
    return 0
}

@_cdecl("BinaryPlistFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzBinaryPlist)
}
