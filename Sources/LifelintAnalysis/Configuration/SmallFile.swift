import Foundation
@_spi(Bytes) import LifelintBytes
import LifelintIngestion

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file lifelint reads whole because it is small by nature (a configuration, a rule file, a
/// baseline): a regular file, under a size that no real one comes near. `/dev/zero`, a FIFO or a
/// 5 GB file named by mistake is refused with the reason before anything is read.
package enum SmallFile {
    /// `.lifelint.json` and rule files.
    package static let configurationLimit = 4 << 20
    /// Baselines list one entry per accepted finding: a few hundred bytes each.
    package static let baselineLimit = 256 << 20

    /// The file's bytes, or why they cannot be read.
    package static func read(_ path: String, limit: Int) -> Result<Data, Refusal> {
        var status = stat()
        guard PathEncoding.withFileSystemRepresentation(path, { stat($0, &status) }) == 0 else {
            return .failure(.init(reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno))))
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.init(reason: "not a regular file (\(kind(status.st_mode)))")) }
        guard Int(status.st_size) <= limit else {
            return .failure(.init(reason: "\(Int(status.st_size)) bytes, more than the \(limit >> 20) MiB such a file may have"))
        }
        let descriptor = PathEncoding.openFile(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.init(reason: String(cString: strerror(errno)))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1) ?? Data() else { return .failure(.init(reason: "read failed")) }
        guard data.count <= limit else { return .failure(.init(reason: "it grew past \(limit >> 20) MiB while being read")) }
        return .success(data)
    }

    package struct Refusal: Error {
        package let reason: String
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }
}
