import AdaptiveAssets
import Testing

/// What `adapt diff` compares of a decoded rendition: its pixels as 8-bit premultiplied B G R A,
/// rows packed, whatever the stored format (`VariantContent.Loader.normalized`).
@Suite struct NormalizedPixelsTests {
    func normalized(
        _ format: BitmapPixelFormat, width: Int, height: Int, rowBytes: Int, opaque: Bool = false, _ bytes: [UInt8]
    ) -> VariantContent {
        VariantContent.Loader.normalized(
            DecodedBitmap(width: width, height: height, rowBytes: rowBytes, format: format, isOpaque: opaque, bytes: bytes))
    }

    func pixels(_ content: VariantContent) -> [UInt8]? {
        guard case .pixels(_, _, let bytes) = content else { return nil }
        return bytes
    }

    /// Rows longer than their pixels lose the padding; an opaque rendition's alpha is whole.
    @Test func bgraRowsDropTheirPadding() {
        let rows: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 0xEE, 0xEE, 9, 10, 11, 12, 13, 14, 15, 16, 0xEE, 0xEE]
        #expect(pixels(normalized(.argb, width: 2, height: 2, rowBytes: 10, rows)) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])
        #expect(
            pixels(normalized(.argb, width: 2, height: 2, rowBytes: 10, opaque: true, rows))
                == [1, 2, 3, 255, 5, 6, 7, 255, 9, 10, 11, 255, 13, 14, 15, 255])
        guard case .pixels(let width, let height, _) = normalized(.argb, width: 2, height: 2, rowBytes: 10, rows) else {
            Issue.record("no pixels")
            return
        }
        #expect((width, height) == (2, 2))
    }

    @Test func greyFormatsBecomeThreeEqualChannels() {
        #expect(pixels(normalized(.gray8, width: 2, height: 1, rowBytes: 2, [7, 200])) == [7, 7, 7, 255, 200, 200, 200, 255])
        #expect(pixels(normalized(.grayAlpha8, width: 2, height: 1, rowBytes: 4, [7, 100, 9, 50])) == [7, 7, 7, 100, 9, 9, 9, 50])
        #expect(pixels(normalized(.grayAlpha8, width: 1, height: 1, rowBytes: 2, opaque: true, [7, 100])) == [7, 7, 7, 255])
        // 16 bits a channel, little-endian: the high byte is the 8-bit value.
        #expect(pixels(normalized(.grayAlpha16, width: 1, height: 1, rowBytes: 4, [0x11, 0x80, 0x22, 0x40])) == [0x80, 0x80, 0x80, 0x40])
    }

    /// Five bits a channel, blue lowest, each scaled to 8 bits and rounded.
    @Test func rgb555ChannelsAreScaledToEightBits() {
        let white: [UInt8] = [0xFF, 0x7F]
        let blueOne: [UInt8] = [0x01, 0x00]
        let redHalf: [UInt8] = [0x00, 0x40] // red 16 of 31
        #expect(pixels(normalized(.rgb555, width: 3, height: 1, rowBytes: 6, white + blueOne + redHalf)) == [255, 255, 255, 255, 8, 0, 0, 255, 0, 0, 132, 255])
    }

    /// Rows that do not fit their bytes are no pixels, even when their lengths multiply past
    /// `Int.max` (which wrapped, let the rows through, and stopped the process on a read).
    @Test func rowsOutsideTheBytesAreUnavailable() {
        #expect(pixels(normalized(.argb, width: 2, height: 2, rowBytes: 8, [UInt8](repeating: 0, count: 15))) == nil)
        #expect(pixels(normalized(.argb, width: 2, height: 3, rowBytes: Int.max / 2 + 2, [UInt8](repeating: 0, count: 64))) == nil)
        #expect(pixels(normalized(.argb, width: 0, height: 1, rowBytes: 0, [])) == nil)
        #expect(pixels(normalized(.argb16, width: 1, height: 1, rowBytes: 8, [UInt8](repeating: 0, count: 8))) == nil)
    }
}
