import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import Testing

@testable import CompiledCatalog

/// The renditions read in place (`RenditionRecord`, `RenditionView`), which the assetutil JSON is
/// written from, against the `Rendition` values every other command reads.
@Suite struct RenditionViewTests {
    /// The assetutil document of each corpus file, byte for byte: the SHA-256 of what
    /// `adapt inspect FILE --format json` printed when the writer still formatted `Rendition`
    /// values (commit 4b6210f, where bitmaps and colours gained their `Colorspace`), changed on
    /// purpose once since, where recorded assetutil output showed fields it lacked (issue 26, item
    /// 11: `SHA1Digest`, `Template Mode`, `Scale` 1 for 0, no `Image Type` for one-part images;
    /// `AssetutilRecordedTests`). The writer reads views; its output must not change otherwise.
    @Test(arguments: [
        ("assets.car", "db5e51c7f40138b6eb187f38c8feba0cacfe27123512b5c60edfb6ad2a997df5"),
        ("assets_ios.car", "db5e51c7f40138b6eb187f38c8feba0cacfe27123512b5c60edfb6ad2a997df5"),
        ("assets_ipad.car", "1c9e29fd3b2b376d6a02028dfbf8cc18e9040485ddff6bf6f1ef65f528208825"),
        ("assets_iphone.car", "dba0c1625003652a538ae135bd05302214f2b14df6a2cdfc64cad8b8926caac9"),
        ("assets_mac.car", "c7c88d7b4bea6a2ae4737fa41340237f29838dc74a8d9e7872edf9e967c83ac2"),
        ("assets_tv.car", "1e432fc357f9753b6c83438ab22adc367f401263d67d66d4643df6291547407b"),
        ("assets_watch.car", "4665aea4ed0afef653b274355045e106a292e9d393fa210ea10001e6e2dd6503"),
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
