import LifelintModel

extension LogcatEventRecognizer {
    /// AndroidJUnitRunner's `TestRunner` lines (docs/formats.md §3): `started: testX(com.app.FooTest)`
    /// is `test.started`; `finished: …` is `test.finished`, whose `outcome` is `failed` or
    /// `assumption-failed` when a `failed: …` or `assumption failed: …` line came first, else
    /// `passed`; `ignored: …` is a `test.finished` of a test that never ran. The app is the
    /// instrumentation's process, the line's pid.
    mutating func recogniseTestBoundary(_ line: Line, _ out: inout Output) {
        let message = line.message
        for (prefix, kind) in Self.testLines {
            guard message.hasPrefix(prefix), let (test, testClass) = Self.testName(message.dropFirst(prefix.count)) else { continue }
            let key = testClass + "#" + test
            switch kind {
            case "started":
                testOutcomes[key] = nil
                add(testEvent(EventName.testStarted, test, testClass, outcome: nil, line), &out)
            case "finished":
                add(testEvent(EventName.testFinished, test, testClass, outcome: testOutcomes.removeValue(forKey: key) ?? "passed", line), &out)
            case "ignored":
                add(testEvent(EventName.testFinished, test, testClass, outcome: "ignored", line), &out)
            default:
                testOutcomes[key] = kind
            }
            return
        }
    }

    private static let testLines: [(prefix: String, kind: String)] = [
        ("started: ", "started"), ("finished: ", "finished"), ("failed: ", "failed"), ("assumption failed: ", "assumption-failed"),
        ("ignored: ", "ignored"),
    ]

    /// `testX(com.app.FooTest)`, JUnit's display name: the method and its class.
    private static func testName(_ text: Substring) -> (test: String, testClass: String)? {
        guard let open = text.lastIndex(of: "("), text.hasSuffix(")"), open > text.startIndex else { return nil }
        let testClass = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard !testClass.isEmpty else { return nil }
        return (String(text[..<open]), String(testClass))
    }

    private func testEvent(_ name: EventName, _ test: String, _ testClass: String, outcome: String?, _ line: Line) -> Event {
        var attributes: Attributes = ["test": test, "class": testClass]
        attributes["outcome"] = outcome
        return event(name, line, app: appName(line), pid: line.record.pid, tid: line.record.tid, attributes)
    }
}
