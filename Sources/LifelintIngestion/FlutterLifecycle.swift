@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Flutter's lifecycle as apps print it (docs/formats.md §11): `AppLifecycleState.paused`, from
/// `WidgetsBindingObserver.didChangeAppLifecycleState`, on Android under the `flutter` tag and
/// on iOS in the console. Each state is one `flutter.<state>` event.
enum FlutterLifecycle {
    static let states = ["resumed", "inactive", "hidden", "paused", "detached"]
    private static let marker: StaticString = "AppLifecycleState."
    private static let callbackName: StaticString = "didChangeAppLifecycleState"

    /// The state a message names, if it names one: `AppLifecycleState.paused`, or the callback's
    /// name then the state (`didChangeAppLifecycleState paused`).
    static func state(in message: Span<UInt8>) -> String? {
        var start: Int
        if var found = ByteSearch.firstIndex(of: marker, in: message, from: 0) {
            // `changed from AppLifecycleState.paused to AppLifecycleState.resumed`: the last is the new state.
            while let next = ByteSearch.firstIndex(of: marker, in: message, from: found + marker.utf8CodeUnitCount) { found = next }
            start = found + marker.utf8CodeUnitCount
        } else {
            guard let found = ByteSearch.firstIndex(of: callbackName, in: message, from: 0) else { return nil }
            start = found + callbackName.utf8CodeUnitCount
            while start < message.count, message[start] == .space || message[start] == .colon || message[start] == UInt8(ascii: "=") { start += 1 }
        }
        let end = message.extracting(start...).firstIndex { !$0.isASCIILetter }.map { start + $0 } ?? message.count
        let word = message.text(start..<end)
        return states.contains(word) ? word : nil
    }

    static func eventName(_ state: String) -> EventName { EventName("flutter." + state) }
}
