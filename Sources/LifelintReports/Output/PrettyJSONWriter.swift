import Foundation
import LifelintAnalysis
@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Writes a pretty-printed JSON document with sorted keys piece by piece: objects member by
/// member and arrays element by element, each small value serialised on its own (`JSONText`)
/// at its indentation. The bytes are those `JSONSerialization` would write for the whole
/// document at once, without the whole document ever being a tree in memory.
struct PrettyJSONWriter {
    /// A member's value: a small value serialised whole, an array written element by element,
    /// or an object written member by member (its members in sorted key order).
    enum Value {
        case whole(Any)
        case array(count: Int, element: (Int) -> Value)
        case object([(key: String, value: Value)])
    }

    let output: ByteOutput
    private let text = JSONText()

    init(output: ByteOutput) {
        self.output = output
    }

    func write(_ value: Value, depth: Int = 0) {
        switch value {
        case let .whole(object): writeWhole(object, depth: depth)
        case let .array(count, element): writeArray(count: count, element: element, depth: depth)
        case let .object(members): writeObject(members, depth: depth)
        }
    }

    private func writeObject(_ members: [(key: String, value: Value)], depth: Int) {
        output.write("{\n")
        if members.isEmpty { output.write("\n") }
        for (index, member) in members.enumerated() {
            output.write(Self.indent(depth + 1))
            writeWhole(member.key, depth: depth + 1)
            output.write(" : ")
            write(member.value, depth: depth + 1)
            output.write(index + 1 < members.count ? ",\n" : "\n")
        }
        output.write(Self.indent(depth) + "}")
    }

    private func writeArray(count: Int, element: (Int) -> Value, depth: Int) {
        output.write("[\n")
        if count == 0 { output.write("\n") }
        for index in 0..<count {
            output.write(Self.indent(depth + 1))
            write(element(index), depth: depth + 1)
            output.write(index + 1 < count ? ",\n" : "\n")
        }
        output.write(Self.indent(depth) + "]")
    }

    /// One value serialised alone at `depth`; a value JSON cannot hold fails the output.
    private func writeWhole(_ object: Any, depth: Int) {
        var bytes: [UInt8] = []
        do throws(OutputFailure) {
            try text.append(object, pretty: true, depth: depth, to: &bytes)
            output.write(bytes: bytes)
        } catch {
            output.fail(error)
        }
    }

    private static func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }
}
