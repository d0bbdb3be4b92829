/// An event's attributes: string keys to string values, in the order the trace gave them.
///
/// Events carry a handful of attributes, so a small array beats a dictionary on both
/// memory and speed, and keeps output in the trace's own order.
public struct Attributes: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: String

        @inlinable
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// Inlinable access: readers fill attributes and writers read them record after record,
    /// from other modules.
    @usableFromInline var entries: [Entry]

    /// The attributes the vocabulary defines as numbers: written as JSON numbers when their
    /// value is one (`lifelint events`, `docs/schema/events.schema.json`).
    @inlinable
    public static func isNumeric(key: String) -> Bool {
        switch key {
        case "duration_ms", "bytes", "count", "chars", "pid", "uid": true
        default: false
        }
    }

    public init() { entries = [] }

    public init(dictionaryLiteral elements: (String, String)...) {
        entries = []
        for (key, value) in elements { self[key] = value }
    }

    /// Adds an entry without looking for an existing key: for decoders whose keys are unique
    /// already (a JSON object's members).
    @inlinable
    package mutating func appendUnique(key: String, value: String) {
        entries.append(Entry(key: key, value: value))
    }

    @inlinable
    package mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    public var isEmpty: Bool { entries.isEmpty }

    /// A key that appears more than once (only `appendUnique` can make one), if any.
    package var firstRepeatedKey: String? {
        guard entries.count > 1 else { return nil }
        if entries.count <= 16 {
            for index in entries.indices.dropFirst() where entries[..<index].contains(where: { $0.key == entries[index].key }) { return entries[index].key }
            return nil
        }
        var seen = Set<String>()
        return entries.first { !seen.insert($0.key).inserted }?.key
    }
    public var count: Int { entries.count }

    /// Reading a missing key gives nil; assigning nil removes the key; assigning an existing
    /// key replaces its value in place.
    public subscript(key: String) -> String? {
        // By index: `first(where:)` copied each entry it looked at (two strings).
        get {
            for index in entries.indices where entries[index].key == key { return entries[index].value }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case let (index?, value?): entries[index].value = value
            case let (index?, nil): entries.remove(at: index)
            case let (nil, value?): entries.append(Entry(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Where the key's entry is, if any: with `subscript(valueAt:)`, for callers that test a
    /// value where it lies instead of taking a copy, on every event.
    @inlinable
    public func position(ofKey key: String) -> Int? {
        for index in entries.indices where entries[index].key == key { return index }
        return nil
    }

    /// The value of the entry at a position `position(ofKey:)` gave, lent rather than copied.
    @inlinable
    public subscript(valueAt position: Int) -> String {
        _read { yield entries[position].value }
    }

    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }

    /// The attributes as a dictionary, for callers that compare or look up many keys.
    public var dictionary: [String: String] {
        Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}

extension Attributes {
    /// How much of a value a message, label or note repeats: a value can be megabytes (a
    /// line that runs on), and every report, each finding and each tooltip would repeat it.
    public static let shownLength = 160

    /// `value`, cut to `shownLength` characters, saying how much was left out.
    public static func shown(_ value: some StringProtocol) -> String {
        guard value.utf8.count > shownLength, let cut = value.index(value.startIndex, offsetBy: shownLength, limitedBy: value.endIndex), cut < value.endIndex else {
            return String(value)
        }
        return String(value[..<cut]) + "… (\(value.utf8.count) bytes)"
    }
}
