/// Where each attribute goes in a key of one key format: a reference's (attribute, value) pairs
/// are then placed in one pass over them (`InternalReference.readKey`), not one pass per attribute
/// of the format, which was most of reading a file's references in `adapt diff`.
package struct KeyFormatSlots: Sendable {
    /// Per attribute number, its first slot in the key format, or -1.
    private let firstSlot: [Int]
    /// The slots of an attribute the format lists again, each with its first slot: they take
    /// that slot's value.
    private let repeated: [(slot: Int, first: Int)]
    /// How many values a key holds.
    package let count: Int

    package init(_ attributes: [RenditionAttribute]) {
        var firstSlot = [Int](repeating: -1, count: Int(attributes.lazy.map(\.rawValue).filter { $0 <= UInt16.max }.max() ?? 0) + 1)
        var repeated: [(slot: Int, first: Int)] = []
        for (slot, attribute) in attributes.enumerated() where attribute.rawValue <= UInt16.max {
            let number = Int(attribute.rawValue)
            if firstSlot[number] < 0 { firstSlot[number] = slot } else { repeated.append((slot, firstSlot[number])) }
        }
        self.firstSlot = firstSlot
        self.repeated = repeated
        count = attributes.count
    }

    /// The first slot of the attribute numbered `attribute`, or nil when the format has none.
    package func slot(of attribute: UInt16) -> Int? {
        guard Int(attribute) < firstSlot.count, firstSlot[Int(attribute)] >= 0 else { return nil }
        return firstSlot[Int(attribute)]
    }

    /// Gives each repeated slot of `key` its attribute's first slot's value.
    package func copyRepeated(in key: UnsafeMutableBufferPointer<UInt16>) {
        for (slot, first) in repeated { key[slot] = key[first] }
    }
}
