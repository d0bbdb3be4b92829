@_spi(Bytes) import LifelintBytes
import LifelintModel

/// The line structure of a small text held whole: where each line starts, so a byte offset
/// becomes a line number and a line number its text.
struct TextLines {
    /// Byte offsets where lines start (line n at index n - 1).
    private let starts: [Int]
    private let end: Int
    let blankCount: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var starts = [0]
        var blanks = 0
        var blank = true
        for (index, byte) in bytes.enumerated() {
            if byte == .newline {
                if blank { blanks += 1 }
                if index + 1 < bytes.count { starts.append(index + 1) }
                blank = true
            } else if byte != .space, byte != .tab, byte != .carriageReturn {
                blank = false
            }
        }
        if blank, let last = starts.last, last < bytes.count { blanks += 1 }
        self.starts = bytes.isEmpty ? [] : starts
        end = bytes.count
        blankCount = blanks
    }

    var count: Int { starts.count }

    /// The offset where line `number` (1-based) starts; the end when there is no such line.
    func start(ofLine number: Int) -> Int { number - 1 < starts.count ? starts[number - 1] : end }

    /// The number of the line holding byte `offset`.
    func number(ofOffset offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return max(low, 1)
    }

    /// Line `number`'s text, without its line break.
    func text(ofLine number: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Substring {
        let lineStart = start(ofLine: number)
        var lineEnd = start(ofLine: number + 1)
        while lineEnd > lineStart, bytes[lineEnd - 1] == .newline || bytes[lineEnd - 1] == .carriageReturn { lineEnd -= 1 }
        return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
    }
}
