import Foundation
import LifelintCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--files-from`: the traces named in a file, or on standard input (`-`), for lists too long
/// for a command line (a night of QA captures, a fleet's uploads). One name per line (a
/// trailing carriage return dropped), or separated by NUL bytes (`--null`, as `find -print0`
/// writes them); empty entries are skipped; names are kept as bytes (`PathEncoding`).
enum InputList {
    static func read(_ path: String, nulSeparated: Bool) throws(CommandError) -> [String] {
        let bytes = try contents(of: path)
        return bytes.split(separator: nulSeparated ? 0 : .newline, omittingEmptySubsequences: true).compactMap { entry in
            let name = !nulSeparated && entry.last == UInt8(ascii: "\r") ? entry.dropLast() : entry
            return name.isEmpty ? nil : PathEncoding.string(fromBytes: name)
        }
    }

    private static func contents(of path: String) throws(CommandError) -> [UInt8] {
        if path == TraceInput.standardInputName { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        let descriptor = PathEncoding.openFile(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotReadList(path: PathEncoding.displayed(path), reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw .cannotReadList(path: PathEncoding.displayed(path), reason: errno == EISDIR ? "a folder, not a file" : "read failed")
        }
    }
}
