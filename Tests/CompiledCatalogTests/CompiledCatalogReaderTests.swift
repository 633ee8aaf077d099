import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

@testable import CompiledCatalog

/// The reader over the real files of the corpus, against what their source catalog declares and
/// what the Makefile's actool commands asked for.
@Suite struct CompiledCatalogReaderTests {
    @Test(arguments: CompiledCorpus.names)
    func everyCorpusFileReadsWithOneRenditionPerTreeEntry(_ name: String) throws {
        let catalog = try CompiledCorpus.read(name)
        let treeEntries = try #require(CompiledCorpus.leafEntryCount(try CompiledCorpus.bytes(name), tree: "RENDITIONS"))
        #expect(catalog.renditions.count == treeEntries)
        #expect(catalog.renditions.count == Int(catalog.header.renditionCount))
        #expect(catalog.header.storageVersion == 11)
        // The macOS file was compiled by the Mac's own CoreUI (366), the others by the iOS
        // simulator's (374).
        let coreUI: UInt32 = name == "assets_mac.car" ? 366 : 374
        #expect(catalog.header.coreUIVersion == coreUI)
        #expect(catalog.header.mainVersion.hasPrefix("@(#)PROGRAM:CoreUI  PROJECT:CoreUI-\(coreUI)"))
        #expect(catalog.metadata == nil, "Xcode 7 wrote no EXTENDED_METADATA")
        #expect(catalog.keyFormat.attributes.contains(.identifier) && catalog.keyFormat.attributes.contains(.scale))
        // Every rendition belongs to a facet, except the packed images (atlases) actool makes,
        // which only references into them name; and every facet has a rendition.
        #expect(catalog.renditions.allSatisfy { ($0.name == nil) == ($0.layout == .packedImage) })
        #expect(catalog.renditions.filter { $0.layout == .packedImage }.allSatisfy { $0.renditionName.hasPrefix("ZZZZPackedAsset-") })
        let named = Set(catalog.renditions.compactMap(\.name))
        #expect(Set(catalog.facets.map(\.name)) == named)
    }

    @Test func theIOSFileHoldsTheNamesTheSourceDeclares() throws {
        let catalog = try CompiledCorpus.read("assets_ios.car")
        let names = Set(catalog.facets.map(\.name))
        for declared in ["d_iphone", "d_iphone4", "d_ipad", "d_universal", "v_overrides", "v_universal", "m_2gb", "sc_w_a&c", "s_vertical", "r_template"] {
            #expect(names.contains(declared), "\(declared)")
        }
        #expect(!names.contains("d_mac") && !names.contains("d_watch") && !names.contains("d_tv"), "other platforms' sets are left out")
    }

    /// d_iphone.imageset: green.png at 1x, 2x and 3x for iphone; each is a 50-point square.
    @Test func anIPhoneSetKeepsItsIdiomScalesAndSizes() throws {
        let catalog = try CompiledCorpus.read("assets_ios.car")
        let renditions = catalog.renditions.filter { $0.name == "d_iphone" }
        #expect(renditions.map { $0.key.scale ?? 0 }.sorted() == [1, 2, 3])
        #expect(renditions.allSatisfy { $0.key.idiom == .phone })
        for rendition in renditions {
            let scale = try #require(rendition.key.scale)
            #expect(rendition.scaleFactor == UInt32(scale) * 100)
            #expect(rendition.width == 50 * UInt32(scale) && rendition.height == 50 * UInt32(scale), "\(rendition.renditionName)")
            #expect(rendition.renditionName.hasPrefix("green"))
        }
    }

    /// sc_w_a&c: three universal images and three for a compact width.
    @Test func sizeClassesAreTyped() throws {
        let catalog = try CompiledCorpus.read("assets_ios.car")
        let renditions = catalog.renditions.filter { $0.name == "sc_w_a&c" }
        #expect(renditions.count == 6)
        #expect(renditions.filter { $0.key.horizontalSizeClass == .compact }.count == 3)
        #expect(renditions.filter { $0.key.horizontalSizeClass == nil }.count == 3)
        #expect(renditions.allSatisfy { $0.key.verticalSizeClass == nil })
    }

    /// m_2gb: cyan for 2 GB devices beside blue for any, at three scales.
    @Test func memoryClassesAreKept() throws {
        let catalog = try CompiledCorpus.read("assets_ios.car")
        let renditions = catalog.renditions.filter { $0.name == "m_2gb" }
        #expect(renditions.count == 6)
        #expect(renditions.filter { ($0.key.memoryClass ?? 0) != 0 }.count == 3)
    }

    @Test func theWatchFileHoldsOnlyWatchAndUniversalRenditions() throws {
        let catalog = try CompiledCorpus.read("assets_watch.car")
        #expect(!catalog.renditions.isEmpty)
        #expect(catalog.renditions.allSatisfy { [.watch, .universal].contains($0.key.idiom) })
        #expect(catalog.renditions.contains { $0.key.idiom == .watch })
    }

    @Test(arguments: [("assets_iphone.car", CompiledIdiom.pad), ("assets_ipad.car", CompiledIdiom.phone)])
    func aOneFamilyFileHasNoRenditionForTheOther(_ name: String, _ absent: CompiledIdiom) throws {
        let catalog = try CompiledCorpus.read(name)
        #expect(!catalog.renditions.contains { $0.key.idiom == absent })
        let ios = try CompiledCorpus.read("assets_ios.car")
        #expect(catalog.renditions.count < ios.renditions.count)
    }

    /// The PDFs of v_universal are kept as vector data (the format and layout say so), uncompressed.
    @Test func pdfsAreVectorRawData() throws {
        let catalog = try CompiledCorpus.read("assets_ios.car")
        let bytes = try CompiledCorpus.bytes("assets_ios.car")
        let vector = try #require(catalog.renditions.first { $0.name == "v_universal" && $0.pixelFormat == .pdf })
        #expect(vector.layout == .vector)
        #expect(vector.flags.isVectorBased)
        guard case .rawData(let range) = vector.payload else {
            Issue.record("not raw data: \(vector.payload)")
            return
        }
        #expect(bytes[range.offset..<(range.offset + 4)].elementsEqual(Array("%PDF".utf8)))
        #expect(vector.compression == .uncompressed)
    }

    /// Bitmaps are LZFSE (`bvx2` streams), whole or in row chunks; references into packed images
    /// name the packed image's frame.
    @Test func bitmapsAreLZFSEAndReferencesHaveFrames() throws {
        let catalog = try CompiledCorpus.read("assets_ios.car")
        let bytes = try CompiledCorpus.bytes("assets_ios.car")
        let bitmaps = catalog.renditions.filter { if case .bitmap = $0.payload { true } else { false } }
        #expect(!bitmaps.isEmpty)
        for case .bitmap(let compression, let chunks) in bitmaps.map(\.payload) {
            #expect(compression == .lzfse)
            for chunk in chunks { #expect(bytes[chunk.offset..<(chunk.offset + 4)].elementsEqual(Array("bvx2".utf8))) }
        }
        let references = catalog.renditions.filter { $0.layout == .internalReference }
        #expect(!references.isEmpty)
        for reference in references {
            let frames = reference.properties.compactMap { property -> RenditionProperty.Rectangle? in
                if case .internalReference(let frame, _, _) = property { frame } else { nil }
            }
            #expect(frames.count == 1 && frames[0].width == reference.width && frames[0].height == reference.height, "\(reference.renditionName)")
        }
    }

    @Test func theBOMLayerIsOpenToTheThinner() throws {
        let catalog = try CompiledCorpus.read("assets_ios.car")
        #expect(catalog.store.variables.map(\.name).contains("RENDITIONS"))
        let tree = try #require(try BOMTree(catalog.store, named: "RENDITIONS"))
        #expect(tree.entries.count == catalog.renditions.count)
        #expect(tree.nodeSize == 4096)
        let first = try #require(catalog.renditions.first)
        #expect(first.valueRange.offset == catalog.store.blocks[Int(first.valueBlock)].offset)
        #expect(first.sizeOnDisk <= catalog.store.blocks[Int(first.valueBlock)].length)
    }
}

/// The fuzz target's seeds (`Scripts/make-car.py` cuts them from the corpus): each is a valid
/// compiled catalog, renditions and names intact, or the fuzzer would start from noise.
@Suite struct FuzzSeedTests {
    static var seeds: [String] {
        let folder = Corpus.repositoryRoot + "/FuzzTesting/Seeds/FuzzCAR"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
    }

    @Test func thereAreSeeds() { #expect(Self.seeds.count >= 5) }

    @Test(arguments: seeds)
    func everySeedReads(_ path: String) throws {
        let catalog = try CompiledCatalog(path: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count <= 65_536, "libFuzzer's -max_len in Scripts/fuzz")
        #expect(catalog.renditions.count == CompiledCorpus.leafEntryCount(bytes, tree: "RENDITIONS"))
        #expect(catalog.renditions.count == Int(catalog.header.renditionCount))
        #expect(catalog.renditions.allSatisfy { $0.name != nil || $0.layout == .packedImage })
    }
}

/// What actool kept for one family against what it kept for both: an oracle for thinning.
@Suite struct FamilyFileTests {
    static func identities(_ name: String) throws -> Set<RenditionIdentity> {
        Set(
            try CompiledCorpus.read(name).renditions.filter { $0.name != nil }.map {
                RenditionIdentity(
                    name: $0.name, idiom: $0.key.idiom, scale: $0.key.scale, subtype: $0.key.subtype, renditionName: $0.renditionName, width: $0.width)
            })
    }

    /// Every rendition of the two-family file is in one of the one-family files.
    @Test func theIOSFileIsCoveredByTheIPhoneAndIPadFiles() throws {
        let ios = try Self.identities("assets_ios.car")
        let families = try Self.identities("assets_iphone.car").union(Self.identities("assets_ipad.car"))
        #expect(ios.subtracting(families).isEmpty)
    }

    /// The one-family files hold more than their share of the two-family file only for the PDF
    /// sets with device entries (v_device, v_overrides): their universal entries, which the
    /// two-family build dropped because a device entry covers both families.
    @Test func oneFamilyFilesKeepTheUniversalEntriesOfDeviceSpecificPDFSets() throws {
        let ios = try Self.identities("assets_ios.car")
        for family in ["assets_iphone.car", "assets_ipad.car"] {
            let extra = try Self.identities(family).subtracting(ios)
            #expect(!extra.isEmpty)
            #expect(extra.allSatisfy { ["v_device", "v_overrides"].contains($0.name) && $0.idiom == .universal }, "\(family): \(extra)")
        }
    }
}

/// What a rendition is across files (name identifiers differ from file to file).
struct RenditionIdentity: Hashable {
    var name: String?
    var idiom: CompiledIdiom?
    var scale: UInt16?
    var subtype: UInt16?
    var renditionName: String
    var width: UInt32
}
