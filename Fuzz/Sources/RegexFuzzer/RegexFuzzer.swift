import FuzzDriver
import LifelintCore

/// One input as a mapping's regular expression (its first line) and log messages to match it
/// against (the rest): compiled with the complexity bound, then run on every message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzDriver.bytes(data, size)
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    guard let expression = try? RegularExpression(String(decoding: bytes[..<newline], as: UTF8.self)) else { return 0 }
    let messages = bytes[newline...].split(separator: UInt8(ascii: "\n")).map { Array("01-08 09:14:25.969  4242  4242 I Fuzz: ".utf8) + $0 }
    let trace = Array(messages.joined(separator: [UInt8(ascii: "\n")]))
    let mapping = LineMapping(tag: nil, message: .regex(expression), event: "fuzz.matched")
    FuzzDriver.read(trace, name: "fuzz.log", options: TraceReadOptions(inputFormat: .logcat(.threadtime), year: 2024, mappings: [mapping]))
    return 0
}

@_cdecl("RegexFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzDriver.run(argc, argv, fuzzRegex)
}
