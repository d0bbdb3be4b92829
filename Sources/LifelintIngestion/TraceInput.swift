@_spi(Bytes) import LifelintBytes
import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open trace: a file, or standard input when the user names `-`. A gzip-compressed trace
/// is decompressed as it is read, and an `adb bugreport` zip is read through its main text
/// entry, both recognised by their first bytes, never by the file name.
public final class TraceInput {
    /// The name shown in diagnostics and `source.path`: as the user wrote it, with
    /// `!<entry>` after a zip archive's name.
    public let path: String
    /// `gzip` or `zip` when the trace was compressed.
    public let compression: String?
    /// How the text was encoded when it was not plain UTF-8 (`UTF-16LE`, …); it is read as UTF-8.
    public let textEncoding: String?
    /// The year of the file's last modification (the current year for standard input), used to
    /// complete logcat times that have no year.
    public let modificationYear: Int
    /// When the file was last modified, in seconds since 1970 (now for standard input): the
    /// date of log times that have none (Console.app copies) is taken from it.
    public let modificationTime: Int64
    private let source: any ByteSource
    /// A bugreport zip's other entries, read into the same investigation.
    let bundle: BugreportBundle?
    /// Whether a read found the end of the input: everything read so far is the whole input,
    /// and readers seeded with it need no more buffer than it fills.
    private(set) var isExhausted = false
    /// The open file and its size, when the trace is a regular file read as it is (not standard
    /// input, not compressed, not UTF-16, not an archive): what can be read at any offset.
    private(set) var plainFile: (descriptor: Int32, size: Int)?
    /// The compressed size of a compressed trace held in a regular file or in memory: whether
    /// it is worth inflating on one core and reading on the others.
    private(set) var compressedSize: Int?

    public static let standardInputName = "-"
    /// Whether the trace is standard input (whose times without a date are taken as today's).
    public let isStandardInput: Bool

    /// Opens `path`, or standard input for `-`, which diagnostics and locations then call
    /// `standardInputName` when one is given (`--stdin-filename`). A path with bytes that are
    /// not UTF-8 (`PathEncoding`) is opened by those bytes and shown with them as `\xE9`.
    public convenience init(path: String, standardInputName: String? = nil) throws(IngestionError) {
        let isStandardInput = path == Self.standardInputName
        try self.init(opening: path, named: isStandardInput ? standardInputName ?? path : PathEncoding.displayed(path))
    }

    private init(opening location: String, named path: String) throws(IngestionError) {
        let descriptor: Int32
        var status = stat()
        isStandardInput = location == Self.standardInputName
        if isStandardInput {
            descriptor = STDIN_FILENO
            modificationTime = Int64(time(nil))
        } else {
            descriptor = PathEncoding.openFile(location, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
            guard fstat(descriptor, &status) == 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .cannotOpen(path: path, reason: reason)
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                close(descriptor)
                throw .isDirectory(path: path)
            }
            #if canImport(Glibc)
            modificationTime = Int64(status.st_mtim.tv_sec)
            #else
            modificationTime = Int64(status.st_mtimespec.tv_sec)
            #endif
        }
        modificationYear = CivilDateTime(nanosecondsSinceEpoch: modificationTime * 1_000_000_000).year
        let file = FileDescriptorSource(descriptor, owns: !isStandardInput)
        do throws(ReadBuffer.Failure) {
            var magic = [UInt8](repeating: 0, count: 4)
            let count = try magic.withUnsafeMutableBufferPointer { (buffer) throws(ReadBuffer.Failure) in try ReadBuffer.fill(file, buffer.baseAddress!, count: 4).count }
            magic.removeLast(4 - count)
            if let (kind, stream) = try Self.unzipped(PrefixedSource(magic, then: file), startingWith: magic) {
                (self.path, compression) = (path, kind)
                (source, textEncoding) = try UTF16Source.decodingText(stream)
                bundle = nil
                if !isStandardInput, (status.st_mode & S_IFMT) == S_IFREG {
                    if compression != nil {
                        compressedSize = Int(status.st_size)
                    } else if textEncoding == nil {
                        plainFile = (descriptor, Int(status.st_size))
                    }
                }
            } else {
                guard (status.st_mode & S_IFMT) == S_IFREG else { throw ReadBuffer.Failure(message: "a zip archive must be a file, not a stream") }
                let archive = try ZipArchive(fileDescriptor: descriptor, fileSize: Int(status.st_size))
                let entry = try archive.mainEntry()
                (self.path, compression) = ("\(path)!\(entry.name)", "zip")
                compressedSize = Int(status.st_size)
                (source, textEncoding) = try UTF16Source.decodingText(Self.keeping(file, try archive.source(for: entry)))
                bundle = BugreportBundle(path: path, archive: archive, file: file, modificationTime: modificationTime)
            }
        } catch {
            throw .readFailed(path: path, line: 1, reason: error.message)
        }
    }

    /// A trace held in memory (a test's text, bytes from another program), read exactly as a
    /// file with these bytes would be; `name` stands for its path in diagnostics. A gzip stream
    /// is decompressed; a zip archive needs a file.
    public init(bytes: [UInt8], name: String, modificationTime: Int64 = Int64(time(nil))) throws(IngestionError) {
        isStandardInput = false
        bundle = nil
        self.modificationTime = modificationTime
        modificationYear = CivilDateTime(nanosecondsSinceEpoch: modificationTime * 1_000_000_000).year
        do throws(ReadBuffer.Failure) {
            guard let (kind, stream) = try Self.unzipped(PrefixedSource(bytes, then: EmptySource()), startingWith: bytes) else {
                throw ReadBuffer.Failure(message: "a zip archive must be a file, not bytes in memory")
            }
            (path, compression) = (name, kind)
            (source, textEncoding) = try UTF16Source.decodingText(stream)
            if kind != nil { compressedSize = bytes.count }
        } catch {
            throw .readFailed(path: name, line: 1, reason: error.message)
        }
    }

    /// An entry of an archive, read as a file with its bytes would be (a gzip stream
    /// decompressed); `name` stands for its path.
    init(source raw: any ByteSource, name: String, modificationTime: Int64) throws(ReadBuffer.Failure) {
        isStandardInput = false
        bundle = nil
        self.modificationTime = modificationTime
        modificationYear = CivilDateTime(nanosecondsSinceEpoch: modificationTime * 1_000_000_000).year
        var magic = [UInt8](repeating: 0, count: 4)
        let count = try magic.withUnsafeMutableBufferPointer { (buffer) throws(ReadBuffer.Failure) in try ReadBuffer.fill(raw, buffer.baseAddress!, count: 4).count }
        magic.removeLast(4 - count)
        guard let (kind, stream) = try Self.unzipped(PrefixedSource(magic, then: raw), startingWith: magic) else {
            throw ReadBuffer.Failure(message: "a zip archive inside a zip archive is not read")
        }
        (path, compression) = (name, kind)
        (source, textEncoding) = try UTF16Source.decodingText(stream)
    }

    /// What a trace's first bytes call for: a gzip stream decompressed (`"gzip"`), anything
    /// else read as it is (nil); nil for a zip archive, which is read through its file.
    private static func unzipped(
        _ raw: any ByteSource, startingWith magic: [UInt8]
    ) throws(ReadBuffer.Failure) -> (compression: String?, source: any ByteSource)? {
        if magic.starts(with: [0x1F, 0x8B]) { return ("gzip", try InflatingSource(raw, format: .gzip)) }
        if magic.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return nil }
        return (nil, raw)
    }

    /// The extensions of the compressed files lifelint opens (gzip, a bugreport's zip).
    static let compressedExtensions: Set<String> = ["gz", "zip"]

    /// The trace's bytes as a `ByteSource`, for the streaming readers.
    var byteSource: any ByteSource { source }

    /// Reads the first bytes (up to `count`) to identify the container; the readers are then
    /// seeded with them, so standard input works as well as files.
    static let headSize = 1 << 16

    func readHead(_ count: Int = headSize) throws(IngestionError) -> [UInt8] {
        do {
            return try read(upTo: count)
        } catch {
            throw .readFailed(path: path, line: 1, reason: error.message)
        }
    }

    /// The chunk size for a reader seeded with `head`: one byte past it when `head` is the whole
    /// input (a small file, bytes in memory), so that a trace of a few kilobytes is not given a
    /// megabyte of buffer; the spare byte is where the read that finds the end goes.
    func chunkSize(after head: [UInt8]) -> Int {
        isExhausted ? head.count + 1 : ReadBuffer.defaultChunkSize
    }

    /// `head` and what follows it, read whole, for containers that are parsed as one document
    /// (reports, binary property lists), up to `limit` bytes, handed to `body`. What stops it
    /// early comes beside the bytes before it, for the reader to analyse them and to report, at
    /// its line, why the rest was not read: a failed read, or an input larger than `limit`. A
    /// document past `LargeReadGate.smallSize` waits for the run's large-read gate, held until
    /// `body` returns.
    func withRest<Result>(after head: [UInt8], limit: Int, _ body: (_ bytes: [UInt8], _ unread: String?) throws(IngestionError) -> Result) throws(IngestionError) -> Result {
        var bytes = head
        var holdsGate = false
        defer { if holdsGate { LargeReadGate.leave() } }
        var unread: String?
        do throws(ReadBuffer.Failure) {
            while !isExhausted && bytes.count < limit {
                if !holdsGate, bytes.count >= LargeReadGate.smallSize {
                    LargeReadGate.enter()
                    holdsGate = true
                }
                bytes += try read(upTo: min(Self.headSize, limit - bytes.count))
            }
            if !isExhausted, try !read(upTo: 1).isEmpty {
                unread = "larger than \(limit >> 20) MiB, the most lifelint reads of this kind of file: the rest is not read"
            }
        } catch {
            unread = "read failed: \(error.message)"
        }
        return try body(bytes, unread)
    }

    /// Up to `count` more bytes: fewer only at the end of the input (which sets `isExhausted`)
    /// or before a failure, which the next read reports.
    private func read(upTo count: Int) throws(ReadBuffer.Failure) -> [UInt8] {
        do {
            var reachedEnd = false
            let bytes = try [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
                (filled, reachedEnd) = try ReadBuffer.fill(source, buffer.baseAddress!, count: count)
            }
            isExhausted = reachedEnd
            return bytes
        } catch let error as ReadBuffer.Failure {
            throw error
        } catch {
            preconditionFailure("ReadBuffer.fill throws only ReadBuffer.Failure")
        }
    }

    /// A zip entry's source reads the archive's descriptor with `pread`: keep the file open.
    private static func keeping(_ file: FileDescriptorSource, _ entry: any ByteSource) -> any ByteSource {
        OwnedSource(entry, owner: file)
    }

}

/// A source that keeps another object alive as long as it is read.
final class OwnedSource: ByteSource {
    private let source: any ByteSource
    private let owner: AnyObject

    init(_ source: any ByteSource, owner: AnyObject) {
        self.source = source
        self.owner = owner
    }

    package func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int {
        try source.read(into: buffer, count: count)
    }
}
