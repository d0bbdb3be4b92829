import Foundation
import Testing

/// The boundaries decision 0020 draws, kept by a scan of the sources: pointers and unchecked
/// exclusivity only in the ingestion stage, and a model with no system or Foundation import.
@Suite struct ModuleBoundaryTests {
    private static func sources(of target: String) throws -> [(path: String, text: String)] {
        let root = RepositoryPaths.path("Sources/\(target)")
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return try files.sorted().map { ("\(target)/\($0)", try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    @Test(arguments: ["LifelintModel", "LifelintAnalysis", "LifelintReports", "LifelintCLI", "LifelintCore", "lifelint"])
    func noPointersOutsideIngestion(target: String) throws {
        for (path, text) in try Self.sources(of: target) {
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            #expect(!code.contains("Unsafe"), "\(path) handles a pointer; pointers stay in LifelintIngestion (decision 0020)")
            #expect(!code.contains("@exclusivity(unchecked)"), "\(path) turns off exclusivity checks; only LifelintIngestion may")
        }
    }

    @Test func theModelImportsNothingButItsOwnKind() throws {
        for (path, text) in try Self.sources(of: "LifelintModel") {
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
            #expect(imports.allSatisfy { $0 == "import Synchronization" }, "\(path) imports \(imports); the model has no system or Foundation import")
        }
    }
}
