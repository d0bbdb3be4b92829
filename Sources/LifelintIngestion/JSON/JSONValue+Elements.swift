extension JSONValue {
    /// An array's elements, in order; nothing for any other value.
    var elements: [JSONValue] { kind == .array ? children().map(\.value) : [] }
}

extension JSONValue? {
    /// The elements of an array that may be absent.
    var elements: [JSONValue] { self?.elements ?? [] }
}
