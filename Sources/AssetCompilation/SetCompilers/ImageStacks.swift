import AdaptSupport
import AssetCatalog
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
package enum ImageStacks {
    /// The parts of a stack's flattened and radiosity images.
    package enum StackPart {
        package static let flattened: UInt16 = 208
        package static let radiosity: UInt16 = 209
    }

    /// The points a radiosity image adds on each side of its stack.
    static let radiosityMargin = 40

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

    /// One stack: its layers' image sets, the stack rendition, and the flattened and radiosity
    /// images at each scale every layer has.
    static func plan(
        _ stack: Asset, layersNamed prefix: String, stackNamed name: String, size: (Int, Int)?, isStoreIcon: Bool, _ context: PlanContext
    ) -> SetPlan {
        let idiom = isStoreIcon ? CompiledIdiom.marketing.rawValue : CompiledIdiom.tv.rawValue
        var plan = SetPlan()
        // Front to back, as Contents.json lists them; each layer's PNG per scale.
        var layers: [(name: String, files: [Int: String])] = []
        for variant in stack.variants where variant.isSelectable {
            guard let filename = variant.filename,
                let layer = stack.children.first(where: { $0.path.lastPathComponent == filename && $0.type == .imageStackLayer }),
                var content = layer.children.first(where: { $0.type == .imageSet && $0.path.lastPathComponent == "Content.imageset" })
            else {
                plan.findings.append(context.entryLeftOut(stack, variant, "the layer has no Content.imageset"))
                continue
            }
            content.name = "\(prefix)/\(filename.deletingPathExtension)/Content"
            var layerPlan = ImageSetCompiler.plan(content, context)
            plan.findings += layerPlan.findings
            for index in layerPlan.renditions.indices {
                if isStoreIcon { layerPlan.renditions[index].key[.idiom] = idiom }
                // No Apple file shows a stack's layer packed into an atlas (Stasis's are alone).
                layerPlan.renditions[index].mayBePacked = false
            }
            guard !layerPlan.renditions.isEmpty else {
                plan.findings.append(context.entryLeftOut(stack, variant, "the layer's Content.imageset has no image this platform keeps"))
                continue
            }
            plan.renditions += layerPlan.renditions
            layers.append((content.name, flattenedFiles(layerPlan.renditions)))
        }
        guard !layers.isEmpty else {
            plan.findings.append(context.setLeftOut(stack, "it has no layer with an image to compile"))
            return plan
        }
        guard let (width, height) = size ?? layers.lazy.compactMap({ pointSize(of: $0.files) }).first else {
            plan.findings.append(context.setLeftOut(stack, "its size is neither given by a brand asset nor readable from a layer's PNG"))
            return plan
        }
        plan.append(stackRenditions(stack, layers: layers, named: name, width: width, height: height, idiom: isStoreIcon ? idiom : nil, context))
        return plan
    }

    /// The PNG drawn into the flattened image at each scale: the entry of no other trait (no
    /// appearance, gamut or direction), else the first.
    private static func flattenedFiles(_ layerWork: [RenditionJob]) -> [Int: String] {
        var files: [Int: String] = [:]
        let plainTraits: Set<RenditionAttribute> = [.element, .part, .scale, .idiom]
        for plain in [true, false] {
            for item in layerWork where !plain || item.key.keys.allSatisfy({ plainTraits.contains($0) }) {
                if case .png(let path, _, nil, _) = item.source, let scale = item.key[.scale], files[Int(scale)] == nil { files[Int(scale)] = path }
            }
        }
        return files
    }

    /// The stack's own rendition, and its flattened and radiosity images at the scales every layer
    /// has as a PNG. `idiom`: the App Store icon's (marketing), keyed on the stack too.
    private static func stackRenditions(
        _ stack: Asset, layers: [(name: String, files: [Int: String])], named name: String, width: Int, height: Int, idiom: UInt16?,
        _ context: PlanContext
    ) -> SetPlan {
        var plan = SetPlan()
        let location = SourceLocation(file: stack.contentsPath ?? stack.path)
        var stackKey: [RenditionAttribute: UInt16] = [.element: CompiledPart.element, .part: CompiledPart.image, .scale: 1]
        if let idiom { stackKey[.idiom] = idiom }
        plan.renditions.append(
            RenditionJob(
                assetName: name, facetPart: CompiledPart.image, renditionName: "Contents.json", key: stackKey,
                source: .layerStack(width: width, height: height, layers: layers.map(\.name).reversed()), location: location))
        let scales = layers.dropFirst().reduce(Set(layers[0].files.keys)) { $0.intersection($1.files.keys) }.sorted()
        if scales.isEmpty {
            plan.findings.append(context.setLeftOut(stack, "its flattened image is not written: no scale has a PNG in every layer", whole: false))
        }
        for scale in scales {
            let files = layers.reversed().compactMap { $0.files[scale] }
            for part in [StackPart.flattened, StackPart.radiosity] {
                let isFlattened = part == StackPart.flattened
                let renditionName = isFlattened ? "ZZZZFlattenedImage-\(scale).1.0-gamut0" : "ZZZZRadiosityImage-\(scale).0.0"
                let image = RenditionJob.StackImage(
                    layers: files, width: width * scale, height: height * scale, scale: scale, radiosity: !isFlattened, subject: name)
                plan.renditions.append(
                    RenditionJob(
                        assetName: name, facetPart: CompiledPart.image, renditionName: renditionName,
                        key: [.element: CompiledPart.element, .part: part, .scale: UInt16(scale), .idiom: idiom ?? CompiledIdiom.tv.rawValue],
                        source: .stackImage(image), location: location))
            }
        }
        return plan
    }
}
