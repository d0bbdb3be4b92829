/// What an ANR dump's main thread was doing, in plain words, and the lifecycle callback it was
/// in (docs/formats.md §18): read from the top of its stack down, the first frame that says
/// what blocks it, and the innermost framework frame that says which callback is running.
struct MainThreadReading: Equatable {
    /// What blocks it, as a word rules can match.
    enum Blocker: String {
        case sharedPreferencesWrites = "shared-preferences-writes"
        case sharedPreferencesLoad = "shared-preferences-load"
        case databaseWrite = "database-write"
        case databaseRead = "database-read"
        case databaseConnection = "database-connection"
        case diskWrite = "disk-write"
        case diskRead = "disk-read"
        case binder
        case lock
        case network
        case sleep
        case wait
        case idle
        case unknown
    }

    let blocker: Blocker
    /// The blocker in plain words: "waiting for pending SharedPreferences writes
    /// (QueuedWork.waitToFinish)", "a lock held by thread 5 "Thread-9" (Sleeping)".
    let detail: String
    /// The callback in progress: "onStop (ActivityThread.handleStopActivity)", nil when none
    /// shows.
    let callback: String?
    /// The first frame of the app's own code (not the platform's or the language's).
    let appFrame: String?

    init(_ thread: ThreadDump.Thread, in process: ThreadDump.Process) {
        let frames = thread.stack.compactMap(Self.frame)
        let (blocker, detail) = Self.blocker(thread, frames, process)
        self.blocker = blocker
        self.detail = detail
        callback = frames.lazy.compactMap(Self.callback).first
        appFrame = frames.first { !Self.isPlatform($0) }
    }

    /// `at android.app.QueuedWork.waitToFinish (QueuedWork.java:88)` → the method,
    /// `android.app.QueuedWork.waitToFinish`.
    private static func frame(_ line: String) -> String? {
        guard line.hasPrefix("at ") else { return nil }
        let method = line.dropFirst(3).prefix { $0 != " " && $0 != "(" }
        return String(method.hasSuffix("!") ? method.dropLast() : method)
    }

    private static func blocker(_ thread: ThreadDump.Thread, _ frames: [String], _ process: ThreadDump.Process) -> (Blocker, String) {
        if let held = thread.stack.first(where: { $0.hasPrefix("- waiting to lock") }) {
            return (.lock, lockDetail(held, process))
        }
        for (index, frame) in frames.prefix(24).enumerated() {
            if let found = known(frame, frames, index) { return found }
        }
        if thread.state == "Sleeping" { return (.sleep, "sleeping") }
        if let top = frames.first, top.hasSuffix("MessageQueue.nativePollOnce") {
            return (.idle, "idle, waiting for the next message: the main thread was not blocked when the dump was taken")
        }
        if let top = frames.first, top.hasSuffix("Object.wait") || top.contains("LockSupport.park") || top.hasSuffix("Unsafe.park") {
            return (.wait, "waiting (\(shortName(top)))" + inAppFrame(frames))
        }
        let top = frames.first.map { " in \(shortName($0))" } ?? ""
        return (.unknown, "\(thread.state.isEmpty ? "running" : thread.state.lowercased())\(top)")
    }

    /// The frame that names what the thread is blocked on, if this one does.
    private static func known(_ frame: String, _ frames: [String], _ index: Int) -> (Blocker, String)? {
        if frame == "android.app.QueuedWork.waitToFinish" {
            return (.sharedPreferencesWrites, "waiting for pending SharedPreferences writes (QueuedWork.waitToFinish)")
        }
        if frame.hasSuffix("SharedPreferencesImpl.awaitLoadedLocked") {
            return (.sharedPreferencesLoad, "waiting for SharedPreferences to load from disk (SharedPreferencesImpl.awaitLoadedLocked)")
        }
        if frame.hasSuffix("SQLiteConnectionPool.waitForConnection") {
            return (.databaseConnection, "waiting for a database connection another thread holds (SQLiteConnectionPool.waitForConnection)")
        }
        if frame.hasPrefix("android.database.sqlite.SQLiteConnection.native") || frame.hasPrefix("android.database.sqlite.SQLiteQuery.native") {
            let writes = ["nativeExecuteForChangedRowCount", "nativeExecuteForLastInsertedRowId", "nativeExecute"].contains { frame.hasSuffix($0) }
            return writes ? (.databaseWrite, "writing to a SQLite database (\(shortName(frame)))") : (.databaseRead, "reading a SQLite database (\(shortName(frame)))")
        }
        if frame == "android.os.BinderProxy.transactNative" || frame == "android.os.BinderProxy.transact" {
            let target = frames.dropFirst(index + 1).first { $0.contains("$Stub$Proxy.") || $0.contains("$Proxy.") }
            return (.binder, "a binder call" + (target.map { " to \(binderTarget($0))" } ?? ""))
        }
        if frame.hasPrefix("java.net.") || frame.hasPrefix("okhttp3.") || frame.hasPrefix("com.android.okhttp.") || frame.hasSuffix("Inet6AddressImpl.lookupHostByName") {
            return (.network, "a network call (\(shortName(frame)))")
        }
        if [
            "libcore.io.Linux.fsync", "libcore.io.Linux.fdatasync", "java.io.FileDescriptor.sync", "libcore.io.Linux.write", "libcore.io.Linux.writeBytes",
            "java.io.FileOutputStream.write",
        ].contains(frame) {
            return (.diskWrite, "writing a file (\(shortName(frame)))")
        }
        if ["libcore.io.Linux.read", "libcore.io.Linux.readBytes", "java.io.FileInputStream.read", "libcore.io.Linux.open", "java.io.RandomAccessFile.read"].contains(frame) {
            return (.diskRead, "reading a file (\(shortName(frame)))")
        }
        if frame == "java.lang.Thread.sleep" {
            return (.sleep, "sleeping (Thread.sleep)" + inAppFrame(frames))
        }
        return nil
    }

    /// `- waiting to lock <0x0d3a2f0a> (a java.lang.Object) held by thread 5`, with the holder's
    /// name and state when the dump shows that thread, and the deadlock when the holders' own
    /// waits lead back to a thread already in the chain.
    private static func lockDetail(_ line: String, _ process: ThreadDump.Process) -> String {
        let object = line.range(of: "(a ").map { line[$0.upperBound...].prefix { $0 != ")" } }.map { " (\($0))" } ?? ""
        guard let tid = holder(line) else { return "waiting for a lock\(object)" }
        let thread = process.threads.first { $0.tid == tid }
        let holder = thread.map { " \"\($0.name)\" (\($0.state))" } ?? ""
        var chain = [1, tid]
        var next = thread
        while let current = next, let waits = current.stack.first(where: { $0.hasPrefix("- waiting to lock") }), let held = Self.holder(waits), chain.count < 16 {
            if chain.contains(held) {
                let cycle = chain[chain.firstIndex(of: held)!...].map(String.init).joined(separator: ", ")
                return "waiting for a lock\(object) held by thread \(tid)\(holder), in a deadlock (threads \(cycle) each wait for the next)"
            }
            chain.append(held)
            next = process.threads.first { $0.tid == held }
        }
        return "waiting for a lock\(object) held by thread \(tid)\(holder)"
    }

    /// The tid in `… held by thread 5`.
    private static func holder(_ line: String) -> Int? {
        guard let held = line.range(of: "held by thread ") else { return nil }
        return Int(line[held.upperBound...].prefix { $0.isNumber })
    }

    /// `com.android.vending.billing.IInAppBillingService$Stub$Proxy.isBillingSupported` →
    /// `IInAppBillingService.isBillingSupported`.
    private static func binderTarget(_ frame: String) -> String {
        let method = frame.split(separator: ".").last.map(String.init) ?? frame
        let type = frame.dropLast(method.count + 1).split(separator: ".").last.map(String.init) ?? ""
        let interface = type.split(separator: "$").first.map(String.init) ?? type
        return "\(interface).\(method)"
    }

    /// The lifecycle callback a framework frame runs.
    private static func callback(_ frame: String) -> String? {
        guard let name = callbacks.first(where: { frame.hasSuffix($0.frame) })?.callback else { return nil }
        return "\(name) (\(shortName(frame)))"
    }

    /// Innermost first in a stack: `Activity.performStop` under `handleDestroyActivity` is onStop.
    private static let callbacks: [(frame: String, callback: String)] = [
        ("Activity.performStop", "onStop"), ("Activity.performPause", "onPause"), ("Activity.performResume", "onResume"),
        ("Activity.performStart", "onStart"), ("Activity.performCreate", "onCreate"), ("Activity.performDestroy", "onDestroy"),
        ("Activity.performSaveInstanceState", "onSaveInstanceState"),
        ("ActivityThread.handleStopActivity", "onStop"), ("ActivityThread.handleSleeping", "onStop"),
        ("ActivityThread.handlePauseActivity", "onPause"), ("ActivityThread.handleResumeActivity", "onResume"),
        ("ActivityThread.handleStartActivity", "onStart"), ("ActivityThread.handleLaunchActivity", "onCreate"),
        ("ActivityThread.handleDestroyActivity", "onDestroy"), ("ActivityThread.handleRelaunchActivity", "a configuration change (relaunch)"),
        ("ActivityThread.handleServiceArgs", "Service.onStartCommand"), ("ActivityThread.handleCreateService", "Service.onCreate"),
        ("ActivityThread.handleStopService", "Service.onDestroy"), ("ActivityThread.handleBindService", "Service.onBind"),
        ("ActivityThread.handleUnbindService", "Service.onUnbind"), ("ActivityThread.handleBindApplication", "Application.onCreate"),
        ("ActivityThread.handleReceiver", "BroadcastReceiver.onReceive"), ("LoadedApk$ReceiverDispatcher$Args$1.run", "BroadcastReceiver.onReceive"),
        ("LoadedApk$ReceiverDispatcher$Args.lambda$getRunnable$0", "BroadcastReceiver.onReceive"),
        ("LoadedApk$ServiceDispatcher.doConnected", "ServiceConnection.onServiceConnected"),
        ("ActivityThread.handleTrimMemory", "onTrimMemory"), ("ActivityThread.handleLowMemory", "onLowMemory"),
    ]

    /// ` in Activity.onStop`: where the app's own code is, when the stack shows it.
    private static func inAppFrame(_ frames: [String]) -> String {
        frames.first { !isPlatform($0) }.map { " in \(shortName($0))" } ?? ""
    }

    /// The platform's and the languages' own code: not where an app's mistake is.
    private static func isPlatform(_ frame: String) -> Bool {
        ["android.", "androidx.", "java.", "javax.", "kotlin.", "kotlinx.", "dalvik.", "libcore.", "sun.", "com.android.", "com.google.android.", "jdk."]
            .contains { frame.hasPrefix($0) }
    }

    /// `android.app.QueuedWork.waitToFinish` → `QueuedWork.waitToFinish`.
    static func shortName(_ frame: String) -> String {
        let parts = frame.split(separator: ".")
        return parts.suffix(2).joined(separator: ".")
    }
}
