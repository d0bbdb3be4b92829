import Foundation
import Testing

/// The boundaries decisions 0020 and 0040 draw, kept by a scan of the sources: pointers and
/// unchecked exclusivity only in the bytes layer and the ingestion stage, a model with no system
/// or Foundation import, and reports that never reach into ingestion.
@Suite struct ModuleBoundaryTests {
    private static func sources(of target: String) throws -> [(path: String, text: String)] {
        let root = RepositoryPaths.path("Sources/\(target)")
        let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return try files.sorted().map { ("\(target)/\($0)", try String(contentsOfFile: root + "/" + $0, encoding: .utf8)) }
    }

    @Test(arguments: ["LifelintModel", "LifelintAnalysis", "LifelintReports", "LifelintCLI", "LifelintCore", "lifelint"])
    func noPointersOutsideBytesAndIngestion(target: String) throws {
        for (path, text) in try Self.sources(of: target) {
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            #expect(!code.contains("Unsafe"), "\(path) handles a pointer; pointers stay in LifelintBytes and LifelintIngestion (decision 0020)")
            #expect(!code.contains("@exclusivity(unchecked)"), "\(path) turns off exclusivity checks; only LifelintBytes and LifelintIngestion may")
        }
    }

    @Test func theModelImportsNothingButItsOwnKind() throws {
        for (path, text) in try Self.sources(of: "LifelintModel") {
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
            #expect(
                imports.allSatisfy { $0 == "import Synchronization" || $0 == "import LifelintBytes" },
                "\(path) imports \(imports); the model has no system or Foundation import")
        }
    }

    /// Reports render what the analysis made of a trace; reading traces is not theirs to do.
    @Test func reportsDoNotImportIngestion() throws {
        for (path, text) in try Self.sources(of: "LifelintReports") {
            #expect(!text.contains("import LifelintIngestion"), "\(path) imports LifelintIngestion")
        }
        let manifest = try String(contentsOfFile: RepositoryPaths.path("Package.swift"), encoding: .utf8)
        let reports = try #require(manifest.range(of: "name: \"LifelintReports\""))
        let dependencies = manifest[reports.upperBound...].prefix { $0 != "]" }
        #expect(!dependencies.contains("LifelintIngestion"))
        #expect(dependencies.contains("LifelintBytes"))
    }

    /// The bytes layer is the bottom of the package: it imports no other target.
    @Test func theBytesLayerStandsAlone() throws {
        for (path, text) in try Self.sources(of: "LifelintBytes") {
            #expect(!text.contains("import Lifelint"), "\(path) imports another target")
        }
    }
}
