import LifelintModel

/// Judges a run's expectations from its stories once the trace has ended, when it is known
/// what the trace records at all: a failure is claimed only where the trace could have shown
/// the opposite (it records process deaths; the app logs its saves, its restores), and
/// "cannot be told" says which evidence was missing.
struct ProcessDeathJudge {
    /// What the whole trace shows, which a run's silence is read against.
    struct Evidence {
        /// The trace holds the system's process starts or deaths (the system and events buffers).
        let recordsProcesses: Bool
        /// Whether the app (by the deriver's number) logs input anywhere in the trace.
        let reportsInput: (Int) -> Bool
        /// Whether it logs restores or screens anywhere in the trace.
        let reportsRestores: (Int) -> Bool
    }

    let evidence: Evidence

    /// Which app the run is judged on.
    private enum Subject {
        case app(ProcessDeathStory)
        /// The declared app showed nothing during the run.
        case absent(String)
        case ambiguous([String])
        case none
    }

    func results(of run: ProcessDeathRun) -> [ExpectationResult] {
        let subject = subject(of: run)
        return run.expectations.map { expectation in
            var result = ExpectationResult(
                expectation: expectation, outcome: .cannotBeTold, app: nil, claims: [], test: run.testName, time: run.startTime, location: run.start)
            switch subject {
            case .app(let story):
                result.app = story.app
                (result.outcome, result.claims) = judge(expectation, story, run)
            case .absent(let app):
                result.app = app
                result.claims = [claim("The trace shows no lifecycle of \(app) during \(Self.name(run))", nil)]
            case .ambiguous(let apps):
                result.claims = [
                    claim(
                        "Several apps could be the one under test (\(apps.joined(separator: ", "))): name it with app= in the test.expect line, --expect-app, or the configuration",
                        nil)
                ]
            case .none where expectation == .killedInBackground:
                (result.outcome, result.claims) = noDeath(of: nil, run)
            case .none:
                result.claims = [claim("No app did anything during \(Self.name(run)) that the expectation could be judged on", nil)]
            }
            return result
        }
    }

    /// The declared app; else the app the test's instrumentation targets (`com.app.test` runs
    /// `com.app`); else the one app that died in the background, died, or left the foreground
    /// during the run, or did anything the oracle follows, in that order. The test's own
    /// process is only a candidate alone.
    private func subject(of run: ProcessDeathRun) -> Subject {
        if let app = run.app { return run.stories.first { $0.app == app }.map(Subject.app) ?? .absent(app) }
        if let testProcess = run.testProcess, testProcess.hasSuffix(".test"),
            let target = run.stories.first(where: { $0.app == String(testProcess.dropLast(5)) })
        {
            return .app(target)
        }
        let others = run.stories.filter { $0.app != run.testProcess }
        let candidates = others.isEmpty ? run.stories : others
        let tiers: [(ProcessDeathStory) -> Bool] = [\.diedInBackground, { $0.death != nil && $0.hadPhases }, { $0.lastBackground != nil }, { _ in true }]
        for tier in tiers {
            let matching = candidates.filter(tier)
            if matching.count == 1 { return .app(matching[0]) }
            if matching.count > 1 { return .ambiguous(matching.map(\.app)) }
        }
        return .none
    }

    private typealias Judgement = (ExpectationResult.Outcome, [Verdict.Claim])

    private func judge(_ expectation: ProcessDeathExpectation, _ story: ProcessDeathStory, _ run: ProcessDeathRun) -> Judgement {
        guard let death = story.death else {
            if expectation == .killedInBackground { return noDeath(of: story, run) }
            return (.cannotBeTold, [claim("\(story.app) did not die during \(Self.name(run)), so there is no kill to judge against", nil)])
        }
        switch expectation {
        case .killedInBackground: return kill(death, story)
        case .savedBeforeKill: return save(death, story)
        case .restoredAfterKill: return restore(death, story, run)
        }
    }

    private func kill(_ death: ProcessDeathStory.Death, _ story: ProcessDeathStory) -> Judgement {
        let description = death.description
        let when = DurationText.clock(death.moment.time)
        if description.unseen {
            return (.cannotBeTold, [claim("\(description.sentence) by \(when): the trace does not say what ended it", death.moment)])
        }
        guard death.phase == AppPhase.background.rawValue else {
            let known = death.phase != "unknown" && death.phase != AppPhase.notRunning.rawValue
            let text =
                "\(description.sentence) at \(when)" + (known ? ", while the app was in the foreground (\(death.phase))" : "; the trace does not show where the app stood then")
            return (known ? .failed : .cannotBeTold, [claim(text, death.moment)])
        }
        // A run that began with the app already in the background has no entry of its own.
        var claims = death.background.map { [leftClaim(story, $0)] } ?? []
        let after = death.background.map { ", \(DurationText.describe(nanoseconds: death.moment.time.nanoseconds - $0.time.nanoseconds)) after it left" }
        let told = "\(description.sentence) at \(when)\(after ?? " in the background")"
        switch DeathInitiator(rawValue: description.initiator) ?? .unknown {
        case .system where !description.isForceStop:
            claims.append(claim(told, death.moment))
            return (.passed, claims)
        case .unknown:
            claims.append(claim(told + ": the trace does not say who ended it", death.moment))
            return (.cannotBeTold, claims)
        case .crash:
            claims.append(claim(told + ": a crash, not a kill", death.moment))
        case .system, .user:
            claims.append(claim(told + ": that discards the saved state by design, where a system kill keeps it", death.moment))
        }
        return (.failed, claims)
    }

    /// No death of the app (or, `story` nil, of any app) in the run: a failure where the trace
    /// records deaths and the run ran to its end, or the app came back in the same process.
    private func noDeath(of story: ProcessDeathStory?, _ run: ProcessDeathRun) -> Judgement {
        let who = story.map { "\($0.app)" + ($0.pid.map { " (pid \($0))" } ?? "") } ?? "No app"
        if let story, let returned = story.returned, let left = story.lastBackground {
            return (
                .failed,
                [
                    leftClaim(story, left),
                    claim("It came back to the foreground at \(DurationText.clock(returned.time)) in the same process: no kill happened while it was away", returned),
                ]
            )
        }
        guard evidence.recordsProcesses else {
            return (.cannotBeTold, [claim("The trace records no process starts or deaths (capture the system and events buffers: adb logcat -b main,system,events)", nil)])
        }
        guard run.ranToEnd else { return (.cannotBeTold, [claim("The trace ends before the test finished", nil)]) }
        var claims = story.flatMap { story in story.lastBackground.map { [leftClaim(story, $0)] } } ?? []
        let subject = story == nil ? "No app's process died in the background" : "\(who) did not die"
        let ended = run.end.map { ", which ended at \(DurationText.clock($0.time))" } ?? ""
        claims.append(claim("\(subject) during \(Self.name(run))\(ended), and the trace records process deaths", run.end))
        return (.failed, claims)
    }

    private func save(_ death: ProcessDeathStory.Death, _ story: ProcessDeathStory) -> Judgement {
        let died = claim("The process died at \(DurationText.clock(death.moment.time))", death.moment)
        if let running = death.runningSave {
            return (.failed, [claim("A save\(Self.key(running)) began at \(DurationText.clock(running.time)) and had not ended when the process died", running), died])
        }
        if let input = death.unsavedInput {
            var claims = [claim("Input was typed at \(DurationText.clock(input.time)), and no save ended after it", input)]
            if let failed = death.failedSave, failed.time >= input.time {
                claims.append(claim("A save\(Self.key(failed)) failed at \(DurationText.clock(failed.time))", failed))
            }
            return (.failed, claims + [died])
        }
        if let saved = death.lastSave {
            let before = DurationText.describe(nanoseconds: death.moment.time.nanoseconds - saved.time.nanoseconds)
            return (.passed, [claim("A save\(Self.key(saved)) ended at \(DurationText.clock(saved.time)), \(before) before the process died", saved), died])
        }
        if !evidence.reportsInput(story.number) {
            return (.cannotBeTold, [claim("\(story.app) logs no input or saves in this trace (log input.edited, persist.begin and persist.end)", nil)])
        }
        return (.cannotBeTold, [claim("Nothing was typed or saved before the process died", nil), died])
    }

    private func restore(_ death: ProcessDeathStory.Death, _ story: ProcessDeathStory, _ run: ProcessDeathRun) -> Judgement {
        guard let start = story.coldStart else {
            guard run.ranToEnd else { return (.cannotBeTold, [claim("The trace ends before the test finished and before \(story.app) started again", nil)]) }
            let ended = run.end.map { " at \(DurationText.clock($0.time))" } ?? ""
            return (.failed, [claim("\(story.app) did not start again before \(Self.name(run)) ended\(ended)", run.end)])
        }
        let started = claim("The next cold start was at \(DurationText.clock(start.time))", start)
        if let restore = story.restore { return (.passed, [started, claim("It restored state (\(restore.detail ?? ""))", restore)]) }
        guard evidence.reportsRestores(story.number) else {
            return (.cannotBeTold, [started, claim("\(story.app) logs no restores or screens (state.restored, nav.restored, screen.shown restored=true)", nil)])
        }
        if let fresh = story.freshScreen { return (.failed, [started, claim("It showed a fresh screen (screen.shown restored=false)", fresh)]) }
        return (.cannotBeTold, [started, claim("It logged no restore or screen before \(Self.name(run)) ended", nil)])
    }

    private func leftClaim(_ story: ProcessDeathStory, _ background: Moment) -> Verdict.Claim {
        claim("\(story.app) went to the background at \(DurationText.clock(background.time))", background)
    }

    private func claim(_ text: String, _ moment: Moment?) -> Verdict.Claim {
        Verdict.Claim(text: text, location: moment?.source)
    }

    private static func key(_ save: Moment) -> String { save.detail.map { " of '\($0)'" } ?? "" }

    private static func name(_ run: ProcessDeathRun) -> String { run.test == nil ? "the trace" : "the test" }
}
