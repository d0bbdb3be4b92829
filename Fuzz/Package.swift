// swift-tools-version:6.2
import PackageDescription

/// libFuzzer targets over lifelint's own sources (linked in, not depended on: a dependency's
/// build plugin tool would be built with the fuzzer flags and fail to link its own `main`).
/// The library and the fuzzer are compiled with the sanitizers per target. Ingestion is
/// compiled for testing: ArchiveFuzzer reads a `TraceInput` to its end through its internal API.
let instrumented: [SwiftSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]
/// The parsers read `Span`s through cursors that hold one (docs/decisions/0041).
let lifetimes: [SwiftSetting] = [.enableExperimentalFeature("Lifetimes")]

/// One fuzzer per parser (decision 0013); `run.sh` builds them, seeds each from the samples
/// and fixtures of its format, and runs them.
let fuzzers = ["TraceFuzzer", "LogcatFuzzer", "JSONFuzzer", "XMLPlistFuzzer", "BinaryPlistFuzzer", "PerfettoFuzzer", "ArchiveFuzzer", "ConfigurationFuzzer", "RegexFuzzer"]

let package = Package(
    name: "lifelint-fuzz",
    targets: [
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib"),
        .target(name: "LifelintBytes", path: "Sources/LifelintBytes", swiftSettings: instrumented + lifetimes),
        .target(name: "LifelintModel", dependencies: ["LifelintBytes"], path: "Sources/LifelintModel", swiftSettings: instrumented),
        .target(
            name: "LifelintIngestion", dependencies: ["LifelintBytes", "LifelintModel", "CLibXML2", "CZlib"], path: "Sources/LifelintIngestion",
            swiftSettings: instrumented + lifetimes + [.unsafeFlags(["-enable-testing"])]),
        .target(
            name: "LifelintAnalysis", dependencies: ["LifelintBytes", "LifelintModel", "LifelintIngestion"], path: "Sources/LifelintAnalysis",
            swiftSettings: instrumented, plugins: ["EmbedRules"]),
        .target(
            name: "LifelintReports", dependencies: ["LifelintBytes", "LifelintModel", "LifelintAnalysis"], path: "Sources/LifelintReports",
            swiftSettings: instrumented),
        .target(
            name: "LifelintCore", dependencies: ["LifelintBytes", "LifelintModel", "LifelintIngestion", "LifelintAnalysis", "LifelintReports"],
            path: "Sources/LifelintCore", swiftSettings: instrumented),
        .plugin(name: "EmbedRules", capability: .buildTool(), dependencies: ["rule-embedder"], path: "Sources/Plugins/EmbedRules"),
        .executableTarget(name: "rule-embedder", path: "Sources/RuleEmbedder"),
        .target(name: "FuzzDriver", dependencies: ["LifelintCore"], path: "Sources/FuzzDriver", swiftSettings: instrumented),
    ]
        + fuzzers.map { name in
            .executableTarget(
                name: name, dependencies: ["LifelintCore", "FuzzDriver"], path: "Sources/\(name)",
                swiftSettings: instrumented + [.unsafeFlags(["-parse-as-library"])],
                linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
        }
)
