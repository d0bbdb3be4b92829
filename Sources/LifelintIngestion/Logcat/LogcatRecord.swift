import LifelintModel

/// One log entry's prefix, parsed: ranges into the line's bytes, so nothing is copied until a
/// recognizer decides the line matters.
struct LogcatRecord {
    var time: LogcatTime?
    var pid: Int32?
    var tid: Int32?
    var priority: UInt8 = UInt8(ascii: "?")
    /// Empty for formats without a tag (`thread`, `raw`) and for kernel lines.
    var tag: Range<Int> = 0..<0
    var message: Range<Int> = 0..<0
    /// The package column of Android Studio's formats, when it names one.
    var package: Range<Int>?
    var hasUID = false

    var modifiers: LogcatModifiers {
        var modifiers = time?.modifiers ?? []
        if hasUID { modifiers.insert(.uid) }
        return modifiers
    }
}
