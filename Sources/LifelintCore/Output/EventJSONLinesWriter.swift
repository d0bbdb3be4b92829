/// Writes events as JSON Lines, the output of `lifelint events`:
/// `{"time":...,"clock":...,"event":...,"app":...,"pid":...,"tid":...,"platform":...,"attrs":{...},"source":{"path":...,"line":...}}`.
/// Each line is composed straight into the output's buffer.
public struct EventJSONLinesWriter {
    private let output: ByteOutput

    public init(output: ByteOutput) {
        self.output = output
    }

    public func write(_ event: Event) {
        output.append { buffer in
            var json = JSONWriter(bytes: buffer)
            buffer = []
            Self.write(event, into: &json)
            buffer = json.bytes
        }
    }

    private static func write(_ event: Event, into json: inout JSONWriter) {
        json.byte(UInt8(ascii: "{"))
        json.key("time"); json.timestamp(event.time); json.comma()
        json.key("clock"); json.string(event.time.clock.rawValue); json.comma()
        json.key("event"); json.string(event.name); json.comma()
        json.key("app"); json.string(event.app); json.comma()
        json.key("pid"); json.optionalInteger(event.pid); json.comma()
        json.key("tid"); json.optionalInteger(event.tid); json.comma()
        json.key("platform"); json.string(event.platform.rawValue); json.comma()
        json.key("attrs")
        json.byte(UInt8(ascii: "{"))
        var first = true
        for entry in event.attributes {
            if !first { json.comma() }
            first = false
            json.string(entry.key)
            json.byte(.colon)
            json.string(entry.value)
        }
        json.byte(UInt8(ascii: "}"))
        json.comma()
        json.key("source")
        json.byte(UInt8(ascii: "{"))
        json.key("path"); json.string(event.source.path); json.comma()
        json.key("line"); json.integer(event.source.line)
        if let column = event.source.column { json.comma(); json.key("column"); json.integer(column) }
        json.raw("}}\n")
    }
}
