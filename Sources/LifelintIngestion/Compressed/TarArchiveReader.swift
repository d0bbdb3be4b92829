@_spi(Bytes) import LifelintBytes

/// A tar archive read entry by entry from a stream (ustar, with pax and GNU long names), as
/// `tar -czf` and sysdiagnose write it: no index, so each entry's data is either read (up to a
/// limit) or skipped as it passes. Memory is one block and the entries read.
struct TarArchiveReader {
    struct Entry {
        let name: String
        let size: Int
        let isFile: Bool
    }

    enum Failure: Error, CustomStringConvertible {
        case truncated(entry: String)
        case badHeader(offset: Int)
        case unreadable(String)

        var description: String {
            switch self {
            case let .truncated(entry): "the archive ends inside \(entry)"
            case let .badHeader(offset): "not a tar header at byte \(offset) (a damaged archive)"
            case let .unreadable(reason): "cannot read the archive: \(reason)"
            }
        }
    }

    private let source: any ByteSource
    private var pending: [UInt8]
    private(set) var offset = 0
    /// The long name a pax (`x`) or GNU (`L`) header gave the entry after it.
    private var longName: String?

    init(source: any ByteSource, initial: [UInt8]) {
        self.source = source
        pending = initial
    }

    /// Whether the bytes open with a ustar header (`ustar` at 257).
    static func isTar(_ bytes: Span<UInt8>) -> Bool {
        bytes.count >= 262 && bytes.matches("ustar", at: 257..<262)
    }

    /// The next entry and, when `wants` says so and it is no larger than `limit`, its bytes;
    /// nil at the end of the archive.
    mutating func next(reading wants: (Entry) -> Bool, limit: Int) throws(Failure) -> (Entry, [UInt8]?)? {
        while true {
            let headerOffset = offset
            let header = try read(512)
            guard header.count == 512 else { return nil }
            if header.allSatisfy({ $0 == 0 }) { return nil }
            guard let size = Self.octal(header[124..<136]) else { throw .badHeader(offset: headerOffset) }
            let type = header[156]
            let name = longName ?? Self.name(header)
            longName = nil
            switch type {
            case UInt8(ascii: "x"), UInt8(ascii: "L"):
                let data = try readData(size, entry: name)
                longName = type == UInt8(ascii: "L") ? Self.cString(data[...]) : Self.paxPath(data)
                continue
            case UInt8(ascii: "g"):
                _ = try readData(size, entry: name)
                continue
            default:
                let entry = Entry(name: name, size: size, isFile: type == 0 || type == UInt8(ascii: "0") || type == UInt8(ascii: "7"))
                if entry.isFile, size <= limit, wants(entry) { return (entry, try readData(size, entry: name)) }
                try skip(size, entry: name)
                return (entry, nil)
            }
        }
    }

    private mutating func readData(_ size: Int, entry: String) throws(Failure) -> [UInt8] {
        let data = try read(size)
        guard data.count == size else { throw .truncated(entry: entry) }
        try discard(Self.padding(size), entry: entry)
        return data
    }

    /// Passes over an entry's data and the padding to its block.
    private mutating func skip(_ size: Int, entry: String) throws(Failure) {
        try discard(size + Self.padding(size), entry: entry)
    }

    private mutating func discard(_ count: Int, entry: String) throws(Failure) {
        var left = count
        while left > 0 {
            let chunk = try read(min(left, 1 << 20))
            guard !chunk.isEmpty else { throw .truncated(entry: entry) }
            left -= chunk.count
        }
    }

    private static func padding(_ size: Int) -> Int { (512 - size % 512) % 512 }

    /// Up to `count` bytes, fewer only at the end. Read a mebibyte at a time: a header may
    /// declare any size, and memory follows what the archive holds, not what it claims.
    private mutating func read(_ count: Int) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        if !pending.isEmpty {
            let taken = min(count, pending.count)
            bytes = Array(pending[..<taken])
            pending.removeFirst(taken)
        }
        while bytes.count < count {
            let wanted = min(count - bytes.count, 1 << 20)
            let chunk: [UInt8]
            do {
                chunk = try [UInt8](unsafeUninitializedCapacity: wanted) { buffer, filled in
                    filled = try ReadBuffer.fill(source, buffer.baseAddress!, count: buffer.count).count
                }
            } catch let error as ReadBuffer.Failure {
                throw .unreadable(error.message)
            } catch {
                throw .unreadable("\(error)")
            }
            bytes += chunk
            if chunk.count < wanted { break }
        }
        offset += bytes.count
        return bytes
    }

    /// ustar's `prefix/name`.
    private static func name(_ header: [UInt8]) -> String {
        let name = cString(header[0..<100])
        guard header[257..<262].elementsEqual("ustar".utf8) else { return name }
        let prefix = cString(header[345..<500])
        return prefix.isEmpty ? name : prefix + "/" + name
    }

    private static func cString(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// A size field: octal digits, NUL or space terminated.
    private static func octal(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        for byte in bytes {
            if byte == 0 || byte == .space { if digits > 0 { break } else { continue } }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "7") else { return nil }
            value = value * 8 + Int(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return value
    }

    /// The `path=` record of a pax extended header (`30 path=some/long/name\n`).
    private static func paxPath(_ data: [UInt8]) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        for record in text.split(separator: "\n") {
            guard let space = record.firstIndex(of: " ") else { continue }
            let field = record[record.index(after: space)...]
            if field.hasPrefix("path=") { return String(field.dropFirst(5)) }
        }
        return nil
    }
}
