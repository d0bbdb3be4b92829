/// What one record of a structured container (JSON, plist) turned out to be.
enum RecordOutcome {
    case events([Event])
    /// A record read correctly that carries no lifecycle meaning.
    case other
    /// A record that only frames the document (a count trailer, metadata).
    case structural
    /// A record in the right container but of the wrong shape.
    case problem(String)
}
