/// An Android release, by its API level: what the catalogue's versions are counted in.
struct AndroidRelease: Sendable, Comparable, CustomStringConvertible {
    let apiLevel: Int

    init(_ apiLevel: Int) {
        self.apiLevel = apiLevel
    }

    static func < (left: Self, right: Self) -> Bool { left.apiLevel < right.apiLevel }

    /// The newest release the catalogue was checked against.
    static let newest = AndroidRelease(35)

    /// The version people say: `4.4`, `8.1`, `12L`, `15`.
    var description: String {
        let names: [Int: String] = [
            14: "4.0", 15: "4.0.3", 16: "4.1", 17: "4.2", 18: "4.3", 19: "4.4", 20: "4.4W", 21: "5.0", 22: "5.1", 23: "6", 24: "7.0", 25: "7.1", 26: "8.0",
            27: "8.1", 28: "9", 29: "10", 30: "11", 31: "12", 32: "12L", 33: "13", 34: "14", 35: "15", 36: "16",
        ]
        return names[apiLevel] ?? "API \(apiLevel)"
    }
}
