// swift-tools-version:6.0
import PackageDescription

let package = Package(
    // Built and tested on Linux with Swift 6 (see .ci/run); no other platform is claimed.
    name: "lifelint",
    products: [
        .executable(name: "lifelint", targets: ["lifelint"]),
        .library(name: "LifelintCore", targets: ["LifelintCore"]),
    ],
    targets: [
        /// libxml2's streaming reader, for XML property lists (see docs/decisions/0002-libxml2.md).
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        /// zlib, for gzip-compressed traces and the deflated entries of bugreport zips
        /// (see docs/decisions/0009-compressed-inputs.md).
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "LifelintCore",
            dependencies: ["CLibXML2", "CZlib"],
            path: "Sources/LifelintCore",
            plugins: ["EmbedRules"]
        ),
        /// Carries `Rules/*.json` into the library (see Sources/Plugins/EmbedRules).
        .plugin(
            name: "EmbedRules",
            capability: .buildTool(),
            dependencies: ["rule-embedder"],
            path: "Sources/Plugins/EmbedRules"
        ),
        .executableTarget(
            name: "rule-embedder",
            path: "Sources/RuleEmbedder"
        ),
        /// The command line: commands, option parsing, help and exit statuses, over the library.
        .target(
            name: "LifelintCLI",
            dependencies: ["LifelintCore"],
            path: "Sources/LifelintCLI"
        ),
        .executableTarget(
            name: "lifelint",
            dependencies: ["LifelintCLI"],
            path: "Sources/lifelint"
        ),
        .executableTarget(
            name: "lifelint-bench",
            dependencies: ["LifelintCore"],
            path: "Sources/lifelint-bench"
        ),
        .testTarget(
            name: "LifelintCoreTests",
            // The executable too, so the end-to-end tests run the binary a CI job runs.
            dependencies: ["LifelintCore", "LifelintCLI", "lifelint", "CZlib"],
            path: "Tests/LifelintCoreTests",
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
