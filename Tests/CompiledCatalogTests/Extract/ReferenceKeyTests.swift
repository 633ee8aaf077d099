import Testing

@testable import CompiledCatalog

/// A reference's key read in one pass over its pairs (`InternalReference.readKey`, through
/// `KeyFormatSlots`) gives every attribute of the key format what a scan per attribute gave: the
/// value of its last pair, 0 for one the reference does not name, nothing of an attribute the
/// format lacks, and an attribute the format lists twice the same value in both places.
@Suite struct ReferenceKeyTests {
    /// A 1010 property's value: `KLNI`, padding, a frame, a layout, the key's length, the pairs.
    static func reference(_ pairs: [(UInt16, UInt16)], terminated: Bool = true) -> [UInt8] {
        var bytes = Array("KLNI".utf8) + [0, 0, 0, 0]
        for word: UInt32 in [1, 2, 3, 4] { bytes += withUnsafeBytes(of: word.littleEndian, Array.init) }
        bytes += withUnsafeBytes(of: UInt16(12).littleEndian, Array.init)
        let stored = pairs + (terminated ? [(0, 0)] : [])
        bytes += withUnsafeBytes(of: UInt32(4 * stored.count).littleEndian, Array.init)
        for (attribute, value) in stored {
            bytes += withUnsafeBytes(of: attribute.littleEndian, Array.init) + withUnsafeBytes(of: value.littleEndian, Array.init)
        }
        return bytes
    }

    /// The key one scan of the pairs per attribute gives (the reading `readKey` replaced).
    static func scanned(_ pairs: [CARFacet.Attribute], format: [RenditionAttribute]) -> [UInt16] {
        format.map { attribute in pairs.last { $0.attribute == attribute }?.value ?? 0 }
    }

    static func read(_ bytes: [UInt8], format: [RenditionAttribute]) throws -> (key: [UInt16], pairs: [CARFacet.Attribute]) {
        try bytes.withUnsafeBytes { value in
            let property = RawRenditionProperty(type: 1010, offset: 0, value: value)
            let reference = try #require(property.internalReference)
            var key = [UInt16](repeating: 0xFFFF, count: format.count)
            key.withUnsafeMutableBufferPointer { reference.readKey(in: value, slots: KeyFormatSlots(format), into: $0) }
            return (key, reference.key(in: value))
        }
    }

    @Test func eachAttributeTakesItsLastPairOrZero() throws {
        let format: [RenditionAttribute] = [.scale, .identifier, .idiom, .element, .look, .part]
        // The identifier twice (the last counts), look (attribute 0) named with a value, an
        // attribute the format lacks (99), and part not named at all.
        let pairs: [(UInt16, UInt16)] = [(17, 7), (12, 2), (15, 1), (17, 9), (0, 5), (99, 4), (1, 85)]
        let (key, decoded) = try Self.read(Self.reference(pairs), format: format)
        #expect(key == [2, 9, 1, 85, 5, 0])
        #expect(key == Self.scanned(decoded, format: format))
    }

    @Test func anAttributeListedTwiceInTheFormatHasOneValueInBoth() throws {
        let format: [RenditionAttribute] = [.identifier, .scale, .identifier]
        let (key, decoded) = try Self.read(Self.reference([(12, 3), (17, 40)]), format: format)
        #expect(key == [40, 3, 40])
        #expect(key == Self.scanned(decoded, format: format))
    }

    @Test func theFirstEmptyPairOrTheValuesEndStopsTheKey() throws {
        let format: [RenditionAttribute] = [.scale, .idiom]
        // Pairs after (0, 0) are not the key's.
        var bytes = Self.reference([(12, 2)])
        bytes += [15, 0, 4, 0]
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(12).littleEndian, toByteOffset: 26, as: UInt32.self) }
        #expect(try Self.read(bytes, format: format).key == [2, 0])
        // A key whose length stops in the middle of a pair, with no (0, 0) pair.
        var cut = Self.reference([(12, 2), (15, 4)], terminated: false)
        cut.removeLast(2)
        cut.withUnsafeMutableBytes { $0.storeBytes(of: UInt32(6).littleEndian, toByteOffset: 26, as: UInt32.self) }
        let (key, decoded) = try Self.read(cut, format: format)
        #expect(key == [2, 0] && key == Self.scanned(decoded, format: format))
    }

    /// A `Rendition`'s decoded reference gives the key a view's bytes give: the two readings
    /// of a reference place pairs through the same slots.
    @Test func aDecodedReferenceGivesTheKeyItsBytesGive() throws {
        let format: [RenditionAttribute] = [.identifier, .scale, .identifier, .idiom, .look]
        let pairs: [(UInt16, UInt16)] = [(17, 7), (12, 2), (0, 5), (17, 9), (99, 4)]
        let (key, decoded) = try Self.read(Self.reference(pairs), format: format)
        let frame = RenditionProperty.Rectangle(x: 1, y: 2, width: 3, height: 4)
        let properties: [RenditionProperty] = [.internalReference(frame: frame, layout: .packedImage, key: decoded)]
        let reference = try #require(CompiledCatalog.packedImageKey(properties, slots: KeyFormatSlots(format)))
        #expect(reference.values == key && key == [9, 2, 9, 0, 5])
        #expect(reference.values == Self.scanned(decoded, format: format))
        #expect(CompiledCatalog.packedImageKey([RenditionProperty](), slots: KeyFormatSlots(format)) == nil)
    }
}
