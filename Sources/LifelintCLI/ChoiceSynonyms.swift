import LifelintCore

/// Choices that other words commonly mean: `--format xml` is a JUnit or Checkstyle report, not
/// the `html` a spelling distance would suggest.
protocol ChoiceSynonyms {
    /// The choices a word means, or none when it is not a known synonym.
    static func choices(meant word: String) -> [String]
}

extension ReportFormat: ChoiceSynonyms {
    private static let synonyms: [String: [ReportFormat]] = [
        "xml": [.junit, .checkstyle], "junit-xml": [.junit], "xunit": [.junit], "test": [.junit], "tests": [.junit],
        "ndjson": [.jsonl], "json-lines": [.jsonl], "jsonlines": [.jsonl], "lines": [.jsonl],
        "sarif2": [.sarif], "sarif-2.1.0": [.sarif], "code-scanning": [.sarif], "codeql": [.sarif],
        "codeclimate": [.gitlab], "code-climate": [.gitlab], "code-quality": [.gitlab], "codequality": [.gitlab],
        "annotations": [.github], "actions": [.github], "gha": [.github], "github-actions": [.github],
        "md": [.markdown], "summary": [.markdown], "gfm": [.markdown],
        "txt": [.text], "plain": [.text], "console": [.text], "compiler": [.text],
        "htm": [.html], "page": [.html], "report": [.html], "web": [.html],
        "reviewdog": [.checkstyle], "warnings": [.checkstyle],
    ]

    static func choices(meant word: String) -> [String] { synonyms[word]?.map(\.rawValue) ?? [] }
}
