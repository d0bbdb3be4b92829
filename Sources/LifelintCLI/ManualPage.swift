import LifelintCore

/// lifelint(1) in roff, made from the commands and their option declarations.
enum ManualPage {
    static func roff(commands: [any Command.Type]) -> String {
        var lines = [
            #".TH LIFELINT 1 "" "lifelint \#(LifelintVersion.current)" "User Commands""#,
            ".SH NAME",
            #"lifelint \- finds the mobile-app lifecycle mistakes that lose users' data"#,
            ".SH SYNOPSIS",
            #".B lifelint"#,
            #"[\fBanalyze\fR] [\fIoptions\fR] \fItrace\fR|\fIfolder\fR|\fIpattern\fR..."#,
            ".br",
            #".B lifelint"#,
            #"\fIcommand\fR [\fIoptions\fR] ..."#,
            ".SH DESCRIPTION",
            escaped(
                """
                lifelint reads lifecycle traces of real runs (Android logcat in every layout, bugreports, \
                exit-info; iOS crash, .ips and JetsamEvent reports; Apple logs from log show, Console.app \
                and Xcode; lifelint event JSON, Chrome and Perfetto trace JSON, MetricKit payloads, XML and \
                binary property lists), derives each app's lifecycle phases, and reports the anti-patterns \
                that lose users' data: saving in onDestroy or applicationWillTerminate, a flush that overruns \
                the grace window, a background task never ended, a stale WebSocket trusted after resume, no \
                resync on return. The format of each trace is detected from its content.
                """),
            ".SH COMMANDS",
        ]
        for command in commands {
            lines.append(".SS \(escaped("lifelint " + command.name))")
            lines.append(escaped(command.summary))
            for option in command.options {
                lines.append(".TP")
                lines.append(#"\fB"# + escaped(option.name) + #"\fR"# + (option.value.map { #" \fI"# + escaped($0) + #"\fR"# } ?? ""))
                lines.append(escaped(option.help))
            }
        }
        lines.append(".SH EXAMPLES")
        for (purpose, command) in examples {
            lines += [".PP", escaped(purpose), ".PP", ".RS 4", ".nf", escaped(command), ".fi", ".RE"]
        }
        lines += [
            ".SH EXIT STATUS",
            ".TP", "0", "No finding at or above --fail-on, and every input read.",
            ".TP", "1", "Findings at or above --fail-on.",
            ".TP", "2", escaped("A usage or configuration error, an input that could not be read (the others are still analysed), or an output that could not be written."),
            ".SH ENVIRONMENT",
            ".TP", "NO_COLOR", "When set and not empty, no colour on a terminal.",
            ".SH FILES",
            ".TP", escaped(".lifelint.json"), escaped("The configuration, searched from the current folder upward (see --config and --no-config)."),
            ".SH SEE ALSO",
            escaped("README.md and docs/ in the lifelint repository; 'lifelint rules' for the rules."),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// What people run, each with what it is for.
    static let examples: [(purpose: String, command: String)] = [
        (
            "Capture an Android device's logs with the lifecycle callbacks (the events buffer) and analyse them:",
            "adb logcat -b main,system,events -v threadtime -d > trace.log\nlifelint trace.log"
        ),
        (
            "Tell the story of a lost draft: every app's phases, saves, kills and restarts, and the verdicts:",
            "lifelint timeline trace.log\nlifelint --format html trace.log > report.html"
        ),
        ("See what lifelint read in a trace, before any rule:", "lifelint events trace.log"),
        (
            "In CI: annotations on the run, SARIF for code scanning, a summary for the pull request:",
            "lifelint --format github --output sarif=lifelint.sarif --output markdown=lifelint.md traces/"
        ),
        (
            "Accept today's findings, then fail only on new ones:",
            "lifelint --write-baseline lifelint-baseline.json traces/\nlifelint --baseline lifelint-baseline.json traces/"
        ),
        (
            "A fleet of captures as JSON Lines records for a warehouse:",
            "find captures -name '*.log' -print0 | lifelint --files-from - -0 --format jsonl > records.jsonl"
        ),
        ("Why a rule matters and how to fix what it found:", "lifelint rules no-save-at-background"),
    ]

    /// Text safe in roff: backslashes and hyphens escaped, no line starting a request.
    static func escaped(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: #"\e"#).replacingOccurrences(of: "-", with: #"\-"#)
        return body.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? #"\&"# + $0 : String($0) }
            .joined(separator: "\n")
    }
}
