import Foundation

/// Paths in this checkout, for tests that read `Rules/`, `SampleLogs/` or `docs/`.
enum RepositoryPaths {
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { directory.deleteLastPathComponent() }
        return directory
    }()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
