import LifelintModel

/// The elements of the plist DTD, identified from libxml2's C strings without making strings.
enum PlistTag: Sendable {
    case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

    init?(_ name: UnsafePointer<UInt8>) {
        func equals(_ literal: StaticString) -> Bool {
            strcmp(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), UnsafeRawPointer(literal.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
        }
        switch name[0] {
        case UInt8(ascii: "p") where equals("plist"): self = .plist
        case UInt8(ascii: "d") where equals("dict"): self = .dict
        case UInt8(ascii: "d") where equals("date"): self = .date
        case UInt8(ascii: "d") where equals("data"): self = .data
        case UInt8(ascii: "a") where equals("array"): self = .array
        case UInt8(ascii: "k") where equals("key"): self = .key
        case UInt8(ascii: "s") where equals("string"): self = .string
        case UInt8(ascii: "i") where equals("integer"): self = .integer
        case UInt8(ascii: "r") where equals("real"): self = .real
        case UInt8(ascii: "t") where equals("true"): self = .true
        case UInt8(ascii: "f") where equals("false"): self = .false
        default: return nil
        }
    }

    var isScalar: Bool {
        switch self {
        case .plist, .dict, .array: false
        default: true
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
