/// The fields of one Protocol Buffers message, read from its wire bytes in order
/// (docs/formats.md §17): no schema, no allocation; a nested message is a range the caller reads
/// with another reader. Unknown fields are skipped by their wire type, as protobuf readers do,
/// so a newer writer's fields cost nothing.
@_spi(Bytes) public struct ProtoFieldReader: ~Escapable {
    public let bytes: Span<UInt8>
    public var offset = 0

    @inlinable @_lifetime(copy bytes)
    public init(_ bytes: Span<UInt8>) {
        self.bytes = bytes
    }

    /// The next field, nil at the end of the message; throws where the bytes break the wire
    /// format (the offset is within this message).
    @inlinable @inline(__always)
    public mutating func next() throws(ProtoWireError) -> ProtoField? {
        guard offset < bytes.count else { return nil }
        let start = offset
        let key = try readVarint()
        let number = key >> 3
        guard number > 0, number <= 536_870_911 else { throw .badFieldNumber(at: start) }
        switch key & 7 {
        case 0:
            return ProtoField(number: Int(number), wireType: .varint, value: try readVarint(), range: offset..<offset)
        case 1:
            return ProtoField(number: Int(number), wireType: .fixed64, value: try readFixed(8), range: offset..<offset)
        case 2:
            let length = try readVarint()
            guard length <= UInt64(bytes.count - offset) else { throw .lengthPastEnd(at: start) }
            let range = offset..<offset + Int(length)
            offset = range.upperBound
            return ProtoField(number: Int(number), wireType: .lengthDelimited, value: length, range: range)
        case 5:
            return ProtoField(number: Int(number), wireType: .fixed32, value: try readFixed(4), range: offset..<offset)
        default:
            // Groups (3, 4) were deprecated before the formats lifelint reads were written.
            throw .badWireType(UInt8(key & 7), at: start)
        }
    }

    @inlinable @inline(__always)
    mutating func readVarint() throws(ProtoWireError) -> UInt64 {
        let start = offset
        // One byte is the common case: field keys, small numbers, short lengths.
        if offset < bytes.count {
            let byte = unsafe bytes[unchecked: offset]
            if byte < 0x80 {
                offset += 1
                return UInt64(byte)
            }
        }
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            let byte = unsafe bytes[unchecked: offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
            guard shift < 64 else { throw .badVarint(at: start) }
        }
        throw .truncated(at: start)
    }

    @inlinable @inline(__always)
    mutating func readFixed(_ width: Int) throws(ProtoWireError) -> UInt64 {
        guard bytes.count - offset >= width else { throw .truncated(at: offset) }
        var value: UInt64 = 0
        for index in 0..<width { value |= UInt64(unsafe bytes[unchecked: offset + index]) << (8 * UInt64(index)) }
        offset += width
        return value
    }

    /// A varint read from the start of `bytes` with its length, as a stream's record framing
    /// needs it; nil when the bytes end first or it is longer than ten bytes.
    @inlinable
    public static func varint(at start: Int, in bytes: Span<UInt8>) -> (value: UInt64, length: Int)? {
        var reader = ProtoFieldReader(bytes)
        reader.offset = start
        guard let value = try? reader.readVarint() else { return nil }
        return (value, reader.offset - start)
    }
}
