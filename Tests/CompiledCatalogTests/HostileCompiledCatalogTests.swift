import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

@testable import CompiledCatalog

/// Broken and hostile `.car` files: each gives a typed error naming the structure and its offset,
/// never a crash, a hang or an allocation the file's size does not justify.
@Suite struct HostileCompiledCatalogTests {
    static func original() throws -> (bytes: [UInt8], store: BOMStore) {
        let bytes = try CompiledCorpus.bytes("assets_ios.car")
        return (bytes, try BOMStore(ByteReader(bytes)))
    }

    static func read(_ bytes: [UInt8]) -> CompiledCatalogError? {
        do {
            _ = try CompiledCatalog(bytes: bytes, path: "Assets.car")
            return nil
        } catch { return error }
    }

    static func writeBigEndian(_ value: UInt32, at offset: Int, in bytes: inout [UInt8]) {
        for index in 0..<4 { bytes[offset + index] = UInt8(value >> (24 - 8 * UInt32(index)) & 0xFF) }
    }

    @Test func anEmptyFileIsNotACatalog() throws {
        let path = try CompiledCorpus.path("fake_assets")
        #expect(throws: CompiledCatalogError.self) { try CompiledCatalog(path: path) }
        do { _ = try CompiledCatalog(path: path) } catch {
            #expect(error.kind == .notACatalog)
            #expect(error.description.hasPrefix(path + ": error: the file at offset 0x0 does not start with 'BOMStore'"))
            #expect(error.description.hasSuffix("[car.not-a-catalog]"))
            #expect(error.diagnostic.rule == .carNotACatalog && error.diagnostic.severity == .error)
        }
    }

    @Test func aMissingFileIsUnreadable() throws {
        do {
            _ = try CompiledCatalog(path: "/nonexistent/Assets.car")
            Issue.record("read a missing file")
        } catch {
            #expect(error.kind == .unreadable)
        }
    }

    @Test func aBOMFileWithoutACARHeaderIsNotACatalog() throws {
        var (bytes, store) = try Self.original()
        // Rename the CARHEADER variable in place.
        let at = try #require(bytes.indices.first { index in bytes[index...].starts(with: Array("CARHEADER".utf8)) && index > store.header.variablesOffset })
        bytes[at + 8] = UInt8(ascii: "X")
        #expect(Self.read(bytes)?.kind == .notACatalog)
    }

    @Test(arguments: [1_000, 10_000, 100_000, 200_000, 256_000])
    func aTruncatedFileNamesWhatIsCutShort(_ length: Int) throws {
        let (bytes, _) = try Self.original()
        let error = try #require(Self.read(Array(bytes.prefix(length))))
        #expect(error.kind == .malformed)
        #expect(error.description.hasPrefix("Assets.car: error: ") && error.description.hasSuffix("[car.malformed]"))
        #expect(error.message.contains("end of the file") || error.message.contains("does not fit"), "\(error)")
    }

    @Test func aTreeRootPastTheBlockTableIsNamed() throws {
        var (bytes, store) = try Self.original()
        let (_, header) = try #require(try store.variableBlock("RENDITIONS"))
        Self.writeBigEndian(40_000, at: header.offset + 8, in: &bytes)
        let error = try #require(Self.read(bytes))
        #expect(error.message == "RENDITIONS tree root names block 40000, but the block table has \(store.blocks.count)")
    }

    @Test func aNodeOffsetPastTheEndOfTheFileIsNamed() throws {
        var (bytes, store) = try Self.original()
        let tree = try #require(try BOMTree(store, named: "RENDITIONS"))
        let entry = store.header.blockTableOffset + 4 + 8 * Int(tree.rootBlock)
        Self.writeBigEndian(0xFFFF_FF00, at: entry, in: &bytes)
        let error = try #require(Self.read(bytes))
        #expect(error.structure == "RENDITIONS tree root")
        #expect(error.problem.hasPrefix("points past the end of the file (block \(tree.rootBlock) at 4294967040"), "\(error)")
        #expect(error.description.contains("at offset 0xFFFFFF00"))
    }

    @Test func aLeafThatLinksToItselfIsACycleNotAHang() throws {
        var (bytes, store) = try Self.original()
        let tree = try #require(try BOMTree(store, named: "RENDITIONS"))
        let leaf = try #require(tree.leafBlocks.first)
        Self.writeBigEndian(leaf, at: store.blocks[Int(leaf)].offset + 4, in: &bytes)
        let error = try #require(Self.read(bytes))
        #expect(error.message.contains("the tree has a cycle"), "\(error)")
        #expect(error.structure == "RENDITIONS tree node \(leaf)")
    }

    @Test func aHugeBlockCountIsRefusedBeforeAnythingIsAllocated() throws {
        var (bytes, store) = try Self.original()
        Self.writeBigEndian(0xFFFF_FFFF, at: store.header.blockTableOffset, in: &bytes)
        let error = try #require(Self.read(bytes))
        #expect(error.message.contains("claims 4294967295 blocks"), "\(error)")
    }

    @Test func aCSIHeaderThatClaimsMoreDataThanItsBlockIsNamed() throws {
        var (bytes, _) = try Self.original()
        let catalog = try CompiledCatalog(bytes: bytes)
        let rendition = try #require(catalog.renditions.first)
        // The data length field (little-endian) at offset 180 of the CSI header.
        for index in 0..<4 { bytes[rendition.valueRange.offset + 180 + index] = 0xFF }
        let error = try #require(Self.read(bytes))
        #expect(error.structure == "RENDITIONS entry 0 (block \(rendition.valueBlock))")
        #expect(error.problem.contains("more than its"), "\(error)")
    }
}

/// Block tables that alias: many block numbers for the same node must not multiply the entries.
@Suite struct AliasedBlockTests {
    @Test func twoBlockNumbersForOneLeafAreACycle() throws {
        var (bytes, store) = try HostileCompiledCatalogTests.original()
        let tree = try #require(try BOMTree(store, named: "FACETKEYS"))
        let leaf = try #require(tree.leafBlocks.first)
        // Make the last block number another name for the leaf, and link the leaf forward to it.
        let alias = UInt32(store.blocks.count - 1)
        let aliasEntry = store.header.blockTableOffset + 4 + 8 * Int(alias)
        HostileCompiledCatalogTests.writeBigEndian(UInt32(store.blocks[Int(leaf)].offset), at: aliasEntry, in: &bytes)
        HostileCompiledCatalogTests.writeBigEndian(UInt32(store.blocks[Int(leaf)].length), at: aliasEntry + 4, in: &bytes)
        HostileCompiledCatalogTests.writeBigEndian(alias, at: store.blocks[Int(leaf)].offset + 4, in: &bytes)
        let error = try #require(HostileCompiledCatalogTests.read(bytes))
        #expect(error.message.contains("already visited: the tree has a cycle"), "\(error)")
    }
}
