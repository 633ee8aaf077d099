import AdaptSupport
import AssetCatalog
import CPNGSupport
import CompiledCatalog

/// tvOS layered images (`.imagestack`) and brand assets (`.brandassets`), compiled as actool
/// compiles them. What the compiled files show (Stasis's `App Icon`, Xcode 26.2; a brand asset
/// compiled by Xcode 26.5, seen in the public kagurasumusun/Apple-Toolsets repository, facts only):
///
/// - each layer's `Content.imageset` is an image set named `<stack>/<layer>/Content`
///   (`App Icon/Back/Content`), its bitmaps keyed as any image set's (idiom tv);
/// - the stack is one rendition named `Contents.json` under the stack's name, layout `LayerStack`,
///   its size in points, referring to its layers back to front (`CSIRendition.layerStack`), keyed
///   at scale 1 with no idiom;
/// - per scale every layer has, a flattened image (part 208, `ZZZZFlattenedImage-<scale>.1.0-gamut0`,
///   the layers drawn back to front) and a radiosity image (part 209,
///   `ZZZZRadiosityImage-<scale>.0.0`, 40 points larger on every side: 400 × 240 gives 480 × 320,
///   1280 × 768 gives 1360 × 848), both idiom tv;
/// - in a brand asset, the App Store icon (the 1280 × 768 primary app icon, or idiom
///   `tv-marketing`) is keyed idiom marketing: its layers under its own name, its stack, flattened
///   and radiosity images under the home-screen icon's name; the top shelf images are image sets
///   under their own names; the brand asset's own name is in no rendition.
///
/// Not shown by any file, and done as said here: Apple stores the radiosity image with a
/// compression of its own ("blurred", 6) that no reader documents; adapt writes it LZFSE like
/// the flattened image, a box blur of the flattened image on the larger canvas. A stack outside a
/// brand asset is compiled the same way; a layer is drawn centred on the stack's frame.
extension CatalogCompiler {
    /// Compiles an image set (the compiler's own image sets, passed in).
    typealias ImageSetCompiler = (Asset, inout [Diagnostic]) -> [Work]

    /// The parts of a stack's flattened and radiosity images.
    enum StackPart {
        static let flattened: UInt16 = 208
        static let radiosity: UInt16 = 209
    }

    /// The points a radiosity image adds on each side of its stack.
    static let radiosityMargin = 40

    /// A layered image outside a brand asset.
    func imageStack(_ asset: Asset, into product: inout CompileProduct, images: ImageSetCompiler) -> [Work] {
        guard options.platform.platform == .tvos else {
            product.diagnostics.append(
                setLeftOut(asset, "image stacks are tvOS's layered images; adapt compiles them for tvOS only"))
            return []
        }
        return stack(asset, layersNamed: asset.name, stackNamed: asset.name, size: nil, isStoreIcon: false, into: &product, images: images)
    }

    /// A tvOS brand asset: its primary app icons (image stacks) and top shelf images (image sets)
    /// by role, and the Info.plist keys that name them.
    func brandAssets(_ asset: Asset, into product: inout CompileProduct, images: ImageSetCompiler) -> [Work] {
        guard options.platform.platform == .tvos else {
            product.diagnostics.append(setLeftOut(asset, "brand assets are tvOS's app icons and top shelf images; adapt compiles them for tvOS only"))
            return []
        }
        // Each entry with the child set it names.
        var entries: [(variant: Variant, child: Asset)] = []
        for variant in asset.variants where variant.isSelectable {
            guard let filename = variant.filename else { continue }
            guard let child = asset.children.first(where: { $0.path.lastPathComponent == filename }) else { continue }
            entries.append((variant, child))
        }
        func isStoreIcon(_ variant: Variant) -> Bool {
            variant.idiom == .storeOnly("tv-marketing") || variant.size == "1280x768"
        }
        let icons = entries.filter { $0.variant.role == "primary-app-icon" && $0.child.type == .imageStack }
        let home = icons.filter { !isStoreIcon($0.variant) }
        // The icon's name: the home-screen stack's, as `CFBundlePrimaryIcon` names it.
        let iconName = (home.first ?? icons.first).map { $0.child.path.lastPathComponent.deletingPathExtension }
        if asset.name == options.appIcon, let iconName { product.appIconName = iconName }
        var work: [Work] = []
        for (variant, child) in entries {
            let leaf = child.path.lastPathComponent.deletingPathExtension
            switch (variant.role, child.type) {
            case ("primary-app-icon", .imageStack):
                let store = isStoreIcon(variant)
                // In points; a size past any screen's is refused as --max-pixels would refuse its canvas.
                let size = variant.size.flatMap(Self.points).flatMap { $0.0 <= 65_535 && $0.1 <= 65_535 ? (Int($0.0), Int($0.1)) : nil }
                work += stack(
                    child, layersNamed: leaf, stackNamed: store ? (iconName ?? leaf) : leaf, size: size, isStoreIcon: store,
                    into: &product, images: images)
            case ("top-shelf-image", .imageSet), ("top-shelf-image-wide", .imageSet):
                var image = child
                image.name = leaf
                work += images(image, &product.diagnostics)
                if asset.name == options.appIcon {
                    product.topShelfImages[variant.role == "top-shelf-image" ? "TVTopShelfPrimaryImage" : "TVTopShelfPrimaryImageWide"] = leaf
                }
            default:
                product.diagnostics.append(
                    entryLeftOut(
                        asset, variant,
                        "a \(child.type.rawValue) in the role '\(variant.role ?? "none")' is not one adapt compiles (primary-app-icon image stacks, top-shelf-image and top-shelf-image-wide image sets)"
                    ))
            }
        }
        return work
    }

    /// One stack: its layers' image sets, the stack rendition, and the flattened and radiosity
    /// images at each scale every layer has.
    private func stack(
        _ stack: Asset, layersNamed prefix: String, stackNamed name: String, size: (Int, Int)?, isStoreIcon: Bool,
        into product: inout CompileProduct, images: ImageSetCompiler
    ) -> [Work] {
        let idiom = isStoreIcon ? CompiledIdiom.marketing.rawValue : CompiledIdiom.tv.rawValue
        var work: [Work] = []
        // Front to back, as Contents.json lists them.
        var layerNames: [String] = []
        var layerFiles: [[Int: String]] = []
        for variant in stack.variants where variant.isSelectable {
            guard let filename = variant.filename,
                let layer = stack.children.first(where: { $0.path.lastPathComponent == filename && $0.type == .imageStackLayer }),
                var content = layer.children.first(where: { $0.type == .imageSet && $0.path.lastPathComponent == "Content.imageset" })
            else {
                product.diagnostics.append(entryLeftOut(stack, variant, "the layer has no Content.imageset"))
                continue
            }
            content.name = "\(prefix)/\(filename.deletingPathExtension)/Content"
            var layerWork = images(content, &product.diagnostics)
            if isStoreIcon { for index in layerWork.indices { layerWork[index].key[.idiom] = idiom } }
            // The PNG drawn into the flattened image at each scale: the entry of no other trait
            // (no appearance, gamut or direction), else the first.
            var files: [Int: String] = [:]
            let plainTraits: Set<RenditionAttribute> = [.element, .part, .scale, .idiom]
            for plain in [true, false] {
                for item in layerWork where !plain || item.key.keys.allSatisfy({ plainTraits.contains($0) }) {
                    if case .png(let path, _, nil, _) = item.source, let scale = item.key[.scale], files[Int(scale)] == nil { files[Int(scale)] = path }
                }
            }
            guard !layerWork.isEmpty else {
                product.diagnostics.append(entryLeftOut(stack, variant, "the layer's Content.imageset has no image this platform keeps"))
                continue
            }
            work += layerWork
            layerNames.append(content.name)
            layerFiles.append(files)
        }
        guard !layerNames.isEmpty else {
            product.diagnostics.append(setLeftOut(stack, "it has no layer with an image to compile"))
            return work
        }
        let location = SourceLocation(file: stack.contentsPath ?? stack.path)
        guard let (width, height) = size ?? layerFiles.lazy.compactMap({ Self.pointSize(of: $0) }).first else {
            product.diagnostics.append(setLeftOut(stack, "its size is neither given by a brand asset nor readable from a layer's PNG"))
            return work
        }
        let backToFront = Array(layerNames.reversed())
        var stackKey: [RenditionAttribute: UInt16] = [.element: Part.element, .part: Part.image, .scale: 1]
        if isStoreIcon { stackKey[.idiom] = idiom }
        work.append(
            Work(
                assetName: name, facetPart: Part.image, renditionName: "Contents.json", key: stackKey,
                source: .encoded { identifier in
                    let identifiers = backToFront.compactMap(identifier)
                    guard identifiers.count == backToFront.count else {
                        return .failure(Diagnostic(.compileOutput, "a layer of '\(name)' has no identifier in the compiled file", at: location))
                    }
                    return .success(CSIRendition.layerStack(width: UInt32(width), height: UInt32(height), layerIdentifiers: identifiers).bytes())
                }, location: location))
        // Flattened and radiosity images at the scales every layer has as a PNG.
        let scales = layerFiles.dropFirst().reduce(Set(layerFiles[0].keys)) { $0.intersection($1.keys) }.sorted()
        if scales.isEmpty {
            product.diagnostics.append(
                setLeftOut(stack, "its flattened image is not written: no scale has a PNG in every layer", rule: .compileLeftOut, whole: false))
        }
        let maxPixels = options.maxPixels
        for scale in scales {
            let files = layerFiles.reversed().compactMap { $0[scale] }
            for part in [StackPart.flattened, StackPart.radiosity] {
                let isFlattened = part == StackPart.flattened
                let renditionName = isFlattened ? "ZZZZFlattenedImage-\(scale).1.0-gamut0" : "ZZZZRadiosityImage-\(scale).0.0"
                work.append(
                    Work(
                        assetName: name, facetPart: Part.image, renditionName: renditionName,
                        key: [.element: Part.element, .part: part, .scale: UInt16(scale), .idiom: idiom],
                        source: .encoded { _ in
                            Self.stackImage(
                                name: renditionName, layers: files, width: width * scale, height: height * scale, scale: scale,
                                radiosity: !isFlattened, maxPixels: maxPixels, subject: name, location: location)
                        }, location: location))
            }
        }
        return work
    }

    /// The size in points of a layer's image: its 1x PNG's pixels, or another scale's divided.
    private static func pointSize(of files: [Int: String]) -> (Int, Int)? {
        for (scale, path) in files.sorted(by: { $0.key < $1.key }) {
            guard let header = try? FileSystem.readRegularFile(path, limit: 64 << 20), header.count >= 24,
                Array(header[12..<16]) == Array("IHDR".utf8)
            else { continue }
            func word(_ at: Int) -> Int { Int(header[at]) << 24 | Int(header[at + 1]) << 16 | Int(header[at + 2]) << 8 | Int(header[at + 3]) }
            return (word(16) / scale, word(20) / scale)
        }
        return nil
    }

    /// The layers drawn back to front, centred on a canvas of `width` × `height` pixels; for a
    /// radiosity image, on a canvas `radiosityMargin` points larger on every side, blurred.
    static func stackImage(
        name: String, layers: [String], width: Int, height: Int, scale: Int, radiosity: Bool, maxPixels: UInt64,
        subject: String, location: SourceLocation
    ) -> Result<[UInt8], Diagnostic> {
        let margin = radiosity ? radiosityMargin * scale : 0
        let canvasWidth = width + 2 * margin
        let canvasHeight = height + 2 * margin
        guard UInt64(canvasWidth) * UInt64(canvasHeight) <= maxPixels else {
            return .failure(
                Diagnostic(
                    .compileTooLarge, "'\(subject)' is \(canvasWidth) x \(canvasHeight) pixels at \(scale)x, more than --max-pixels allows",
                    subject: Diagnostic.Subject(asset: subject), at: location))
        }
        var canvas = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 4)
        for path in layers {
            let file: [UInt8]
            do { file = try FileSystem.readRegularFile(path, limit: 256 << 20) } catch {
                return .failure(
                    Diagnostic(
                        .compileUnreadable, "cannot be read: \(error.reason)", subject: Diagnostic.Subject(asset: subject), at: SourceLocation(file: path)))
            }
            let decoded = file.withUnsafeBufferPointer { adapt_png_decode_premultiplied_bgra($0.baseAddress, $0.count, maxPixels) }
            defer { adapt_png_decoded_free(decoded.pixels) }
            if decoded.status == 3 { FileSystem.noteEnvironmentFailure(ENOMEM, path: path) } // the machine's fault, not the file's
            guard decoded.status == 0, let pixels = decoded.pixels else {
                return .failure(
                    Diagnostic(
                        .compileUnreadable, "is not a PNG libpng can decode", subject: Diagnostic.Subject(asset: subject), at: SourceLocation(file: path)))
            }
            let layerWidth = Int(decoded.width)
            let layerHeight = Int(decoded.height)
            let left = (canvasWidth - layerWidth) / 2
            let top = (canvasHeight - layerHeight) / 2
            let rows = max(0, -top)..<min(layerHeight, canvasHeight - top)
            let columns = max(0, -left)..<min(layerWidth, canvasWidth - left)
            canvas.withUnsafeMutableBufferPointer { canvas in
                for y in rows {
                    for x in columns {
                        let source = (y * layerWidth + x) * 4
                        let target = ((y + top) * canvasWidth + x + left) * 4
                        // Premultiplied "source over": the layer, and what is below through it.
                        let through = 255 - Int(pixels[source + 3])
                        for channel in 0..<4 {
                            canvas[target + channel] = UInt8(Int(pixels[source + channel]) + (Int(canvas[target + channel]) * through + 127) / 255)
                        }
                    }
                }
            }
        }
        if radiosity { boxBlur(&canvas, width: canvasWidth, height: canvasHeight, radius: 10 * scale, passes: 3) }
        var isOpaque = true
        for pixel in stride(from: 3, to: canvas.count, by: 4) where canvas[pixel] != 255 {
            isOpaque = false
            break
        }
        return .success(
            CSIRendition.stackImage(
                name: name, width: canvasWidth, height: canvasHeight, scale: scale, pixels: canvas, isOpaque: isOpaque,
                compress: BitmapCompression.lzfse
            ).bytes())
    }

    /// Blurs premultiplied pixels in place: `passes` box blurs of `radius`, across then down
    /// (three passes come close to a Gaussian).
    static func boxBlur(_ pixels: inout [UInt8], width: Int, height: Int, radius: Int, passes: Int) {
        guard radius > 0, width > 0, height > 0 else { return }
        var lineStorage = [Int](repeating: 0, count: max(width, height) * 4)
        pixels.withUnsafeMutableBufferPointer { pixels in
            lineStorage.withUnsafeMutableBufferPointer { line in
                func blur(count: Int, stride step: Int, start: Int) {
                    for index in 0..<count { for channel in 0..<4 { line[index * 4 + channel] = Int(pixels[start + index * step + channel]) } }
                    var sums = (0, 0, 0, 0)
                    // The window [index - radius, index + radius], edges extended.
                    for offset in -radius...radius {
                        let at = min(max(offset, 0), count - 1) * 4
                        sums.0 += line[at]
                        sums.1 += line[at + 1]
                        sums.2 += line[at + 2]
                        sums.3 += line[at + 3]
                    }
                    let window = 2 * radius + 1
                    for index in 0..<count {
                        let out = start + index * step
                        pixels[out] = UInt8((sums.0 + window / 2) / window)
                        pixels[out + 1] = UInt8((sums.1 + window / 2) / window)
                        pixels[out + 2] = UInt8((sums.2 + window / 2) / window)
                        pixels[out + 3] = UInt8((sums.3 + window / 2) / window)
                        let leaving = min(max(index - radius, 0), count - 1) * 4
                        let entering = min(index + radius + 1, count - 1) * 4
                        sums.0 += line[entering] - line[leaving]
                        sums.1 += line[entering + 1] - line[leaving + 1]
                        sums.2 += line[entering + 2] - line[leaving + 2]
                        sums.3 += line[entering + 3] - line[leaving + 3]
                    }
                }
                for _ in 0..<passes {
                    for row in 0..<height { blur(count: width, stride: 4, start: row * width * 4) }
                    for column in 0..<width { blur(count: height, stride: width * 4, start: column * 4) }
                }
            }
        }
    }

    /// The finding for a whole set left out, or (`whole` false) for a part of it.
    func setLeftOut(_ asset: Asset, _ reason: String, rule: RuleID = .compileLeftOut, whole: Bool = true) -> Diagnostic {
        Diagnostic(
            rule, whole ? "\(asset.type.rawValue) '\(asset.name)' is not compiled: \(reason)" : "\(asset.type.rawValue) '\(asset.name)': \(reason)",
            subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path))
    }
}
