import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// An Icon Composer icon's pieces as bytes: each rendition's value block, the flattened
/// bitmaps (`IconComposerRenderer`), and the sizes a catalog's icon set of the icon's name gives.
extension IconComposerCompiler {
    /// The value block of `piece`, the names it refers to numbered by `identifiers`.
    package static func encode(_ piece: Piece, identifiers: [String: UInt16], maxPixels: UInt64, renderers: VectorRasterizer.Programs) -> Result<
        [UInt8], Diagnostic
    > {
        func failure(_ message: String) -> Result<[UInt8], Diagnostic> {
            .failure(Diagnostic(.compileUnreadable, message, subject: Diagnostic.Subject(asset: piece.assetName), at: SourceLocation(file: piece.source)))
        }
        switch piece.content {
        case .color(let color):
            return .success(CSIRendition.color(name: piece.renditionName, colorSpace: color.space, components: color.components).bytes())
        case .gradient(let gradient):
            return .success(CSIRendition.gradient(name: piece.renditionName, gradient).bytes())
        case .sizes(let sizes):
            return .success(CSIRendition.multisize(name: piece.renditionName, sizes: sizes).bytes())
        case .layers(let entries, let isStack):
            var list = CSIRendition.IconLayerList()
            for entry in entries {
                let key = [
                    CARFacet.Attribute(attribute: .element, value: CatalogCompiler.Part.element), CARFacet.Attribute(attribute: .part, value: entry.part),
                    CARFacet.Attribute(attribute: .identifier, value: identifiers[entry.name] ?? 0),
                ]
                list.append(IconLayer(frame: entry.frame, blendMode: entry.blendMode, opacity: entry.opacity, key: key), entry.style, entry.effects)
            }
            return .success((isStack ? CSIRendition.iconStack(name: piece.renditionName, layers: list) : CSIRendition.iconGroup(layers: list)).bytes())
        case .svg(let path):
            do { return .success(CSIRendition.svg(name: piece.renditionName, file: try FileSystem.readRegularFile(path, limit: 64 << 20)).bytes()) } catch {
                return failure("cannot be read: \(error.reason)")
            }
        case .png(let path, let colors):
            return pngLayer(piece, path: path, colors: colors, maxPixels: maxPixels).mapError {
                Diagnostic(.compileUnreadable, $0.message, subject: Diagnostic.Subject(asset: piece.assetName), at: SourceLocation(file: piece.source))
            }
        case .bitmap(let width, let pixels):
            let scale = Int(piece.key[.scale] ?? 1)
            return .success(
                CSIRendition.bitmap(
                    name: piece.renditionName, width: width, height: width, scale: scale, pixels: pixels, isOpaque: false, flags: 0,
                    compress: BitmapCompression.lzfse
                ).bytes())
        }
    }

    /// A PNG layer's rendition (or an icon set's image): its pixels fitted into 1024, in `colors`
    /// (`IconComposerRenderer+DisplayP3`).
    private static func pngLayer(_ piece: Piece, path: String, colors: IconComposerRenderer.PNGColors, maxPixels: UInt64) -> Result<
        [UInt8], IconComposerRenderer.RenderFailure
    > {
        IconComposerRenderer.layerBitmap(path, maxPixels: maxPixels, colors: colors).map { layer in
            // An icon set's 2x image is 2x in its header as in its key (sudoku's App.iconset); a layer's key says 1.
            let scale = Int(piece.key[.scale] ?? 1)
            var rendition =
                colors == .wideColor
                ? CSIRendition.wideBitmap(
                    name: piece.renditionName, width: layer.width, height: layer.height, scale: scale, halfFloats: layer.pixels, isOpaque: false,
                    compress: BitmapCompression.lzfse)
                : CSIRendition.bitmap(
                    name: piece.renditionName, width: layer.width, height: layer.height, scale: scale, pixels: layer.pixels, isOpaque: false,
                    flags: 0, compress: BitmapCompression.lzfse)
            // The slice keeps the file's own size when the pixels were fitted into 1024 (SameDesk's 1254).
            if let slice = rendition.properties.firstIndex(where: { $0.type == 1001 }) {
                var words: [UInt8] = []
                for word: UInt32 in [1, 0, 0, UInt32(layer.sourceWidth), UInt32(layer.sourceHeight)] {
                    withUnsafeBytes(of: word.littleEndian) { words += $0 }
                }
                rendition.properties[slice].value = words
            }
            return rendition.bytes()
        }
    }
}

extension IconComposerCompiler {
    /// The images of a catalog's icon set named as the icon (`App.iconset`'s `icon_16x16.png` …),
    /// each in its macOS slot (`IconSetCompiler.images`) as Xcode 26 stored sudoku's, the size
    /// list of its sizes, and the `.icns` of its files; `leftOut` gets the files in no slot.
    func iconSetImages(_ set: Asset, leftOut: inout [Diagnostic]) -> (pieces: [Piece], icns: [(type: String, image: SideFileJob.ICNSImage)]) {
        var pieces: [Piece] = []
        var icns: [(type: String, image: SideFileJob.ICNSImage)] = []
        var slots: [Int: UInt16] = [:]
        for image in IconSetCompiler.images(set, leftOut: &leftOut) {
            let path = set.path.appendingPathComponent(image.filename)
            slots[image.points] = image.slot
            pieces.append(
                Piece(
                    assetName: icon.name, facetPart: Part.stack, renditionName: image.filename,
                    key: [.scale: UInt16(image.scale), .part: Part.icon, .dimension2: image.slot], content: .png(path: path, colors: .asStored), source: path))
            if let type = ICNSWriter.type(points: image.points, scale: image.scale) { icns.append((type, .file(path: path))) }
        }
        let sizes = slots.sorted { $0.key < $1.key }.map { points, slot in
            RenditionPayload.MultisizeEntry(width: UInt32(points), height: UInt32(points), index: slot, idiom: .universal)
        }
        pieces.append(
            Piece(
                assetName: icon.name, facetPart: Part.stack, renditionName: icon.name, key: [.scale: 1, .part: Part.sizes], content: .sizes(sizes),
                source: set.path))
        icns.sort { $0.type < $1.type }
        return (pieces, icns)
    }

    /// The flattened icon at each size (part 220, slot 1 to 7), and the `.icns` images drawn
    /// from the same pixels (16 to 512 points at 1x and 2x).
    func flattened(maxPixels: UInt64, renderers: VectorRasterizer.Programs) -> Result<
        (pieces: [Piece], icns: [(type: String, image: SideFileJob.ICNSImage)]), Diagnostic
    > {
        let sizes: [Int: [UInt8]]
        switch IconComposerRenderer.flattened(icon, compiler: self, maxPixels: maxPixels, renderers: renderers) {
        case .success(let drawn): sizes = drawn
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        var pieces: [Piece] = []
        for (slot, size) in Self.flattenedSizes.enumerated() {
            let side = size.points * size.scale
            guard let pixels = sizes[side] else { continue }
            let name = "\(icon.name)\(size.points)x\(size.points)_NSAppearanceNameSystem.png"
            pieces.append(
                Piece(
                    assetName: icon.name, facetPart: Part.stack, renditionName: name,
                    key: [.scale: UInt16(size.scale), .part: Part.icon, .dimension2: UInt16(slot + 1)],
                    content: .bitmap(width: side, pixels: pixels), source: icon.path))
        }
        var icns: [(type: String, image: SideFileJob.ICNSImage)] = []
        for points in [16, 32, 128, 256, 512] {
            for scale in [1, 2] {
                let side = points * scale
                guard let type = ICNSWriter.type(points: points, scale: scale), let pixels = sizes[side] else { continue }
                icns.append((type, .pixels(side: side, pixels)))
            }
        }
        icns.sort { $0.type < $1.type }
        return .success((pieces, icns))
    }
}
