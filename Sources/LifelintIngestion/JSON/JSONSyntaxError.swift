import LifelintModel

/// Why a JSON element is not valid JSON; `offset` is within the element's bytes.
struct JSONSyntaxError: Error {
    let offset: Int
    let message: String
}
