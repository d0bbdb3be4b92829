/// lifelint's version, as reports (JSON, SARIF, HTML) and `lifelint --version` state it.
public enum LifelintVersion {
    public static let current = "0.1.0"
}
