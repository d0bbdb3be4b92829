/// The ASCII bytes every reader and writer names, and the byte classes they test.
extension UInt8 {
    package static let space = UInt8(ascii: " ")
    package static let tab = UInt8(ascii: "\t")
    package static let newline = UInt8(ascii: "\n")
    package static let carriageReturn = UInt8(ascii: "\r")
    package static let zero = UInt8(ascii: "0")
    package static let colon = UInt8(ascii: ":")
    package static let slash = UInt8(ascii: "/")
    package static let dash = UInt8(ascii: "-")
    package static let plus = UInt8(ascii: "+")
    package static let dot = UInt8(ascii: ".")
    package static let comma = UInt8(ascii: ",")
    package static let equals = UInt8(ascii: "=")
    package static let quote = UInt8(ascii: "\"")
    package static let backslash = UInt8(ascii: "\\")
    package static let openParen = UInt8(ascii: "(")
    package static let closeParen = UInt8(ascii: ")")
    package static let openBracket = UInt8(ascii: "[")
    package static let closeBracket = UInt8(ascii: "]")
    package static let greaterThan = UInt8(ascii: ">")
    package static let escape: UInt8 = 0x1B

    package var isASCIIDigit: Bool { self &- .zero < 10 }
    package var isASCIILetter: Bool { (self | 0x20) &- UInt8(ascii: "a") < 26 }
    package var isASCIIHexDigit: Bool { isASCIIDigit || (self | 0x20) &- UInt8(ascii: "a") < 6 }
}
