/// A process start that one device cannot have logged: the file seems to hold two devices'
/// logs (emulators of one image give the same pids), which lifelint reads as one device.
public struct InterleavedStart: Sendable, Hashable {
    public let line: Int
    public let pid: Int32
    public let process: String

    public init(line: Int, pid: Int32, process: String) {
        self.line = line
        self.pid = pid
        self.process = process
    }
}
