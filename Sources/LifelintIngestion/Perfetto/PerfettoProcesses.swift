@_spi(Bytes) import LifelintBytes
import LifelintModel

/// Who each pid is, from the trace's process tree (`cmdline`, the process name Android sets),
/// and which package each uid is, from its package list: a process the tree names by a
/// non-package command line (a zygote child not yet renamed) is named by its uid's package.
struct PerfettoProcesses {
    private var names: [Int32: String] = [:]
    private var uids: [Int32: Int] = [:]
    private var packages: [Int: String] = [:]
    /// Changes whenever a name may have: what was made from the names is made again.
    private(set) var version = 0

    mutating func read(processTree bytes: Span<UInt8>) throws(ProtoWireError) {
        version += 1
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            guard field.number == PerfettoField.ProcessTree.processes, field.isMessage else { continue }
            var pid: Int32?
            var name: String?
            var uid: Int?
            var process = ProtoFieldReader(bytes.extracting(field.range))
            while let member = try process.next() {
                switch member.number {
                case PerfettoField.ProcessTree.pid: pid = Int32(truncatingIfNeeded: member.int64)
                case PerfettoField.ProcessTree.cmdline where name == nil && member.isMessage: name = bytes.extracting(field.range).text(member.range)
                case PerfettoField.ProcessTree.uid: uid = member.int
                default: break
                }
            }
            guard let pid else { continue }
            if let name, !name.isEmpty { names[pid] = name }
            if let uid { uids[pid] = uid }
        }
    }

    mutating func read(packagesList bytes: Span<UInt8>) throws(ProtoWireError) {
        version += 1
        var fields = ProtoFieldReader(bytes)
        while let field = try fields.next() {
            guard field.number == PerfettoField.PackagesList.packages, field.isMessage else { continue }
            let package = bytes.extracting(field.range)
            var name: String?
            var uid: Int?
            var members = ProtoFieldReader(package)
            while let member = try members.next() {
                switch member.number {
                case PerfettoField.PackagesList.name where member.isMessage: name = package.text(member.range)
                case PerfettoField.PackagesList.uid: uid = member.int
                default: break
                }
            }
            if let name, let uid, packages[uid] == nil { packages[uid] = name }
        }
    }

    /// The process's name: its command line when that is a process name (`com.app`,
    /// `com.app:sync`), else its uid's package, else nil.
    func name(of pid: Int32) -> String? {
        if let name = names[pid], !name.hasPrefix("/"), !name.hasPrefix("<") { return name }
        return uids[pid].flatMap { packages[$0] } ?? names[pid]
    }

    /// The app a process belongs to: its package (the part before `:`), or `pid N`.
    func app(of pid: Int32) -> String {
        name(of: pid).map(ProcessName.package) ?? Event.appName(forUnknownPid: pid)
    }

    /// Whether the pid is an app's process: named by a package, or run under an app's uid.
    func isApp(_ pid: Int32) -> Bool {
        if let uid = uids[pid] { return uid % 100_000 >= 10_000 }
        guard let name = names[pid] else { return false }
        return !name.hasPrefix("/") && name.contains(".")
    }
}
