/// The catalogue's rows, by daemon. Sources are the frameworks' format strings (RunningBoard's
/// `RBProcess`, FrontBoard's `FBProcess`, as shipped in iOS 18.2) and public captures, listed
/// with their releases in `docs/catalogue/apple-platform.md`.
extension AppleMessageCatalogue {
    static let rows: [AppleMessage] = runningBoard + frontBoard + springBoard + legacy

    static let runningBoard: [AppleMessage] = [
        AppleMessage(
            id: "rb-resuming-task", shape: .subjectThen("Resuming task"), meaning: .resumed, writers: ["runningboardd"], first: 13,
            source: "RunningBoard RBProcess (`%{public}@ Resuming task.`); captures of iOS 13–18",
            example: "[app<com.example.notes(4D1A3B5E-9C2F-4E11-8B7A-2F6C1D9E0A31)>:812] Resuming task."),
        AppleMessage(
            id: "rb-suspending-task", shape: .subjectThen("Suspending task"), meaning: .suspended, writers: ["runningboardd"], first: 13,
            source: "RunningBoard RBProcess (`%{public}@ Suspending task.`); captures of iOS 13–18",
            example: "[application<com.example.notes>:812] Suspending task."),
        AppleMessage(
            id: "rb-assertions-beyond-permitted-time", shape: .subjectThenContaining("has active assertions beyond permitted time"),
            meaning: .backgroundTimeExpired(who: "RunningBoard"), writers: ["runningboardd"], first: 13,
            source: "RunningBoard's report of a background assertion held too long (the kill's description)",
            example: "[application<com.example.notes>:812] Forcing crash report with description: Notes:812 has active assertions beyond permitted time"),
        AppleMessage(
            id: "rb-termination-reported", shape: .subjectThen("termination reported by launchd"), meaning: .exitReported(detail: nil),
            writers: ["runningboardd"], first: 14, source: "RunningBoard RBProcess; iOS 14.5 capture",
            example: "[application<com.example.notes>:432] termination reported by launchd (2, 10, 10)"),
        AppleMessage(
            id: "rb-terminating-with-context", shape: .subjectThen("Terminating with"), meaning: .terminated, writers: ["runningboardd"], first: 13,
            source: "RunningBoard RBProcess (`%{public}@ Terminating with context: %{public}@`)",
            example:
                "[app<com.example.notes(4D1A3B5E-9C2F-4E11-8B7A-2F6C1D9E0A31)>:812] Terminating with context: <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: app<com.example.notes(4D1A3B5E-9C2F-4E11-8B7A-2F6C1D9E0A31)>:812 exhausted real (wall clock) time allowance of 10.00 seconds ProcessVisibility: Background ProcessState: Running WatchdogEvent: scene-update WatchdogVisibility: Background reportType:CrashLog maxTerminationResistance:Interactive>"
        ),
        AppleMessage(
            id: "rb-assertions-removed-at-termination", shape: .subjectAfter("Removing assertions for terminated process: "),
            meaning: .exitReported(detail: "terminated"), writers: ["runningboardd"], first: 13, source: "RunningBoard; captures of iOS 13–17",
            example: "Removing assertions for terminated process: [application<com.example.notes>:716]"),
        AppleMessage(
            id: "rb-calculated-state", shape: .subjectAfter("Calculated state for "), meaning: .calculatedState, writers: ["runningboardd"], first: 14,
            source: "RunningBoard; iOS 14 capture, ` (endowments: …)` added by iOS 17",
            example: "Calculated state for app<com.example.notes(4D1A3B5E-9C2F-4E11-8B7A-2F6C1D9E0A31)>: running-suspended (role: None) (endowments: (null))"),
        AppleMessage(
            id: "rb-state-update", shape: .pidAndSubjectAfter("Received state update for "), meaning: .stateUpdate,
            writers: ["RunningBoard's clients (audiomxd, UserEventAgent, WirelessRadioManagerd, …)"], first: 14,
            source: "RunningBoardServices clients; iOS captures (the line has no closing parenthesis)",
            example: "Received state update for 2933 (app<com.example.notes(4D1A3B5E-9C2F-4E11-8B7A-2F6C1D9E0A31)>, running-suspended-NotVisible"),
    ]

    static let frontBoard: [AppleMessage] = [
        AppleMessage(
            id: "fb-task-state", shape: .subjectThen("Setting process task state to: "), meaning: .taskState, writers: ["SpringBoard (FrontBoard)"],
            first: 14, source: "FrontBoard FBProcess (`Setting process task state to: %{public}@`); iOS 14.5 capture",
            example: "[application<com.example.notes>:432] Setting process task state to: Suspended"),
        AppleMessage(
            id: "fb-visibility", shape: .subjectThen("Setting process visibility to: "), meaning: .visibility, writers: ["SpringBoard (FrontBoard)"],
            first: 14, source: "FrontBoard FBProcess (`Setting process visibility to: %{public}@`); iOS 14.5 capture",
            example: "[application<com.example.notes>:432] Setting process visibility to: Background"),
        AppleMessage(
            id: "fb-process-exited", shape: .subjectThen("Process exited"), meaning: .exited, writers: ["SpringBoard (FrontBoard)"], first: 13,
            source: "FrontBoard FBProcess (`%{public}@ Process exited: %{public}@.`); captures of iOS 15–18",
            example: "[application<com.example.notes>:1101] Process exited: <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGABRT(6)>>."),
    ]

    static let springBoard: [AppleMessage] = [
        AppleMessage(
            id: "sb-process-state", shape: .bundleAfter("Application process state changed for "), meaning: .processState,
            writers: ["SpringBoard"], first: 14, source: "SpringBoard; iOS 14 capture",
            example: "Application process state changed for com.example.notes: <SBApplicationProcessState: 0x281a5ea00; pid: 1957; taskState: Running; visibility: Background>"),
        AppleMessage(
            id: "sb-application-state-terminated", shape: .bundleBefore("application state changed to Terminated"),
            meaning: .exitReported(detail: "application state changed to Terminated"), writers: ["SpringBoard (UserNotificationsServer)"], first: 14,
            source: "SpringBoard's notification server; iOS 14.5 capture",
            example: "[com.example.notes] com.example.notes application state changed to Terminated"),
    ]

    /// iOS 4–9: SpringBoard, backboardd and launchd named the executable or launchd's job.
    static let legacy: [AppleMessage] = [
        AppleMessage(
            id: "sb-assertions-beyond-permitted-time", shape: .executableBefore("has active assertions beyond permitted time"),
            meaning: .backgroundTimeExpired(who: "SpringBoard"), writers: ["SpringBoard (4–5)", "backboardd (6–7)"], first: 4, last: 7,
            source: "iOS 4 syslog (2010), iOS 6–7 syslog captures",
            example:
                "Notes[4821] has active assertions beyond permitted time: {(<BKProcessAssertion: 0x1d5a0b10> identifier: Called by Notes, from -[AppDelegate save] process: Notes[4821] permittedBackgroundDuration: 600.000000 reason: finishTask owner pid:4821 preventSuspend)}"
        ),
        AppleMessage(
            id: "launchd-job-exited", shape: .launchdJobThen(") Exited: "), meaning: .launchdExited, writers: ["launchd"], first: 4, last: 6,
            source: "iOS 4 syslog (2010)",
            example: "(UIKitApplication:com.example.notes[0xc343][4821]) Exited: Killed"),
        AppleMessage(
            id: "sb-exited-voluntarily", shape: .quotedJobThen("exited voluntarily"), meaning: .exitedVoluntarily, writers: ["SpringBoard"], first: 9,
            last: 9, source: "iOS 9 simulator syslog (2015)",
            example: "Application 'UIKitApplication:com.example.notes[0xeec0]' exited voluntarily."),
        AppleMessage(
            id: "bb-exited-abnormally", shape: .quotedJobThen("exited abnormally with signal "), meaning: .exitedBySignal,
            writers: ["backboardd"], first: 6, last: 7, source: "iOS 6.1.3 and iOS 7 syslog captures (curly or straight quotes)",
            example: "Application ‘UIKitApplication:com.example.notes[0x57b0]’ exited abnormally with signal 9: Killed: 9"),
    ]
}
