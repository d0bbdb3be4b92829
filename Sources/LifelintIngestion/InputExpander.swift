import Foundation
@_spi(Bytes) import LifelintBytes
import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the command line's inputs into the traces of a batch, in a stable order: a file as
/// named (whatever its name: the container is read from the content), a folder as the trace
/// files inside it at any depth, a glob pattern (`*`, `?`, `[...]`, `**` for any number of
/// folders, and a final `**` for every file below) as its matches. Folder walks and patterns are sorted by path; hidden files and
/// folders are skipped; a folder contributes files whose extension is one traces use (see
/// `docs/decisions/0008-batch-inputs.md`).
///
/// What a walk finds is never trusted to be a file: a symbolic link to a folder is not followed
/// (a link to `..` or `/` would walk for ever or the whole disk), a FIFO, socket or device is not
/// opened (opening a FIFO blocks), and each is named in a note; a folder that cannot be listed is
/// an error in its place. What the user names directly is read as named. One file named several
/// ways (`x.log`, `./x.log`, `dir/../x.log`) is read once.
public enum InputExpander {
    /// What a folder walk reads: the extensions of every format in `TraceFormats.all`.
    public static let traceExtensions = TraceFormats.fileExtensions

    /// The batch, and notes on what the walks left out.
    public struct Expansion: Sendable {
        public var inputs: [BatchInput] = []
        public var notes: [String] = []
    }

    public static func expand(_ arguments: [String]) -> [BatchInput] { expansion(arguments).inputs }

    public static func expansion(_ arguments: [String]) -> Expansion {
        var walk = Walk()
        var seen = Set<String>()
        var files = Set<FileIdentity>()
        var expansion = Expansion()
        for argument in arguments {
            for input in walk.expand(argument) where seen.insert(input.path).inserted {
                if case let .trace(path) = input, let identity = FileIdentity(path: path), identity.exists, !files.insert(identity).inserted { continue }
                expansion.inputs.append(input)
            }
        }
        var noted = Set<String>()
        expansion.notes = walk.notes.filter { noted.insert($0).inserted }
        return expansion
    }

    static func isPattern(_ text: String) -> Bool { text.contains { "*?[".contains($0) } }

    /// Trace files under a folder, sorted by path.
    static func traceFiles(under folder: String) -> [String] {
        var walk = Walk()
        var found = Walk.Found()
        walk.collect(folder, into: &found)
        return found.files.sorted()
    }

    /// One expansion's walks, with what they skipped.
    struct Walk {
        private(set) var notes: [String] = []
        private var visitedFolders = Set<FileIdentity>()

        struct Found {
            var files: [String] = []
            var unreadable: [(folder: String, reason: String)] = []
        }

        mutating func expand(_ argument: String) -> [BatchInput] {
            visitedFolders = []
            if argument == TraceInput.standardInputName { return [.trace(argument)] }
            if let kind = Self.kind(argument, following: true) {
                guard kind == .folder else { return [.trace(argument)] }
                var found = Found()
                collect(argument, into: &found)
                return Self.inputs(found, empty: .emptyFolder(argument))
            }
            guard InputExpander.isPattern(argument) else { return [.trace(argument)] }
            var found = Found()
            let segments = argument.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            walk(argument.hasPrefix("/") ? "/" : "", segments[...], into: &found)
            found.files = Array(Set(found.files))
            return Self.inputs(found, empty: .unmatched(argument))
        }

        private static func inputs(_ found: Found, empty: BatchInput) -> [BatchInput] {
            let traces = found.files.sorted().map(BatchInput.trace)
            let errors = found.unreadable.map { BatchInput.unreadableFolder($0.folder, reason: $0.reason) }
            return traces.isEmpty && errors.isEmpty ? [empty] : errors + traces
        }

        /// Every trace file below `folder` (every file when `everyFile`).
        mutating func collect(_ folder: String, into found: inout Found, everyFile: Bool = false) {
            if let identity = FileIdentity(path: folder), identity.exists, !visitedFolders.insert(identity).inserted {
                notes.append("\(PathEncoding.displayed(folder)): skipped: a folder already walked (a loop of folders)")
                return
            }
            guard let names = entries(of: folder, into: &found) else { return }
            for name in names {
                let path = Self.join(folder, name)
                switch Self.kind(path, following: false) {
                case .folder: collect(path, into: &found, everyFile: everyFile)
                case .folderLink: notes.append("\(PathEncoding.displayed(path)): skipped: a symbolic link to a folder, not followed")
                case .file:
                    let fileExtension = (name as NSString).pathExtension.lowercased()
                    guard everyFile || Self.isTraceName(name) else { continue }
                    if Self.reportExtensions.contains(fileExtension), let report = Self.report(at: path) {
                        notes.append("\(PathEncoding.displayed(path)): skipped: \(report), not a trace")
                    } else {
                        found.files.append(path)
                    }
                case let .skipped(reason):
                    if everyFile || Self.isTraceName(name) {
                        notes.append("\(PathEncoding.displayed(path)): skipped: \(reason)")
                    }
                case let .unreachable(reason): found.unreadable.append((path, reason))
                case nil: continue
                }
            }
        }

        /// A trace by its extension, or by a name tools give traces without one (Firebase Test
        /// Lab's `logcat`).
        private static func isTraceName(_ name: String) -> Bool {
            traceExtensions.contains((name as NSString).pathExtension.lowercased()) || TestLabDeviceFolder.traceFileNames.contains(name)
        }

        private mutating func walk(_ base: String, _ segments: ArraySlice<String>, into found: inout Found) {
            guard let segment = segments.first else {
                guard !base.isEmpty else { return }
                switch Self.kind(base, following: false) {
                case .file: found.files.append(base)
                case let .skipped(reason): notes.append("\(PathEncoding.displayed(base)): skipped: \(reason)")
                case let .unreachable(reason): found.unreadable.append((base, reason))
                case .folder, .folderLink, nil: return
                }
                return
            }
            let rest = segments.dropFirst()
            if segment == "**", rest.isEmpty {
                collect(base, into: &found, everyFile: true)
            } else if segment == "**" {
                walk(base, rest, into: &found)
                for name in entries(of: base, into: &found) ?? [] where Self.kind(Self.join(base, name), following: false) == .folder {
                    walk(Self.join(base, name), segments, into: &found)
                }
            } else if InputExpander.isPattern(segment) {
                for name in entries(of: base, into: &found) ?? [] where Self.matches(segment, name) {
                    walk(Self.join(base, name), rest, into: &found)
                }
            } else {
                walk(Self.join(base, segment), rest, into: &found)
            }
        }

        /// A folder's visible entries (`.` for the empty base), sorted; nil, with the reason
        /// kept, when it cannot be listed. Names are read as bytes (`PathEncoding`).
        private func entries(of folder: String, into found: inout Found) -> [String]? {
            let path = folder.isEmpty ? "." : folder
            guard let directory = PathEncoding.withFileSystemRepresentation(path, { opendir($0) }) else {
                let code = errno
                if code == ENAMETOOLONG || Self.kind(path, following: true) == .folder { found.unreadable.append((path, Self.reason(code))) }
                return nil
            }
            defer { closedir(directory) }
            var names: [String] = []
            while true {
                errno = 0
                guard let entry = readdir(directory) else { break }
                let name = withUnsafePointer(to: &entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { PathEncoding.string(cString: $0) }
                }
                if !name.hasPrefix(".") { names.append(name) }
            }
            if errno != 0 {
                found.unreadable.append((path, String(cString: strerror(errno))))
                return nil
            }
            return names.sorted()
        }

        /// Whether a folder entry matches a pattern segment, both as the bytes the file system has.
        private static func matches(_ pattern: String, _ name: String) -> Bool {
            PathEncoding.withFileSystemRepresentation(pattern) { pattern in PathEncoding.withFileSystemRepresentation(name) { fnmatch(pattern, $0, FNM_PERIOD) == 0 } }
        }

        private static func join(_ base: String, _ name: String) -> String {
            base.isEmpty ? name : base.hasSuffix("/") ? base + name : base + "/" + name
        }

        /// The extensions reports are written with that walks also read traces from.
        static let reportExtensions: Set<String> = ["json", "jsonl", "ndjson", "txt"]

        /// What report a walked file is, by its first bytes (a report written into the folder
        /// of traces by an earlier run); nil for anything else, and for a file that cannot be
        /// opened, which the run reports when it reads it.
        static func report(at path: String) -> String? {
            let descriptor = PathEncoding.openFile(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var head = [UInt8](repeating: 0, count: 65_536)
            let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            guard count > 0 else { return nil }
            return ContentSketch.report(head.span.extracting(..<count))
        }

        enum Kind: Equatable {
            case file
            case folder
            /// A symbolic link to a folder, which a walk does not follow.
            case folderLink
            case skipped(String)
            /// Something is there but cannot be looked at (its path is longer than the system
            /// allows): an error in its place, not a silent gap in the walk.
            case unreachable(String)
        }

        /// Why a path cannot be opened, in words that say what to do about it.
        static func reason(_ code: Int32) -> String {
            code == ENAMETOOLONG ? "its path is longer than the system allows (PATH_MAX); move it nearer the root" : String(cString: strerror(code))
        }

        /// What a path is. Not following links, a link to a file is a file, a link to a folder
        /// or to nothing is skipped; a FIFO, socket or device is skipped.
        static func kind(_ path: String, following: Bool) -> Kind? {
            var status = stat()
            let target = path.isEmpty ? "." : path
            guard PathEncoding.withFileSystemRepresentation(target, { lstat($0, &status) }) == 0 else {
                return errno == ENAMETOOLONG ? .unreachable(reason(ENAMETOOLONG)) : nil
            }
            var kind = status.st_mode & S_IFMT
            if kind == S_IFLNK {
                guard PathEncoding.withFileSystemRepresentation(target, { stat($0, &status) }) == 0 else {
                    return .skipped(errno == ELOOP ? "a loop of symbolic links" : "a symbolic link to nothing")
                }
                kind = status.st_mode & S_IFMT
                if kind == S_IFDIR, !following { return .folderLink }
            }
            switch kind {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            case S_IFIFO: return following ? .file : .skipped("a FIFO, not a regular file")
            case S_IFSOCK: return .skipped("a socket, not a regular file")
            default: return following ? .file : .skipped("a device, not a regular file")
            }
        }
    }
}
