@_spi(Bytes) import LifelintBytes
import LifelintModel

/// A UTF-16 text stream read as UTF-8 (what Windows PowerShell 5 writes for `adb logcat > file`).
/// Surrogate pairs are joined across reads; a lone surrogate or a trailing odd byte becomes
/// U+FFFD, as an invalid sequence does anywhere else.
final class UTF16Source: ByteSource {
    private let source: any ByteSource
    private let bigEndian: Bool
    private var input = [UInt8](repeating: 0, count: 1 << 16)
    private var output: [UInt8] = []
    private var delivered = 0
    /// A byte of a code unit whose other byte has not arrived yet.
    private var oddByte: UInt8?
    private var highSurrogate: UInt16?
    private var finished = false

    init(_ source: any ByteSource, bigEndian: Bool) {
        self.source = source
        self.bigEndian = bigEndian
        output.reserveCapacity(input.count * 2)
    }

    package func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int {
        while delivered == output.count, !finished { try refill() }
        let length = min(count, output.count - delivered)
        output.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + delivered, count: length) }
        delivered += length
        return length
    }

    private func refill() throws(ReadBuffer.Failure) {
        output.removeAll(keepingCapacity: true)
        delivered = 0
        let count = try input.withUnsafeMutableBufferPointer { (buffer) throws(ReadBuffer.Failure) in try source.read(into: buffer.baseAddress!, count: buffer.count) }
        guard count > 0 else {
            finished = true
            if oddByte != nil || highSurrogate != nil { append(0xFFFD) }
            return
        }
        var index = 0
        if let first = oddByte {
            unit(first, input[0])
            oddByte = nil
            index = 1
        }
        while index + 1 < count {
            unit(input[index], input[index + 1])
            index += 2
        }
        if index < count { oddByte = input[index] }
    }

    private func unit(_ first: UInt8, _ second: UInt8) {
        let value = bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
        switch value {
        case 0xD800...0xDBFF:
            if highSurrogate != nil { append(0xFFFD) }
            highSurrogate = value
        case 0xDC00...0xDFFF:
            guard let high = highSurrogate else { return append(0xFFFD) }
            highSurrogate = nil
            append(0x10000 + (UInt32(high - 0xD800) << 10 | UInt32(value - 0xDC00)))
        default:
            if highSurrogate != nil {
                highSurrogate = nil
                append(0xFFFD)
            }
            append(UInt32(value))
        }
    }

    private func append(_ scalar: UInt32) {
        let scalar = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        output.append(contentsOf: UTF8.encode(scalar)!)
    }

    /// The text of `source` as UTF-8: a UTF-8 byte-order mark dropped, UTF-16 (with its
    /// byte-order mark) transcoded, anything else as it is; and what was found.
    static func decodingText(_ source: any ByteSource) throws(ReadBuffer.Failure) -> (source: any ByteSource, encoding: String?) {
        var mark = [UInt8](repeating: 0, count: 3)
        let count = try mark.withUnsafeMutableBufferPointer { (buffer) throws(ReadBuffer.Failure) in try ReadBuffer.fill(source, buffer.baseAddress!, count: 3).count }
        mark.removeLast(3 - count)
        if mark.starts(with: [0xEF, 0xBB, 0xBF]) { return (source, "UTF-8 with a byte-order mark") }
        if mark.starts(with: [0xFF, 0xFE]) { return (UTF16Source(PrefixedSource(Array(mark.dropFirst(2)), then: source), bigEndian: false), "UTF-16LE") }
        if mark.starts(with: [0xFE, 0xFF]) { return (UTF16Source(PrefixedSource(Array(mark.dropFirst(2)), then: source), bigEndian: true), "UTF-16BE") }
        return (PrefixedSource(mark, then: source), nil)
    }
}
