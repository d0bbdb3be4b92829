#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Substring search over bytes: `memchr` jumps to each candidate first byte, so a miss costs
/// about as much as scanning the haystack once. (`memmem` is a GNU extension the Swift Glibc
/// module does not export.)
enum ByteSearch {
    static func contains(_ needle: StaticString, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0, haystack.count >= count, let base = haystack.baseAddress else { return false }
        let first = Int32(needle.utf8Start[0])
        var position = 0
        let lastStart = haystack.count - count
        while position <= lastStart {
            guard let found = memchr(base + position, first, lastStart - position + 1) else { return false }
            let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + index, needle.utf8Start, count) == 0 { return true }
            position = index + 1
        }
        return false
    }
}
