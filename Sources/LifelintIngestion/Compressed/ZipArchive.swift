import CZlib
@_spi(Bytes) import LifelintBytes
import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of a zip archive (an `adb bugreport` file), read from its central directory with
/// `pread`, and the one entry lifelint reads: the main bugreport text, whose logcat sections
/// the logcat reader understands. Stored and deflated entries are read in place; ZIP64
/// archives and encrypted entries are refused with a clear error.
struct ZipArchive {
    struct Entry {
        let name: String
        let method: UInt16
        let compressedSize: Int
        let uncompressedSize: Int
        let localHeaderOffset: Int
        /// The CRC-32 of the entry's uncompressed bytes, checked when the entry has been read.
        let crc32: UInt32
        /// Encrypted entries are listed (so the main entry is chosen as it would be without
        /// encryption) and refused when read.
        let isEncrypted: Bool
    }

    let entries: [Entry]
    private let fileDescriptor: Int32
    /// The most central directory lifelint reads: a bugreport's has a few thousand entries
    /// (under a megabyte); a record claiming gigabytes is damage or an attack, refused before a
    /// byte of it is allocated.
    static let maximumDirectorySize = 64 << 20

    init(fileDescriptor: Int32, fileSize: Int) throws(ReadBuffer.Failure) {
        self.fileDescriptor = fileDescriptor
        // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535.
        let tailSize = min(fileSize, 22 + 65_535)
        let tail = try Self.read(fileDescriptor, at: fileSize - tailSize, count: tailSize)
        guard let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { Self.u32(tail, $0) == 0x0605_4B50 }) else {
            throw ReadBuffer.Failure(message: "not a readable zip archive (no central directory)")
        }
        let count = Int(Self.u16(tail, end + 10))
        let directorySize = Int(Self.u32(tail, end + 12))
        let directoryOffset = Int(Self.u32(tail, end + 16))
        guard directoryOffset != 0xFFFF_FFFF, count != 0xFFFF else { throw ReadBuffer.Failure(message: "ZIP64 archives are not supported") }
        guard directoryOffset + directorySize <= fileSize else { throw ReadBuffer.Failure(message: "corrupt zip archive (central directory out of bounds)") }
        guard directorySize >= count * 46 else { throw ReadBuffer.Failure(message: "corrupt zip archive (central directory smaller than its \(count) entries)") }
        guard directorySize <= Self.maximumDirectorySize else {
            throw ReadBuffer.Failure(
                message: "corrupt zip archive (a central directory of \(directorySize >> 20) MiB; lifelint reads at most \(Self.maximumDirectorySize >> 20) MiB)")
        }
        let directory = try Self.read(fileDescriptor, at: directoryOffset, count: directorySize)
        var entries: [Entry] = []
        var position = 0
        for _ in 0..<count {
            guard position + 46 <= directory.count, Self.u32(directory, position) == 0x0201_4B50 else {
                throw ReadBuffer.Failure(message: "corrupt zip archive (bad central directory entry)")
            }
            let nameLength = Int(Self.u16(directory, position + 28))
            let extraLength = Int(Self.u16(directory, position + 30))
            let commentLength = Int(Self.u16(directory, position + 32))
            guard position + 46 + nameLength <= directory.count else { throw ReadBuffer.Failure(message: "corrupt zip archive (entry name out of bounds)") }
            entries.append(
                Entry(
                    name: String(decoding: directory[(position + 46)..<(position + 46 + nameLength)], as: UTF8.self),
                    method: Self.u16(directory, position + 10),
                    compressedSize: Int(Self.u32(directory, position + 20)),
                    uncompressedSize: Int(Self.u32(directory, position + 24)),
                    localHeaderOffset: Int(Self.u32(directory, position + 42)),
                    crc32: Self.u32(directory, position + 16),
                    isEncrypted: Self.u16(directory, position + 8) & 1 != 0))
            position += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// The main bugreport text: the entry `main_entry.txt` names, else the largest
    /// `bugreport*.txt`, else the largest `.txt`.
    func mainEntry() throws(ReadBuffer.Failure) -> Entry {
        if let pointer = entries.first(where: { $0.name == "main_entry.txt" }), pointer.uncompressedSize < 4096 {
            var bytes = [UInt8](repeating: 0, count: pointer.uncompressedSize)
            let source = try source(for: pointer)
            let count = try bytes.withUnsafeMutableBufferPointer { (buffer) throws(ReadBuffer.Failure) in
                try ReadBuffer.fill(source, buffer.baseAddress!, count: buffer.count).count
            }
            let name = String(decoding: bytes[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if let entry = entries.first(where: { $0.name == name }) { return entry }
        }
        let texts = entries.filter { $0.name.hasSuffix(".txt") && $0.name != "main_entry.txt" }
        let bugreports = texts.filter { ($0.name.split(separator: "/").last ?? "").hasPrefix("bugreport") }
        guard let entry = (bugreports.isEmpty ? texts : bugreports).max(by: { $0.uncompressedSize < $1.uncompressedSize }) else {
            throw ReadBuffer.Failure(message: "a zip archive without a bugreport text entry (.txt)")
        }
        return entry
    }

    /// The entry's bytes, decompressed as they are read.
    func source(for entry: Entry) throws(ReadBuffer.Failure) -> any ByteSource {
        guard !entry.isEncrypted else { throw ReadBuffer.Failure(message: "the zip entry \(entry.name) is encrypted; lifelint cannot read it") }
        let header = try Self.read(fileDescriptor, at: entry.localHeaderOffset, count: 30)
        guard header.count == 30, Self.u32(header, 0) == 0x0403_4B50 else { throw ReadBuffer.Failure(message: "corrupt zip archive (bad local header for \(entry.name))") }
        let dataOffset = entry.localHeaderOffset + 30 + Int(Self.u16(header, 26)) + Int(Self.u16(header, 28))
        let stored = RangeSource(fileDescriptor: fileDescriptor, offset: dataOffset, count: entry.compressedSize)
        switch entry.method {
        case 0:
            let after = try Self.read(fileDescriptor, at: dataOffset + entry.compressedSize, count: 4)
            return ChecksummedSource(stored, entry: entry, endsWhereItSays: after.count == 4 && Self.followsEntryData(Self.u32(after, 0), crc32: entry.crc32))
        case 8: return ChecksummedSource(try InflatingSource(stored, format: .rawDeflate), entry: entry)
        default: throw ReadBuffer.Failure(message: "zip entry \(entry.name) uses compression method \(entry.method); lifelint reads stored and deflated entries")
        }
    }

    /// What may follow an entry's data: a data descriptor (with or without its signature), the
    /// next entry's local header, the central directory. Anything else means the declared size
    /// stops inside the data: a stored entry's CRC can be made to match what the size covers.
    private static func followsEntryData(_ word: UInt32, crc32: UInt32) -> Bool {
        [0x0807_4B50, 0x0403_4B50, 0x0201_4B50, 0x0605_4B50, crc32].contains(word)
    }

    private static func read(_ fileDescriptor: Int32, at offset: Int, count: Int) throws(ReadBuffer.Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { pread(fileDescriptor, $0.baseAddress! + filled, count - filled, off_t(offset + filled)) }
            if result > 0 { filled += result } else if result == 0 { break } else if errno != EINTR { throw ReadBuffer.Failure(errorNumber: errno) }
        }
        return Array(bytes[..<filled])
    }

    private static func u16(_ bytes: [UInt8], _ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }
    private static func u32(_ bytes: [UInt8], _ offset: Int) -> UInt32 { UInt32(u16(bytes, offset)) | UInt32(u16(bytes, offset + 2)) << 16 }
}

/// A byte range of a file, read with `pread`.
final class RangeSource: ByteSource {
    private let fileDescriptor: Int32
    private var offset: Int
    private var remaining: Int

    init(fileDescriptor: Int32, offset: Int, count: Int) {
        self.fileDescriptor = fileDescriptor
        self.offset = offset
        remaining = count
    }

    package func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int {
        guard remaining > 0 else { return 0 }
        while true {
            let result = pread(fileDescriptor, buffer, min(count, remaining), off_t(offset))
            if result >= 0 {
                offset += result
                remaining = result == 0 ? 0 : remaining - result
                return result
            }
            if errno != EINTR { throw ReadBuffer.Failure(errorNumber: errno) }
        }
    }
}

/// An entry's bytes with their CRC-32 and count checked when they end: an archive whose sizes
/// are wrong (a stored entry whose declared size is short cuts its text) or whose data is
/// damaged is an error after what was read, never a silently shorter trace.
final class ChecksummedSource: ByteSource {
    private let source: any ByteSource
    private let entry: ZipArchive.Entry
    private let endsWhereItSays: Bool
    private var crc: uLong = crc32(0, nil, 0)
    private var count = 0

    /// `endsWhereItSays`: what follows the entry's data in the archive is what may (the zip
    /// structure, checked by the archive).
    init(_ source: any ByteSource, entry: ZipArchive.Entry, endsWhereItSays: Bool = true) {
        self.source = source
        self.entry = entry
        self.endsWhereItSays = endsWhereItSays
    }

    package func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int {
        let read = try source.read(into: buffer, count: count)
        guard read > 0 else {
            guard endsWhereItSays else {
                throw ReadBuffer.Failure(
                    message: "the zip entry \(entry.name) goes on past its declared size of \(entry.compressedSize) bytes: "
                        + "the archive states wrong sizes, and the rest of the entry is not read")
            }
            guard UInt32(truncatingIfNeeded: crc) == entry.crc32, self.count == entry.uncompressedSize else {
                throw ReadBuffer.Failure(
                    message: "the zip entry \(entry.name) does not match its checksum or size (\(self.count) bytes read, "
                        + "\(entry.uncompressedSize) declared): the archive is damaged or states wrong sizes")
            }
            return 0
        }
        crc = crc32(crc, buffer, uInt(read))
        self.count += read
        return read
    }
}
