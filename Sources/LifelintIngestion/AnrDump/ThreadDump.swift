/// The Java thread dump Android writes at an ANR (`/data/anr/anr_*`, `traces.txt`, a
/// bugreport's "VM TRACES" sections; docs/formats.md §18): per process `----- pid N at TIME -----`
/// and `Cmd line: package`, then each thread as a header (`"main" prio=5 tid=1 Blocked`), `|`
/// detail lines and its stack (`at …`, `- waiting to lock <…> held by thread N`, native frames),
/// ending at a blank line. A pasted excerpt may hold one thread and no process header.
struct ThreadDump {
    struct Thread {
        let name: String
        let tid: Int?
        /// The ART state: `Blocked`, `Waiting`, `TimedWaiting`, `Native`, `Sleeping`, `Runnable`…
        let state: String
        /// The 1-based line of the header.
        let line: Int
        /// `at` frames, `- …` monitor lines and native frames, in order, trimmed.
        var stack: [String] = []
    }

    struct Process {
        var pid: Int?
        /// As the header writes it (`2023-04-04 22:06:31.064728684+0200`).
        var time: String?
        var command: String?
        var line: Int
        var threads: [Thread] = []

        /// The main thread with its stack: Play Console's reports put a one-line summary of it
        /// (`"main" tid=1 Native Performing SQLite (disk) I/O`) before the dump's own header.
        var mainThread: Thread? {
            let main = threads.filter { $0.tid == 1 || $0.tid == nil && $0.name == "main" }
            return main.first { !$0.stack.isEmpty } ?? main.first
        }
    }

    private(set) var processes: [Process] = []
    /// Lines that are the dump's structure: process headers and ends, blank lines.
    private(set) var structuralLines = 0

    init(lines: [Substring]) {
        var current: Process?
        var thread: Thread?
        func endThread() {
            if let done = thread {
                if current == nil { current = Process(line: done.line) }
                current?.threads.append(done)
            }
            thread = nil
        }
        for (index, raw) in lines.enumerated() {
            let line = Self.withoutComment(raw.last == "\r" ? raw.dropLast() : raw)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let header = Self.processHeader(trimmed) {
                endThread()
                if let done = current { processes.append(done) }
                current = Process(pid: header.pid, time: header.time, line: index + 1)
                structuralLines += 1
            } else if trimmed.hasPrefix("----- end ") || trimmed.isEmpty {
                endThread()
                structuralLines += 1
            } else if trimmed.hasPrefix("Cmd line:") || trimmed.hasPrefix("Cmdline:") {
                current = current ?? Process(line: index + 1)
                current?.command = trimmed.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces)
            } else if let header = Self.threadHeader(trimmed, line: index + 1) {
                endThread()
                thread = header
            } else if thread != nil, !trimmed.hasPrefix("|") {
                thread?.stack.append(String(trimmed))
            }
        }
        endThread()
        if let done = current, !done.threads.isEmpty || done.pid != nil { processes.append(done) }
    }

    /// A line without what someone annotating a dump wrote after it (` // the main thread`).
    private static func withoutComment(_ line: Substring) -> Substring {
        guard let comment = line.range(of: " //") else { return line }
        return line[..<comment.lowerBound]
    }

    /// `----- pid 28941 at 2023-04-04 22:06:31.064728684+0200 -----`.
    private static func processHeader(_ line: Substring) -> (pid: Int, time: String)? {
        guard line.hasPrefix("----- pid "), line.hasSuffix(" -----") else { return nil }
        let body = line.dropFirst("----- pid ".count).dropLast(" -----".count)
        guard let at = body.range(of: " at "), let pid = Int(body[..<at.lowerBound]) else { return nil }
        return (pid, String(body[at.upperBound...]))
    }

    /// `"main" prio=5 tid=1 Blocked`, `"Thread-9" daemon prio=5 tid=5 Sleeping`, and the older
    /// `"main" tid=1 Waiting`.
    private static func threadHeader(_ line: Substring, line number: Int) -> Thread? {
        guard line.first == "\"", let close = line.dropFirst().firstIndex(of: "\"") else { return nil }
        let name = String(line[line.index(after: line.startIndex)..<close])
        let words = line[line.index(after: close)...].split(separator: " ")
        guard let tidIndex = words.firstIndex(where: { $0.hasPrefix("tid=") }) else { return nil }
        let state = tidIndex + 1 < words.count ? String(words[tidIndex + 1]) : ""
        return Thread(name: name, tid: Int(words[tidIndex].dropFirst(4)), state: state, line: number)
    }
}
