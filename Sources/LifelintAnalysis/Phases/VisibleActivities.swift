/// An app's visible activities, each with its count of instances. An app shows one or two at a
/// time, so they are kept in a short array searched by equality: a dictionary hashed the
/// activity's name on every callback, twice when the count changed.
struct VisibleActivities {
    private var entries: [(key: AppLifecycle.ActivityKey, count: Int)] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    /// The activity shown first of those still visible.
    var firstKey: AppLifecycle.ActivityKey? { entries.first?.key }

    /// The count of the activity's visible instances, nil when none is; nil removes it.
    subscript(key: AppLifecycle.ActivityKey) -> Int? {
        get { entries.firstIndex { $0.key == key }.map { entries[$0].count } }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case let (index?, count?): entries[index].count = count
            case let (index?, nil): entries.remove(at: index)
            case let (nil, count?): entries.append((key, count))
            case (nil, nil): break
            }
        }
    }
}
