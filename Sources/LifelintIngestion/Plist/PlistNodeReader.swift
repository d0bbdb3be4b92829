import CLibXML2
import LifelintModel

/// Reads one record's subtree, already expanded by libxml2 (`xmlTextReaderExpand`), straight
/// from its nodes: one pass over C pointers instead of a reader call per node.
enum PlistNodeReader {
    static func value(_ node: xmlNodePtr, depth: Int = 0) throws(PlistTreeBuilder.Failure) -> PlistValue {
        guard depth < PlistTreeBuilder.maximumDepth else { throw PlistTreeBuilder.Failure(message: "nesting deeper than \(PlistTreeBuilder.maximumDepth) levels") }
        guard let name = node.pointee.name, let tag = PlistTag(name) else {
            throw PlistTreeBuilder.Failure(message: "<\(node.pointee.name.map { String(cString: $0) } ?? "?")> is not a property-list element")
        }
        switch tag {
        case .dict:
            var entries: [(key: String, value: PlistValue)] = []
            var pendingKey: String?
            try forEachElement(of: node) { child throws(PlistTreeBuilder.Failure) in
                if let childName = child.pointee.name, PlistTag(childName) == .key {
                    guard pendingKey == nil else { throw PlistTreeBuilder.Failure(message: "two keys in a row") }
                    pendingKey = try text(of: child)
                } else {
                    guard let key = pendingKey else { throw PlistTreeBuilder.Failure(message: "a value in a <dict> without its <key>") }
                    entries.append((key, try value(child, depth: depth + 1)))
                    pendingKey = nil
                }
            }
            if let pendingKey { throw PlistTreeBuilder.Failure(message: "<key>\(pendingKey)</key> has no value") }
            return .dictionary(entries)
        case .array:
            var items: [PlistValue] = []
            try forEachElement(of: node) { child throws(PlistTreeBuilder.Failure) in items.append(try value(child, depth: depth + 1)) }
            return .array(items)
        case .plist, .key:
            throw PlistTreeBuilder.Failure(message: "<\(String(cString: name))> where a value belongs")
        default:
            return try PlistTreeBuilder.scalar(tag, text(of: node))
        }
    }

    /// Visits the element children in order (no array of them is built), refusing entity
    /// references (entities are never expanded).
    private static func forEachElement(of node: xmlNodePtr, _ body: (xmlNodePtr) throws(PlistTreeBuilder.Failure) -> Void) throws(PlistTreeBuilder.Failure) {
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE: try body(current)
            case XML_ENTITY_REF_NODE: throw PlistTreeBuilder.Failure(message: "entity reference (entities are not expanded)")
            default: break
            }
            child = current.pointee.next
        }
    }

    /// The text of a scalar element: its text and CDATA children, joined.
    private static func text(of node: xmlNodePtr) throws(PlistTreeBuilder.Failure) -> String {
        // Almost always one text node: its string is the text, with nothing to join.
        if let only = node.pointee.children, only.pointee.next == nil, only.pointee.type == XML_TEXT_NODE, let content = only.pointee.content {
            return String(cString: content)
        }
        var result = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { result += String(cString: content) }
            case XML_ENTITY_REF_NODE:
                throw PlistTreeBuilder.Failure(message: "entity reference (entities are not expanded)")
            case XML_ELEMENT_NODE:
                throw PlistTreeBuilder.Failure(message: "an element inside a scalar")
            default:
                break
            }
            child = current.pointee.next
        }
        return result
    }
}
