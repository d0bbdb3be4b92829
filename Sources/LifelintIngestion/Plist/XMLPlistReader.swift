import CLibXML2
import Foundation
@_spi(Bytes) import LifelintBytes
import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an XML property list with libxml2's streaming reader (`xmlTextReader`), safely:
/// no network, no entity substitution, no DTD loading, and any document with an internal DTD
/// subset (where entity bombs and external entities live) refused before parsing
/// (docs/formats.md §6, docs/decisions/0002-libxml2.md).
enum XMLPlistReader {
    private final class Source {
        let head: [UInt8]
        var offset = 0
        let source: any ByteSource
        var bytesRead = 0
        /// Why reading stopped early, reported after libxml2 gives up.
        var failure: ReadBuffer.Failure?

        init(head: [UInt8], source: any ByteSource) {
            self.head = head
            self.source = source
        }

        func read(into buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
            if offset < head.count {
                let length = min(count, head.count - offset)
                head.withUnsafeBufferPointer { _ = memcpy(buffer, $0.baseAddress! + offset, length) }
                offset += length
                bytesRead += length
                return Int32(length)
            }
            do {
                let result = try buffer.withMemoryRebound(to: UInt8.self, capacity: count) { (bytes) throws(ReadBuffer.Failure) in try source.read(into: bytes, count: count) }
                bytesRead += result
                return Int32(result)
            } catch {
                failure = error
                return -1
            }
        }
    }

    /// `BIG_LINES` keeps line numbers right past 65,535; entity substitution, DTD loading and
    /// `HUGE` are deliberately absent.
    static let parserOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue)

    static func read(_ input: TraceInput, head: [UInt8], emit: EventSink) throws(IngestionError) -> IngestionSummary {
        var summary = IngestionSummary(path: input.path, format: "plist xml")
        summary.unit = "records"
        if let line = internalSubsetLine(head) {
            throw .unsafeContent(path: input.path, line: line, reason: "a DOCTYPE with an internal subset (entity declarations are refused)")
        }
        let source = Source(head: head, source: input.byteSource)
        let context = Unmanaged.passUnretained(source).toOpaque()
        let readCallback: xmlInputReadCallback = { context, buffer, length in
            guard let context, let buffer else { return -1 }
            return Unmanaged<Source>.fromOpaque(context).takeUnretainedValue().read(into: buffer, count: Int(length))
        }
        guard let reader = xmlReaderForIO(readCallback, nil, context, input.path, nil, parserOptions) else {
            throw .readFailed(path: input.path, line: 1, reason: "libxml2 could not start a reader")
        }
        defer { xmlFreeTextReader(reader) }
        // libxml2 prints some errors itself, trace text and all, unless a handler takes them;
        // the message is read back from `xmlGetLastError` and reported with the file and line.
        xmlTextReaderSetStructuredErrorHandler(reader, { _, _ in }, nil)
        var builder = PlistTreeBuilder()
        func location(_ line: Int) -> SourceLocation { SourceLocation(path: input.path, line: line) }
        let onRecord: (PlistValue, Int) -> Void = { record, line in
            summary.record(PlistEventDecoder.decode(record, at: location(line)), at: location(line), emit: emit)
        }
        // A record whose value is malformed (an `<integer>` that is not one) is that record's
        // problem; the records after it are still read.
        let onDamagedRecord: (String, Int) -> Void = { message, line in
            summary.record(.problem("not a lifelint plist: \(message)"), at: location(line), emit: emit)
        }
        var status = xmlTextReaderRead(reader)
        while status == 1 {
            do {
                if readWholeRecord(reader, &builder, onRecord: onRecord, onDamagedRecord: onDamagedRecord) {
                    status = xmlTextReaderNext(reader)
                    continue
                }
                try visit(reader, &builder, onRecord: onRecord)
            } catch {
                summary.report(IngestionProblem(location: location(lineNumber(reader)), message: "not a lifelint plist: \(error.message)"))
                break
            }
            status = xmlTextReaderRead(reader)
        }
        if let failure = source.failure {
            summary.report(IngestionProblem(location: location(lineNumber(reader)), message: "read failed: \(failure.message)"))
        } else if status < 0 {
            summary.report(IngestionProblem(location: location(lineNumber(reader)), message: "invalid XML: \(lastErrorMessage())"))
        }
        if summary.problemCount == 0, !builder.sawRecords {
            // A plist of another kind (an Info.plist, say): read correctly, nothing lifecycle in it.
            summary.lines = 1
            summary.logLines = 1
        }
        summary.bytes = source.bytesRead
        return summary
    }

    /// At the start of a record, expands its subtree and reads it in one pass; returns false
    /// when the reader is anywhere else.
    private static func readWholeRecord(
        _ reader: xmlTextReaderPtr, _ builder: inout PlistTreeBuilder, onRecord: (PlistValue, Int) -> Void, onDamagedRecord: (String, Int) -> Void
    ) -> Bool {
        guard builder.expectsRecord, xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_ELEMENT.rawValue),
            let node = xmlTextReaderExpand(reader)
        else { return false }
        do {
            onRecord(try PlistNodeReader.value(node), lineNumber(reader))
        } catch {
            onDamagedRecord(error.message, lineNumber(reader))
        }
        return true
    }

    private static func visit(
        _ reader: xmlTextReaderPtr, _ builder: inout PlistTreeBuilder, onRecord: (PlistValue, Int) -> Void
    ) throws(PlistTreeBuilder.Failure) {
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            guard let raw = xmlTextReaderConstLocalName(reader), let tag = PlistTag(raw) else {
                throw PlistTreeBuilder.Failure(message: "<\(name(reader))> is not a property-list element")
            }
            try builder.start(tag, isEmpty: xmlTextReaderIsEmptyElement(reader) == 1, line: lineNumber(reader))
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
            try builder.end(onRecord: onRecord)
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
            builder.text(xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? "")
        case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
            throw PlistTreeBuilder.Failure(message: "entity reference &\(name(reader)); (entities are not expanded)")
        default:
            break
        }
    }

    /// The line of the current node (the parser's own line runs ahead of it).
    private static func lineNumber(_ reader: xmlTextReaderPtr) -> Int {
        if let node = xmlTextReaderCurrentNode(reader) {
            let line = xmlGetLineNo(node)
            if line > 0 { return line }
        }
        return Int(xmlTextReaderGetParserLineNumber(reader))
    }

    private static func name(_ reader: xmlTextReaderPtr) -> String {
        xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
    }

    private static func lastErrorMessage() -> String {
        guard let error = xmlGetLastError(), let message = error.pointee.message else { return "malformed document" }
        return String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The line of a `<!DOCTYPE ... [` internal subset, or of any `<!ENTITY`, in the head.
    static func internalSubsetLine(_ head: [UInt8]) -> Int? {
        let text = String(decoding: head, as: UTF8.self)
        let lineOf = { (index: String.Index) in text[..<index].filter { $0 == "\n" }.count + 1 }
        if let entity = text.range(of: "<!ENTITY") { return lineOf(entity.lowerBound) }
        guard let doctype = text.range(of: "<!DOCTYPE") else { return nil }
        let rest = text[doctype.upperBound...]
        guard let bracket = rest.firstIndex(of: "["), let close = rest.firstIndex(of: ">"), bracket < close else { return nil }
        return lineOf(doctype.lowerBound)
    }
}
