import Foundation
import PackagePlugin

/// Generates `EmbeddedRules.swift` from the top-level `Rules/*.json`, so the built binary
/// carries the catalogue and `lifelint` works from any directory. `Rules/` stays the single
/// source of truth: editing a rule re-runs this step.
@main
struct EmbedRules: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rules = context.package.directoryURL.appendingPathComponent("Rules")
        let files = try FileManager.default.contentsOfDirectory(at: rules, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedRules.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) rules from Rules/",
                executable: try context.tool(named: "rule-embedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
