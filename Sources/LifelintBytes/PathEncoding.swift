#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File names on Linux are bytes, not text: a trace copied from a device or an old archive can
/// be called `café.log` in Latin-1, which is not UTF-8. lifelint keeps such a path as a Swift
/// string without losing a byte: each byte that is not part of valid UTF-8 becomes one
/// private-use character, U+EF80–U+EFFF for the bytes 0x80–0xFF (the OPTU-8 convention), and
/// turns back into that byte when the file is opened. Valid UTF-8 that encodes one of those
/// characters is escaped byte by byte too, so the round trip is exact for every name.
///
/// Paths are shown with each such byte as `\xE9` (`displayed(_:)`); the private-use characters
/// never reach a report. See `docs/decisions/0026-file-names-as-bytes.md`.
public enum PathEncoding {
    private static let escapes: ClosedRange<UInt32> = 0xEF80...0xEFFF

    /// The path for these bytes (a command-line argument, a folder entry).
    public static func string(fromBytes bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self), !hasEscapes(text) { return text }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapes.lowerBound - 0x80 + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The path for a C string (`argv`, `readdir`).
    public static func string(cString: UnsafePointer<CChar>) -> String {
        var length = 0
        while cString[length] != 0 { length += 1 }
        return cString.withMemoryRebound(to: UInt8.self, capacity: length) { string(fromBytes: UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// Calls `body` with the path's bytes as the file system names them, NUL-terminated.
    public static func withFileSystemRepresentation<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard hasEscapes(path) else { return try path.withCString(body) }
        var bytes: [CChar] = []
        for scalar in path.unicodeScalars {
            if escapes.contains(scalar.value) {
                bytes.append(CChar(bitPattern: UInt8(scalar.value - escapes.lowerBound + 0x80)))
            } else {
                bytes.append(contentsOf: String(scalar).utf8.map { CChar(bitPattern: $0) })
            }
        }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `open(2)` of the path by its bytes: a descriptor, or -1 with `errno` set.
    public static func openFile(_ path: String, _ flags: Int32, permissions: mode_t = 0) -> Int32 {
        withFileSystemRepresentation(path) { open($0, flags, permissions) }
    }

    /// The path as people read it: each byte that is not UTF-8 as `\xE9`.
    public static func displayed(_ path: String) -> String {
        guard hasEscapes(path) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            if escapes.contains(scalar.value) {
                let byte = UInt8(scalar.value - escapes.lowerBound + 0x80)
                text += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func hasEscapes(_ text: String) -> Bool {
        text.unicodeScalars.contains { escapes.contains($0.value) }
    }

    /// The valid UTF-8 character starting at `index` and its length; nil for a byte that starts
    /// none, or for a character this encoding reserves.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let length: Int
        switch bytes[index] {
        case 0x00...0x7F: return (Unicode.Scalar(bytes[index]), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard index + length <= bytes.count,
            let text = String(validating: bytes[index..<index + length], as: UTF8.self),
            let scalar = text.unicodeScalars.first, !escapes.contains(scalar.value)
        else { return nil }
        return (scalar, length)
    }
}
