import Foundation

/// Where a JSON syntax error is, as a person finds it in an editor: Foundation's parsers say
/// "around character 35" (a byte offset); this makes it "line 3, column 21".
package enum JSONSyntaxPosition {
    /// The parser's message with any byte offset restated as a line and column of `data`.
    static func describe(_ message: String, in data: Data) -> String {
        guard let match = message.range(of: #"around character [0-9]+"#, options: .regularExpression),
            let offset = Int(message[match].split(separator: " ").last ?? "")
        else { return message }
        let (line, column) = position(ofByte: offset, in: data)
        return message.replacingCharacters(in: match, with: "at line \(line), column \(column)")
    }

    /// 1-based line and column (in bytes) of the byte at `offset`.
    static func position(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        let prefix = data.prefix(max(0, min(offset, data.count)))
        let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? prefix.startIndex
        return (line, prefix.endIndex - lineStart + 1)
    }

    /// Why `data` is not JSON, with the line and column; nil when it is. (`JSONDecoder` says only
    /// "The given data was not valid JSON", so the document is parsed again to find where.)
    package static func syntaxError(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            return describe(message(of: error), in: data)
        }
    }

    /// The message of a parser error: Foundation keeps it in `NSDebugDescription`.
    static func message(of error: any Error) -> String {
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
}
