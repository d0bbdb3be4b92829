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
            let name = platform.rawValue
            #expect(Platform(utf8: name.utf8.span) == platform)
        }
        for other in ["", "Android", "io", "iosx", "a", "react-nativ", "flutter2", "unknown "] {
            let name = other
            #expect(Platform(utf8: name.utf8.span) == nil)
        }
    }
}
