import LifelintCore

/// A seeded generator of realistic `threadtime` logcat: mostly ordinary app and system lines,
/// with the lifecycle lines lifelint reads mixed in at about the rate of a real capture
/// (process starts and kills, events-buffer callbacks, instrumentation).
struct SyntheticLogcat {
    private var random: SplitMix64
    private var milliseconds: Int64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        milliseconds = CivilDateTime(year: 2024, month: 1, day: 8, hour: 8).nanosecondsSinceEpoch / 1_000_000
    }

    /// Ordinary lines with their weights, shaped like the corpus captures: ActivityManager
    /// about 3 % of lines (its lifecycle wording rarer still), warnings and errors about 15 %.
    private static let noise: [(weight: Int, priority: String, message: String)] = [
        (300, "D", "OpenGLRenderer: endAllStagingAnimators on 0xb7864c18 (RippleDrawable) with handle 0xb7966578"),
        (150, "I", "chatty  : uid=10123(com.example.notes) RenderThread identical 4 lines"),
        (80, "W", "WindowOnBackDispatcher: OnBackInvokedCallback is not enabled for the application."),
        (120, "D", "ConnectivityService: notifyType CAP_CHANGED for NetworkAgentInfo [WIFI () - 120]"),
        (25, "I", "ActivityTaskManager: Displayed com.example.notes/.EditorActivity for user 0: +290ms"),
        (150, "V", "AudioFlinger: mixer(0x7c5a1c0000) throttle end: throttle time(10)"),
        (60, "E", "Surface : getSlotFromBufferLocked: unknown buffer: 0x7b3c2a1e40"),
        (10, "E", "AndroidRuntime: java.lang.IllegalStateException: Fragment not attached to a context."),
        (100, "D", "EGL_emulation: app_time_stats: avg=16.67ms min=15.99ms max=17.31ms count=60"),
        (80, "I", "GnssLocationProvider: WakeLock acquired by sendMessage(REPORT_SV_STATUS, 0, null)"),
        (4, "D", "ActivityManager: freezing 30033 com.example.mail"),
        (1, "I", "ActivityManager: Start proc 31337:com.example.notes/u0a123 for top-activity {com.example.notes/com.example.notes.EditorActivity}"),
    ]
    private static let noiseWeight = noise.reduce(0) { $0 + $1.weight }

    /// Lifecycle lines: about 2 % of all lines, as in an instrumented app's capture.
    private static let lifecyclePerMille = 20

    private static let lifecycle: [String] = [
        "I wm_on_resume_called: [Token=3096868,Component Name=com.example.notes.EditorActivity,Reason=RESUME_ACTIVITY,time=1ms]",
        "I wm_on_paused_called: [3096868,com.example.notes.EditorActivity,performPause,2]",
        "I wm_on_stop_called: [3096868,com.example.notes.EditorActivity,STOP_ACTIVITY_ITEM,5]",
        "I lifelint: input.edited field=body",
        "I lifelint: persist.begin key=draft bytes=2048",
        "I lifelint: persist.end key=draft ok=true",
        "I lowmemorykiller: Kill 'com.example.mail' (5151), uid 10124, oom_score_adj 900 to free 52000kB rss, 1000kB swap; reason: low watermark is breached",
    ]

    /// Appends lines to `buffer` until it holds at least `bytes` more bytes.
    mutating func append(bytes: Int, to buffer: inout [UInt8]) {
        let target = buffer.count + bytes
        while buffer.count < target {
            milliseconds += Int64(random.next(upTo: 3))
            appendTime(to: &buffer)
            let pid = 1000 + random.next(upTo: 30000)
            appendPadded(pid, width: 6, to: &buffer)
            appendPadded(pid + random.next(upTo: 40), width: 6, to: &buffer)
            buffer.append(.init(ascii: " "))
            if random.next(upTo: 1000) < Self.lifecyclePerMille {
                buffer.append(contentsOf: Self.lifecycle[random.next(upTo: Self.lifecycle.count)].utf8)
            } else {
                let line = noiseLine()
                buffer.append(contentsOf: line.priority.utf8)
                buffer.append(.init(ascii: " "))
                buffer.append(contentsOf: line.message.utf8)
            }
            buffer.append(.init(ascii: "\n"))
        }
    }

    private mutating func noiseLine() -> (priority: String, message: String) {
        var pick = random.next(upTo: Self.noiseWeight)
        for line in Self.noise {
            if pick < line.weight { return (line.priority, line.message) }
            pick -= line.weight
        }
        return (Self.noise[0].priority, Self.noise[0].message)
    }

    private func appendTime(to buffer: inout [UInt8]) {
        let date = CivilDateTime(nanosecondsSinceEpoch: milliseconds * 1_000_000)
        appendDigits(date.month, 2, to: &buffer)
        buffer.append(.init(ascii: "-"))
        appendDigits(date.day, 2, to: &buffer)
        buffer.append(.init(ascii: " "))
        appendDigits(date.hour, 2, to: &buffer)
        buffer.append(.init(ascii: ":"))
        appendDigits(date.minute, 2, to: &buffer)
        buffer.append(.init(ascii: ":"))
        appendDigits(date.second, 2, to: &buffer)
        buffer.append(.init(ascii: "."))
        appendDigits(date.nanosecond / 1_000_000, 3, to: &buffer)
    }

    private func appendDigits(_ value: Int, _ count: Int, to buffer: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    private func appendPadded(_ value: Int, width: Int, to buffer: inout [UInt8]) {
        let digits = String(value).utf8
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, width - digits.count)))
        buffer.append(contentsOf: digits)
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
