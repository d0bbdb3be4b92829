import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LifelintModel

/// Turns the command line's inputs into the traces of a batch, in a stable order: a file as
/// named (whatever its name: the container is read from the content), a folder as the trace
/// files inside it at any depth, a glob pattern (`*`, `?`, `[...]`, `**` for any number of
/// folders, and a final `**` for every file below) as its matches. Folder walks and patterns are sorted by path; hidden files and
/// folders are skipped; a folder contributes files whose extension is one traces use (see
/// `docs/decisions/0008-batch-inputs.md`).
public enum InputExpander {
    public static let traceExtensions: Set<String> = ["log", "txt", "logcat", "json", "jsonl", "ndjson", "plist", "bplist", "gz", "zip", "trace", "crash", "ips"]

    public static func expand(_ arguments: [String]) -> [BatchInput] {
        var seen = Set<String>()
        var inputs: [BatchInput] = []
        for argument in arguments {
            for input in expand(argument) where seen.insert(input.path).inserted { inputs.append(input) }
        }
        return inputs
    }

    private static func expand(_ argument: String) -> [BatchInput] {
        if argument == TraceInput.standardInputName { return [.trace(argument)] }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { return [.trace(argument)] }
            let files = traceFiles(under: argument)
            return files.isEmpty ? [.emptyFolder(argument)] : files.map(BatchInput.trace)
        }
        guard isPattern(argument) else { return [.trace(argument)] }
        let matches = glob(argument)
        return matches.isEmpty ? [.unmatched(argument)] : matches.map(BatchInput.trace)
    }

    static func isPattern(_ text: String) -> Bool { text.contains { "*?[".contains($0) } }

    /// Trace files under a folder, sorted by path.
    static func traceFiles(under folder: String) -> [String] {
        var files: [String] = []
        collect(folder, into: &files)
        return files.sorted()
    }

    private static func collect(_ folder: String, into files: inout [String], everyFile: Bool = false) {
        for name in entries(of: folder) {
            let path = join(folder, name)
            if isDirectory(path) {
                collect(path, into: &files, everyFile: everyFile)
            } else if everyFile || traceExtensions.contains((name as NSString).pathExtension.lowercased()) {
                files.append(path)
            }
        }
    }

    /// The files a pattern matches, sorted.
    static func glob(_ pattern: String) -> [String] {
        var results: [String] = []
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        walk(pattern.hasPrefix("/") ? "/" : "", segments[...], into: &results)
        return Array(Set(results)).sorted()
    }

    private static func walk(_ base: String, _ segments: ArraySlice<String>, into results: inout [String]) {
        guard let segment = segments.first else {
            if !base.isEmpty, !isDirectory(base), FileManager.default.fileExists(atPath: base) { results.append(base) }
            return
        }
        let rest = segments.dropFirst()
        if segment == "**", rest.isEmpty {
            collect(base, into: &results, everyFile: true)
        } else if segment == "**" {
            walk(base, rest, into: &results)
            for name in entries(of: base) where isDirectory(join(base, name)) { walk(join(base, name), segments, into: &results) }
        } else if isPattern(segment) {
            for name in entries(of: base) where fnmatch(segment, name, FNM_PERIOD) == 0 { walk(join(base, name), rest, into: &results) }
        } else {
            walk(join(base, segment), rest, into: &results)
        }
    }

    /// A folder's visible entries (`.` for the empty base).
    private static func entries(of folder: String) -> [String] {
        let listing = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return listing.filter { !$0.hasPrefix(".") }.sorted()
    }

    private static func join(_ base: String, _ name: String) -> String {
        base.isEmpty ? name : base.hasSuffix("/") ? base + name : base + "/" + name
    }

    private static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path.isEmpty ? "." : path, isDirectory: &flag) && flag.boolValue
    }
}
