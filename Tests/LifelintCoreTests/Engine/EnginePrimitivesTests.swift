import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// Each primitive on crafted event streams, straight into the engine (no phase derivation),
/// with exact findings.
@Suite struct EnginePrimitivesTests {
    static func rule(_ match: String, message: String = "{event} at {attr.key}") throws -> Rule {
        let json = """
            {"id": "test-rule", "severity": "warning", "platforms": ["android"], "summary": "s", "rationale": "r", "fix": "f",
             "message": "\(message)", "match": \(match), "requires": [],
             "examples": {"triggering": ["SampleLogs/a.log"], "clean": ["SampleLogs/b.log"]}}
            """
        return try RuleCatalog.decode(Data(json.utf8), path: "test.json")
    }

    /// Runs `(milliseconds, name, attributes)` for one app; findings as `line message`.
    static func run(_ rule: Rule, _ steps: [(Int, String, Attributes)], thresholds: Thresholds = Thresholds(), clock: Timestamp.Clock = .wall) -> [String] {
        var engine = RuleEngine(rules: [rule], thresholds: thresholds)
        for (index, step) in steps.enumerated() {
            engine.process(
                Event(
                    time: Timestamp(clock: clock, nanoseconds: clock == .unknown ? 0 : Int64(step.0) * 1_000_000, fractionDigits: 3),
                    app: "com.example", pid: 1, platform: .android, name: EventName(step.1), attributes: step.2,
                    source: SourceLocation(path: "t", line: index + 1)))
        }
        engine.finish()
        return engine.findings.map {
            "\($0.location.line) \($0.message)" + ($0.related.isEmpty ? "" : " <" + $0.related.map { String($0.location.line) }.joined(separator: ",") + ">")
        }
    }

    @Test func expectWithDeadlineFailAndCancel() throws {
        let rule = try Self.rule(
            #"{"expect": {"after": "a.start", "expect": {"event": "a.done", "where": {"ok": "true"}}, "sameAttributes": ["key"], "within": "1s", "failOn": "a.crash", "cancelOn": "a.abort"}}"#
        )
        #expect(Self.run(rule, [(0, "a.start", ["key": "x"]), (500, "a.done", ["key": "x", "ok": "true"]), (5000, "z.tick", [:])]) == [])
        #expect(Self.run(rule, [(0, "a.start", ["key": "x"]), (500, "a.done", ["key": "y", "ok": "true"]), (5000, "z.tick", [:])]) == ["1 a.start at x"])
        #expect(Self.run(rule, [(0, "a.start", ["key": "x"]), (500, "a.done", ["key": "x", "ok": "false"]), (5000, "z.tick", [:])]) == ["1 a.start at x"])
        #expect(Self.run(rule, [(0, "a.start", ["key": "x"]), (100, "a.crash", [:])]) == ["1 a.start at x <2>"])
        #expect(Self.run(rule, [(0, "a.start", ["key": "x"]), (100, "a.abort", [:]), (5000, "z.tick", [:])]) == [])
        // A missing attribute pairs with an empty one, as the joined keys always did.
        #expect(Self.run(rule, [(0, "a.start", [:]), (500, "a.done", ["key": "", "ok": "true"]), (5000, "z.tick", [:])]) == [])
        let two = try Self.rule(#"{"expect": {"after": "a.start", "expect": "a.done", "sameAttributes": ["key", "part"], "within": "1s"}}"#)
        #expect(Self.run(two, [(0, "a.start", ["key": "x", "part": "1"]), (500, "a.done", ["key": "x", "part": "1"]), (5000, "z.tick", [:])]) == [])
        #expect(Self.run(two, [(0, "a.start", ["key": "x", "part": "1"]), (500, "a.done", ["key": "x", "part": "2"]), (5000, "z.tick", [:])]) == ["1 a.start at x"])
        // Values are compared one by one: a separator inside one cannot make two pairs look alike.
        #expect(
            Self.run(two, [(0, "a.start", ["key": "x\u{1F}1", "part": ""]), (500, "a.done", ["key": "x", "part": "1\u{1F}"]), (5000, "z.tick", [:])]) == ["1 a.start at x\u{1F}1"])
        #expect(Self.run(rule, [(0, "a.start", ["key": "x"]), (500, "z.tick", [:])]) == [], "the trace ends before the deadline: no verdict")
        #expect(Self.run(rule, [(0, "a.start", ["key": "x"]), (0, "z.tick", [:])], clock: .unknown) == [], "no time, no deadline")
        var strict = Thresholds()
        try strict.set("graceWindow=100ms")
        let named = try Self.rule(#"{"expect": {"after": "a.start", "expect": "a.done", "within": "graceWindow"}}"#)
        #expect(Self.run(named, [(0, "a.start", ["key": "k"]), (500, "a.done", [:])], thresholds: strict) == ["1 a.start at k"])
        #expect(Self.run(named, [(0, "a.start", ["key": "k"]), (500, "a.done", [:])]) == [])
    }

    @Test func forbidWithGuards() throws {
        let rule = try Self.rule(#"{"forbid": {"event": "a.use", "when": [{"occurred": "a.open", "since": "a.close"}, {"absent": "a.check", "since": "a.open"}]}}"#)
        #expect(Self.run(rule, [(0, "a.open", [:]), (1, "a.use", ["key": "1"])]) == ["2 a.use at 1 <1>"])
        #expect(Self.run(rule, [(0, "a.open", [:]), (1, "a.check", [:]), (2, "a.use", ["key": "1"])]) == [])
        #expect(Self.run(rule, [(0, "a.open", [:]), (1, "a.close", [:]), (2, "a.use", ["key": "1"])]) == [])
        #expect(Self.run(rule, [(0, "a.use", ["key": "1"])]) == [], "absent … since needs its boundary to have happened")
        let family = try Self.rule(#"{"forbid": {"event": {"event": "activity.*", "where": {"duration_ms": {">": "callbackBudget"}}}}}"#)
        #expect(
            Self.run(
                family, [(0, "activity.paused", ["duration_ms": "250", "key": "p"]), (1, "activity.stopped", ["duration_ms": "20"]), (2, "other.slow", ["duration_ms": "900"])])
                == ["1 activity.paused at p"])
    }

    @Test func forbidInsideACallbackLooksBothWays() throws {
        let rule = try Self.rule(#"{"forbid": {"event": "a.save", "inside": {"callbacks": "a.callback", "after": "100ms"}}}"#)
        #expect(Self.run(rule, [(0, "a.callback", ["duration_ms": "5"]), (50, "a.save", ["key": "after"])]) == ["2 a.save at after <1>"])
        #expect(Self.run(rule, [(0, "a.save", ["key": "during"]), (30, "a.callback", ["duration_ms": "40"])]) == ["1 a.save at during <2>"])
        #expect(Self.run(rule, [(0, "a.save", ["key": "before"]), (300, "a.callback", ["duration_ms": "40"])]) == [])
        #expect(Self.run(rule, [(0, "a.callback", [:]), (500, "a.save", ["key": "late"])]) == [])
    }

    @Test func maxDurationCountedFromThePhase() throws {
        let rule = try Self.rule(
            #"{"max-duration": {"start": "w.begin", "end": "w.end", "sameAttributes": ["key"], "during": ["background"], "limits": [{"when": [{"occurred": "t.begin", "since": "t.end"}], "limit": "10s"}, {"limit": "1s"}], "cutoff": "phase.terminated"}}"#,
            message: "{outcome} over {limit}")
        #expect(Self.run(rule, [(0, "w.begin", ["key": "d"]), (5000, "w.end", ["key": "d"])]) == [], "all in the foreground")
        #expect(Self.run(rule, [(0, "w.begin", ["key": "d"]), (100, "phase.background", [:]), (2600, "w.end", ["key": "d"])]) == ["1 took 2.5s over 1s <2,3>"])
        #expect(
            Self.run(rule, [(0, "t.begin", [:]), (0, "w.begin", ["key": "d"]), (100, "phase.background", [:]), (2600, "w.end", ["key": "d"])]) == [],
            "a background task extends the limit")
        #expect(Self.run(rule, [(0, "phase.background", [:]), (10, "w.begin", ["key": "d"]), (500, "phase.terminated", [:])]) == ["2 never ended over 1s <3>"])
        #expect(Self.run(rule, [(0, "phase.background", [:]), (10, "w.begin", ["key": "d"]), (3000, "z.tick", [:])]) == ["2 never ended over 1s"])
    }

    @Test func unpairedAndRate() throws {
        let unpaired = try Self.rule(#"{"unpaired": {"start": "t.begin", "end": "t.end", "sameAttributes": ["key"], "cutoff": ["t.expired", "phase.terminated"]}}"#)
        #expect(
            Self.run(unpaired, [(0, "t.begin", ["key": "1"]), (1, "t.begin", ["key": "2"]), (2, "t.end", ["key": "1"]), (3, "phase.terminated", [:])]) == ["2 t.begin at 2 <4>"])
        #expect(Self.run(unpaired, [(0, "t.begin", ["key": "1"]), (1, "t.begin", ["key": "2"]), (2, "t.expired", ["key": "2"])]) == ["2 t.begin at 2 <3>"])
        let window = try Self.rule(#"{"rate": {"event": {"event": "p.push", "where": {"silent": "true"}}, "max": 2, "window": "1h"}}"#, message: "{count}")
        let pushes = (0..<5).map { ($0 * 600_000, "p.push", ["silent": "true"] as Attributes) }
        #expect(Self.run(window, pushes) == ["3 3"], "reported once per window")
        #expect(Self.run(window, (0..<5).map { ($0 * 3_600_001, "p.push", ["silent": "true"] as Attributes) }) == [])
        let episode = try Self.rule(#"{"rate": {"event": "s.open", "max": 1, "per": {"start": "phase.active", "end": "phase.background"}}}"#, message: "{count}")
        #expect(Self.run(episode, [(0, "s.open", [:]), (1, "s.open", [:]), (2, "phase.active", [:]), (3, "s.open", [:]), (4, "phase.background", [:]), (5, "s.open", [:])]) == [])
        #expect(Self.run(episode, [(0, "phase.active", [:]), (1, "s.open", [:]), (2, "s.open", [:]), (3, "s.open", [:])]) == ["3 2"])
    }

    @Test func aColdStartForgetsTheDeadIncarnation() throws {
        let rule = try Self.rule(#"{"forbid": {"event": "a.use", "when": [{"occurred": "a.open"}]}}"#)
        #expect(Self.run(rule, [(0, "a.open", [:]), (1, "phase.cold-start", [:]), (2, "a.use", ["key": "1"])]) == [])
        #expect(Self.run(rule, [(0, "phase.cold-start", [:]), (1, "a.open", [:]), (2, "a.use", ["key": "1"])]) == ["3 a.use at 1 <2>"])
    }
}
