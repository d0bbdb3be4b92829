/// What an Apple system message says about whom: the app it names, and the text from the
/// message's words on, for its meaning to read.
struct AppleMessageMatch {
    /// The bundle id; older systems give only the executable's name (`BT[4821]`), then
    /// `isExecutableName`.
    var app: String
    var pid: Int32?
    var isExecutableName = false
    /// A macOS app: its lines name its pid, but lifelint reads no mobile lifecycle from them.
    var isMacApp = false
    var text: Substring
}
