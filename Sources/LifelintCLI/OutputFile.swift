import LifelintCore

/// A file a command writes a report or a baseline into (`--output FORMAT=PATH`,
/// `--write-baseline`): opened when the command starts, so a path that cannot be written is an
/// error before any work, and written whole or not at all (`ReplacingFile`), so an interrupt or
/// a full disk leaves the previous file as it was.
final class OutputFile {
    let path: String
    private let file: ReplacingFile

    var output: ByteOutput { file.output }

    init(path: String) throws(CommandError) {
        self.path = PathEncoding.displayed(path)
        do {
            file = try ReplacingFile(path: path)
        } catch {
            throw .cannotWrite(path: self.path, reason: error.reason)
        }
    }

    /// Completes the file; the error, if it is not complete.
    func finish() -> CommandError? {
        file.commit().map { .cannotWrite(path: path, reason: $0.reason) }
    }
}
