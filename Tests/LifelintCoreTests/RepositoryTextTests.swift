import Foundation
import Testing

/// What the repository says of itself: it cites its own files (`docs/formats.md`), never files
/// beside the checkout, and the sources and documents describe the product, not how it was built.
@Suite struct RepositoryTextTests {
    /// Every text file under `folders` (and the named top-level files), by its path in the checkout.
    static func texts(_ folders: [String], files: [String] = []) throws -> [(path: String, text: String)] {
        var found: [(String, String)] = []
        for folder in folders {
            let root = RepositoryPaths.path(folder)
            let names = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
            for name in names.sorted() where [".swift", ".md", ".py", ".sh", ".json"].contains(where: name.hasSuffix) {
                found.append(("\(folder)/\(name)", try String(contentsOfFile: root + "/" + name, encoding: .utf8)))
            }
        }
        for file in files { found.append((file, try String(contentsOfFile: RepositoryPaths.path(file), encoding: .utf8))) }
        return found
    }

    @Test func nothingCitesAFileOutsideTheRepository() throws {
        for (path, text) in try Self.texts(["Sources", "docs", "Rules", "scripts", "Examples"], files: ["README.md", ".ci/run"]) {
            #expect(!text.contains("../shared"), "\(path) cites a file beside the checkout; cite the repository's own (docs/)")
            #expect(!text.contains("reference/formats.md"), "\(path) cites the format reference outside the repository; it is docs/formats.md")
        }
    }

    @Test func theSourcesAndTheDocumentsDescribeTheProduct() throws {
        let history = try NSRegularExpression(pattern: #"\b(stop|issue) [0-9]+\b"#, options: [.caseInsensitive])
        for (path, text) in try Self.texts(["Sources", "scripts", "docs"], files: ["README.md", "ARCHITECTURE.md"]) {
            let range = NSRange(text.startIndex..., in: text)
            let first = history.firstMatch(in: text, range: range).flatMap { Range($0.range, in: text) }.map { String(text[$0]) }
            #expect(first == nil, "\(path) says '\(first ?? "")': describe the product; its history is in git")
        }
    }
}
