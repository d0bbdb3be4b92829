import CZlib
import Foundation

/// Just enough PNG decoding to look at a browser's screenshot: 8-bit RGB or RGBA, not
/// interlaced (what Chromium writes), rows unfiltered into RGBA pixels.
struct PNGImage {
    let width: Int
    let height: Int
    /// RGBA, row by row.
    let pixels: [UInt8]

    enum Failure: Error {
        case notPNG
        case unsupported(String)
        case corrupt
    }

    init(data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure.notPNG }
        var offset = 8
        var width = 0
        var height = 0
        var colorType = 0
        var compressed: [UInt8] = []
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        while offset + 8 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let body = (offset + 8)..<(offset + 8 + length)
            guard body.upperBound <= bytes.count else { throw Failure.corrupt }
            switch type {
            case "IHDR":
                width = u32(body.lowerBound)
                height = u32(body.lowerBound + 4)
                colorType = Int(bytes[body.lowerBound + 9])
                guard bytes[body.lowerBound + 8] == 8, bytes[body.lowerBound + 12] == 0, colorType == 2 || colorType == 6 else {
                    throw Failure.unsupported("bit depth, colour type or interlace")
                }
            case "IDAT": compressed += bytes[body]
            default: break
            }
            offset = body.upperBound + 4
        }
        let channels = colorType == 6 ? 4 : 3
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw Failure.corrupt }
        let status = compressed.withUnsafeMutableBufferPointer { input in
            raw.withUnsafeMutableBufferPointer { output -> Int32 in
                stream.next_in = input.baseAddress
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        inflateEnd(&stream)
        guard status == Z_STREAM_END else { throw Failure.corrupt }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var previous = [UInt8](repeating: 0, count: stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            var line = Array(raw[(row * (stride + 1) + 1)..<((row + 1) * (stride + 1))])
            for i in 0..<stride {
                let left = i >= channels ? Int(line[i - channels]) : 0
                let up = Int(previous[i])
                let upLeft = i >= channels ? Int(previous[i - channels]) : 0
                let predictor: Int
                switch filter {
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                default: predictor = 0
                }
                line[i] = UInt8(truncatingIfNeeded: Int(line[i]) + predictor)
            }
            for column in 0..<width {
                for channel in 0..<channels { pixels[(row * width + column) * 4 + channel] = line[column * channels + channel] }
            }
            previous = line
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at (`x`, `y`), as `0xRRGGBB`.
    func color(x: Int, y: Int) -> UInt32 {
        let index = (y * width + x) * 4
        return UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2])
    }

    /// The pixels of exactly this colour.
    func count(of color: UInt32) -> Int {
        var count = 0
        for y in 0..<height { for x in 0..<width where self.color(x: x, y: y) == color { count += 1 } }
        return count
    }

    /// Per row, whether some pixel in it has this colour.
    func rows(containing color: UInt32) -> [Int] {
        (0..<height).filter { y in (0..<width).contains { self.color(x: $0, y: y) == color } }
    }

    /// How many distinct colours the image has (a blank page has one or two).
    var distinctColors: Int {
        var seen = Set<UInt32>()
        for index in stride(from: 0, to: pixels.count, by: 4) {
            seen.insert(UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]))
        }
        return seen.count
    }
}
