/// What the platforms that read lifelint's CI formats accept, as documented by them
/// (decision 0023 has the sources). A report that passes one of these is rejected or silently
/// cut by the platform, so the reporters keep the most important results within them and say
/// how many more there are.
public enum PlatformLimits {
    /// GitHub code scanning rejects a SARIF run with more results than this.
    public static let sarifResultsPerRun = 25_000
    /// GitHub Actions shows this many annotations of each level (error, warning, notice) per
    /// step and drops the rest without a word.
    public static let annotationsPerLevel = 10
    /// GitHub Actions takes at most this many bytes of job summary (`$GITHUB_STEP_SUMMARY`) per
    /// step; a larger summary fails the upload.
    public static let stepSummaryBytes = 1_048_576
}
