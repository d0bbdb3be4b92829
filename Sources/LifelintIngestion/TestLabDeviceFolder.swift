import Foundation

/// Firebase Test Lab's results: one folder per device run, named `<model>-<API level>-<locale>-
/// <orientation>` (`Pixel2-28-en_US-portrait`, `NexusLowRes-27-ja_JP-landscape`), holding the
/// run's logcat as a file named `logcat`, with no extension. The folder names the device.
enum TestLabDeviceFolder {
    /// File names a folder walk reads although they have no trace extension.
    static let traceFileNames: Set<String> = ["logcat"]

    /// The device a trace's path names: its folder, when the trace is a test lab `logcat` in a
    /// device folder.
    static func device(ofTraceAt path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        guard traceFileNames.contains(url.lastPathComponent) else { return nil }
        let folder = url.deletingLastPathComponent().lastPathComponent
        return isDeviceFolder(folder) ? folder : nil
    }

    static func isDeviceFolder(_ name: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 4, let orientation = parts.last, ["portrait", "landscape"].contains(orientation) else { return false }
        let level = parts[parts.count - 3]
        let locale = parts[parts.count - 2]
        return !level.isEmpty && level.allSatisfy { $0.isASCII && $0.isNumber } && !locale.isEmpty && locale.allSatisfy { $0.isLetter || $0 == "_" }
            && !parts[..<(parts.count - 3)].joined().isEmpty
    }
}
