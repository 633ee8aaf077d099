/// The text of a set's Contents.json as read, shared by the set and its entries: the model keeps
/// this (a few hundred bytes a set) rather than the parsed tree, which held a member array, a key
/// and a value per member of every entry (about 25 MB for 20,000 sets), though only rewriting a
/// set (`adapt thin`) and a launch image's slot read it again.
package final class ContentsText: Sendable {
    package let bytes: [UInt8]

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }
}

/// A JSON object held as built, or as the place in a Contents.json where it is written (parsed
/// again when asked for, later duplicate keys dropped as the reader dropped them). Two are equal
/// when their objects are, however each is held.
enum StoredJSONObject: Hashable, Sendable {
    case built(JSONObject)
    case written(ContentsText, offset: Int)

    var object: JSONObject {
        switch self {
        case .built(let object): return object
        case .written(let text, let offset):
            guard let object = JSONParser.object(in: text.bytes, at: offset) else { return JSONObject([]) }
            guard DuplicateKeys.occur(in: .object(object)) else { return object }
            var dropped: [DuplicateKeys.Dropped] = []
            return DuplicateKeys.removing(from: object, dropped: &dropped)
        }
    }

    static func == (lhs: StoredJSONObject, rhs: StoredJSONObject) -> Bool { lhs.object == rhs.object }
    func hash(into hasher: inout Hasher) { hasher.combine(object) }
}
