import CatalogFixtures
import Testing

@testable import CompiledCatalog

/// Issue #26, items 3 and 4: what a file's structures point at many times over is paid for
/// once, and no thinned file holds more than its source's bytes plus
/// `BOMWriter.overheadBeyondSource`; a file that would still come out larger is refused before
/// its blocks are held in memory.
@Suite struct AmplificationTests {
    static func keepingEverything(_ bytes: [UInt8]) throws -> (catalog: CompiledCatalog, written: [UInt8]) {
        let catalog = try CompiledCatalog(bytes: bytes)
        return (catalog, try catalog.writing(keeping: Set(catalog.renditions.indices)))
    }

    @Test func aBitmapKeysBlockManyEntriesShareIsWrittenOnce() throws {
        // 300 entries naming one 20 KB block: rebuilt per entry, they were 6 MB.
        let source = try HostileCompiledCatalogs.sharedBitmapKeys(entries: 300, blockLength: 20_000)
        let (catalog, written) = try Self.keepingEverything(source)
        #expect(written.count <= source.count + BOMWriter.overheadBeyondSource, "\(written.count) bytes from \(source.count)")
        #expect(try catalog.writtenLength(keeping: Set(catalog.renditions.indices)) == written.count)
        let store = try BOMStore(ByteReader(written))
        let tree = try #require(try BOMTree(store, named: "BITMAPKEYS"))
        #expect(tree.entries.count == 300, "every entry is kept")
        #expect(Set(tree.entries.map(\.valueBlock)).count == 1, "all name the one rebuilt block")
    }

    @Test func masksOfManyNamesOverOneBlockAreRefusedPastTheBound() throws {
        // 100 names' masks rebuilt from one 10 KB block are 100 different blocks: 1 MB from 50 KB.
        let source = try HostileCompiledCatalogs.bitmapKeysOfManyNames(names: 100, blockLength: 10_000)
        let catalog = try CompiledCatalog(bytes: source, path: "many.car")
        do {
            _ = try catalog.writing(keeping: Set(catalog.renditions.indices))
            Issue.record("a file that would grow past its bound was written")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.path == "many.car")
            #expect(error.structure.hasPrefix("BITMAPKEYS entry"), "\(error)")
        }
        // Its length, asked for by `size`, is refused the same way, before any bytes are built.
        #expect(throws: CompiledCatalogError.self) { try catalog.writtenLength(keeping: Set(catalog.renditions.indices)) }
        // Keeping a few names stays within the bound and is written.
        let few = try catalog.writing(keeping: [0, 1, 2])
        #expect(try CompiledCatalog(bytes: few).renditions.count == 3)
    }

    @Test func variablesNamingOneTreeNameOneWrittenTree() throws {
        // 2,000 variables naming one tree: a tree of 4 KB per variable was 8 MB from 30 KB.
        let source = try HostileCompiledCatalogs.aliasedTrees(aliases: 2_000)
        let (_, written) = try Self.keepingEverything(source)
        #expect(written.count <= source.count + BOMWriter.overheadBeyondSource, "\(written.count) bytes from \(source.count)")
        let store = try BOMStore(ByteReader(written))
        let tree = try #require(store.variables.first { $0.name == "ELEMENT_INFO" })
        let aliases = store.variables.filter { $0.name.hasPrefix("T") && $0.name != "ELEMENT_INFO" }
        #expect(aliases.count == 2_000)
        #expect(aliases.allSatisfy { $0.blockIndex == tree.blockIndex })
        #expect(try BOMTree(store, named: "T1999")?.entries.count == 1)
    }

    @Test func everyReferenceFindsItsOwnPackedImage() throws {
        let catalog = try CompiledCatalog(bytes: try HostileCompiledCatalogs.packedReferences(references: 60, atlases: 7))
        let references = catalog.renditions.indices.filter { catalog.renditions[$0].layout == .internalReference }
        #expect(references.count == 60)
        for (number, position) in references.enumerated() {
            let (atlas, frame) = try #require(catalog.packedImage(referencedBy: catalog.renditions[position]))
            #expect(atlas.key.dimension1 == UInt16(number % 7))
            #expect(frame.width == 1 && frame.height == 1)
        }
        // Keeping the references of atlases 0 and 3 keeps those two atlases and no other.
        let kept = catalog.keepingPackedImages(Set(references.enumerated().filter { [0, 3].contains($0.offset % 7) }.map(\.element)))
        let atlases = kept.filter { catalog.renditions[$0].layout == .packedImage }.map { catalog.renditions[$0].key.dimension1 }
        #expect(Set(atlases) == [0, 3])
    }

    @Test func aKeyFormatWiderThanAnyCoreUIKeyIsRefused() throws {
        let widest = Int(CARKeyFormat.maximumAttributeCount)
        #expect(try CompiledCatalog(bytes: try HostileCompiledCatalogs.wideKeyFormat(attributes: widest, renditions: 2)).renditions.count == 2)
        let wide = try HostileCompiledCatalogs.wideKeyFormat(attributes: widest + 1, renditions: 2)
        do {
            _ = try CompiledCatalog(bytes: wide, path: "wide.car")
            Issue.record("a key format of \(widest + 1) attributes was read")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.description.contains("lists \(widest + 1) attributes, more than the \(widest) this reader accepts"), "\(error)")
        }
    }
}
