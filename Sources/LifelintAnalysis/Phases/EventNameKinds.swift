import LifelintModel

/// The families of an event's name the phase deriver branches on, worked out once per name (by
/// its process-wide number, `EventName.code`) rather than by comparing prefixes on every event.
struct EventNameKinds {
    struct Kind: OptionSet {
        let rawValue: UInt8
        /// One of the app's own lifecycle callbacks (`scene.*`, `appstate.*`, `flutter.*`).
        static let ownCallback = Kind(rawValue: 1)
        static let activity = Kind(rawValue: 2)
        static let scene = Kind(rawValue: 4)
        static let flutter = Kind(rawValue: 8)
        /// Set on every worked-out entry, so that zero means "not yet".
        fileprivate static let known = Kind(rawValue: 0x80)
    }

    private var kinds: [Kind] = []

    mutating func kind(of name: EventName) -> Kind {
        let code = Int(name.code)
        guard code >= 0 else { return Self.classify(name) }
        if code < kinds.count, kinds[code].contains(.known) { return kinds[code] }
        if code >= kinds.count { kinds.append(contentsOf: repeatElement(Kind(), count: code + 1 - kinds.count)) }
        kinds[code] = Self.classify(name).union(.known)
        return kinds[code]
    }

    private static func classify(_ name: EventName) -> Kind {
        var kind = Kind()
        if name.hasPrefix("activity.") { kind.insert(.activity) }
        if name.hasPrefix("scene.") { kind.formUnion([.scene, .ownCallback]) }
        if name.hasPrefix("flutter.") { kind.formUnion([.flutter, .ownCallback]) }
        if name.hasPrefix("appstate.") { kind.insert(.ownCallback) }
        return kind
    }
}
