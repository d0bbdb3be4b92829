import FuzzDriver
import LifelintCore

/// One input as a Perfetto trace: a first packet is put in front when the input does not open
/// with one, so every input reaches the packet framing and the decoders behind it. It is read
/// from memory, then as a file on one core and on two in blocks of 64 bytes, which must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPerfetto(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var bytes = FuzzDriver.bytes(data, size)
    if bytes.first != 0x0A { bytes = [0x0A, 0x02, 0x50, 0x01] + bytes }
    FuzzDriver.read(bytes, name: "fuzz.perfetto-trace")
    FuzzDriver.readOnOneCoreAndOnTwo(bytes, suffix: ".perfetto-trace", blockSize: 64)
    return 0
}

@_cdecl("PerfettoFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzPerfetto)
}
