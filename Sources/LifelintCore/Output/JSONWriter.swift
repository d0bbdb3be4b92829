/// Appends JSON to a `ByteOutput` without building intermediate objects: the writers that
/// stream events and findings use it so output keeps pace with parsing.
struct JSONWriter {
    let output: ByteOutput

    func string(_ value: String) {
        output.write(byte: .quote)
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == .quote || byte == .backslash else { continue }
                output.write(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                writeEscaped(byte)
                runStart = index + 1
            }
            output.write(bytes: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.write(byte: .quote)
    }

    private func writeEscaped(_ byte: UInt8) {
        switch byte {
        case .quote: output.write("\\\"")
        case .backslash: output.write("\\\\")
        case .newline: output.write("\\n")
        case .carriageReturn: output.write("\\r")
        case .tab: output.write("\\t")
        default:
            let hex = Array("0123456789abcdef".utf8)
            output.write(bytes: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }

    func key(_ name: StaticString) {
        output.write(byte: .quote)
        output.write(bytes: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        output.write(bytes: [.quote, .colon])
    }

    func optionalString(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    func integer(_ value: some BinaryInteger) {
        output.write(String(value))
    }

    func optionalInteger(_ value: (some BinaryInteger)?) {
        if let value { integer(value) } else { null() }
    }

    func null() { output.write("null") }
    func comma() { output.write(byte: .comma) }
}
