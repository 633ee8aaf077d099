import AssetCatalog
import CompiledCatalog
import PNGInspection

extension RenditionEncoder {
    /// An Icon Composer icon's size image small enough to pack, its pixels held back for an
    /// atlas as Xcode 26 packs them (SameDesk's and AM-MiniPlayer's drawn 32 to 128-pixel
    /// images, sudoku's `App.iconset` PNGs); nil for any other piece, which is encoded alone.
    static func packableIconImage(_ piece: IconComposerCompiler.Piece, _ item: RenditionJob, maxPixels: UInt64) -> Result<EncodedValue, Diagnostic>? {
        let scale = Int(piece.key[.scale] ?? 1)
        switch piece.content {
        case .bitmap(let width, let pixels):
            guard PackingRule.packs(item, width: width, height: width) else { return nil }
            return .success(
                .packable(
                    pixels.withUnsafeBufferPointer {
                        CSIRendition.packableBitmap(name: piece.renditionName, width: width, height: width, scale: scale, pixels: $0, flags: 0)
                    }))
        case .png(let path, let colors):
            // The size from the PNG's header first, so a large image is decoded once, alone. A wide
            // colour copy (half floats) stays alone: the atlases seen are 8-bit, gamut 0.
            guard colors != .wideColor, let size = PNGInspector(headerOnly: true).inspect(file: path).header,
                PackingRule.packs(item, width: Int(size.width), height: Int(size.height)),
                case .success(let layer) = IconComposerRenderer.layerBitmap(path, maxPixels: maxPixels, colors: colors),
                layer.width == layer.sourceWidth, layer.height == layer.sourceHeight
            else { return nil }
            return .success(
                .packable(
                    layer.pixels.withUnsafeBufferPointer {
                        CSIRendition.packableBitmap(name: piece.renditionName, width: layer.width, height: layer.height, scale: scale, pixels: $0, flags: 0)
                    }))
        default:
            return nil
        }
    }
}
