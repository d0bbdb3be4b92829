@_spi(Bytes) import LifelintBytes

/// What a pattern read from one message: each field's byte range in it, with no copy until a
/// field is asked for.
struct MessageFields: ~Escapable {
    private var ranges = InlineArray<14, Range<Int>?>(repeating: nil)
    let message: Span<UInt8>

    @_lifetime(copy message)
    init(message: Span<UInt8>) {
        self.message = message
    }

    subscript(field: MessageField) -> Range<Int>? {
        get { ranges[field.rawValue] }
        set { ranges[field.rawValue] = newValue }
    }

    func text(_ field: MessageField) -> Substring? {
        self[field].map { Substring(message.text($0)) }
    }

    func int32(_ field: MessageField) -> Int32? {
        self[field].flatMap { DecimalText.integer(message, $0, as: Int32.self) }
    }
}
