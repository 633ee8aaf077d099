import CatalogFixtures
import Testing

@testable import CompiledCatalog

/// Every bitmap rendition of the Xcode 7.3 corpus decodes, to exactly its width x height x
/// bytes per pixel (LZFSE, single-block and chunked).
@Suite struct CorpusDecodeTests {
    @Test(arguments: CompiledCorpus.names)
    func everyBitmapDecodesToItsPixelSize(_ name: String) throws {
        let catalog = try CompiledCorpus.read(name)
        var decoded = 0
        for rendition in catalog.renditions {
            guard let result = try catalog.decodedBitmap(of: rendition) else { continue }
            guard case .pixels(let bitmap) = result else {
                Issue.record("\(name): \(rendition.renditionName) not decoded: \(result)")
                continue
            }
            let format = try #require(BitmapPixelFormat(rendition.pixelFormat))
            #expect(
                bitmap.bytes.count == Int(rendition.width) * Int(rendition.height) * format.bytesPerPixel,
                "\(name): \(rendition.renditionName) \(rendition.width)x\(rendition.height)")
            decoded += 1
        }
        #expect(decoded > 0, "\(name) has no bitmap rendition")
    }
}
