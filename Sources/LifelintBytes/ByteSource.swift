#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a trace's bytes come from: a file or standard input, a gzip stream, an entry of a zip
/// archive. The readers pull chunks of a megabyte, so the indirection costs nothing measurable.
package protocol ByteSource: AnyObject {
    /// Reads up to `count` bytes; returns how many, 0 at the end of the input.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int
}

/// An open file descriptor.
package final class FileDescriptorSource: ByteSource {
    package let fileDescriptor: Int32
    private let ownsDescriptor: Bool

    package init(_ fileDescriptor: Int32, owns: Bool) {
        self.fileDescriptor = fileDescriptor
        ownsDescriptor = owns
    }

    deinit {
        if ownsDescriptor { close(fileDescriptor) }
    }

    package func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int {
        try ReadBuffer.read(fileDescriptor, into: buffer, count: count)
    }
}

/// The end of an input: bytes held in memory are a `PrefixedSource` in front of it.
package final class EmptySource: ByteSource {
    package init() {}
    package func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int { 0 }
}

/// A source whose next read fails as an earlier one did: what is left of a stream after a read
/// failed, for the reader that goes on from there.
package final class FailedSource: ByteSource {
    private let failure: ReadBuffer.Failure

    package init(_ failure: ReadBuffer.Failure) { self.failure = failure }

    package func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int { throw failure }
}

/// Bytes already taken from a source (to look at its first bytes) served before the rest.
package final class PrefixedSource: ByteSource {
    private var prefix: [UInt8]
    private var offset = 0
    private let rest: any ByteSource

    package init(_ prefix: [UInt8], then rest: any ByteSource) {
        self.prefix = prefix
        self.rest = rest
    }

    package func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(ReadBuffer.Failure) -> Int {
        guard offset < prefix.count else { return try rest.read(into: buffer, count: count) }
        let length = min(count, prefix.count - offset)
        prefix.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + offset, count: length) }
        offset += length
        return length
    }
}
