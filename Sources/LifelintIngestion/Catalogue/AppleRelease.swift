/// An iOS release, by its major version: what the Apple catalogue's versions are counted in.
struct AppleRelease: Sendable, Comparable, CustomStringConvertible {
    let major: Int

    init(_ major: Int) {
        self.major = major
    }

    static func < (left: Self, right: Self) -> Bool { left.major < right.major }

    /// The newest release the catalogue was checked against.
    static let newest = AppleRelease(18)

    var description: String { major <= 3 ? "iPhone OS \(major)" : "iOS \(major)" }
}
