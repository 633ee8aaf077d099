import CatalogFixtures
import Foundation
import Testing

@testable import CompiledCatalog

/// The `.car` writer: what it writes is read back by this package's reader with the renditions
/// kept, byte for byte, and the header's invariants hold.
@Suite struct CompiledCatalogWriterTests {
    static func payload(_ catalog: CompiledCatalog, _ rendition: Rendition) -> [UInt8] {
        catalog.store.bytes.copy(offset: rendition.valueRange.offset, length: rendition.valueRange.length)
    }

    static func keyBytes(_ catalog: CompiledCatalog, _ rendition: Rendition) throws -> [UInt8] {
        let block = try catalog.store.block(rendition.keyBlock, for: "key")
        return catalog.store.bytes.copy(offset: block.offset, length: block.length)
    }

    @Test(arguments: CompiledCorpus.names)
    func keepingEverythingReadsBackTheSameRenditions(_ name: String) throws {
        let source = try CompiledCorpus.read(name)
        let bytes = try source.writing(keeping: Set(source.renditions.indices))
        let copy = try CompiledCatalog(bytes: bytes, path: "copy.car")
        #expect(copy.renditions.count == source.renditions.count)
        #expect(copy.header.renditionCount == UInt32(source.renditions.count))
        #expect(copy.facets == source.facets)
        #expect(copy.keyFormat == source.keyFormat)
        #expect(copy.metadata == source.metadata)
        for (original, written) in zip(source.renditions, copy.renditions) {
            #expect(written.name == original.name)
            #expect(written.renditionName == original.renditionName)
            #expect(written.key == original.key)
            #expect(try Self.keyBytes(copy, written) == Self.keyBytes(source, original))
            #expect(Self.payload(copy, written) == Self.payload(source, original))
        }
        // An independent walk of the written tree agrees with the header.
        #expect(CompiledCorpus.leafEntryCount(bytes, tree: "RENDITIONS") == source.renditions.count)
        #expect(bytes.count == (try source.writtenLength(keeping: Set(source.renditions.indices))))
    }

    @Test func theSameInputGivesTheSameBytes() throws {
        let source = try CompiledCorpus.read("assets_ios.car")
        let half = Set(source.renditions.indices.filter { $0 % 2 == 0 })
        let first = try source.writing(keeping: half)
        let second = try CompiledCorpus.read("assets_ios.car").writing(keeping: half)
        #expect(first == second)
        #expect(first != (try source.writing(keeping: Set(source.renditions.indices))))
    }

    @Test func aSubsetKeepsOnlyItsRenditionsAndTheirFacets() throws {
        let source = try CompiledCorpus.read("assets_ios.car")
        let phone = Set(source.renditions.indices.filter { source.renditions[$0].key.idiom != .pad })
        let kept = source.keepingPackedImages(phone)
        let copy = try CompiledCatalog(bytes: try source.writing(keeping: kept))
        #expect(copy.renditions.count == kept.count)
        #expect(copy.header.renditionCount == UInt32(kept.count))
        #expect(!copy.renditions.contains { $0.key.idiom == .pad })
        // Every facet has a rendition, and every rendition's name identifier has its facet.
        let identifiers = Set(copy.renditions.compactMap(\.key.nameIdentifier))
        #expect(Set(copy.facets.compactMap(\.nameIdentifier)) == identifiers.intersection(Set(source.facets.compactMap(\.nameIdentifier))))
        #expect(copy.facets.count < source.facets.count)
        // Every kept reference still finds its packed image.
        for rendition in copy.renditions where rendition.layout == .internalReference {
            #expect(copy.packedImage(referencedBy: rendition) != nil, "\(rendition.renditionName)")
        }
    }

    @Test func keptReferencesKeepTheirPackedImage() throws {
        let source = try CompiledCorpus.read("assets_ios.car")
        let references = source.renditions.indices.filter { source.renditions[$0].layout == .internalReference }
        try #require(!references.isEmpty)
        let kept = source.keepingPackedImages([references[0]])
        #expect(kept.count == 2)
        #expect(kept.contains { source.renditions[$0].layout == .packedImage })
    }

    @Test func manyEntriesGetIndexNodes() throws {
        // 1,500 entries take three leaves and an index node; the reader walks them all in order.
        let source = try CompiledCorpus.read("assets_ios.car")
        var writer = BOMWriter(source: source.store.bytes)
        let entries = (1...1500).map { BOMTree.Entry(keyBlock: UInt32($0), valueBlock: UInt32(100_000 + $0)) }
        writer.setVariable("T", try writer.appendTree(entries))
        let store = try BOMStore(ByteReader(try writer.bytes()))
        let tree = try #require(try BOMTree(store, named: "T"))
        #expect(tree.entries == entries)
        #expect(tree.leafBlocks.count == 3)
        #expect(tree.rootBlock != tree.leafBlocks[0])
    }

    @Test func overlappingBlocksAreRefusedBeforeTheyAreCopied() throws {
        // Every rendition value block pointed at one range as long as most of the file: reading
        // succeeds only if the ranges parse, so point them all at the largest rendition's value.
        var bytes = try CompiledCorpus.bytes("assets_ios.car")
        let source = try CompiledCatalog(bytes: bytes)
        let store = source.store
        let largest = try #require(source.renditions.max { $0.valueRange.length < $1.valueRange.length })
        let first = store.blocks[Int(largest.valueBlock)]
        for rendition in source.renditions {
            let entry = store.header.blockTableOffset + 4 + Int(rendition.valueBlock) * 8
            HostileCompiledCatalogTests.writeBigEndian(UInt32(first.offset), at: entry, in: &bytes)
            HostileCompiledCatalogTests.writeBigEndian(UInt32(first.length), at: entry + 4, in: &bytes)
        }
        // Enough copies of one block to pass the file's size.
        let hostile = try CompiledCatalog(bytes: bytes, path: "hostile.car")
        let needed = bytes.count / first.length + 1
        try #require(hostile.renditions.count > needed)
        do {
            _ = try hostile.writing(keeping: Set(hostile.renditions.indices))
            Issue.record("wrote more than the file holds")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.path == "hostile.car")
            #expect(error.problem.contains("overlaps other blocks"))
        }
    }
}
