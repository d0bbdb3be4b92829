import CZlib

/// Gzip streams made with zlib, so a test can read any capture compressed.
enum GzipFixture {
    static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // `deflateInit2` is a macro; its function takes zlib's version and the stream's size.
        let started = deflateInit2_(&stream, Z_BEST_SPEED, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(started == Z_OK)
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        let left = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return Int(stream.avail_out)
            }
        }
        output.removeLast(left)
        return output
    }
}
