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
        json.raw("{\"time\":")
        json.timestamp(event.time)
        switch event.time.clock {
        case .wall: json.raw(",\"clock\":\"wall\",\"event\":")
        case .monotonic: json.raw(",\"clock\":\"monotonic\",\"event\":")
        case .unknown: json.raw(",\"clock\":\"unknown\",\"event\":")
        }
        json.string(event.name)
        json.raw(",\"app\":")
        json.string(event.app)
        json.raw(",\"pid\":")
        json.optionalInteger(event.pid)
        json.raw(",\"tid\":")
        json.optionalInteger(event.tid)
        switch event.platform {
        case .android: json.raw(",\"platform\":\"android\",\"attrs\":{")
        case .ios: json.raw(",\"platform\":\"ios\",\"attrs\":{")
        case .reactNative: json.raw(",\"platform\":\"react-native\",\"attrs\":{")
        case .unknown: json.raw(",\"platform\":\"unknown\",\"attrs\":{")
        }
        var first = true
        for entry in event.attributes {
            if !first { json.comma() }
            first = false
            json.string(entry.key)
            json.byte(.colon)
            json.string(entry.value)
        }
        json.raw("},\"source\":{\"path\":")
        json.string(event.source.path)
        json.raw(",\"line\":")
        json.integer(event.source.line)
        if let column = event.source.column {
            json.raw(",\"column\":")
            json.integer(column)
        }
        json.raw("}}\n")
    }
}
