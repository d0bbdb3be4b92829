/// The ASCII bytes every reader and writer names, and the byte classes they test. Inlinable,
/// so that in the readers' loops, in other modules, they stay constants.
extension UInt8 {
    @inlinable package static var space: UInt8 { UInt8(ascii: " ") }
    @inlinable package static var tab: UInt8 { UInt8(ascii: "\t") }
    @inlinable package static var newline: UInt8 { UInt8(ascii: "\n") }
    @inlinable package static var carriageReturn: UInt8 { UInt8(ascii: "\r") }
    @inlinable package static var zero: UInt8 { UInt8(ascii: "0") }
    @inlinable package static var colon: UInt8 { UInt8(ascii: ":") }
    @inlinable package static var slash: UInt8 { UInt8(ascii: "/") }
    @inlinable package static var dash: UInt8 { UInt8(ascii: "-") }
    @inlinable package static var plus: UInt8 { UInt8(ascii: "+") }
    @inlinable package static var dot: UInt8 { UInt8(ascii: ".") }
    @inlinable package static var comma: UInt8 { UInt8(ascii: ",") }
    @inlinable package static var equals: UInt8 { UInt8(ascii: "=") }
    @inlinable package static var quote: UInt8 { UInt8(ascii: "\"") }
    @inlinable package static var backslash: UInt8 { UInt8(ascii: "\\") }
    @inlinable package static var openParen: UInt8 { UInt8(ascii: "(") }
    @inlinable package static var closeParen: UInt8 { UInt8(ascii: ")") }
    @inlinable package static var openBracket: UInt8 { UInt8(ascii: "[") }
    @inlinable package static var closeBracket: UInt8 { UInt8(ascii: "]") }
    @inlinable package static var greaterThan: UInt8 { UInt8(ascii: ">") }
    @inlinable package static var backtick: UInt8 { UInt8(ascii: "`") }
    @inlinable package static var asterisk: UInt8 { UInt8(ascii: "*") }
    @inlinable package static var hash: UInt8 { UInt8(ascii: "#") }
    @inlinable package static var escape: UInt8 { 0x1B }

    @inlinable package var isASCIIDigit: Bool { self &- .zero < 10 }
    @inlinable package var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }
    @inlinable package var isASCIIHexDigit: Bool { isASCIIDigit || (self | 0x20) &- UInt8(ascii: "a") < 6 }
}
