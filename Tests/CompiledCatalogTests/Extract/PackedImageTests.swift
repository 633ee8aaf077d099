import CatalogFixtures
import Foundation
import Testing

@testable import CompiledCatalog

/// References into packed images (`ZZZZPackedAsset-…`): each is cut out of its atlas by its
/// frame, and the cut-out equals the PNG it was compiled from.
@Suite struct PackedImageTests {
    /// The source PNG of a rendition: `<set>.imageset/<rendition name>` anywhere under Images.xcassets.
    static func sourcePNG(set: String, file: String) throws -> [UInt8]? {
        let root = try Corpus.root + "/compiled/acextract/Images.xcassets"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return nil }
        for case let path as String in walker where path.hasSuffix("/" + set + ".imageset") || path == set + ".imageset" {
            return try? [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + path + "/" + file)))
        }
        return nil
    }

    @Test(arguments: ["assets_iphone.car", "assets_mac.car", "assets_watch.car"])
    func everyReferenceIsItsSourceImage(_ file: String) throws {
        let catalog = try CompiledCorpus.read(file)
        let atlases = PackedImageCache()
        var compared = 0
        for rendition in catalog.renditions where rendition.layout == .internalReference {
            let found = try #require(catalog.packedImage(referencedBy: rendition), "\(rendition.renditionName)")
            #expect(found.atlas.layout == .packedImage && found.atlas.renditionName.hasPrefix("ZZZZPackedAsset-"))
            guard case .pixels(let bitmap)? = try catalog.decodedBitmap(of: rendition, atlases: atlases) else {
                Issue.record("\(rendition.renditionName) not decoded")
                continue
            }
            #expect(bitmap.width == Int(rendition.width) && bitmap.height == Int(rendition.height))
            // Sliced images are stored trimmed, and PDFs rasterized: compare the plain ones.
            // r_template: actool stores a template image as black with its alpha.
            guard rendition.imageLayout == .onePartScale, rendition.name != "r_template", let name = rendition.name, rendition.renditionName.hasSuffix(".png"),
                let source = try Self.sourcePNG(set: name, file: rendition.renditionName),
                let expected = ExtractPiecesTests.rgba(source), expected.width == bitmap.width, expected.height == bitmap.height
            else { continue }
            let png = try #require(bitmap.pngData())
            let actual = try #require(ExtractPiecesTests.rgba(png))
            // Compared premultiplied (a fully transparent pixel's colour is not kept), one pixel in
            // from the edge: actool drops the faintest antialiased edge pixels (alpha 4 of 255)
            // when it packs. A frame read from the wrong corner or off by one fails here.
            var worst = 0
            for y in 1..<(bitmap.height - 1) {
                for x in 1..<(bitmap.width - 1) {
                    let start = (y * bitmap.width + x) * 4
                    let alphas = (Int(actual.pixels[start + 3]), Int(expected.pixels[start + 3]))
                    worst = max(worst, abs(alphas.0 - alphas.1))
                    for channel in 0..<3 {
                        let mine = Int(actual.pixels[start + channel]) * alphas.0 / 255
                        let theirs = Int(expected.pixels[start + channel]) * alphas.1 / 255
                        worst = max(worst, abs(mine - theirs))
                    }
                }
            }
            #expect(worst <= 2, "\(file): \(name)/\(rendition.renditionName) differs from its source by up to \(worst)")
            compared += 1
        }
        #expect(compared >= 20, "\(file): only \(compared) references compared with their sources")
    }

    @Test func aFrameOutsideItsAtlasIsRefused() {
        let bitmap = DecodedBitmap(width: 4, height: 4, rowBytes: 16, format: .argb, isOpaque: false, bytes: [UInt8](repeating: 1, count: 64))
        #expect(bitmap.cropped(to: .init(x: 2, y: 2, width: 2, height: 2))?.bytes.count == 16)
        #expect(bitmap.cropped(to: .init(x: 3, y: 0, width: 2, height: 1)) == nil)
        #expect(bitmap.cropped(to: .init(x: 0, y: UInt32.max, width: 1, height: 1)) == nil)
        #expect(bitmap.cropped(to: .init(x: 0, y: 0, width: 0, height: 1)) == nil)
    }
}
