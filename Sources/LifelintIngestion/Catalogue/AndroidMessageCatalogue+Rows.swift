/// The catalogue's entries. Sources are frameworks/base paths (`am/` is
/// `services/core/java/com/android/server/am/`, `wm/` its `wm/` sibling) or lmkd's and Zygote's
/// native sources; a vendor's form names the capture it was seen in.
extension AndroidMessageCatalogue {
    static let rows: [Row] = processStarts + processDeaths + responsiveness + bindersAndServices + foregroundServices + jobs + naming

    static let processStarts: [Row] = [
        Row(
            id: "am-start-proc", pattern: "Start proc {pid}:{process}/{user} for {target}", meaning: .processStarted, first: 24,
            source: "am/ActivityManagerService.java (7.0–9), am/ProcessList.java (10+); 5.1 and 6 not checked",
            example: "Start proc 4242:com.example.notes/u0a187 for top-activity {com.example.notes/com.example.notes.EditorActivity}"),
        Row(
            id: "am-start-proc-legacy", pattern: "Start proc {process} for {target}: pid={pid} uid={uid} gids={detail}", meaning: .processStarted,
            first: 19, last: 21, source: "am/ActivityManagerService.java (5.0 may add ` [entryPoint]` and ` abi=…`)",
            example:
                "Start proc com.android.vending for broadcast com.android.vending/com.google.android.finsky.receivers.FlushLogsReceiver: pid=10383 uid=10171 gids={50171, 3003, 1028, 1015}"
        ),
    ]

    static let processDeaths: [Row] = [
        Row(
            id: "am-killing", pattern: "Killing {pid}:{process}/{user} (adj {adj}): {reason}", meaning: .processKilled, first: 19,
            source: "am/ProcessRecord.java, am/ProcessList.java",
            example: "Killing 8552:android.process.media/u0a6 (adj 15): empty #17"),
        Row(
            id: "am-killing-proc", pattern: "Killing proc {pid}:{process}/{user}: {reason}", meaning: .processKilled, first: 14, last: 18,
            source: "am/ActivityManagerService.java before 4.4 (not in 4.4's; the 4.0–4.3 forms were not checked against a tag)",
            example: "Killing proc 2416:com.example.notes/u0a187: force stop com.example.notes"),
        Row(
            id: "am-killing-other", pattern: "Killing {pid}:{process}{detail}", meaning: .processKilled, first: 19,
            source: "am/ProcessRecord.java, am/ProcessList.java; vendors' own reasons",
            example: "Killing 30163:com.example.notes/u0a281: remove task"),
        Row(
            id: "am-process-died", pattern: "Process {process} (pid {pid}) has died{detail}", meaning: .processDied(.unknown), first: 19,
            source: "am/ActivityManagerService.java (`has died.` in 4.4, `has died: <adj> <state>` from 8.0; also `has died and restarted (pid N)`)",
            example: "Process com.example.notes (pid 4242) has died: cch+15 CEM"),
        Row(
            id: "am-no-longer-want", pattern: "No longer want {process} (pid {pid}): {reason}", meaning: .noLongerWanted, first: 14, last: 20,
            source: "am/ActivityManagerService.java (updateOomAdjLocked; not checked against a tag)",
            example: "No longer want com.google.android.gms.wearable (pid 8931): hidden #16"),
        Row(
            id: "am-force-stopping", pattern: "Force stopping {package} appid={number} user={user}: {reason}", meaning: .packageForceStopped,
            first: 19, source: "am/ActivityManagerService.java (forceStopPackageLocked)",
            example: "Force stopping com.example.notes appid=10187 user=0: from pid 4321"),
        Row(
            id: "am-force-stopping-legacy", pattern: "Force stopping package {package} uid={uid}", meaning: .packageForceStopped, first: 14, last: 16,
            source: "am/ActivityManagerService.java (forceStopPackageLocked) before 4.2 (not checked against a tag)",
            example: "Force stopping package com.example.notes uid=10187"),
        Row(
            id: "lmkd-kill", pattern: "Kill '{process}' ({pid}){detail}", meaning: .processDied(.lowMemory), writers: [.lowMemoryKiller], first: 29,
            source: "system/memory/lmkd/lmkd.cpp (`oom_adj` in 10–11, `; reason:` from 11, `oom_score_adj` with rss and swap from 12)",
            example: "Kill 'com.example.notes' (4242), uid 10187, oom_score_adj 905 to free 88312kB rss, 10240kB swap; reason: low watermark is breached"),
        Row(
            id: "lowmemorykiller-killing", pattern: "Killing '{process}' ({pid}){detail}", meaning: .processDied(.lowMemory), writers: [.lowMemoryKiller],
            first: 19, last: 28, source: "system/memory/lmkd/lmkd.cpp (5.0–9); the kernel's drivers/staging/android/lowmemorykiller.c",
            example: "Killing 'com.example.notes' (4242), adj 906, to free 52120kB on behalf of 'kswapd0' (91)"),
        Row(
            id: "zygote-exited", pattern: "Process {pid} exited {detail}", meaning: .processExited, writers: [.zygote], first: 21,
            source: "core/jni/com_android_internal_os_Zygote.cpp (SigChldHandler: `signal (N)` and no SIGKILL before 10, `signal N (name)` from 10)",
            example: "Process 4242 exited due to signal 9 (Killed)"),
        Row(
            id: "runtime-fatal-exception", pattern: "FATAL EXCEPTION{detail}", meaning: .crashBegins, writers: [.androidRuntime], first: 19,
            source: "core/java/com/android/internal/os/RuntimeInit.java", example: "FATAL EXCEPTION: main"),
        Row(
            id: "runtime-process", pattern: "Process: {process}, PID: {pid}", meaning: .crashNamesProcess, writers: [.androidRuntime], first: 19,
            source: "core/java/com/android/internal/os/RuntimeInit.java", example: "Process: com.example.notes, PID: 4242"),
        Row(
            id: "am-freezing", pattern: "freezing {pid} {process}", meaning: .frozen(true), first: 33,
            source: "am/CachedAppOptimizer.java", example: "freezing 4242 com.example.notes"),
        Row(
            id: "am-froze", pattern: "froze {pid} {process}", meaning: .frozen(true), first: 30, last: 32,
            source: "am/CachedAppOptimizer.java (debug builds only in 11)", example: "froze 4242 com.example.notes"),
        Row(
            id: "am-sync-unfroze", pattern: "sync unfroze {pid} {process}{detail}", meaning: .frozen(false), first: 30,
            source: "am/CachedAppOptimizer.java (` for <reason>` from 14)", example: "sync unfroze 4242 com.example.notes for 7"),
        Row(
            id: "am-unfroze", pattern: "unfroze {pid} {process}", meaning: .frozen(false), first: 30,
            source: "vendors' freezers (not in AOSP's CachedAppOptimizer)", example: "unfroze 4242 com.example.notes"),
        Row(
            id: "am-unfreezing", pattern: "unfreezing {pid} {process}", meaning: .frozen(false), first: 30,
            source: "vendors' freezers (not in AOSP's CachedAppOptimizer)", example: "unfreezing 4242 com.example.notes"),
    ]

    static let responsiveness: [Row] = [
        Row(
            id: "am-anr-in", pattern: "ANR in {process}{detail}", meaning: .notResponding, underAnyTag: true, first: 19,
            source:
                "am/ActivityManagerService.java (4.4–7), am/AppErrors.java (8–11), am/ProcessErrorStateRecord.java (12+); MediaTek's AnrManagerService logs it under AnrManager with `, time=`",
            example: "ANR in com.example.notes (com.example.notes/.EditorActivity)"),
        Row(
            id: "am-service-timeout", pattern: "Timeout executing service: {record}{detail}", meaning: .notResponding, underAnyTag: true, first: 19,
            source: "am/ActiveServices.java (serviceTimeout)",
            example: "Timeout executing service: ServiceRecord{5b2c1e3 u0 com.example.notes/.SyncJobService}"),
        Row(
            id: "am-broadcast-timeout", pattern: "Timeout of broadcast {record}{detail}", meaning: .broadcastTimedOut,
            writers: [.activityManager, .broadcastQueue], first: 19,
            source: "am/BroadcastQueue.java (broadcastTimeoutLocked; under BroadcastQueue from 5.0), am/BroadcastQueueModernImpl.java (14+)",
            example: "Timeout of broadcast BroadcastRecord{da7c670 u0 ALARM_ACTION(1540)} - receiver=android.os.BinderProxy@9b3f640, started 60001ms ago"),
        Row(
            id: "am-broadcast-receiver-during-timeout", pattern: "Receiver during timeout: {detail}", meaning: .timedOutReceiver,
            writers: [.activityManager, .broadcastQueue], first: 19, source: "am/BroadcastQueue.java (broadcastTimeoutLocked)",
            example: "Receiver during timeout: ResolveInfo{4a3c5e8 com.example.notes/.SyncReceiver m=0x108000}"),
        Row(
            id: "am-crashing-skipping-anr", pattern: "Crashing app skipping ANR: {record}{detail}", meaning: .anrSkipped, first: 19,
            source: "am/ActivityManagerService.java (4.4–7), am/AppErrors.java (8–11), am/ProcessErrorStateRecord.java (12+)",
            example: "Crashing app skipping ANR: ProcessRecord{406178a8 19902:com.example.notes/10034} Executing service com.example.notes/.SyncService"),
        Row(
            id: "am-killed-skipping-anr", pattern: "App already killed by AM skipping ANR: {record}{detail}", meaning: .anrSkipped, first: 28,
            source: "am/AppErrors.java (9–11), am/ProcessErrorStateRecord.java (12+)",
            example: "App already killed by AM skipping ANR: ProcessRecord{406178a8 19902:com.example.notes/u0a34} Executing service com.example.notes/.SyncService"),
        Row(
            id: "am-shutdown-skipping-anr", pattern: "During shutdown skipping ANR: {record}{detail}", meaning: .anrSkipped, first: 19,
            source: "am/ActivityManagerService.java (4.4–7), am/AppErrors.java (8–11), am/ProcessErrorStateRecord.java (12+)",
            example: "During shutdown skipping ANR: ProcessRecord{406178a8 19902:com.example.notes/u0a34} Executing service com.example.notes/.SyncService"),
        Row(
            id: "wm-input-dispatching-timed-out", pattern: "Input event dispatching timed out sending to {component}{detail}", meaning: .notResponding,
            writers: [.systemServer], first: 19, last: 30,
            source: "wm/InputMonitor.java (notifyANR, 4.4–11; under WindowManager), before the ANR report",
            example:
                "Input event dispatching timed out sending to com.example.notes/com.example.notes.EditorActivity.  Reason: bd1b1a com.example.notes/com.example.notes.EditorActivity (server) is not responding. Waited 5036ms for MotionEvent"
        ),
        Row(
            id: "anr-reason-executing-service", pattern: "executing service {component}", meaning: .anrReason, writers: [], first: 19,
            source: "am/ActiveServices.java (serviceTimeout: the ANR's reason; Play Console titles ANR clusters with it)",
            example: "executing service com.example.notes/.SyncJobService"),
        Row(
            id: "anr-reason-broadcast", pattern: "Broadcast of Intent {detail}", meaning: .anrReason, writers: [], first: 19,
            source: "am/BroadcastQueue.java (broadcastTimeoutLocked), am/BroadcastQueueModernImpl.java (14+)",
            example: "Broadcast of Intent { act=android.intent.action.SCREEN_OFF flg=0x50200010 }"),
        Row(
            id: "anr-reason-input", pattern: "Input dispatching timed out{detail}", meaning: .anrReason, writers: [], first: 19,
            source: "am/ActivityManagerService.java (inputDispatchingTimedOut, 4.4–11), os/TimeoutRecord.java (12+)",
            example:
                "Input dispatching timed out (Waiting to send non-key event because the touched window has not finished processing certain input events that were delivered to it over 500.0ms ago.)"
        ),
        Row(
            id: "anr-reporter-title", pattern: "ApplicationNotResponding: {detail}", meaning: .anrReason, writers: [], first: 19,
            source: "crash reporters' error class for an ANR (Bugsnag's AnrPlugin, Sentry's ANR integration), their events' titles",
            example: "ApplicationNotResponding: Input dispatching timed out"),
        Row(
            id: "wm-pause-timeout", pattern: "Activity pause timeout for {record}", meaning: .callbackTimeout(.pause), first: 19,
            source: "am/ActivityStack.java under ActivityManager (4.4–9), wm/ActivityRecord.java under ActivityTaskManager (10+)",
            example: "Activity pause timeout for ActivityRecord{aa73cbf u0 com.example.notes/.EditorActivity t2594}"),
        Row(
            id: "wm-stop-timeout", pattern: "Activity stop timeout for {record}", meaning: .callbackTimeout(.stop), first: 19,
            source: "am/ActivityStack.java under ActivityManager (4.4–9), wm/ActivityRecord.java under ActivityTaskManager (10+)",
            example: "Activity stop timeout for ActivityRecord{6f6b5b2 u0 com.example.notes/.EditorActivity t2594}"),
        Row(
            id: "wm-destroy-timeout", pattern: "Activity destroy timeout for {record}", meaning: .callbackTimeout(.destroy), first: 19,
            source: "am/ActivityStack.java under ActivityManager (4.4–9), wm/ActivityRecord.java under ActivityTaskManager (10+)",
            example: "Activity destroy timeout for ActivityRecord{6f6b5b2 u0 com.example.notes/.EditorActivity t2594 f}"),
        Row(
            id: "wm-top-resumed-timeout", pattern: "Activity top resumed state loss timeout for {record}", meaning: .callbackTimeout(.topResumedLost),
            first: 29, source: "wm/ActivityStackSupervisor.java (10), wm/ActivityTaskSupervisor.java (12+)",
            example: "Activity top resumed state loss timeout for ActivityRecord{6f6b5b2 u0 com.example.notes/.EditorActivity t2594}"),
        Row(
            id: "am-force-finishing", pattern: "  Force finishing activity {detail}", meaning: .finishingActivity, first: 19,
            source: "am/ActivityStack.java under ActivityManager (4.4–9), wm/ActivityRecord.java under ActivityTaskManager (10+)",
            example: "  Force finishing activity com.example.notes/.EditorActivity"),
    ]

    static let bindersAndServices: [Row] = [
        Row(
            id: "binder-failed-transaction", pattern: "!!! FAILED BINDER TRANSACTION !!!{detail}", meaning: .binderFailure, writers: [.javaBinder],
            first: 19, source: "core/jni/android_util_Binder.cpp (signalExceptionForError; `(parcel size = N)` from 7.0)",
            example: "!!! FAILED BINDER TRANSACTION !!!  (parcel size = 532072)"),
        Row(
            id: "transaction-too-large", pattern: "TransactionTooLargeException{detail}", meaning: .transactionTooLarge, writers: [], anywhere: true,
            first: 15, source: "core/java/android/os/TransactionTooLargeException.java, core/jni/android_util_Binder.cpp",
            example: "java.lang.RuntimeException: android.os.TransactionTooLargeException: data parcel size 1048860 bytes"),
        Row(
            id: "fgs-start-not-allowed", pattern: "ForegroundServiceStartNotAllowedException{detail}", meaning: .foregroundServiceStartNotAllowed,
            writers: [], anywhere: true, first: 31, source: "core/java/android/app/ForegroundServiceStartNotAllowedException.java, am/ActiveServices.java",
            example:
                "android.app.ForegroundServiceStartNotAllowedException: startForegroundService() not allowed due to mAllowStartForeground false: service com.example.notes/.SyncService"
        ),
    ]

    static let foregroundServices: [Row] = [
        Row(
            id: "fgs-did-not-start", pattern: "Context.startForegroundService() did not then call Service.startForeground(){detail}",
            meaning: .foregroundServiceDidNotStart, writers: [], anywhere: true, first: 26,
            source: "am/ActiveServices.java: the ANR's reason (8.0–15) and the crash's message (RemoteServiceException, 8.0–11; ForegroundServiceDidNotStartInTimeException, 12+)",
            example:
                "android.app.RemoteServiceException: Context.startForegroundService() did not then call Service.startForeground(): ServiceRecord{4ad1e0c u0 com.example.notes/.UploadService}"
        ),
        Row(
            id: "fgs-did-not-start-exception", pattern: "ForegroundServiceDidNotStartInTimeException{detail}", meaning: .foregroundServiceDidNotStart,
            writers: [], anywhere: true, first: 31, source: "core/java/android/app/ForegroundServiceDidNotStartInTimeException.java (a crash reporter's title names it alone)",
            example: "Fatal Exception: android.app.RemoteServiceException$ForegroundServiceDidNotStartInTimeException"),
        Row(
            id: "fgs-type-did-not-stop", pattern: "A foreground service of type {type} did not stop within its timeout{detail}", meaning: .foregroundServiceTimedOut,
            writers: [], anywhere: true, first: 35, source: "am/ActiveServices.java (the crash's message, or ActivityManager's when the crash is off)",
            example:
                "android.app.RemoteServiceException$ForegroundServiceDidNotStopInTimeException: A foreground service of type dataSync did not stop within its timeout: ComponentInfo{com.example.notes/com.example.notes.SyncService}"
        ),
        Row(
            id: "fgs-did-not-stop-exception", pattern: "ForegroundServiceDidNotStopInTimeException{detail}", meaning: .foregroundServiceTimedOut,
            writers: [], anywhere: true, first: 35, source: "core/java/android/app/ForegroundServiceDidNotStopInTimeException.java",
            example: "Fatal Exception: android.app.RemoteServiceException$ForegroundServiceDidNotStopInTimeException"),
        Row(
            id: "fgs-short-service-timeout", pattern: "A foreground service of FOREGROUND_SERVICE_TYPE_SHORT_SERVICE did not stop within a timeout{detail}",
            meaning: .foregroundServiceTimedOut, writers: [], anywhere: true, first: 34, source: "am/ActiveServices.java (the ANR's reason)",
            example:
                "Reason: A foreground service of FOREGROUND_SERVICE_TYPE_SHORT_SERVICE did not stop within a timeout: ComponentInfo{com.example.notes/com.example.notes.ShortTaskService}"
        ),
        Row(
            id: "fgs-short-service-anr", pattern: "Short FGS ANR'ed: {record}", meaning: .foregroundServiceTimedOut, first: 34,
            source: "am/ActiveServices.java", example: "Short FGS ANR'ed: ServiceRecord{c0ffee1 u0 com.example.notes/.ShortTaskService c:com.example.notes}"),
    ]

    static let jobs: [Row] = [
        Row(
            id: "job-client-timed-out", pattern: "Client timed out while executing (no jobFinished received){detail}", meaning: .jobStopped(dropped: false),
            writers: [.jobScheduler], first: 21, source: "com/android/server/job/JobServiceContext.java (`. sending onStop.`, `, sending onStop:`, `. Sending onStop:`)",
            example: "Client timed out while executing (no jobFinished received). Sending onStop: 7d1c2aa #u0a187/42 com.example.notes/.SyncJobService"),
        Row(
            id: "job-no-response-start", pattern: "No response from client for onStartJob{detail}", meaning: .jobStopped(dropped: true),
            writers: [.jobScheduler], first: 21, last: 33, source: "com/android/server/job/JobServiceContext.java",
            example: "No response from client for onStartJob 7d1c2aa #u0a187/42 com.example.notes/.SyncJobService"),
        Row(
            id: "job-bind-timeout", pattern: "Time-out while trying to bind{detail}", meaning: .jobStopped(dropped: true),
            writers: [.jobScheduler], first: 21, last: 33, source: "com/android/server/job/JobServiceContext.java",
            example: "Time-out while trying to bind 7d1c2aa #u0a187/42 com.example.notes/.SyncJobService, dropping."),
        Row(
            id: "job-no-response-start-14", pattern: "No response to onStartJob for{detail}", meaning: .jobStopped(dropped: true),
            writers: [.jobScheduler], first: 34, source: "com/android/server/job/JobServiceContext.java",
            example: "No response to onStartJob for 7d1c2aa #u0a187/42 com.example.notes/.SyncJobService"),
        Row(
            id: "job-bind-timeout-14", pattern: "Timed out while trying to bind for{detail}", meaning: .jobStopped(dropped: true),
            writers: [.jobScheduler], first: 34, source: "com/android/server/job/JobServiceContext.java",
            example: "Timed out while trying to bind for 7d1c2aa #u0a187/42 com.example.notes/.SyncJobService"),
    ]

    static let naming: [Row] = [
        Row(
            id: "activity-thread-app-info", pattern: "ApplicationInfo updating for {package}, {detail}", meaning: .namesProcess, writers: [.processNaming],
            first: 26, source: "core/java/android/app/ActivityThread.java (handleApplicationInfoChanged)",
            example: "ApplicationInfo updating for com.example.notes, new timestamp: 1704705265000 nativeLibDir: /data/app/com.example.notes/lib/arm64"),
        Row(
            id: "mediatek-power-hal", pattern: "[perfNotifyAppState] pack:{package},{detail} pid:{pid}", meaning: .namesProcess, writers: [.processNaming],
            first: 26, source: "MediaTek libPowerHal (vendor), seen in captures from MediaTek devices",
            example: "[perfNotifyAppState] pack:com.example.notes, act:com.example.notes.EditorActivity, state:1, pid:4242, uid:10187, fps:60"),
    ]
}
