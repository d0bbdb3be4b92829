import Foundation
import Testing

@testable import LifelintAnalysis
@testable import LifelintIngestion
@testable import LifelintModel

/// Tombstones, text and protobuf: each crash that ended an app's process is one death with its
/// signal and debuggerd's reading of it; dumps that end nothing are not deaths.
@Suite struct TombstoneTests {
    private static func deaths(_ path: String) throws -> [String] {
        try TraceReader.events(atPath: path).events.map { event in
            let fields = [
                event.name.rawValue, event.app, event.pid.map(String.init), event.tid.map(String.init), event.attributes["process"],
                event.attributes["thread"], event.attributes["reason"], event.attributes["detail"], event.time.iso8601,
                "line \(event.source.line)",
            ]
            return fields.map { $0 ?? "-" }.joined(separator: " | ")
        }
    }

    /// A file of several tombstones: an app's crash, a native daemon's, a dump a developer asked
    /// for (signal 35), a GWP-ASan report on Android 14 (recoverable: the app runs on), and an
    /// Android 8 crash with neither `Timestamp:` nor `Cmdline:`.
    @Test func aTextTombstoneIsADeathOnlyWhenItEndedAnAppsProcess() throws {
        let path = TraceFixture.fixturePath("tombstone/tombstones.txt")
        #expect(
            try Self.deaths(path) == [
                "process.died | com.example.camera | 3911 | 3925 | - | FrameWorker | crash | native crash: SIGSEGV (SEGV_MAPERR): null pointer dereference | 2024-01-08T09:20:11.403118293+01:00 | line 10",
                "process.died | com.example.game | 7001 | 7020 | com.example.game:render | GLThread 41 | crash | native crash: SIGABRT (SI_TKILL): texture upload failed | - | line 67",
            ])
        let summary = try TraceReader.events(atPath: path).summary
        #expect(summary.format == "tombstone" && summary.reportsDeathsOnly && summary.lines == 72 && summary.structuralLines == 5)
    }

    @Test func gwpAsanBeforeAndroid14EndedTheProcess() throws {
        let text = """
            *** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***
            Build fingerprint: 'google/redfin/redfin:13/TQ3A.230901.001/10750268:user/release-keys'
            Timestamp: 2024-01-08 09:26:44.010000000+0100
            Cmdline: com.example.notes
            pid: 4242, tid: 4290, name: SyncWorker  >>> com.example.notes <<<
            uid: 10187
            signal 11 (SIGSEGV), code 2 (SEGV_ACCERR), fault addr 0x00007b2c4a1e0010
            Cause: [GWP-ASan]: Use After Free, 0 bytes into a 64-byte allocation at 0x7b2c4a1e0010

            """
        let events = try TraceFixture.ingest(text, name: "tombstone_04").events
        #expect(events.map(\.attributes["detail"]) == ["native crash: SIGSEGV (SEGV_ACCERR): [GWP-ASan]: Use After Free, 0 bytes into a 64-byte allocation at 0x7b2c4a1e0010"])
    }

    /// The protobuf form, encoded by `Fixtures/tombstone/make.py` from AOSP's proto, reads as
    /// its text twin does.
    @Test func aProtobufTombstoneReadsAsItsText() throws {
        #expect(
            try Self.deaths(TraceFixture.fixturePath("tombstone/camera.pb")) == [
                "process.died | com.example.camera | 3911 | 3911 | - | xample.camera | crash | native crash: SIGSEGV (SEGV_MAPERR): null pointer dereference | 2024-01-08T09:20:11.403118293+01:00 | line 1"
            ])
    }

    /// Real tombstones from SDK test data, as labelled by hand from an independent decoding.
    @Test(arguments: [
        (
            "tombstone-bugsnag-android-fixture-01.pb",
            "process.died | com.android.bluetooth | 30555 | 30618 | - | bt_stack_manage | crash | native crash: SIGABRT (SI_QUEUE): assertion 'init_status == std::future_status::ready' failed - Can't start stack, last instance: starting Controller | 2023-07-26T14:39:20.799301385+01:00 | line 1"
        ),
        (
            "tombstone-oculus-quest-beatsaber.tombstone_00",
            "process.died | com.beatgames.beatsaber | 7859 | 7958 | - | UnityMain | crash | native crash: SIGSEGV (SEGV_MAPERR) | 2021-09-18T09:46:46-04:00 | line 9"
        ),
        (
            "tombstone-emu-a16-nativewrapper-test.tombstone_00",
            "process.died | com.example.nativewrapper.test | 20099 | 20113 | - | roidJUnitRunner | crash | native crash: SIGSEGV (SEGV_MAPERR): null pointer dereference | 2026-01-14T21:32:17.933551025+01:00 | line 15"
        ),
        (
            "tombstone-sentry-java-fixture.pb.gz",
            "process.died | io.sentry.samples.android | 21891 | 21891 | - | samples.android | crash | native crash: SIGSEGV (SEGV_MAPERR): null pointer dereference | 2025-11-24T16:26:18.007439439+01:00 | line 1"
        ),
    ])
    func aRealTombstoneSaysItsCrash(name: String, expected: String) throws {
        #expect(try Self.deaths(TraceFixture.fixturePath("review/\(name)")) == [expected])
    }

    /// Real tombstones that end no app's process: a camera daemon (`/vendor/bin/…`, uid 1006),
    /// system_server (no uid line, no dot in its name), a command-line tool run as root (`./ffmpeg`).
    @Test(arguments: [
        "tombstone-lge-g4-mm-qcamera-daemon.tombstone_00", "tombstone-cm13-serranove-system_server.tombstone_00",
        "tombstone-emu-a12-ffmpeg.tombstone.txt",
    ])
    func aRealTombstoneOfNoAppIsNoDeath(name: String) throws {
        let (events, summary) = try TraceReader.events(atPath: TraceFixture.fixturePath("review/\(name)"))
        #expect(events.isEmpty && summary.format == "tombstone")
    }

    /// A tombstone as logcat prints it under `DEBUG`: the death at its signal line, named by its
    /// header; the Zygote and ActivityManager lines after it are the same death.
    @Test func aTombstoneLogcatPrintsIsTheDeathAtItsSignalLine() throws {
        let log = """
            01-08 09:19:02.114  1610  1655 I ActivityManager: Start proc 3911:com.example.camera/u0a190 for top-activity {com.example.camera/com.example.camera.CaptureActivity}
            01-08 09:20:11.398  3911  3911 F libc    : Fatal signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x10 in tid 3911 (xample.camera), pid 3911 (xample.camera)
            01-08 09:20:11.455  3980  3980 F DEBUG   : *** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***
            01-08 09:20:11.455  3980  3980 F DEBUG   : Build fingerprint: 'google/sdk_gphone64_x86_64/emu64xa:14/UE1A.230829.036/10656329:userdebug/dev-keys'
            01-08 09:20:11.455  3980  3980 F DEBUG   : Cmdline: com.example.camera
            01-08 09:20:11.455  3980  3980 F DEBUG   : pid: 3911, tid: 3911, name: xample.camera  >>> com.example.camera <<<
            01-08 09:20:11.455  3980  3980 F DEBUG   : uid: 10190
            01-08 09:20:11.456  3980  3980 F DEBUG   : signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0000000000000010
            01-08 09:20:11.456  3980  3980 F DEBUG   : Cause: null pointer dereference
            01-08 09:20:11.456  3980  3980 F DEBUG   :     rax 0000000000000000  rbx 00007b2c4a1e0010
            01-08 09:20:11.731   612   612 I Zygote  : Process 3911 exited due to signal 11 (Segmentation fault)
            01-08 09:20:11.744  1610  1690 I ActivityManager: Process com.example.camera (pid 3911) has died: fg  TOP
            """
        let deaths = try TraceFixture.ingestNormalized(log).events.filter { $0.name == EventName.processDied }
        #expect(
            deaths.map { "\($0.app) \($0.pid ?? 0) line \($0.source.line): \($0.attributes["detail"] ?? "")" } == [
                "com.example.camera 3911 line 8: native crash: SIGSEGV (SEGV_MAPERR): null pointer dereference"
            ])
    }

    /// Real logcats printing tombstones, as labelled by hand: an app's crash is its death; an
    /// excerpt cut before the signal line, daemons' crashes and an executable an app started
    /// (`>>>  <<<`, no package) are none.
    @Test(arguments: [
        ("tombstone-logcat-sigsegv-libart-frida-core-81.txt", ["com.XXXXX.xxx 5061 line 7 -"]),
        ("tombstone-logcat-sigsegv-x86-houdini-huluwaservice-webapp-1.txt", ["com.hlw.movie 2363 line 7 2024-11-06T14:57:50.904"]),
        ("tombstone-logcat-sigsegv-fault0x1-linphone-android-664.txt", []),
        ("tombstone-lineage15.1-j7y17lte-gpsd.logcat.txt", []),
        ("tombstone-highscreen-p5max-lineage13-daemons.logcat.txt", []),
        ("tombstone-lge-g4-camera-startup-error.logcat.txt", []),
    ])
    func aRealLogcatsTombstoneIsADeathOnlyForAnApp(name: String, expected: [String]) throws {
        let events = try TraceReader.events(atPath: TraceFixture.fixturePath("review/\(name)"), options: TraceReadOptions(year: 2024)).events
        let crashes = events.filter { $0.name == EventName.processDied && $0.attributes["detail"]?.hasPrefix("native crash") == true }
        #expect(crashes.map { "\($0.app) \($0.pid ?? 0) line \($0.source.line) \($0.time.iso8601 ?? "-")" } == expected)
    }

    /// A cut-off protobuf tombstone is an error naming the file; the other inputs are still read.
    @Test func aTruncatedProtobufTombstoneIsAnErrorAndTheRestIsRead() {
        let truncated = TraceFixture.fixturePath("tombstone/camera-truncated.pb")
        let result = runLifelint(["events", "--no-config", truncated, TraceFixture.fixturePath("tombstone/camera.pb")])
        #expect(result.status == .failure)
        #expect(result.diagnostics.contains("lifelint: error: \(truncated):1: not a whole tombstone: a length that runs past the end of its message\n"))
        #expect(result.output.split(separator: "\n").count == 1 && result.output.contains("\"app\":\"com.example.camera\""))
    }

    /// A bugreport's tombstones join its logcat's timeline: the crash the logcat also reports
    /// (libc, Zygote, ActivityManager) is one death, the tombstone's, which says the most; the
    /// protobuf twin of a text tombstone is not read again; a crash only a tombstone holds is
    /// added.
    @Test func aBugreportsTombstonesJoinItsTimelineAsOneDeathEach() throws {
        let path = TraceFixture.fixturePath("tombstone/bugreport-native-crash.zip")
        var events: [Event] = []
        let summary = try EventNormalizer.read(try TraceInput(path: path), options: TraceReadOptions()) { events.append($0) }
        let deaths = events.filter { $0.name == EventName.processDied }
        #expect(
            deaths.map { "\($0.app) \($0.pid ?? 0) \($0.source.path.split(separator: "!").last ?? ""):\($0.source.line)" } == [
                "com.example.camera 3911 FS/data/tombstones/tombstone_00:10", "com.example.maps 5120 FS/data/tombstones/tombstone_01.pb:1",
            ])
        #expect(deaths.first?.time.iso8601 == "2024-01-08T09:20:11.403118293")
        #expect(summary.format == "logcat threadtime+uid (zip) + 1 protobuf tombstone + 1 tombstone")
        #expect(
            summary.bundleEntries.map { "\($0.isRead ? "read" : "skipped") \($0.name): \($0.outcome)" } == [
                "read FS/data/tombstones/tombstone_00: tombstone, 1 event", "read FS/data/tombstones/tombstone_01.pb: protobuf tombstone, 1 event",
                "skipped FS/data/tombstones/tombstone_00.pb: the same crash as tombstone_00, which is read",
            ])
    }
}
