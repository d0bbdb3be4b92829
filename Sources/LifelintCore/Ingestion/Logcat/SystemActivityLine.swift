/// An events-buffer line system_server writes about an activity (`wm_pause_activity:
/// [0,134036600,com.android.launcher3/.uioverrides.QuickstepLauncher,…]`). It names the
/// activity's package, which the app's own callback lines do not (they carry the class name,
/// and from Android 11 the same token); and for some, it is the request whose answer is the
/// app's callback line, so the time between the two is how long the app took.
struct SystemActivityLine: Sendable, Hashable {
    /// The tag without its `am_` / `wm_` prefix.
    let name: String
    /// Whether the payload carries the activity's token (`[User,Token,…]`, or `[Token,…]`
    /// before Android 4.2).
    let hasToken: Bool
    /// The app callback this line asks for, when it is a request.
    let requests: String?

    static let all: [SystemActivityLine] = [
        SystemActivityLine(name: "pause_activity", hasToken: true, requests: "activity.paused"),
        SystemActivityLine(name: "resume_activity", hasToken: true, requests: "activity.resumed"),
        SystemActivityLine(name: "restart_activity", hasToken: true, requests: "activity.created"),
        SystemActivityLine(name: "create_activity", hasToken: true, requests: nil),
        SystemActivityLine(name: "stop_activity", hasToken: true, requests: nil),
        SystemActivityLine(name: "destroy_activity", hasToken: true, requests: nil),
        SystemActivityLine(name: "relaunch_activity", hasToken: true, requests: nil),
        SystemActivityLine(name: "relaunch_resume_activity", hasToken: true, requests: nil),
        SystemActivityLine(name: "new_intent", hasToken: true, requests: nil),
        SystemActivityLine(name: "activity_launch_time", hasToken: true, requests: nil),
        SystemActivityLine(name: "set_resumed_activity", hasToken: false, requests: nil),
        SystemActivityLine(name: "focused_activity", hasToken: false, requests: nil),
    ]
}
