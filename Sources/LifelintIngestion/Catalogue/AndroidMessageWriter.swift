/// The system tags that write catalogued messages. A message may also be recognised under any
/// tag (`AndroidMessage.underAnyTag`) when its words are the system's alone: vendors log
/// ActivityManager's `ANR in` under their own tags (MediaTek's `ANRManager`).
enum AndroidMessageWriter: CaseIterable, Sendable {
    case activityManager
    case lowMemoryKiller
    case zygote
    case androidRuntime
    case javaBinder
    case processNaming
    /// JobScheduler's side of a job (system_server).
    case jobScheduler
    /// ActivityManager's broadcast queue, its own tag from Android 5.
    case broadcastQueue
    /// The system server's other tags: they write no catalogued message, but say which pid is
    /// system_server (its binder failures are not an app's).
    case systemServer

    /// The tags each writes under, across versions: `ActivityTaskManager` took over activity
    /// lines in Android 10, lmkd replaced the kernel's lowmemorykiller in Android 9.
    var tags: [String] {
        switch self {
        case .activityManager: ["ActivityManager", "ActivityTaskManager"]
        case .lowMemoryKiller: ["lowmemorykiller", "lmkd"]
        case .zygote: ["Zygote"]
        case .androidRuntime: ["AndroidRuntime"]
        case .javaBinder: ["JavaBinder"]
        case .processNaming: ["ActivityThread", "libPowerHal"]
        case .jobScheduler: ["JobServiceContext"]
        case .broadcastQueue: ["BroadcastQueue"]
        case .systemServer: ["WindowManager", "PackageManager"]
        }
    }
}

extension AndroidMessageWriter {
    /// Whether only system_server writes under these tags.
    var isSystemServer: Bool { self == .activityManager || self == .jobScheduler || self == .broadcastQueue || self == .systemServer }
}
