import Foundation
import Testing

@_spi(Bytes) @testable import LifelintBytes
@testable import LifelintCLI
@testable import LifelintIngestion

/// A trace's `sha256` is the digest `sha256sum` prints for the file.
@Suite struct TraceIdentityTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownDigests(_ text: String, _ digest: String) {
        var sha = SHA256()
        Array(text.utf8).withUnsafeBytes { sha.update($0) }
        #expect(sha.finish() == digest)
    }

    @Test func aFileReadInPiecesHasItsDigest() throws {
        #expect(SHA256.ofFile(RepositoryPaths.path("SampleLogs/android-lost-draft.log")) == "f958bdd6db614c9034348158ba347849984505fb6c807dbf7430446c19485cda")
        // A million 'a's, fed in uneven pieces: the FIPS 180-2 test vector.
        var sha = SHA256()
        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        var offset = 0
        for size in [1, 63, 64, 65, 1000, 12_345] where offset < bytes.count {
            bytes.withUnsafeBytes { sha.update(UnsafeRawBufferPointer(rebasing: $0[offset..<min(offset + size, bytes.count)])) }
            offset += size
        }
        bytes.withUnsafeBytes { sha.update(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
        #expect(sha.finish() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SHA256.ofFile("/nonexistent") == nil)
    }

    /// The JSON reports name each trace by its path and its digest; standard input has none.
    @Test func jsonReportsCarryEachTracesDigest() throws {
        let path = RepositoryPaths.path("SampleLogs/android-lost-draft.log")
        let digest = "f958bdd6db614c9034348158ba347849984505fb6c807dbf7430446c19485cda"
        let json = runLifelint(["--year", "2024", "--no-config", "--format", "json", path])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let traces = try #require(document["traces"] as? [[String: Any]])
        #expect(traces.first?["sha256"] as? String == digest)
        let lines = runLifelint(["--year", "2024", "--no-config", "--format", "jsonl", path]).output.split(separator: "\n")
        let records = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(records.filter { $0["type"] as? String == "finding" }.allSatisfy { $0["traceSha256"] as? String == digest })
        #expect(records.first { $0["type"] as? String == "trace" }?["sha256"] as? String == digest)
        let standardInput = try EndToEndTests.run(["--year", "2024", "--no-config", "--format", "json", "-"], standardInput: path)
        #expect(!standardInput.output.contains("sha256"))
    }
}
