import Foundation
@_spi(Bytes) import LifelintBytes

/// Where a SARIF result points, in the form code scanning resolves: a path relative to the
/// folder lifelint ran in is relative to `%SRCROOT%` (the checkout, declared in
/// `originalUriBaseIds`), without `./`; an absolute path outside it stays a `file://` URI; a
/// trace inside a zip (`bugreport.zip!bugreport.txt`) or a gzip file (`trace.log.gz`) is a
/// nested artifact whose `parentIndex` is its container, listed in the run's `artifacts`.
struct SARIFArtifacts {
    static let baseID = "%SRCROOT%"
    /// The folder relative paths are relative to, as an absolute path ending in `/`.
    let base: String
    private(set) var artifacts: [[String: Any]] = []
    private var indexes: [String: Int] = [:]

    init(base: String) {
        self.base = base.hasSuffix("/") ? base : base + "/"
    }

    /// `originalUriBaseIds`: the base as a `file://` URI.
    var originalURIBaseIDs: [String: Any] { [Self.baseID: ["uri": "file://" + Self.encoded(base)]] }

    /// The `artifactLocation` of `path`, registering its container when it is nested.
    mutating func location(of path: String) -> [String: Any] {
        guard let (container, entry) = Self.split(path) else { return file(path) }
        let parent = index(of: container, location: file(container))
        let child = index(of: container + "!" + entry, location: ["uri": "/" + Self.encoded(entry)])
        artifacts[child]["parentIndex"] = parent
        return ["uri": "/" + Self.encoded(entry), "index": child]
    }

    private mutating func index(of key: String, location: [String: Any]) -> Int {
        if let index = indexes[key] { return index }
        artifacts.append(["location": location])
        indexes[key] = artifacts.count - 1
        return artifacts.count - 1
    }

    /// A file on disk: relative to the base when it is under it, else absolute.
    private func file(_ path: String) -> [String: Any] {
        var relative = Substring(path)
        if path.hasPrefix("/") {
            guard path.hasPrefix(base) else { return ["uri": "file://" + Self.encoded(path)] }
            relative = relative.dropFirst(base.count)
        }
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return ["uri": Self.encoded(String(relative)), "uriBaseId": Self.baseID]
    }

    /// `(container, entry)` for a trace read from inside another file.
    static func split(_ path: String) -> (String, String)? {
        if let bang = path.range(of: "!", options: .backwards) {
            return (String(path[..<bang.lowerBound]), String(path[bang.upperBound...]))
        }
        if path.hasSuffix(".gz"), let name = path.split(separator: "/").last, name.count > 3 {
            return (path, String(name.dropLast(3)))
        }
        return nil
    }

    /// The path's bytes as the file system names them, those outside RFC 3986's unreserved
    /// set and `/` percent-encoded: a Latin-1 `café.log` is `caf%E9.log`, and a file literally
    /// named `caf\xE9.log` stays apart, `caf%5CxE9.log` (the two look alike in text reports).
    static func encoded(_ path: String) -> String {
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8)
        return PathEncoding.withFileSystemRepresentation(path) { name in
            var text = ""
            var index = 0
            while name[index] != 0 {
                let byte = UInt8(bitPattern: name[index])
                if unreserved.contains(byte) {
                    text.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    let hex = String(byte, radix: 16, uppercase: true)
                    text += "%" + (hex.count == 1 ? "0" : "") + hex
                }
                index += 1
            }
            return text
        }
    }
}
