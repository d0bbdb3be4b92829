/// Writes events as JSON Lines, the output of `lifelint events`:
/// `{"time":...,"clock":...,"event":...,"app":...,"pid":...,"tid":...,"platform":...,"attrs":{...},"source":{"path":...,"line":...}}`.
public struct EventJSONLinesWriter {
    private let json: JSONWriter

    public init(output: ByteOutput) {
        json = JSONWriter(output: output)
    }

    public func write(_ event: Event) {
        let output = json.output
        output.write(byte: UInt8(ascii: "{"))
        json.key("time"); json.optionalString(event.time.iso8601); json.comma()
        json.key("clock"); json.string(event.time.clock.rawValue); json.comma()
        json.key("event"); json.string(event.name); json.comma()
        json.key("app"); json.string(event.app); json.comma()
        json.key("pid"); json.optionalInteger(event.pid); json.comma()
        json.key("tid"); json.optionalInteger(event.tid); json.comma()
        json.key("platform"); json.string(event.platform.rawValue); json.comma()
        json.key("attrs")
        writeAttributes(event.attributes)
        json.comma()
        json.key("source")
        output.write(byte: UInt8(ascii: "{"))
        json.key("path"); json.string(event.source.path); json.comma()
        json.key("line"); json.integer(event.source.line)
        if let column = event.source.column { json.comma(); json.key("column"); json.integer(column) }
        output.write(bytes: [UInt8(ascii: "}"), UInt8(ascii: "}"), .newline])
    }

    private func writeAttributes(_ attributes: Attributes) {
        json.output.write(byte: UInt8(ascii: "{"))
        var first = true
        for entry in attributes {
            if !first { json.comma() }
            first = false
            json.string(entry.key)
            json.output.write(byte: .colon)
            json.string(entry.value)
        }
        json.output.write(byte: UInt8(ascii: "}"))
    }
}
