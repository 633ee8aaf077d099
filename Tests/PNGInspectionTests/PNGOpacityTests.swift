import CatalogFixtures
import PNGInspection
import Testing

/// `PNGOpacity` decides from the pixels, for every way a PNG can carry transparency.
@Suite struct PNGOpacityTests {
    @Test func rgbWithoutTransparencyChunkHasNoAlphaChannel() {
        #expect(PNGOpacity(bytes: PNGFixture.png(width: 4, height: 4)) == .noAlphaChannel)
    }

    @Test func rgbaEveryPixelOpaqueIsOpaque() {
        let bytes = PNGFixture.png(width: 5, height: 3, colorType: 6) { _, _ in [10, 20, 30, 255] }
        #expect(PNGOpacity(bytes: bytes) == .opaque)
    }

    @Test func rgbaOnePixelBelowFullAlphaIsTranslucentAndNamed() {
        let bytes = PNGFixture.png(width: 5, height: 3, colorType: 6) { x, y in [10, 20, 30, x == 4 && y == 2 ? 254 : 255] }
        #expect(PNGOpacity(bytes: bytes) == .translucent(.init(x: 4, y: 2, alpha: 254, opaqueAlpha: 255)))
    }

    /// At 16 bits, 0xFFFE is not opaque although its high byte is 0xFF.
    @Test func sixteenBitAlphaIsComparedInFull() {
        let opaque = PNGFixture.png(width: 3, height: 3, bitDepth: 16, colorType: 6) { _, _ in [1, 2, 3, 4, 5, 6, 0xFF, 0xFF] }
        #expect(PNGOpacity(bytes: opaque) == .opaque)
        let almost = PNGFixture.png(width: 3, height: 3, bitDepth: 16, colorType: 6) { x, y in
            [1, 2, 3, 4, 5, 6, 0xFF, x == 1 && y == 1 ? 0xFE : 0xFF]
        }
        #expect(PNGOpacity(bytes: almost) == .translucent(.init(x: 1, y: 1, alpha: 0xFFFE, opaqueAlpha: 0xFFFF)))
    }

    @Test func greyAlphaIsChecked() {
        let bytes = PNGFixture.png(width: 2, height: 2, colorType: 4) { x, _ in [128, x == 0 ? 255 : 0] }
        #expect(PNGOpacity(bytes: bytes) == .translucent(.init(x: 1, y: 0, alpha: 0, opaqueAlpha: 255)))
    }

    /// Palette alpha counts only for entries the image uses.
    @Test func paletteAlphaFromTransparencyChunk() {
        let palette = PNGFixture.chunk("PLTE", [255, 0, 0, 0, 255, 0])
        let secondEntryClear = PNGFixture.chunk("tRNS", [255, 0])
        let usesOnlyFirst = PNGFixture.png(width: 3, height: 2, colorType: 3, ancillary: [palette, secondEntryClear]) { _, _ in [0] }
        #expect(PNGOpacity(bytes: usesOnlyFirst) == .opaque)
        let usesSecond = PNGFixture.png(width: 3, height: 2, colorType: 3, ancillary: [palette, secondEntryClear]) { x, y in
            [x == 2 && y == 1 ? 1 : 0]
        }
        #expect(PNGOpacity(bytes: usesSecond) == .translucent(.init(x: 2, y: 1, alpha: 0, opaqueAlpha: 255)))
    }

    /// A tRNS colour key makes exactly the pixels of that colour transparent.
    @Test func colourKeyFromTransparencyChunk() {
        let keyIsBlack = PNGFixture.chunk("tRNS", [0, 0, 0, 0, 0, 0])
        let noBlack = PNGFixture.png(width: 3, height: 3, colorType: 2, ancillary: [keyIsBlack]) { _, _ in [1, 2, 3] }
        #expect(PNGOpacity(bytes: noBlack) == .opaque)
        let oneBlack = PNGFixture.png(width: 3, height: 3, colorType: 2, ancillary: [keyIsBlack]) { x, y in
            x == 0 && y == 2 ? [0, 0, 0] : [1, 2, 3]
        }
        #expect(PNGOpacity(bytes: oneBlack) == .translucent(.init(x: 0, y: 2, alpha: 0, opaqueAlpha: 255)))
        let greyKey = PNGFixture.chunk("tRNS", [0, 7])
        let greyHit = PNGFixture.png(width: 2, height: 2, colorType: 0, ancillary: [greyKey]) { x, y in [x == 1 && y == 1 ? 7 : 8] }
        #expect(PNGOpacity(bytes: greyHit) == .translucent(.init(x: 1, y: 1, alpha: 0, opaqueAlpha: 255)))
    }

    /// In an interlaced image each pass fills only its own pixels: every one is still seen, and
    /// pixels of later passes are not mistaken for transparent before they arrive.
    @Test func interlacedImagesCheckEveryPixelOnce() {
        let opaque = PNGFixture.png(width: 9, height: 9, colorType: 6, interlaced: true) { _, _ in [5, 5, 5, 255] }
        #expect(PNGOpacity(bytes: opaque) == .opaque)
        // (1, 1) is carried by the last pass but one (x odd, y odd: pass 6).
        let lastPass = PNGFixture.png(width: 9, height: 9, colorType: 6, interlaced: true) { x, y in
            [5, 5, 5, x == 1 && y == 1 ? 3 : 255]
        }
        #expect(PNGOpacity(bytes: lastPass) == .translucent(.init(x: 1, y: 1, alpha: 3, opaqueAlpha: 255)))
    }

    @Test func damagedImageDataIsUnreadable() {
        var bytes = PNGFixture.png(width: 8, height: 8, colorType: 6) { _, _ in [1, 1, 1, 255] }
        bytes.removeLast(40)
        guard case .unreadable = PNGOpacity(bytes: bytes) else {
            Issue.record("a truncated file should be unreadable")
            return
        }
    }
}
