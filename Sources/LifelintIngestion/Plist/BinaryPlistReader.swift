import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a binary property list (`bplist00`: header, objects, offset table, 32-byte trailer).
/// The format is random-access, so the file is read into memory; each record is decoded on its
/// own, with bounds, depth and cycle checks on every reference, and a budget of values: objects
/// may be shared, so a few hundred bytes in which each array references the next one twice
/// would otherwise decode to billions of values. Binary plists have no lines: a record's
/// location gives its position in the record array (`line` = record number).
enum BinaryPlistReader {
    /// A binary plist is read whole: one this large is refused (an XML plist is read as a stream).
    static let maximumSize = 256 << 20

    struct Failure: Error {
        let message: String
    }

    static func read(_ input: TraceInput, head: [UInt8], emit: EventSink) throws(IngestionError) -> IngestionSummary {
        try input.withRest(after: head, limit: maximumSize) { bytes, unread in read(bytes, unread: unread, path: input.path, emit: emit) }
    }

    private static func read(_ bytes: [UInt8], unread: String?, path: String, emit: EventSink) -> IngestionSummary {
        var summary = IngestionSummary(path: path, format: "plist binary")
        summary.unit = "records"
        summary.bytes = bytes.count
        if let unread {
            // A binary plist's trailer is at its end: nothing before the damage can be read.
            summary.report(IngestionProblem(location: SourceLocation(path: path, line: 1), message: unread))
            return summary
        }
        do {
            let document = try Document(bytes)
            guard let records = try document.recordReferences() else {
                summary.lines = 1
                summary.logLines = 1
                return summary
            }
            var budget = Document.ValueBudget(objectCount: document.objectCount)
            for (index, reference) in records.enumerated() {
                let location = SourceLocation(path: path, line: index + 1)
                do {
                    budget.startRecord()
                    summary.record(PlistEventDecoder.decode(try document.object(reference, budget: &budget), at: location), at: location, emit: emit)
                } catch {
                    summary.record(.problem("corrupt binary plist: \(error.message)"), at: location, emit: emit)
                    if budget.documentSpent { break }
                }
            }
        } catch {
            summary.report(IngestionProblem(location: SourceLocation(path: path, line: 1), message: "corrupt binary plist: \(error.message)"))
        }
        return summary
    }

    struct Document {
        let bytes: [UInt8]
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        let offsetTable: Int
        static let maximumDepth = 512

        /// How many values decoding may produce: per record (an event is a few dozen), and for
        /// the whole document (each object may be shared by many records, not exponentially).
        struct ValueBudget {
            static let perRecord = 100_000
            private(set) var record = perRecord
            private(set) var document: Int

            init(objectCount: Int) {
                document = 64 * objectCount + 1_000_000
            }

            var documentSpent: Bool { document <= 0 }

            mutating func startRecord() { record = Self.perRecord }

            mutating func spend() throws(Failure) {
                record -= 1
                document -= 1
                if record < 0 { throw Failure(message: "a record expands to more than \(Self.perRecord) values (objects shared over and over)") }
                if document < 0 { throw Failure(message: "the document expands to far more values than it has objects (objects shared over and over); the rest is not read") }
            }
        }

        init(_ bytes: [UInt8]) throws(Failure) {
            guard bytes.count >= 40, bytes.starts(with: "bplist00".utf8) else { throw Failure(message: "too short for a binary plist") }
            self.bytes = bytes
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else { throw Failure(message: "invalid trailer sizes") }
            let count = Self.integer(bytes, at: trailer + 8, size: 8)
            let top = Self.integer(bytes, at: trailer + 16, size: 8)
            let table = Self.integer(bytes, at: trailer + 24, size: 8)
            guard count > 0, count < UInt64(bytes.count), top < count, table < UInt64(trailer),
                table + count * UInt64(offsetSize) <= UInt64(trailer)
            else { throw Failure(message: "trailer points outside the file") }
            objectCount = Int(count)
            topObject = Int(top)
            offsetTable = Int(table)
        }

        /// The references of the records: the root array's elements, or the elements of the
        /// array under the root dict's `events` key; nil for a plist of another shape.
        func recordReferences() throws(Failure) -> [Int]? {
            let (marker, references) = try containerReferences(topObject)
            if marker == 0xA { return references }
            if marker == 0xD {
                let half = references.count / 2
                var budget = ValueBudget(objectCount: objectCount)
                for index in 0..<half where try object(references[index], depth: 1, budget: &budget).string == "events" {
                    let (valueMarker, records) = try containerReferences(references[half + index])
                    if valueMarker == 0xA { return records }
                }
            }
            return nil
        }

        func object(_ reference: Int, depth: Int = 0, visiting: Set<Int> = [], budget: inout ValueBudget) throws(Failure) -> PlistValue {
            try budget.spend()
            guard depth < Self.maximumDepth else { throw Failure(message: "nesting deeper than \(Self.maximumDepth) levels") }
            guard !visiting.contains(reference) else { throw Failure(message: "object \(reference) contains itself") }
            let offset = try self.offset(of: reference)
            let marker = bytes[offset]
            let low = Int(marker & 0x0F)
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return .boolean(false)
                case 0x09: return .boolean(true)
                default: throw Failure(message: "unsupported marker 0x\(String(marker, radix: 16))")
                }
            case 0x1:
                guard low <= 4 else { throw Failure(message: "an integer of \(1 << low) bytes (at most 16)") }
                let size = 1 << low
                try require(offset + 1 + size)
                // Eight bytes are a signed integer; sixteen hold an unsigned one (CoreFoundation
                // writes UInt64 values so): its high half must be zero and its value fit.
                guard size == 16 else { return .integer(Int64(bitPattern: Self.integer(bytes, at: offset + 1, size: size))) }
                let high = Self.integer(bytes, at: offset + 1, size: 8)
                let value = Self.integer(bytes, at: offset + 9, size: 8)
                guard high == 0, value <= UInt64(Int64.max) else { throw Failure(message: "an integer larger than 2^63 - 1, which lifelint does not read") }
                return .integer(Int64(value))
            case 0x2:
                return .real(try real(at: offset + 1, size: 1 << low))
            case 0x3:
                return .date(try real(at: offset + 1, size: 8))
            case 0x4:
                let (length, start) = try lengthAndStart(offset, low)
                try require(start + length)
                return .data(length)
            case 0x5:
                let (length, start) = try lengthAndStart(offset, low)
                try require(start + length)
                return .string(String(decoding: bytes[start..<(start + length)], as: UTF8.self))
            case 0x6:
                let (length, start) = try lengthAndStart(offset, low)
                try require(start + length * 2)
                let units = (0..<length).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
                return .string(String(decoding: units, as: UTF16.self))
            case 0xA, 0xD:
                let (_, references) = try containerReferences(reference)
                let nested = visiting.union([reference])
                var values: [PlistValue] = []
                for child in references { values.append(try object(child, depth: depth + 1, visiting: nested, budget: &budget)) }
                if marker >> 4 == 0xA { return .array(values) }
                let half = values.count / 2
                var entries: [(key: String, value: PlistValue)] = []
                for index in 0..<half {
                    guard let key = values[index].string else { throw Failure(message: "a dict key that is not a string") }
                    entries.append((key, values[half + index]))
                }
                return .dictionary(entries)
            default:
                throw Failure(message: "unsupported marker 0x\(String(marker, radix: 16))")
            }
        }

        /// An array's element references, or a dict's keys followed by its values.
        private func containerReferences(_ reference: Int) throws(Failure) -> (marker: UInt8, references: [Int]) {
            let offset = try self.offset(of: reference)
            let kind = bytes[offset] >> 4
            guard kind == 0xA || kind == 0xD else { return (kind, []) }
            let (count, start) = try lengthAndStart(offset, Int(bytes[offset] & 0x0F))
            let total = kind == 0xD ? count * 2 : count
            try require(start + total * referenceSize)
            let references = (0..<total).map { Int(clamping: Self.integer(bytes, at: start + $0 * referenceSize, size: referenceSize)) }
            return (kind, references)
        }

        private func offset(of reference: Int) throws(Failure) -> Int {
            guard reference >= 0, reference < objectCount else { throw Failure(message: "reference \(reference) outside the object table") }
            let offset = Int(clamping: Self.integer(bytes, at: offsetTable + reference * offsetSize, size: offsetSize))
            guard offset >= 8, offset < offsetTable else { throw Failure(message: "object \(reference) lies outside the object area") }
            return offset
        }

        private func lengthAndStart(_ offset: Int, _ low: Int) throws(Failure) -> (Int, Int) {
            guard low == 0xF else { return (low, offset + 1) }
            try require(offset + 2)
            let marker = bytes[offset + 1]
            guard marker >> 4 == 0x1 else { throw Failure(message: "invalid length marker") }
            let size = 1 << Int(marker & 0x0F)
            try require(offset + 2 + size)
            let length = Self.integer(bytes, at: offset + 2, size: size)
            guard length < UInt64(bytes.count) else { throw Failure(message: "a length larger than the file") }
            return (Int(length), offset + 2 + size)
        }

        private func real(at offset: Int, size: Int) throws(Failure) -> Double {
            try require(offset + size)
            let bits = Self.integer(bytes, at: offset, size: size)
            switch size {
            case 4: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            case 8: return Double(bitPattern: bits)
            default: throw Failure(message: "a real of \(size) bytes")
            }
        }

        private func require(_ end: Int) throws(Failure) {
            guard end <= offsetTable else { throw Failure(message: "an object runs past the object area") }
        }

        static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
            (0..<size).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[offset + $1]) }
        }
    }
}
