/// Seeded synthetic traces in the structured containers, shaped like what exporters write:
/// lifelint event JSON Lines, a Chrome trace (`{"traceEvents": [...]}`, mostly ordinary
/// slices with arguments, a few lifecycle slices and lifelint instants), an XML plist of
/// events, and `log show` text (mostly ordinary lines, one in five naming an app's pid, 3 %
/// RunningBoard and FrontBoard state changes of 200 apps).
struct SyntheticContainers {
    private var random: SplitMix64
    private var microseconds: Int64 = 1_704_700_800_000_000

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private static let names = ["persist.begin", "persist.end", "input.edited", "socket.send", "screen.shown", "sync.resync", "request.begin", "request.end"]

    mutating func appendJSONLine(to buffer: inout [UInt8]) {
        microseconds += Int64(random.next(upTo: 5000))
        let name = Self.names[random.next(upTo: Self.names.count)]
        let pid = 4000 + random.next(upTo: 8)
        let line =
            #"{"time":\#(microseconds / 1_000_000).\#(pad(Int(microseconds % 1_000_000), 6)),"event":"\#(name)","app":"com.example.app\#(pid % 4)","pid":\#(pid),"platform":"android","attrs":{"key":"draft-\#(random.next(upTo: 100))","bytes":\#(random.next(upTo: 100_000)),"ok":true}}"#
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
    }

    mutating func appendChromeEvent(to buffer: inout [UInt8], first: Bool) {
        microseconds += Int64(random.next(upTo: 400))
        let pid = 4000 + random.next(upTo: 8)
        let roll = random.next(upTo: 100)
        let event: String
        if roll < 2 {
            event =
                #"{"name":"\#(Self.names[random.next(upTo: Self.names.count)])","cat":"lifelint","ph":"i","s":"t","ts":\#(microseconds),"pid":\#(pid),"tid":\#(pid),"args":{"key":"draft","bytes":\#(random.next(upTo: 5000))}}"#
        } else if roll < 4 {
            let slice = ["activityStart", "activityResume", "activityPause", "activityStop"][random.next(upTo: 4)]
            event = #"{"name":"\#(slice)","cat":"android","ph":"X","ts":\#(microseconds),"dur":\#(random.next(upTo: 20000)),"pid":\#(pid),"tid":\#(pid)}"#
        } else {
            event =
                #"{"name":"Choreographer#doFrame \#(random.next(upTo: 100000))","cat":"gfx,view","ph":"X","ts":\#(microseconds),"dur":\#(random.next(upTo: 16000)),"pid":\#(pid),"tid":\#(pid + random.next(upTo: 20)),"args":{"frame":\#(random.next(upTo: 1_000_000)),"vsync":"\#(microseconds - 100)","layers":[1,2,3]}}"#
        }
        if !first { buffer.append(UInt8(ascii: ",")) }
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(contentsOf: event.utf8)
    }

    mutating func appendPlistRecord(to buffer: inout [UInt8]) {
        microseconds += Int64(random.next(upTo: 5000))
        let name = Self.names[random.next(upTo: Self.names.count)]
        let record = """
            \t<dict>
            \t\t<key>time</key><real>\(microseconds / 1_000_000).\(pad(Int(microseconds % 1_000_000), 6))</real>
            \t\t<key>event</key><string>\(name)</string>
            \t\t<key>app</key><string>com.example.journal</string>
            \t\t<key>pid</key><integer>811</integer>
            \t\t<key>attrs</key><dict><key>key</key><string>entry-\(random.next(upTo: 100))</string><key>bytes</key><integer>\(random.next(upTo: 100_000))</integer></dict>
            \t</dict>

            """
        buffer.append(contentsOf: record.utf8)
    }

    private static let appleNoise = [
        "runningboardd: (RunningBoard) [com.apple.runningboard:general] RBSStateCapture remove item called for untracked item <RBProcessMonitorObserver| qos:0>",
        "kernel: (AppleACPIPlatform) [com.apple.kernel:default] AppleACPICPU: ProcessorId=3 LocalApicId=6 Enabled",
        "Notes: (UIKitCore) [com.apple.UIKit:Scene] Scene update: reason=foreground-update",
        "mediaserverd: (MediaExperience) [com.apple.amp.mediaremote:MediaRemote] Client com.x.app with pid '812' is now Foreground Running",
        "SpringBoard: (FrontBoard) [com.apple.FrontBoard:Common] Hit the server for a process handle 19aed2300000a17 that resolved to: [application<com.x.app>:812]",
    ]

    mutating func appendAppleLogLine(to buffer: inout [UInt8]) {
        microseconds += Int64(random.next(upTo: 5000))
        let app = random.next(upTo: 200)
        let message: String
        switch random.next(upTo: 100) {
        case 0:
            message =
                "runningboardd: (RunningBoard) [com.apple.runningboard:monitor] Calculated state for application<com.x.app\(app)>: running-active (role: UserInteractiveFocal)"
        case 1: message = "SpringBoard: (FrontBoard) [com.apple.FrontBoard:Process] [application<com.x.app\(app)>:\(1000 + app)] Setting process visibility to: Background"
        case 2: message = "runningboardd: (RunningBoard) [com.apple.runningboard:process] [application<com.x.app\(app)>:\(1000 + app)] Suspending task."
        default: message = Self.appleNoise[random.next(upTo: Self.appleNoise.count)]
        }
        let seconds = microseconds / 1_000_000
        let time = "2024-01-08 \(pad(Int(seconds / 3600 % 24), 2)):\(pad(Int(seconds / 60 % 60), 2)):\(pad(Int(seconds % 60), 2)).\(pad(Int(microseconds % 1_000_000), 6))-0700"
        buffer.append(contentsOf: "\(time) 0x2b1c     Default     0x0                  33     0    \(message)\n".utf8)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
