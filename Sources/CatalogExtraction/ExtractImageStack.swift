import AdaptSupport
import AssetCatalog
import AssetCompilation
import CompiledCatalog

/// A tvOS layered image written back as the source actool compiles it from: `S.imagestack`
/// listing its layers front first, each `L.imagestacklayer` holding its images as
/// `Content.imageset`. In the file (`ImageStacks` in AssetCompilation says how actool writes one,
/// from Stasis's Xcode 26.2 file) the stack is a rendition of layout `LayerStack` under the stack's
/// name whose layer list (property 1012, back first) names each layer's asset, `S/L/Content`;
/// beside it, per scale, a flattened image (part 208) and a radiosity image (part 209), which
/// actool draws from the layers and so are not written: compiling the extracted stack draws them
/// again.
///
/// Without this, a stack came back as an image set per layer (`S_L_Content.imageset`), the
/// stack's own rendition as a data set, and its flattened images as an image set: nothing a
/// compile turns into a stack again.
struct ExtractImageStack {
    /// The stack's asset name.
    let name: String
    /// The layers' asset names, front first (Contents.json's order).
    let layerAssets: [String]

    /// Every layer stack of `catalog` whose layers are assets of the file, one per stack rendition.
    static func stacks(in catalog: CompiledCatalog) -> [ExtractImageStack] {
        var stacks: [ExtractImageStack] = []
        for asset in catalog.assets {
            guard let name = asset.name else { continue }
            for rendition in asset.renditions where rendition.layout == .layerStack {
                let layers = rendition.properties.iconLayerRows { catalog.index.facetName($0) }.compactMap(\.name)
                guard !layers.isEmpty else { continue }
                stacks.append(ExtractImageStack(name: name, layerAssets: layers.reversed()))
            }
        }
        return stacks
    }

    /// Whether actool draws `rendition` from a stack's layers (or it is the stack itself): what
    /// the extracted stack's folders stand for.
    static func isDrawnFromLayers(_ rendition: Rendition) -> Bool {
        rendition.layout == .layerStack || [ImageStacks.StackPart.flattened, ImageStacks.StackPart.radiosity].contains(rendition.key.value(.part) ?? 0)
    }

    /// A layer's folder name: `L` of `S/L/Content`, else the asset's whole name.
    func layerName(of asset: String) -> String {
        var layer = Substring(asset)
        if layer.hasPrefix(name + "/") { layer = layer.dropFirst(name.count + 1) }
        if layer.hasSuffix("/Content"), layer.count > "/Content".count { layer = layer.dropLast("/Content".count) }
        return String(layer)
    }

    /// Makes the stack's folder and its layers' folders with their `Contents.json`, and returns
    /// where each layer's images go (`S.imagestack/L.imagestacklayer/Content.imageset`, claimed
    /// but not yet made), by the layer's asset name.
    func makeFolders(
        names: inout ExtractNames, output: inout ExtractOutput, result: inout CompiledExtraction.Result, source: String
    ) throws -> [String: String] {
        let stack = try CompiledExtraction.makeRootFolder(name, extension: "imagestack", names: &names, output: &output, result: &result, source: source)
        _ = names.claim("Contents.json", in: stack)
        var listed: [JSONValue] = []
        var contentFolders: [String: String] = [:]
        for asset in layerAssets where contentFolders[asset] == nil {
            let layer = names.claim(layerName(of: asset) + ".imagestacklayer", in: stack)
            let folder = stack + "/" + layer.name
            try output.makeFolder(folder)
            _ = names.claim("Contents.json", in: folder)
            try output.write(folder + "/Contents.json", JSONWriter.xcodeStyle.bytes(for: .object(JSONObject([CompiledExtraction.info]))))
            contentFolders[asset] = folder + "/" + names.claim("Content.imageset", in: folder).name
            listed.append(.object(JSONObject([.init(key: "filename", value: .string(layer.name))])))
        }
        let contents = JSONObject([CompiledExtraction.info, .init(key: "layers", value: .array(listed))])
        try output.write(stack + "/Contents.json", JSONWriter.xcodeStyle.bytes(for: .object(contents)))
        result.sets += 1
        return contentFolders
    }
}
