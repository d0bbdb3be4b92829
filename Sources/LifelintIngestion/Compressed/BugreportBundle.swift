@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The entries of a bugreport zip beside its main text (docs/formats.md §19): the ANR thread
/// dumps under `FS/data/anr/`, the tombstones under `FS/data/tombstones/` and the Perfetto trace
/// dumpstate attaches are read into the same investigation.
final class BugreportBundle {
    /// The archive's name as the user wrote it.
    let path: String
    private let archive: ZipArchive
    /// Keeps the archive's descriptor open while entries are read.
    private let file: FileDescriptorSource
    private let modificationTime: Int64
    /// The entries read beside the main text, by name.
    let companions: [ZipArchive.Entry]
    /// The entries that hold evidence lifelint does not read here, and why.
    let skipped: [(name: String, reason: String)]

    init(path: String, archive: ZipArchive, file: FileDescriptorSource, modificationTime: Int64) {
        self.path = path
        self.modificationTime = modificationTime
        self.archive = archive
        self.file = file
        let entries = archive.entries.sorted { $0.name < $1.name }
        let names = Set(entries.map(\.name))
        companions = entries.filter {
            Self.isAnrDump($0.name) || Self.isPerfettoTrace($0.name) || (Self.isTombstone($0.name) && Self.textTwin(of: $0.name, in: names) == nil)
        }
        skipped = entries.compactMap { entry in Self.skipReason(entry.name, names).map { (entry.name, $0) } }
    }

    /// An entry opened as a trace of its own, named `archive!entry`.
    func input(for entry: ZipArchive.Entry) throws(IngestionError) -> TraceInput {
        let name = "\(path)!\(entry.name)"
        do {
            return try TraceInput(source: OwnedSource(try archive.source(for: entry), owner: file), name: name, modificationTime: modificationTime)
        } catch {
            throw .readFailed(path: name, line: 1, reason: error.message)
        }
    }

    /// `FS/data/anr/anr_2024-01-08-09-15-48-120`, and `traces.txt` before Android 10.
    static func isAnrDump(_ name: String) -> Bool {
        guard name.hasPrefix("FS/data/anr/") else { return false }
        let file = name.dropFirst("FS/data/anr/".count)
        return file.hasPrefix("anr_") || file.hasPrefix("traces")
    }

    /// The trace dumpstate attaches (`FS/data/misc/perfetto-traces/bugreport/systrace.pftrace`,
    /// `proto/perfetto-trace.gz`).
    static func isPerfettoTrace(_ name: String) -> Bool {
        name.contains("perfetto-trace") || name.contains("perfetto-traces/") || name.hasSuffix(".pftrace")
    }

    /// `FS/data/tombstones/tombstone_03`, and its protobuf twin `tombstone_03.pb` (Android 12+).
    static func isTombstone(_ name: String) -> Bool {
        name.hasPrefix("FS/data/tombstones/tombstone_")
    }

    /// The text tombstone beside a protobuf one: the same crash, of which the text is read.
    private static func textTwin(of name: String, in names: Set<String>) -> String? {
        guard name.hasSuffix(".pb") else { return nil }
        let text = String(name.dropLast(3))
        return names.contains(text) ? text : nil
    }

    private static func skipReason(_ name: String, _ names: Set<String>) -> String? {
        if isTombstone(name), let text = textTwin(of: name, in: names) {
            return "the same crash as \(text.split(separator: "/").last ?? ""), which is read"
        }
        return nil
    }
}
