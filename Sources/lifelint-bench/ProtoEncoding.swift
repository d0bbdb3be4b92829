/// The protobuf wire format, as far as the synthetic Perfetto traces write it.
enum ProtoEncoding {
    static func field(_ number: UInt64, varint value: UInt64, to buffer: inout [UInt8]) {
        append(varint: number << 3, to: &buffer)
        append(varint: value, to: &buffer)
    }

    static func field(_ number: UInt64, bytes: [UInt8], to buffer: inout [UInt8]) {
        append(varint: number << 3 | 2, to: &buffer)
        append(varint: UInt64(bytes.count), to: &buffer)
        buffer.append(contentsOf: bytes)
    }

    private static func append(varint value: UInt64, to buffer: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            buffer.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        buffer.append(UInt8(value))
    }
}
