#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one buffer-and-refill implementation both streaming readers (lines, JSON) use, once per
/// chunk and never per byte: making the buffer, moving the unconsumed bytes to its front,
/// doubling it, reading into it. The readers keep only their own hot loops.
package enum ReadBuffer {
    package struct Failure: Error {
        package let message: String

        package init(message: String) { self.message = message }
        package init(errorNumber: Int32) { message = String(cString: strerror(errorNumber)) }
    }

    /// What a reader reads at a time, unless the whole input is already in hand.
    package static let defaultChunkSize = 1 << 20

    /// A buffer of at least `chunkSize` bytes that starts with `initial` (the bytes already read
    /// to detect the container).
    package static func make(initial: Span<UInt8>, chunkSize: Int) -> (storage: UnsafeMutablePointer<UInt8>, capacity: Int) {
        let capacity = max(chunkSize, initial.count)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        unsafe initial.withUnsafeBufferPointer { bytes in
            if let base = bytes.baseAddress { storage.update(from: base, count: bytes.count) }
        }
        return (storage, capacity)
    }

    /// Moves the unconsumed bytes `start..<end` to the front of `storage`; returns how many
    /// consumed bytes were dropped (for offsets counted from the start of the input).
    package static func compact(_ storage: UnsafeMutablePointer<UInt8>, start: inout Int, end: inout Int) -> Int {
        let dropped = start
        guard dropped > 0 else { return 0 }
        memmove(storage, storage + start, end - start)
        end -= start
        start = 0
        return dropped
    }

    /// Reads once into the free space after `end` and moves `end` past what arrived; returns
    /// the count, 0 at the end of the input.
    package static func readMore(from source: any ByteSource, into storage: UnsafeMutablePointer<UInt8>, capacity: Int, end: inout Int) throws(Failure) -> Int {
        let count = try source.read(into: storage + end, count: capacity - end)
        end += count
        return count
    }

    /// Doubles `storage`, keeping its first `used` bytes.
    package static func grow(_ storage: inout UnsafeMutablePointer<UInt8>, capacity: inout Int, used: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.update(from: storage, count: used)
        storage.deallocate()
        storage = larger
        capacity *= 2
    }

    /// Reads once into `buffer` (retrying on EINTR); returns the byte count, 0 at end of input.
    package static func read(_ fileDescriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(Failure) -> Int {
        while true {
            #if canImport(Glibc)
            let result = Glibc.read(fileDescriptor, buffer, count)
            #else
            let result = Darwin.read(fileDescriptor, buffer, count)
            #endif
            if result >= 0 { return result }
            if errno != EINTR { throw Failure(errorNumber: errno) }
        }
    }

    /// Reads until `buffer` is full or the input ends (`reachedEnd`); returns the byte count. A
    /// failure after some bytes were read returns those (the source reports the failure again on
    /// its next read), so what came before it is still processed.
    package static func fill(
        _ source: any ByteSource, _ buffer: UnsafeMutablePointer<UInt8>, count: Int
    ) throws(Failure) -> (count: Int, reachedEnd: Bool) {
        var filled = 0
        while filled < count {
            let result: Int
            do {
                result = try source.read(into: buffer + filled, count: count - filled)
            } catch {
                if filled > 0 { return (filled, false) }
                throw error
            }
            if result == 0 { return (filled, true) }
            filled += result
        }
        return (filled, false)
    }
}
