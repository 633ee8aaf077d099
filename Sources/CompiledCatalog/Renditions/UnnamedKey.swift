/// A rendition key compared and hashed without the name's number (`RenditionAttribute.identifier`):
/// what makes two renditions of different assets translate alike, without copying its values.
package struct UnnamedKey: Hashable {
    package let key: RenditionKey
    /// The position of the name's number in `key.values`, if it has one.
    package let identifier: Int?

    package init(_ key: RenditionKey) {
        self.key = key
        identifier = key.attributes.firstIndex(of: .identifier)
    }

    package static func == (left: Self, right: Self) -> Bool {
        guard left.key.attributes == right.key.attributes, left.key.values.count == right.key.values.count else { return false }
        for position in left.key.values.indices where position != left.identifier && left.key.values[position] != right.key.values[position] {
            return false
        }
        return true
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(key.attributes)
        for position in key.values.indices where position != identifier { hasher.combine(key.values[position]) }
    }
}
