/// Where a Protocol Buffers message breaks the wire format; offsets are within the message read.
@_spi(Bytes) public enum ProtoWireError: Error, Sendable, Equatable, CustomStringConvertible {
    case truncated(at: Int)
    case badVarint(at: Int)
    case badFieldNumber(at: Int)
    case badWireType(UInt8, at: Int)
    case lengthPastEnd(at: Int)

    public var offset: Int {
        switch self {
        case .truncated(let at), .badVarint(let at), .badFieldNumber(let at), .badWireType(_, let at), .lengthPastEnd(let at): at
        }
    }

    public var description: String {
        switch self {
        case .truncated: "the message ends inside a field"
        case .badVarint: "a varint runs past ten bytes"
        case .badFieldNumber: "a field number of 0 or out of range"
        case .badWireType(let type, _): "wire type \(type), which protobuf no longer writes"
        case .lengthPastEnd: "a length that runs past the end of its message"
        }
    }
}
