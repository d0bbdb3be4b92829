// swift-tools-version:6.2
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
        // The library, one target per stage of the pipeline; no stage reaches a later one.
        /// Bytes below everything: the ASCII vocabulary, output buffers and their writing, files
        /// replaced whole, paths as the file system spells them, hashing.
        .target(
            name: "LifelintBytes",
            path: "Sources/LifelintBytes",
            swiftSettings: [.enableExperimentalFeature("Lifetimes")]
        ),
        /// Events, time, findings: the vocabulary every stage shares. No I/O, no output buffers.
        .target(
            name: "LifelintModel",
            dependencies: ["LifelintBytes"],
            path: "Sources/LifelintModel"
        ),
        /// Bytes to events: every container's reader. The only stage with pointers and unchecked
        /// exclusivity, all of it internal.
        .target(
            name: "LifelintIngestion",
            dependencies: ["LifelintBytes", "LifelintModel", "CLibXML2", "CZlib"],
            path: "Sources/LifelintIngestion",
            swiftSettings: [.enableExperimentalFeature("Lifetimes")]
        ),
        /// Events to findings: configuration, phases, rules and their engine, metrics, verdicts,
        /// timelines, and running a batch of traces.
        .target(
            name: "LifelintAnalysis",
            dependencies: ["LifelintBytes", "LifelintModel", "LifelintIngestion"],
            path: "Sources/LifelintAnalysis",
            plugins: ["EmbedRules"]
        ),
        /// Findings to bytes: the output formats, the run's report, baselines.
        .target(
            name: "LifelintReports",
            dependencies: ["LifelintBytes", "LifelintModel", "LifelintAnalysis"],
            path: "Sources/LifelintReports"
        ),
        /// All of the above in one import, and a whole run as one call (`AnalysisRun`), for
        /// programs built on the library.
        .target(
            name: "LifelintCore",
            dependencies: ["LifelintBytes", "LifelintModel", "LifelintIngestion", "LifelintAnalysis", "LifelintReports"],
            path: "Sources/LifelintCore"
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
            dependencies: [
                "LifelintBytes", "LifelintModel", "LifelintIngestion", "LifelintAnalysis", "LifelintReports", "LifelintCore", "LifelintCLI", "lifelint",
                "CZlib",
            ],
            path: "Tests/LifelintCoreTests",
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
