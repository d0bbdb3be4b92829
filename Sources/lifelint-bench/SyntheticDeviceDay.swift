import LifelintCore

/// A seeded busy device's logcat, as `adb logcat -v threadtime` streams it: about 40 lines a
/// second of system and app noise from every pid, and app processes that come and go (a start,
/// the activity's callbacks, the user's input and saves, then a kill or a death), so a long
/// watch must let go of what ended.
struct SyntheticDeviceDay {
    private var random: SplitMix64
    private var milliseconds: Int64
    private var nextPid = 5000
    /// Live app processes: pid and package.
    private var live: [(pid: Int, package: String)] = []
    static let linesPerSecond = 40

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        milliseconds = CivilDateTime(year: 2024, month: 1, day: 8, hour: 0).nanosecondsSinceEpoch / 1_000_000
    }

    /// Milliseconds since the day began.
    private(set) var elapsed: Int64 = 0

    /// Appends one line to `buffer`.
    mutating func appendLine(to buffer: inout [UInt8]) {
        let step = Int64(random.next(upTo: 2 * 1000 / Self.linesPerSecond + 1))
        milliseconds += step
        elapsed += step
        let roll = random.next(upTo: 1000)
        if roll < 2 || live.isEmpty {
            start(&buffer)
        } else if roll < 4 {
            end(&buffer)
        } else if roll < 30 {
            let process = live[random.next(upTo: live.count)]
            let lines = [
                "I wm_on_resume_called: [3096868,\(process.package).MainActivity,RESUME_ACTIVITY,1]",
                "I wm_on_paused_called: [3096868,\(process.package).MainActivity,performPause,2]",
                "I wm_on_stop_called: [3096868,\(process.package).MainActivity,STOP_ACTIVITY_ITEM,5]",
                "I lifelint: input.edited field=body", "I lifelint: persist.begin key=draft", "I lifelint: persist.end key=draft ok=true",
            ]
            line(pid: process.pid, lines[random.next(upTo: lines.count)], &buffer)
        } else {
            let noise = [
                "D OpenGLRenderer: endAllStagingAnimators on 0xb7864c18 (RippleDrawable) with handle 0xb7966578",
                "W WindowOnBackDispatcher: OnBackInvokedCallback is not enabled for the application.",
                "D ConnectivityService: notifyType CAP_CHANGED for NetworkAgentInfo [WIFI () - 120]",
                "E Surface : getSlotFromBufferLocked: unknown buffer: 0x7b3c2a1e40",
            ]
            line(pid: 1000 + random.next(upTo: 30000), noise[random.next(upTo: noise.count)], &buffer)
        }
    }

    private mutating func start(_ buffer: inout [UInt8]) {
        let package = "com.example.app\(random.next(upTo: 300))"
        let pid = nextPid
        nextPid = nextPid >= 32000 ? 5000 : nextPid + 1
        live.append((pid, package))
        line(pid: 1610, "I ActivityManager: Start proc \(pid):\(package)/u0a123 for top-activity {\(package)/\(package).MainActivity}", &buffer)
    }

    private mutating func end(_ buffer: inout [UInt8]) {
        let process = live.remove(at: random.next(upTo: live.count))
        if random.next(upTo: 2) == 0 {
            line(pid: 702, "I lowmemorykiller: Kill '\(process.package)' (\(process.pid)), uid 10123, oom_score_adj 900 to free 52000kB rss", &buffer)
        } else {
            line(pid: 1610, "I ActivityManager: Process \(process.package) (pid \(process.pid)) has died: cch+15 CEM", &buffer)
        }
    }

    private func line(pid: Int, _ text: String, _ buffer: inout [UInt8]) {
        let date = CivilDateTime(nanosecondsSinceEpoch: milliseconds * 1_000_000)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = String(1000 + date.nanosecond / 1_000_000).dropFirst()
        let time = "\(two(date.month))-\(two(date.day)) \(two(date.hour)):\(two(date.minute)):\(two(date.second)).\(fraction)"
        buffer.append(contentsOf: "\(time) \(pid) \(pid) \(text)\n".utf8)
    }
}
