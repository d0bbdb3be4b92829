import LifelintModel

/// The members the parser lists for each record, in storage reused from record to record.
/// Appending is a store: members are plain values (ranges and pointers into the read buffer),
/// and the one ingestor that owns a list is its only user, so there is no copy-on-write check,
/// no retain and nothing to destroy.
final class JSONMemberList {
    typealias Member = JSONElementParser.Member

    @exclusivity(unchecked) private var base: UnsafeMutablePointer<Member>
    @exclusivity(unchecked) private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 32) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    func removeAll() { count = 0 }

    @inline(__always)
    func append(_ member: Member) {
        if count == capacity { grow() }
        (base + count).initialize(to: member)
        count += 1
    }

    /// The members listed; valid until the list is next changed.
    var elements: UnsafeBufferPointer<Member> { UnsafeBufferPointer(start: base, count: count) }

    private func grow() {
        let grown = UnsafeMutablePointer<Member>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }
}
