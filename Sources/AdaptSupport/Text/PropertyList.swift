/// A property list value, written the way Apple's tools write them: `xml1` (`PropertyList+XML.swift`)
/// and `binary1` (`bplist00`, `PropertyList+Binary.swift`), byte for byte the same for the same value.
///
/// ```swift
/// let plist: PropertyList = .dictionary(["CFBundleIconName": .string("AppIcon")])
/// let text = plist.xml          // <?xml ...?><!DOCTYPE plist ...><plist version="1.0">...
/// let bytes = plist.binary      // bplist00...
/// ```
///
/// A dictionary is written with its keys sorted as Core Foundation sorts them (by UTF-16 code unit,
/// which is what `CFStringCompare` without options does), so a document never depends on the order
/// its keys were inserted in.
package indirect enum PropertyList: Equatable, Hashable, Sendable {
    case dictionary([String: PropertyList])
    case array([PropertyList])
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case data([UInt8])
    /// Seconds since 2001-01-01 00:00:00 UTC, the reference date of both formats.
    case date(Double)
}

extension PropertyList: ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: PropertyList...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, PropertyList)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int64) { self = .integer(value) }
}

extension PropertyList {
    /// The keys of `dictionary` in the order both encoders write them.
    static func sortedKeys(_ dictionary: [String: PropertyList]) -> [String] {
        dictionary.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
    }
}
