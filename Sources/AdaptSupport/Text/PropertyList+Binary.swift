extension PropertyList {
    /// The `binary1` form (`bplist00`): the objects, an offset table and the 32-byte trailer, with
    /// object references and offsets as narrow as the counts allow (1, 2 or 4 bytes for references;
    /// 1, 2, 4 or 8 for offsets). Equal strings, numbers and data are written once and shared, as
    /// Core Foundation does; strings are ASCII when they can be and UTF-16 big-endian otherwise.
    package var binary: [UInt8] {
        var table = BinaryObjectTable()
        let top = table.add(self)
        return table.encoded(top: top)
    }
}

/// The flattened objects of one binary property list, in the order they are written.
private struct BinaryObjectTable {
    enum Object {
        case leaf(PropertyList)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// What makes two leaves the same object: their exact bytes (a String's `==` would merge
    /// canonically equivalent strings, and a Double's would merge 0 with -0).
    enum LeafIdentity: Hashable {
        case string([UInt8])
        case integer(Int64)
        case real(UInt64)
        case bool(Bool)
        case data([UInt8])
        case date(UInt64)
    }

    var objects: [Object] = []
    var leaves: [LeafIdentity: Int] = [:]

    mutating func add(_ value: PropertyList) -> Int {
        switch value {
        case .array(let elements):
            let index = reserve()
            objects[index] = .array(elements.map { add($0) })
            return index
        case .dictionary(let dictionary):
            let index = reserve()
            let keys = PropertyList.sortedKeys(dictionary)
            let keyReferences = keys.map { add(.string($0)) }
            objects[index] = .dictionary(keys: keyReferences, values: keys.map { add(dictionary[$0]!) })
            return index
        case .string(let string): return addLeaf(value, .string(Array(string.utf8)))
        case .integer(let integer): return addLeaf(value, .integer(integer))
        case .real(let real): return addLeaf(value, .real(real.bitPattern))
        case .bool(let bool): return addLeaf(value, .bool(bool))
        case .data(let bytes): return addLeaf(value, .data(bytes))
        case .date(let seconds): return addLeaf(value, .date(seconds.bitPattern))
        }
    }

    private mutating func reserve() -> Int {
        objects.append(.array([]))
        return objects.count - 1
    }

    private mutating func addLeaf(_ value: PropertyList, _ identity: LeafIdentity) -> Int {
        if let index = leaves[identity] { return index }
        objects.append(.leaf(value))
        leaves[identity] = objects.count - 1
        return objects.count - 1
    }

    func encoded(top: Int) -> [UInt8] {
        let referenceSize = Self.width(UInt64(objects.count - 1), allowed: [1, 2, 4, 8])
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(output.count)
            switch object {
            case .leaf(let value): Self.appendLeaf(value, to: &output)
            case .array(let elements):
                Self.appendMarker(0xA0, count: elements.count, to: &output)
                for element in elements { Self.appendBigEndian(UInt64(element), width: referenceSize, to: &output) }
            case .dictionary(let keys, let values):
                Self.appendMarker(0xD0, count: keys.count, to: &output)
                for reference in keys + values { Self.appendBigEndian(UInt64(reference), width: referenceSize, to: &output) }
            }
        }
        let tableOffset = output.count
        let offsetSize = Self.width(UInt64(offsets.last ?? 0), allowed: [1, 2, 4, 8])
        for offset in offsets { Self.appendBigEndian(UInt64(offset), width: offsetSize, to: &output) }
        output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        Self.appendBigEndian(UInt64(objects.count), width: 8, to: &output)
        Self.appendBigEndian(UInt64(top), width: 8, to: &output)
        Self.appendBigEndian(UInt64(tableOffset), width: 8, to: &output)
        return output
    }

    private static func appendLeaf(_ value: PropertyList, to output: inout [UInt8]) {
        switch value {
        case .string(let string):
            if string.utf8.allSatisfy({ $0 < 0x80 }) {
                appendMarker(0x50, count: string.utf8.count, to: &output)
                output += string.utf8
            } else {
                let units = Array(string.utf16)
                appendMarker(0x60, count: units.count, to: &output)
                for unit in units { output += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
            }
        case .integer(let integer): appendInteger(integer, to: &output)
        case .real(let real):
            output.append(0x23)
            appendBigEndian(real.bitPattern, width: 8, to: &output)
        case .bool(let bool): output.append(bool ? 0x09 : 0x08)
        case .data(let bytes):
            appendMarker(0x40, count: bytes.count, to: &output)
            output += bytes
        case .date(let seconds):
            output.append(0x33)
            appendBigEndian(seconds.bitPattern, width: 8, to: &output)
        case .array, .dictionary:
            preconditionFailure("containers are flattened by add(_:)")
        }
    }

    /// A non-negative integer in 1, 2, 4 or 8 bytes (readers take the first three as unsigned);
    /// a negative one in 8 bytes, two's complement, the only width readers take as signed.
    private static func appendInteger(_ integer: Int64, to output: inout [UInt8]) {
        let width = integer < 0 ? 8 : Self.width(UInt64(integer), allowed: [1, 2, 4, 8])
        output.append(0x10 | UInt8(width.trailingZeroBitCount))
        appendBigEndian(UInt64(bitPattern: integer), width: width, to: &output)
    }

    /// A type marker whose low nibble holds `count`, or 0xF followed by the count as an integer.
    private static func appendMarker(_ marker: UInt8, count: Int, to output: inout [UInt8]) {
        if count < 15 {
            output.append(marker | UInt8(count))
        } else {
            output.append(marker | 0x0F)
            appendInteger(Int64(count), to: &output)
        }
    }

    private static func appendBigEndian(_ value: UInt64, width: Int, to output: inout [UInt8]) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) { output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// The narrowest of `allowed` byte widths that holds `value`.
    private static func width(_ value: UInt64, allowed: [Int]) -> Int {
        allowed.first { $0 == 8 || value < (UInt64(1) << UInt64($0 * 8)) } ?? 8
    }
}
