import AdaptiveAssets
import AssetCatalog
@testable import CompiledCatalog
import Testing

/// The renditions read in place (`RenditionRecord`, `RenditionView`), which the assetutil JSON is
/// written from, against the `Rendition` values every other command reads.
@Suite struct RenditionViewTests {
    /// The assetutil document of each corpus file, byte for byte: the SHA-256 of what
    /// `adapt inspect FILE --format json` printed when the writer still formatted `Rendition`
    /// values (commit 4b6210f, where bitmaps and colours gained their `Colorspace`). The writer now
    /// reads views; its output must not change.
    @Test(arguments: [
        ("assets.car", "aa706827ba1bc4c0d8623ac2af4ae1e6c9a3127496ce7557bc9ef0f311c1bfc8"),
        ("assets_ios.car", "aa706827ba1bc4c0d8623ac2af4ae1e6c9a3127496ce7557bc9ef0f311c1bfc8"),
        ("assets_ipad.car", "3372cdece5cc8426a0900a28d04cfe9e60d432b27ab94b7d863aa56c230c5d18"),
        ("assets_iphone.car", "e4f1cac3f001a8ea26f914a05756771fa0123979a7310810a9506a490c1e06d8"),
        ("assets_mac.car", "56a85cd50d76dfbb86037e145072bb2f391f7084e30dc45f24daaa24164429dd"),
        ("assets_tv.car", "7460a9d04591b26c64ab751ffae77efa8bca55c12eb69061473991f8fc4bcd95"),
        ("assets_watch.car", "6359fd2a55aac63e541c443cd76f8b1c156a5f93cae100417605fb22b4bf344c"),
    ])
    func theDocumentIsTheOneTheRenditionWriterPrinted(_ name: String, _ digest: String) throws {
        let index = try CompiledCatalogIndex(path: CompiledCorpus.path(name))
        #expect(SHA256.hex(CompiledCatalog.AssetutilDocument(index).bytes()) == digest)
        #expect(CompiledCatalog.AssetutilDocument(CompiledCatalog(index)).bytes() == CompiledCatalog.AssetutilDocument(index).bytes())
    }

    /// The JSON writer asks a view for a data rendition's UTI and an image's layout; text, resolve
    /// and thin ask the `Rendition`, which decodes every property. Both answer alike, and a
    /// `Rendition` holds what its view reads.
    @Test(arguments: CompiledCorpus.names)
    func viewsReadWhatRenditionsHold(_ name: String) throws {
        let catalog = try CompiledCorpus.read(name)
        catalog.index.withRenditions { views in
            #expect(views.count == catalog.renditions.count)
            for (view, rendition) in zip(views, catalog.renditions) {
                #expect(view.utiBytes.map { String(decoding: $0, as: UTF8.self) } == rendition.uti)
                #expect(view.imageLayout == rendition.imageLayout)
                #expect(view.layout == rendition.layout && view.pixelFormat == rendition.pixelFormat && view.flags == rendition.flags)
                #expect(view.width == rendition.width && view.height == rendition.height && view.scaleFactor == rendition.scaleFactor)
                #expect(String(decoding: view.renditionNameBytes, as: UTF8.self) == rendition.renditionName)
                #expect(view.sizeOnDisk == rendition.sizeOnDisk && view.record.valueRange == rendition.valueRange)
                #expect((0..<view.keyCount).map { view.keyValue(at: $0) } == rendition.key.values.map { Optional($0) })
                #expect(view.keyValue(at: view.keyCount) == nil && view.keyValue(at: -1) == nil)
                #expect(RenditionPayload(view.payload, in: view.file) == rendition.payload)
            }
        }
    }

    /// A rendition's name is its facet's, the first facet in tree order that declares the
    /// identifier when two do.
    @Test func theFirstFacetOfAnIdentifierNamesIt() {
        func facet(_ name: String, _ identifier: UInt16?) -> CARFacet {
            CARFacet(name: name, attributes: identifier.map { [CARFacet.Attribute(attribute: .identifier, value: $0)] } ?? [])
        }
        let lookup = FacetLookup([facet("first", 7), facet("second", 7), facet("unnamed", nil), facet("other", 3)])
        #expect(lookup.facet(for: 7) == 0)
        #expect(lookup.facet(for: 3) == 3)
        #expect(lookup.facet(for: 4) == nil && lookup.facet(for: 8) == nil && lookup.facet(for: .max) == nil)
        #expect(FacetLookup([]).facet(for: 0) == nil)
    }

    /// The block table is read where the file stores it: the same blocks an independent read of
    /// its big-endian pairs finds.
    @Test func theBlockTableIsReadInPlace() throws {
        let bytes = try CompiledCorpus.bytes("assets_ios.car")
        let store = try BOMStore(ByteReader(bytes))
        func be32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        let table = be32(16)
        #expect(store.blocks.count == be32(table))
        for index in store.blocks.indices {
            #expect(store.blocks[index] == BOMStore.Block(offset: be32(table + 4 + 8 * index), length: be32(table + 8 + 8 * index)))
        }
    }
}
