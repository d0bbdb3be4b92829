import LifelintModel

/// An events-buffer line system_server writes about an activity (`wm_pause_activity:
/// [0,134036600,com.android.launcher3/.uioverrides.QuickstepLauncher,…]`). It names the
/// activity's package, which the app's own callback lines do not (they carry the class name,
/// and from Android 11 the same token); and for some, it is the request whose answer is the
/// app's callback line, so the time between the two is how long the app took.
struct SystemActivityLine: Sendable, Hashable {
    let tag: String
    /// Whether the payload carries the activity's token (`[User,Token,…]`, or `[Token,…]`
    /// before Android 4.2).
    let hasToken: Bool
    /// Whether a task id follows the token (`[User,Token,Task ID,Component,…]`).
    let hasTaskID: Bool
    /// The app callback this line asks for, when it is a request whose answer times the
    /// callback. A launch (`restart_activity`) is not timed: its answer waits for the process
    /// to start and the Application to be created.
    let requests: EventName?

    /// The `am_` / `wm_` activity lines (names without the prefix) and whether each is a
    /// request whose answer times a callback.
    private static let activityLines: [(name: String, hasToken: Bool, hasTaskID: Bool, requests: EventName?)] = [
        ("pause_activity", true, false, EventName.activityPaused),
        ("resume_activity", true, true, EventName.activityResumed),
        ("restart_activity", true, true, nil),
        ("create_activity", true, true, nil),
        ("stop_activity", true, false, nil),
        ("destroy_activity", true, true, nil),
        ("relaunch_activity", true, false, nil),
        ("relaunch_resume_activity", true, false, nil),
        ("new_intent", true, true, nil),
        ("activity_launch_time", true, false, nil),
        ("add_to_stopping", true, false, nil),
        ("set_resumed_activity", false, false, nil),
        ("focused_activity", false, false, nil),
    ]

    static let all: [SystemActivityLine] = {
        var lines: [SystemActivityLine] = []
        for prefix in ["am_", "wm_"] {
            for line in activityLines {
                lines.append(SystemActivityLine(tag: prefix + line.name, hasToken: line.hasToken, hasTaskID: line.hasTaskID, requests: line.requests))
            }
        }
        // SurfaceFlinger's frame statistics name the window's activity.
        lines.append(SystemActivityLine(tag: "sf_frame_dur", hasToken: false, hasTaskID: false, requests: nil))
        return lines
    }()
}
