@_spi(AdaptTool) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import Testing

@testable import CompiledCatalog

/// Both forms of `adapt inspect FILE.car` are written on every core: renditions formatted and
/// hashed in batches, batches in groups, lines put together in units of assets, each piece made
/// apart and handed out in order. On a file of more renditions than a group of either writer holds
/// (on a machine of up to four cores), each must print what a serial rendering of it prints.
@Suite struct ParallelWritersTests {
    /// 40,000 renditions over 3,001 names: bitmaps, data and colours, in tree order by key, so each
    /// name's renditions lie far apart (as in real files), and one name with 5,000 renditions,
    /// more than a unit of lines. Built once for the suite.
    static let catalog: Result<CompiledCatalog, any Error> = Result {
        var facets = (0..<3000).map { SyntheticCatalog.Facet("asset-\($0)", identifier: UInt16(1 + $0)) }
        facets.append(.init("Large", identifier: 4000))
        var renditions = (0..<35_000).map { (number: Int) -> SyntheticCatalog.Rendition in
            let key: [RenditionAttribute: UInt16] = [
                .identifier: UInt16(1 + number % 3000), .scale: UInt16(1 + number % 3),
                .dimension1: UInt16(number / 3000),
            ]
            switch number % 3 {
            case 0: return .bitmap("image-\(number).png", key: key, width: 1, height: 1, pixels: [UInt8(number % 256), 0, 0, 255])
            case 1: return .data("data-\(number).json", key: key, uti: "public.json", bytes: Array("{\"n\": \(number)}".utf8))
            default: return .color("colour-\(number)", key: key, space: 1, components: [Double(number % 7) / 7, 0.5, 0, 1])
            }
        }
        renditions += (0..<5000).map {
            .bitmap(
                "large-\($0).png", key: [.identifier: 4000, .scale: UInt16(1 + $0 % 3), .dimension1: UInt16($0)], width: 2, height: 1,
                pixels: [0, 0, UInt8($0 % 256), 255, 0, 0, 0, 255])
        }
        let synthetic = SyntheticCatalog(keyFormat: [.scale, .idiom, .identifier, .dimension1, .element, .part], facets: facets, renditions: renditions)
        return try CompiledCatalog(bytes: try synthetic.bytes(), path: "Many.car")
    }

    @Test func theTextIsTheSerialListing() throws {
        let catalog = try Self.catalog.get()
        #expect(catalog.renditions.count == 40_000)
        #expect(CompiledInspection(catalog).text == Reference.text(catalog))
    }

    /// The document's renditions, batch after batch, are the entries written one by one in tree
    /// order, and each `SHA1Digest` is the SHA-256 of its own rendition's bytes.
    @Test func theDocumentIsTheSerialOneWithEachRenditionsDigest() throws {
        let index = try Self.catalog.get().index
        let document = CompiledCatalog.AssetutilDocument(index).bytes()
        let entries = AssetutilEntries(index)
        var serial = JSONOutput()
        index.withRenditions { renditions in
            for rendition in renditions {
                serial.append(UInt8(ascii: ","))
                entries.write(rendition, into: &serial)
            }
        }
        let expected = serial.withBytes { Array($0) } + Array("\n]\n".utf8)
        #expect(document.count > expected.count && document.suffix(expected.count).elementsEqual(expected))

        let digests = index.withRenditions { renditions in renditions.map { SHA256.hex($0.valueBytes!).uppercased() } }
        #expect(Self.digests(in: document) == digests)
    }

    /// `--no-digests`: the same document, each rendition's `SHA1Digest` line left out.
    @Test func theDocumentWithoutDigestsLeavesOutOnlyThem() throws {
        let index = try Self.catalog.get().index
        let document = String(decoding: CompiledCatalog.AssetutilDocument(index).bytes(), as: UTF8.self)
        let bare = String(decoding: CompiledCatalog.AssetutilDocument(index, digests: false).bytes(), as: UTF8.self)
        let withoutDigests = document.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"SHA1Digest\" : ") }
        #expect(withoutDigests.count < document.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(bare == withoutDigests.joined(separator: "\n"))
    }

    /// The values of the document's `SHA1Digest` keys, in order.
    static func digests(in document: [UInt8]) -> [String] {
        let key = Array("\"SHA1Digest\" : \"".utf8)
        var found: [String] = []
        var position = 0
        while position + key.count + 64 <= document.count {
            if document[position..<(position + key.count)].elementsEqual(key) {
                found.append(String(decoding: document[(position + key.count)..<(position + key.count + 64)], as: UTF8.self))
                position += key.count + 64
            } else {
                position += 1
            }
        }
        return found
    }
}
