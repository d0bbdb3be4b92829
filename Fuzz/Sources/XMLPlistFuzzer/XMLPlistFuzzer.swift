import FuzzDriver
import LifelintCore

/// One input as an XML property list (libxml2's reader and the record builder).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLPlist(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var bytes = FuzzDriver.bytes(data, size)
    if bytes.first != UInt8(ascii: "<") { bytes = Array("<?xml version=\"1.0\"?>\n<plist>".utf8) + bytes }
    FuzzDriver.read(bytes, name: "fuzz.plist")
    return 0
}

@_cdecl("XMLPlistFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzXMLPlist)
}
