/// Appends JSON to a byte buffer without building intermediate objects or strings: the
/// writers that stream events compose each line in a local buffer with it, so output keeps
/// pace with parsing.
struct JSONWriter {
    var bytes: [UInt8]

    init(bytes: [UInt8] = []) { self.bytes = bytes }

    mutating func string(_ value: String) {
        bytes.append(.quote)
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == .quote || byte == .backslash else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscaped(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(.quote)
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        bytes.append(.backslash)
        switch byte {
        case .quote, .backslash: bytes.append(byte)
        case .newline: bytes.append(UInt8(ascii: "n"))
        case .carriageReturn: bytes.append(UInt8(ascii: "r"))
        case .tab: bytes.append(UInt8(ascii: "t"))
        default:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), .zero, .zero, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        }
    }

    /// `"name":`
    mutating func key(_ name: StaticString) {
        bytes.append(.quote)
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(.quote)
        bytes.append(.colon)
    }

    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func integer(_ value: some BinaryInteger) {
        var number = Int64(value)
        if number < 0 {
            bytes.append(.dash)
            number = -number
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = .zero + UInt8(number % 10)
                number /= 10
                count += 1
            } while number > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    mutating func optionalInteger(_ value: (some BinaryInteger)?) {
        if let value { integer(value) } else { raw("null") }
    }

    mutating func timestamp(_ time: Timestamp) {
        guard time.clock != .unknown else {
            raw("null")
            return
        }
        bytes.append(.quote)
        time.appendISO8601(to: &bytes)
        bytes.append(.quote)
    }

    mutating func comma() { bytes.append(.comma) }
    mutating func byte(_ byte: UInt8) { bytes.append(byte) }
}
