/// A JSON document that keeps what Contents.json rewriting needs: key order, the exact text of
/// numbers, and where each value starts in its file.
///
/// ```swift
/// let json = try JSONParser.parse(Array(#"{"scale": "2x", "idiom": "iphone"}"#.utf8))
/// json["scale"]?.string           // "2x"
/// json.object?.keys               // ["scale", "idiom"], in file order
/// ```
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// The number as written, so that `1.000` is written back as `1.000`.
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, its members in file order.
    case object(JSONObject)

    /// The string, or nil when this is not a string.
    public var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The object, or nil when this is not an object.
    public var object: JSONObject? {
        if case .object(let value) = self { value } else { nil }
    }

    /// The elements, or nil when this is not an array.
    public var array: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The boolean, or nil when this is not one.
    public var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The value of a number, or of a string that holds one (Contents.json writes both).
    public var double: Double? {
        switch self {
        case .number(let text), .string(let text): Double(text)
        default: nil
        }
    }

    /// The integer value of a number, or of a string that holds one; nil for a fraction.
    public var int: Int? {
        switch self {
        case .number(let text), .string(let text): Int(text)
        default: nil
        }
    }

    /// The member named `key` when this is an object; nil otherwise.
    public subscript(key: String) -> JSONValue? { object?[key] }

    /// A short name for messages: "a string", "an object".
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON object whose members keep their file order and their byte offsets.
public struct JSONObject: Hashable, Sendable {
    /// One `"key": value` pair.
    public struct Member: Hashable, Sendable {
        /// The key, unescaped.
        public var key: String
        /// The value.
        public var value: JSONValue
        /// Byte offset of the key's opening quote in the source, or nil for built values.
        public var offset: Int?

        /// A member; built values have no offset.
        public init(key: String, value: JSONValue, offset: Int? = nil) {
            self.key = key
            self.value = value
            self.offset = offset
        }
    }

    /// The members in file order, duplicates included (the reader reports them).
    public var members: [Member]
    /// Byte offset of the opening brace in the source, or nil for built values.
    public var offset: Int?

    /// An object of `members`, in that order.
    public init(_ members: [Member] = [], offset: Int? = nil) {
        self.members = members
        self.offset = offset
    }

    /// The keys in file order.
    public var keys: [String] { members.map(\.key) }

    /// The first member named `key`. JSON leaves duplicate keys undefined; this package's one rule
    /// is that the first occurrence wins (a Contents.json is read with its later duplicates
    /// dropped and reported, `json.duplicate-key`), so every reader agrees on which value counts.
    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// The first member named `key` (see the subscript).
    public func member(_ key: String) -> Member? { members.first(where: { $0.key == key }) }

    /// Equality of values only: two objects parsed from differently formatted text are equal
    /// when they hold the same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// A JSON value for an optional, `null` when absent.
    package static func from(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// A JSON number for an optional integer, `null` when absent.
    package static func from(_ value: Int?) -> JSONValue { value.map { .number(String($0)) } ?? .null }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// `["scale": "2x", "idiom": "universal"]`, members in literal order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
