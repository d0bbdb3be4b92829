import CZlib
import Foundation

/// Zip archives made byte by byte, so a test can state sizes and checksums an archiver would
/// never write: one stored entry, its local header, the central directory and its end record.
enum ZipFixture {
    /// `declaredSize` and `crc` default to the truth.
    static func stored(name: String, contents: [UInt8], declaredSize: Int? = nil, crc: UInt32? = nil) -> [UInt8] {
        let size = UInt32(declaredSize ?? contents.count)
        let checksum = crc ?? UInt32(truncatingIfNeeded: contents.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        let nameBytes = Array(name.utf8)
        var zip: [UInt8] = []
        zip += le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(checksum) + le32(size) + le32(size)
        zip += le16(nameBytes.count) + le16(0) + nameBytes + contents
        let directory = zip.count
        zip += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(checksum) + le32(size) + le32(size)
        zip += le16(nameBytes.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + nameBytes
        let directorySize = zip.count - directory
        zip += endRecord(entries: 1, directorySize: directorySize, directoryOffset: directory)
        return zip
    }

    static func endRecord(entries: Int, directorySize: Int, directoryOffset: Int) -> [UInt8] {
        le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries) + le16(entries) + le32(UInt32(truncatingIfNeeded: directorySize)) + le32(UInt32(truncatingIfNeeded: directoryOffset))
            + le16(0)
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
}
