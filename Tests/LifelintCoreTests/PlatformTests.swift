import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

@Suite struct PlatformTests {
    /// Every platform is found from the bytes of its raw value, and nothing else is.
    @Test func platformsFromBytes() {
        for platform in Platform.allCases {
            var name = platform.rawValue
            #expect(name.withUTF8 { Platform(utf8: $0) } == platform)
        }
        for other in ["", "Android", "io", "iosx", "a", "react-nativ", "flutter2", "unknown "] {
            var name = other
            #expect(name.withUTF8 { Platform(utf8: $0) } == nil)
        }
    }
}
