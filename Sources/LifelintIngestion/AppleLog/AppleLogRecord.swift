import LifelintModel

/// One entry of an Apple log in text form (`log show`, `log stream`, Console.app, Xcode), as
/// ranges into its line's bytes: nothing is copied until a recognizer cares.
struct AppleLogRecord {
    var time: AppleLogTime
    /// The process's executable name (`runningboardd`, `SpringBoard`, `Notes`).
    var process: Range<Int>
    var pid: Int32?
    var subsystem: Range<Int>?
    var category: Range<Int>?
    var message: Range<Int>

    /// A message alone, with no time or process (Xcode's console with its metadata hidden).
    var isBare: Bool {
        if case let .complete(time) = time { return time.clock == .unknown && process.isEmpty }
        return false
    }

    /// The same record in a line with `offset` more bytes in front.
    mutating func shift(by offset: Int) {
        func moved(_ range: Range<Int>) -> Range<Int> { (range.lowerBound + offset)..<(range.upperBound + offset) }
        process = moved(process)
        subsystem = subsystem.map(moved)
        category = category.map(moved)
        message = moved(message)
    }
}
