import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintCLI
@testable import LifelintIngestion
@testable import LifelintModel
@testable import LifelintReports

/// The conventions users bring from other command-line tools: did-you-mean, one value per
/// option, `--quiet`, `--exit-zero`, `--color` and its environment variables, rule selection.
@Suite struct CommandLineConventionTests {
    private let lostDraft = RepositoryPaths.path("SampleLogs/android-lost-draft.log")

    private func error(_ arguments: [String]) -> String {
        let result = runLifelint(arguments)
        #expect(result.status == .failure, "\(arguments)")
        return result.diagnostics.split(separator: "\n").first.map(String.init) ?? ""
    }

    @Test func mistakesGetADidYouMean() {
        #expect(error(["--formt", "json", lostDraft]) == "lifelint: error: unknown option '--formt' (did you mean '--format'?)")
        #expect(
            error(["--format", "sarf", lostDraft])
                == "lifelint: error: invalid value 'sarf' for '--format': expected text, json, jsonl, sarif, junit, checkstyle, gitlab, github, markdown, html (did you mean 'sarif'?)"
        )
        #expect(error(["analyse"]) == "lifelint: error: unknown command 'analyse' (did you mean 'analyze'?)")
        #expect(
            error(["--select", "save-in-on-destory", lostDraft])
                == "lifelint: error: --select: no rule 'save-in-on-destory' (did you mean 'save-in-on-destroy'?); 'lifelint rules' lists them")
        #expect(
            error(["rules", "save-in-on-destory"]) == "lifelint: error: no rule with id 'save-in-on-destory' (did you mean 'save-in-on-destroy'?); 'lifelint rules' lists them")
        #expect(
            error(["timeline", "--year", "2024", "--app", "com.example.note", lostDraft])
                == "lifelint: error: --app: no app 'com.example.note' in the traces (did you mean 'com.example.notes'?)")
    }

    /// Suggestions by meaning as well as by spelling: `xml` is a JUnit or Checkstyle report.
    @Test func formatsAreSuggestedByMeaning() {
        #expect(error(["--format", "xml", lostDraft]).hasSuffix("html (did you mean 'junit' or 'checkstyle'?)"))
        #expect(error(["--format", "ndjson", lostDraft]).hasSuffix("(did you mean 'jsonl'?)"))
        #expect(error(["--format", "codeclimate", lostDraft]).hasSuffix("(did you mean 'gitlab'?)"))
    }

    /// `lifelint --no-config events x.log` is `lifelint events --no-config x.log`.
    @Test func optionsBeforeTheCommandAreTheCommands() {
        let before = runLifelint(["--no-config", "--year", "2024", "events", lostDraft])
        let after = runLifelint(["events", "--no-config", "--year", "2024", lostDraft])
        #expect(before.status == .success)
        #expect(before.output == after.output && before.diagnostics == after.diagnostics)
        #expect(before.output.hasPrefix(#"{"time":"2024-01-08T09:13:58.231","clock":"wall","event":"process.started""#))
        #expect(runLifelint(["--no-config", "--year=2024", "timeline", lostDraft]).output.hasPrefix("\(lostDraft)\ncom.example.notes (android)\n"))
    }

    @Test func anOptionOfAnotherCommandSaysWhose() {
        #expect(
            error(["timeline", "--format", "html", lostDraft])
                == "lifelint: error: '--format' is not an option of 'lifelint timeline' but of 'lifelint analyze' and 'lifelint watch': the timeline as a page is 'lifelint --format html <trace>'"
        )
        #expect(
            error(["--format", "json", "events", lostDraft]) == "lifelint: error: '--format' is not an option of 'lifelint events' but of 'lifelint analyze' and 'lifelint watch'")
        #expect(runLifelint(["events", "--app", "x", lostDraft]).diagnostics.hasSuffix("Run 'lifelint events --help' for usage.\n"))
    }

    @Test func optionsThatGoTogetherOrNotSaySo() {
        #expect(error(["--verbose", "--quiet", lostDraft]) == "lifelint: error: '--quiet' and '--verbose' cannot be used together: choose one")
        #expect(error(["--null", lostDraft]) == "lifelint: error: '--null' only applies with '--files-from <file>'")
    }

    @Test func anOptionWithOneValueIsGivenOnce() {
        #expect(error(["--format", "json", "--format", "text", lostDraft]) == "lifelint: error: option '--format' is given more than once; it takes one value")
        #expect(runLifelint(["--year", "2024", "--set", "graceWindow=3s", "--set", "resyncDeadline=2s", lostDraft]).status == .findings, "--set repeats")
    }

    @Test func fromAfterToIsAnError() {
        #expect(
            error(["timeline", "--year", "2024", "--from", "09:30", "--to", "09:20", lostDraft])
                == "lifelint: error: \(lostDraft): --from 09:30 is after --to 09:20: nothing to show")
    }

    @Test func selectAndIgnoreWinOverTheConfiguration() {
        let selected = runLifelint(["--year", "2024", "--no-config", "--select", "save-in-on-destroy", lostDraft])
        #expect(selected.output.hasSuffix("lifelint: 1 error in 1 trace (46 lines, 34 events)\n"))
        let ignored = runLifelint(["--year", "2024", "--no-config", "--ignore", "save-in-on-destroy", "--ignore", "no-save-at-background", lostDraft])
        #expect(ignored.output.hasSuffix("lifelint: 1 error in 1 trace (46 lines, 34 events)\n"))
        #expect(!ignored.output.contains("[save-in-on-destroy]") && ignored.output.contains("[state-lost-after-process-death]"))
    }

    @Test func quietLeavesFindingsAndErrorsOnly() {
        let quiet = runLifelint(["--year", "2024", "--no-config", "--quiet", lostDraft])
        #expect(quiet.status == .findings)
        #expect(quiet.diagnostics.isEmpty)
        #expect(!quiet.output.contains("lifelint:"))
        #expect(quiet.output.hasPrefix("\(lostDraft):17: error: "))
        let noYear = runLifelint(["--no-config", "--quiet", lostDraft])
        #expect(!noYear.diagnostics.contains("note"), "no year note")
    }

    @Test func exitZeroKeepsErrorsAsErrors() {
        #expect(runLifelint(["--year", "2024", "--exit-zero", lostDraft]).status == .success)
        #expect(runLifelint(["--exit-zero", "/nonexistent/trace.log"]).status == .failure)
    }

    @Test func colorFollowsTheOptionAndTheEnvironment() {
        func colors(_ choice: ColorChoice, terminal: Bool, _ environment: [String: String]) -> Bool {
            choice.resolve(isTerminal: terminal) { environment[$0] }
        }
        #expect(colors(.auto, terminal: true, [:]))
        #expect(!colors(.auto, terminal: false, [:]))
        #expect(!colors(.auto, terminal: true, ["NO_COLOR": "1"]))
        #expect(colors(.auto, terminal: true, ["NO_COLOR": ""]), "NO_COLOR counts only when not empty")
        #expect(!colors(.auto, terminal: true, ["TERM": "dumb"]))
        #expect(colors(.auto, terminal: false, ["FORCE_COLOR": "1"]))
        #expect(colors(.auto, terminal: false, ["CLICOLOR_FORCE": "1"]))
        #expect(!colors(.auto, terminal: false, ["FORCE_COLOR": "0"]))
        #expect(!colors(.auto, terminal: false, ["FORCE_COLOR": "1", "NO_COLOR": "1"]), "NO_COLOR wins")
        #expect(colors(.always, terminal: false, ["NO_COLOR": "1"]))
        #expect(!colors(.never, terminal: true, ["FORCE_COLOR": "1"]))
        let painted = runLifelint(["--year", "2024", "--color", "always", lostDraft])
        #expect(painted.output.hasPrefix("\u{1B}[1m\(lostDraft):17:\u{1B}[0m \u{1B}[1;31merror\u{1B}[0m: "))
    }
}
