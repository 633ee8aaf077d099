import Testing

@testable import CompiledCatalog

/// A CSI header's property list walked in place, and its TLVs decoded from their own bytes.
@Suite struct PropertyListTests {
    /// Little-endian TLVs: each (type, value) as 4-byte type, 4-byte length, value.
    static func list(_ properties: [(UInt32, [UInt8])]) -> [UInt8] {
        properties.flatMap { type, value in le32(type) + le32(UInt32(value.count)) + value }
    }

    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }

    @Test func aListIsWalkedToItsEnd() throws {
        let bytes = Self.list([(1006, Self.le32(1)), (1007, Self.le32(400)), (1005, Self.le32(4) + Self.le32(0) + Array("pdf\0".utf8))])
        try bytes.withUnsafeBytes { file in
            let list = try RenditionPropertyList.checked(file, offset: 0, length: bytes.count, structure: "entry")
            #expect(list.map(RenditionProperty.init) == [.exifOrientation(1), .bytesPerRow(400), .uti("pdf")])
        }
    }

    /// The UTI and the image layout are read by one function each, from decoded properties and
    /// raw ones alike: the first UTI; a reference's layout only for a reference rendition.
    @Test func utiAndImageLayoutReadAlikeDecodedAndInPlace() throws {
        let reference = { (layout: UInt16) in
            Array("KLNI".utf8) + [UInt8](repeating: 0, count: 20) + [UInt8(layout & 0xFF), UInt8(layout >> 8)] + Self.le32(0)
        }
        let bytes = Self.list([
            (1006, Self.le32(1)), (1010, reference(12)), (1005, Self.le32(4) + Self.le32(0) + Array("pdf\0".utf8)),
            (1010, reference(1004)), (1005, Self.le32(4) + Self.le32(0) + Array("svg\0".utf8)),
        ])
        try bytes.withUnsafeBytes { file in
            let raw = try RenditionPropertyList.checked(file, offset: 0, length: bytes.count, structure: "entry")
            let decoded = raw.map(RenditionProperty.init)
            #expect(decoded.uti == "pdf" && raw.uti.map { String(decoding: $0, as: UTF8.self) } == "pdf")
            #expect(decoded.imageLayout(own: .internalReference) == .onePartScale && raw.imageLayout(own: .internalReference) == .onePartScale)
            #expect(decoded.imageLayout(own: .data) == .data && raw.imageLayout(own: .data) == .data)
            let none = [RenditionProperty.exifOrientation(1)]
            #expect(none.uti == nil && none.imageLayout(own: .internalReference) == .internalReference)
        }
    }

    /// A TLV whose length runs past the list is the error the reader has always reported: which
    /// property, and where it starts in the file.
    @Test func aPropertyRunningPastTheListIsMalformed() {
        let bytes = [UInt8](repeating: 0, count: 16) + Self.list([(1006, Self.le32(1))]) + Self.le32(1007) + Self.le32(9) + [1, 2, 3, 4]
        bytes.withUnsafeBytes { file in
            do throws(CompiledCatalogError) {
                _ = try RenditionPropertyList.checked(file, offset: 16, length: bytes.count - 16, structure: "RENDITIONS entry 3 (block 9)")
                Issue.record("a property past the end of its list was read")
            } catch {
                #expect(error.message == "RENDITIONS entry 3 (block 9) property 1 at offset 0x1C runs past the end of the property list (24 bytes)")
            }
        }
    }

    /// Each property reads its own bytes only: a blend mode without its opacity is kept as an
    /// unknown property, not completed from the next property's bytes.
    @Test func aShortBlendModeIsKeptUnknown() {
        let bytes = Self.list([(1004, Self.le32(2)), (1006, Self.le32(1))])
        bytes.withUnsafeBytes { file in
            let properties = RenditionPropertyList(bytes: file, offset: 0).map(RenditionProperty.init)
            #expect(properties == [.unknown(type: 1004, offset: 8, length: 4), .exifOrientation(1)])
        }
        let whole = Self.list([(1004, Self.le32(2) + Self.le32(Float(0.5).bitPattern))])
        whole.withUnsafeBytes { file in
            #expect(RenditionPropertyList(bytes: file, offset: 0).map(RenditionProperty.init) == [.blendModeAndOpacity(blendMode: 2, opacity: 0.5)])
        }
    }
}
