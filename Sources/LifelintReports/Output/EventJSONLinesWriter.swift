import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Writes events as JSON Lines, the output of `lifelint events`:
/// `{"time":...,"clock":...,"event":...,"app":...,"pid":...,"tid":...,"platform":...,"attrs":{...},"source":{"path":...,"line":...}}`.
/// Each line is composed straight into the output's buffer.
public struct EventJSONLinesWriter {
    private let output: ByteOutput
    private var times = TimestampTextCache()

    public init(output: ByteOutput) {
        self.output = output
    }

    public mutating func write(_ event: Event) {
        output.append { buffer in Self.write(event, times: &times, into: &buffer) }
    }

    private static func write(_ event: Event, times: inout TimestampTextCache, into json: inout ByteBuffer) {
        json.append("{\"time\":")
        json.appendJSONTimestamp(event.time, through: &times)
        switch event.time.clock {
        case .wall: json.append(",\"clock\":\"wall\",\"event\":")
        case .monotonic: json.append(",\"clock\":\"monotonic\",\"event\":")
        case .unknown: json.append(",\"clock\":\"unknown\",\"event\":")
        }
        json.appendJSONString(event.name.rawValue)
        json.append(",\"app\":")
        json.appendJSONString(event.app)
        json.append(",\"pid\":")
        json.appendJSONInteger(event.pid)
        json.append(",\"tid\":")
        json.appendJSONInteger(event.tid)
        switch event.platform {
        case .android: json.append(",\"platform\":\"android\",\"attrs\":{")
        case .ios: json.append(",\"platform\":\"ios\",\"attrs\":{")
        case .reactNative: json.append(",\"platform\":\"react-native\",\"attrs\":{")
        case .flutter: json.append(",\"platform\":\"flutter\",\"attrs\":{")
        case .unknown: json.append(",\"platform\":\"unknown\",\"attrs\":{")
        }
        var first = true
        for entry in event.attributes {
            if !first { json.append(.comma) }
            first = false
            json.appendJSONString(entry.key)
            json.append(.colon)
            if Attributes.isNumeric(key: entry.key) {
                json.appendJSONNumberOrString(entry.value)
            } else {
                json.appendJSONString(entry.value)
            }
        }
        json.append("},\"source\":{\"path\":")
        json.appendJSONString(event.source.path)
        json.append(",\"line\":")
        json.appendJSONInteger(event.source.line)
        if let column = event.source.column {
            json.append(",\"column\":")
            json.appendJSONInteger(column)
        }
        if let byteOffset = event.source.byteOffset {
            json.append(",\"byte_offset\":")
            json.appendJSONInteger(Int(byteOffset))
        }
        json.append("}}\n")
    }
}
