/// One field of a Protocol Buffers message: its number, wire type and value. A
/// length-delimited value (bytes, a string, a nested message, a packed list) is the `range` of
/// the message's bytes that holds it.
@_spi(Bytes) public struct ProtoField: Sendable, Equatable {
    public enum WireType: UInt8, Sendable {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case fixed32 = 5
    }

    public let number: Int
    public let wireType: WireType
    /// A varint's or fixed field's bits; a length-delimited field's length.
    public let value: UInt64
    public let range: Range<Int>

    @inlinable
    public init(number: Int, wireType: WireType, value: UInt64, range: Range<Int>) {
        self.number = number
        self.wireType = wireType
        self.value = value
        self.range = range
    }

    /// `int64`, `int32` (sign-extended on the wire), `uint64`, `enum`.
    @inlinable public var int64: Int64 { Int64(bitPattern: value) }
    @inlinable public var int: Int { Int(truncatingIfNeeded: Int64(bitPattern: value)) }
    /// `sint32`, `sint64`: zigzag.
    @inlinable public var zigzag: Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
    @inlinable public var bool: Bool { value != 0 }
    /// `double` (fixed64), `float` (fixed32).
    @inlinable public var double: Double {
        wireType == .fixed32 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: value))) : Double(bitPattern: value)
    }
    @inlinable public var isMessage: Bool { wireType == .lengthDelimited }
}
