import LifelintModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Timestamp {
    /// The wall clock now, in UTC.
    public static var now: Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(clock: .wall, nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec), utcOffsetSeconds: 0)
    }
}
