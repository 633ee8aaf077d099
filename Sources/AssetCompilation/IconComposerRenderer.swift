import AdaptSupport
import AssetCatalog
import CompiledCatalog
import PNGInspection

/// The flattened icon actool stores beside an Icon Composer icon's structure, drawn plainly: the
/// light appearance's fill inside the macOS icon shape, the layers over it bottom first, each at
/// its frame, its opacity and its blend mode (normal, multiply, screen, darken, lighten; others
/// as normal). Apple's renderer adds Liquid Glass (specular edges, blur, translucency, shadows,
/// a drop shadow outside the shape), which is not reproduced: see `IconComposerAgreementTests`
/// for how far the pixels are from Apple's.
///
/// The shape is a superellipse (exponent 5; mcfans/actool's fit of actool's output) over a box
/// centred in the canvas, whose size depends on the bitmap's (`boxes`, measured on the corpus's
/// files), and a layer's 1024-point canvas is drawn into that box.
package enum IconComposerRenderer {
    /// A layer's size in points: an SVG's `width`/`height` or `viewBox`, a PNG's pixels.
    package static func naturalSize(of path: String) -> (width: Double, height: Double)? {
        guard let head = try? FileSystem.readPrefix(path, count: 1 << 16) else { return nil }
        if path.lowercased().hasSuffix(".svg") { return VectorRasterizer.svgSize(head) }
        guard head.count >= 24, head.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func word(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (Double(word(16)), Double(word(20)))
    }

    /// A PNG layer's pixels (premultiplied B G R A in sRGB), fitted into 1024 pixels when larger,
    /// as actool stores them (SameDesk's 1254-pixel logo is a 1024-pixel rendition). With
    /// `.wideColor`, a Display P3 layer's second rendition instead: `RGBW`'s half floats (8 bytes
    /// a pixel; `IconComposerRenderer+DisplayP3`).
    package static func layerBitmap(_ path: String, maxPixels: UInt64, colors: PNGColors) -> Result<
        (width: Int, height: Int, pixels: [UInt8], sourceWidth: Int, sourceHeight: Int), RenderFailure
    > {
        guard let decoded = decodePNG(path, maxPixels: maxPixels, convertingDisplayP3: false) else {
            return .failure(RenderFailure("is not a PNG libpng can decode, or has more pixels than --max-pixels allows"))
        }
        var (width, height, pixels) = (decoded.width, decoded.height, decoded.pixels)
        let largest = max(decoded.width, decoded.height)
        if largest > 1024 {
            width = max(1, decoded.width * 1024 / largest)
            height = max(1, decoded.height * 1024 / largest)
            pixels = Image.resampled(bytes: decoded.pixels, width: decoded.width, height: decoded.height, to: width, height).bytes
        }
        // Converted after the fit: the wide rendition's colours are P3's until then, unclipped.
        switch colors {
        case .wideColor: pixels = wideColor(fromDisplayP3: pixels)
        case .sRGB where decoded.isDisplayP3: pixels = sRGB(fromDisplayP3: pixels)
        case .sRGB, .asStored: break
        }
        return .success((width, height, pixels, decoded.width, decoded.height))
    }

    /// A PNG's premultiplied B G R A pixels, in sRGB unless `convertingDisplayP3` is false (then
    /// as the file holds them, `isDisplayP3` saying what they are).
    static func decodePNG(_ path: String, maxPixels: UInt64, convertingDisplayP3: Bool = true) -> (
        width: Int, height: Int, pixels: [UInt8], isDisplayP3: Bool
    )? {
        guard let file = try? FileSystem.readRegularFile(path, limit: 256 << 20) else { return nil }
        guard case .success(let png) = PremultipliedPNG.decode(file, maxPixels: maxPixels, path: path) else { return nil }
        let isDisplayP3 = Self.isDisplayP3(file)
        guard convertingDisplayP3, isDisplayP3 else { return (png.width, png.height, Array(png.pixels), isDisplayP3) }
        return (png.width, png.height, sRGB(fromDisplayP3: Array(png.pixels)), false)
    }

    /// The shape's box, in pixels of 1024, for the bitmaps of each pixel size: Apple's files draw
    /// the shape over 824 of 1024 pixels at 512 and 1024, 13/16 of the side at 64 to 256 (208 of
    /// 256), and 28 of 32 at 32 (the corpus's two flattened icons, alike to the pixel).
    static let boxes: [(box: Double, sides: [Int])] = [(824, [1024, 512]), (832, [256, 128, 64]), (896, [32])]

    /// The flattened icon at each side from 1024 down to 32 pixels: premultiplied B G R A by side.
    package static func flattened(
        _ icon: IconComposerDocument, compiler: IconComposerCompiler, maxPixels: UInt64, renderers: VectorRasterizer.Programs
    ) -> Result<[Int: [UInt8]], Diagnostic> {
        let images: [LayerDrawing: Image]
        switch layerImages(icon, compiler: compiler, maxPixels: maxPixels, renderers: renderers) {
        case .success(let drawn): images = drawn
        case .failure(let diagnostic): return .failure(diagnostic)
        }
        var sizes: [Int: [UInt8]] = [:]
        for (box, sides) in boxes {
            var current = draw(icon, layers: layerPlacements(icon, compiler: compiler, box: box), images: images, box: box)
            while current.width >= 32 {
                if sides.contains(current.width) { sizes[current.width] = current.bytes }
                guard current.width > (sides.min() ?? 32) else { break }
                current = current.halved()
            }
        }
        return .success(sizes)
    }

    /// A layer's file at one pixel size: what `draw` takes from `layerImages`.
    struct LayerDrawing: Hashable {
        var path: String
        var width: Int
        var height: Int
    }

    /// Where one visible layer of a group lies in the 1024-pixel canvas of a `box`.
    struct LayerPlacement {
        var drawing: LayerDrawing
        var x: Int
        var y: Int
        var opacity: Float
        var blendMode: IconBlendMode
    }

    /// Per group (top first), its visible layers bottom first, placed for `box`: the layers'
    /// 1024-point canvas drawn into a `box`-pixel square in the middle.
    static func layerPlacements(_ icon: IconComposerDocument, compiler: IconComposerCompiler, box: Double) -> [[LayerPlacement]] {
        let origin = (1024 - box) / 2
        let scale = box / 1024
        return icon.groups.map { group in
            group.layers.reversed().compactMap { layer in
                guard layer.hidden.value(for: .light) != true else { return nil }
                let frame = compiler.frame(of: layer, in: group)
                let width = Int((Double(frame.width) * scale).rounded())
                let height = Int((Double(frame.height) * scale).rounded())
                guard width > 0, height > 0, width <= 4 * 1024, height <= 4 * 1024 else { return nil }
                return LayerPlacement(
                    drawing: LayerDrawing(path: icon.file(of: layer), width: width, height: height),
                    x: Int((origin + Double(frame.x) * scale).rounded()), y: Int((origin + Double(frame.y) * scale).rounded()),
                    opacity: layer.opacity.value(for: .light) ?? 1, blendMode: layer.blendMode.value(for: .light) ?? IconBlendMode(rawValue: 0))
            }
        }
    }

    /// Every layer at every size the boxes draw it, each PNG decoded once and resampled from its
    /// bytes to each size (two 8000-pixel layers once took 2 GB, decoded per box as floats), each
    /// SVG rasterised per size. The first layer that cannot be drawn, in drawing order, fails the icon.
    static func layerImages(
        _ icon: IconComposerDocument, compiler: IconComposerCompiler, maxPixels: UInt64, renderers: VectorRasterizer.Programs
    ) -> Result<[LayerDrawing: Image], Diagnostic> {
        var order: [LayerDrawing] = []
        for (box, _) in boxes {
            for group in layerPlacements(icon, compiler: compiler, box: box).reversed() { order += group.map(\.drawing) }
        }
        var sizesByPath: [String: [LayerDrawing]] = [:]
        for drawing in order where !(sizesByPath[drawing.path]?.contains(drawing) ?? false) { sizesByPath[drawing.path, default: []].append(drawing) }
        var images: [LayerDrawing: Image] = [:]
        for drawing in order where images[drawing] == nil {
            let failure: RenderFailure
            if drawing.path.lowercased().hasSuffix(".svg") {
                switch layerImage(drawing.path, width: drawing.width, height: drawing.height, maxPixels: maxPixels, renderers: renderers) {
                case .success(let image):
                    images[drawing] = image
                    continue
                case .failure(let problem): failure = problem
                }
            } else if let decoded = decodePNG(drawing.path, maxPixels: maxPixels) {
                for size in sizesByPath[drawing.path] ?? [] {
                    images[size] = Image.resampled(bytes: decoded.pixels, width: decoded.width, height: decoded.height, to: size.width, size.height)
                }
                continue
            } else {
                failure = RenderFailure("is not a PNG libpng can decode")
            }
            return .failure(
                Diagnostic(.compileRenderer, failure.message, subject: Diagnostic.Subject(asset: icon.name), at: SourceLocation(file: drawing.path)))
        }
        return .success(images)
    }

    /// The icon at 1024 pixels, its shape over a `box`-pixel square in the middle, into which the
    /// layers' 1024-point canvas is drawn.
    static func draw(_ icon: IconComposerDocument, layers groups: [[LayerPlacement]], images: [LayerDrawing: Image], box: Double) -> Image {
        let side = 1024
        var canvas = Image(width: side, height: side, pixels: [Float](repeating: 0, count: side * side * 4))
        // The fill, drawn over the whole canvas; the shape clips it at the end.
        let fill = icon.fill.value(for: .light) ?? .automatic
        paint(fill, into: &canvas, box: box)
        for placements in groups.reversed() {
            // A layer's blend mode blends it with the layers under it in its group (SameDesk's
            // `lighten` logo keeps its own dark ground over the blue fill); the group is then laid
            // over what is below it as it is. The group's picture covers only its layers' part of
            // the canvas, so each group costs what its layers cover, not a whole canvas.
            let drawn = placements.compactMap { placement in images[placement.drawing].map { (placement, $0) } }
            guard !drawn.isEmpty else { continue }
            let left = max(0, drawn.map { $0.0.x }.min()!)
            let top = max(0, drawn.map { $0.0.y }.min()!)
            let right = min(side, drawn.map { $0.0.x + $0.1.width }.max()!)
            let bottom = min(side, drawn.map { $0.0.y + $0.1.height }.max()!)
            guard right > left, bottom > top else { continue }
            var layers = Image(width: right - left, height: bottom - top, pixels: [Float](repeating: 0, count: (right - left) * (bottom - top) * 4))
            for (placement, source) in drawn {
                layers.draw(source, atX: placement.x - left, y: placement.y - top, opacity: placement.opacity, blendMode: placement.blendMode)
            }
            canvas.draw(layers, atX: left, y: top, opacity: 1, blendMode: IconBlendMode(rawValue: 0))
        }
        canvas.clipToShape(box: box)
        return canvas
    }

    /// A layer's file at `width` x `height` pixels: an SVG rasterised (`VectorRasterizer`) at the
    /// smallest whole scale that covers the size, then resampled; a PNG resampled.
    static func layerImage(_ path: String, width: Int, height: Int, maxPixels: UInt64, renderers: VectorRasterizer.Programs) -> Result<Image, RenderFailure> {
        let png: (width: Int, height: Int, pixels: [UInt8])
        if path.lowercased().hasSuffix(".svg") {
            guard let size = naturalSize(of: path), size.width > 0, size.height > 0 else { return .failure(RenderFailure("its <svg> element states no size")) }
            let scale = max(1, Int((Double(width) / size.width).rounded(.up)), Int((Double(height) / size.height).rounded(.up)))
            switch VectorRasterizer.renderSVG(path, scale: scale, maxPixels: maxPixels, programs: renderers) {
            case .success(.pixels(let pixels, let width, let height)):
                png = (width, height, pixels)
            case .success(.png(let file)):
                guard case .success(let decoded) = PremultipliedPNG.decode(file, maxPixels: maxPixels, path: path) else {
                    return .failure(RenderFailure("rsvg-convert wrote a PNG libpng cannot decode"))
                }
                png = (decoded.width, decoded.height, Array(decoded.pixels))
            case .failure(.rendererMissing(let program, let package)):
                return .failure(
                    RenderFailure("is an Icon Composer layer to rasterise and \(program) is not installed: install it with apt-get install \(package)"))
            case .failure(.tooLarge(let width, let height)):
                return .failure(RenderFailure("is \(width) x \(height) pixels rasterised, more than --max-pixels allows"))
            case .failure(.renderFailed(let reason)):
                return .failure(RenderFailure("cannot be rasterised: \(reason)"))
            case .failure(.setStopped):
                return .failure(RenderFailure("is not drawn: drawing another layer of the icon stopped first"))
            }
        } else {
            guard let decoded = decodePNG(path, maxPixels: maxPixels) else { return .failure(RenderFailure("is not a PNG libpng can decode")) }
            png = (decoded.width, decoded.height, decoded.pixels)
        }
        return .success(Image.resampled(bytes: png.pixels, width: png.width, height: png.height, to: width, height))
    }

    /// Paints `fill` (as the light appearance shows it) over the whole canvas, the gradient's
    /// line mapped onto the shape's box.
    static func paint(_ fill: IconComposerDocument.Fill, into canvas: inout Image, box: Double) {
        let colors: [IconColor]
        var start = IconGradient.Point(x: 0.5, y: 0)
        var stop = IconGradient.Point(x: 0.5, y: 1)
        switch fill {
        case .none: return
        case .automatic, .systemLight: colors = [IconComposerCompiler.Palette.systemLight.0, IconComposerCompiler.Palette.systemLight.1]
        case .systemDark: colors = [IconComposerCompiler.Palette.systemDark.0, IconComposerCompiler.Palette.systemDark.1]
        case .solid(let color): colors = [color]
        case .automaticGradient(let color):
            // The system's shading, as AM-MiniPlayer's bitmaps show it (the one file whose fill is
            // visible): 30% towards white at the top, the colour itself from two thirds down.
            let (red, green, blue, alpha) = Self.rgba(color)
            let light = IconColor(space: .sRGB, components: [red, green, blue].map { Double($0 + (1 - $0) * 0.3) } + [Double(alpha)])
            return paint(stops: [(0, light), (2.0 / 3, color), (1, color)], start: start, stop: stop, into: &canvas, box: box)
        case .linearGradient(let list, let from, let to):
            colors = list
            start = from
            stop = to
        }
        let last = Double(max(1, colors.count - 1))
        paint(stops: colors.enumerated().map { (Double($0.offset) / last, $0.element) }, start: start, stop: stop, into: &canvas, box: box)
    }

    /// Paints a gradient of `stops` (location 0 to 1, colour) along the line from `start` to
    /// `stop`, mapped onto the shape's box.
    static func paint(
        stops: [(location: Double, color: IconColor)], start: IconGradient.Point, stop: IconGradient.Point, into canvas: inout Image, box: Double
    ) {
        let rgba = stops.map { Self.rgba($0.color) }
        let locations = stops.map(\.location)
        let side = Double(canvas.width)
        let unit = side / 1024
        func toPixels(_ point: IconGradient.Point) -> (Double, Double) {
            (((1024 - box) / 2 + Double(point.x) * box) * unit, ((1024 - box) / 2 + Double(point.y) * box) * unit)
        }
        let (x0, y0) = toPixels(start)
        let (x1, y1) = toPixels(stop)
        let dx = x1 - x0
        let dy = y1 - y0
        let length = dx * dx + dy * dy
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                var t = length > 0 ? ((Double(x) + 0.5 - x0) * dx + (Double(y) + 0.5 - y0) * dy) / length : 0
                t = min(1, max(0, t))
                let next = locations.firstIndex { $0 > t } ?? rgba.count - 1
                let index = max(0, next - 1)
                let span = locations[next] - locations[index]
                let fraction = span > 0 ? Float(min(1, max(0, (t - locations[index]) / span))) : 0
                let at = (y * canvas.width + x) * 4
                let alpha = rgba[index].3 + (rgba[next].3 - rgba[index].3) * fraction
                // B G R A, premultiplied, 0 to 255.
                canvas.pixels[at] = (rgba[index].2 + (rgba[next].2 - rgba[index].2) * fraction) * alpha * 255
                canvas.pixels[at + 1] = (rgba[index].1 + (rgba[next].1 - rgba[index].1) * fraction) * alpha * 255
                canvas.pixels[at + 2] = (rgba[index].0 + (rgba[next].0 - rgba[index].0) * fraction) * alpha * 255
                canvas.pixels[at + 3] = alpha * 255
            }
        }
    }

    /// Why a layer cannot be drawn, as a finding's message.
    package struct RenderFailure: Error {
        package var message: String
        init(_ message: String) { self.message = message }
    }
}
