import AdaptSupport
import AssetCatalog
import AssetCompilation
import CompiledCatalog

/// An Icon Composer icon written back as the `N.icon` document actool compiles it from (inside
/// the extracted catalog's folder: compile it with `adapt compile DIR DIR/N.icon`). The file holds
/// the icon as `IconComposerCompiler` describes: per appearance a stack (`N.iconstack`: the fill's
/// gradient, then the groups) and per group its layers, each layer's frame, blend mode, opacity,
/// glass and fill; the layers' files (`N_Assets/<stem>`, an SVG kept as a vector or a bitmap),
/// and the palette of colours and gradients. `icon.json` is rebuilt from those: the light
/// appearance gives each value, and dark and tinted ones that differ from what compile derives
/// are `-specializations`. A layer's `position` is worked out from its frame and its file's size.
///
/// What the file does not hold is not written: a group's `lighting` and `specular`, its own
/// `position` (folded into its layers' frames), names outside ASCII (`1 – Layer` is stored as
/// `1 _ Layer`), and whether a one-colour fill was `solid` or `automatic-gradient` (the same
/// rendition; written as the latter).
///
/// The flattened images beside the stack go into `N.iconset` when they are an icon set's
/// (sudoku's `icon_16x16.png` to `icon_512x512@2x.png`: Xcode took them from `App.iconset`), so
/// compile takes them again; the ones actool drew itself (16 to 1024 points, `…_NSAppearanceNameSystem…`)
/// are left out, named, as compile draws them again from the document.
struct ExtractIconComposer {
    /// The icon's name: the stack's asset.
    let name: String
    let lookup: ExtractIconLookup
    /// The stack's rows per appearance, bottom first.
    let stacks: [IconAppearance: [IconLayerRow]]
    /// The groups' names, front first (icon.json's order), as the light stack (else any) lists them.
    let groupNames: [String]

    init(name: String, lookup: ExtractIconLookup) {
        self.name = name
        self.lookup = lookup
        stacks = lookup.rowsByAppearance(of: name, layout: .iconStack)
        let rows = stacks[.light] ?? IconAppearance.allCases.lazy.compactMap { [stacks] in stacks[$0] }.first ?? []
        groupNames = rows.filter { $0.layer.part == IconPart.group }.compactMap(\.name).reversed()
    }

    /// Each icon of `catalog`: every asset with an icon stack rendition.
    static func icons(in catalog: CompiledCatalog) -> [ExtractIconComposer] {
        let lookup = ExtractIconLookup(catalog)
        return catalog.assets.compactMap { asset in
            guard let name = asset.name, asset.renditions.contains(where: { $0.layout == .iconStack }) else { return nil }
            return ExtractIconComposer(name: name, lookup: lookup)
        }
    }

    /// Whether a rendition of `asset` is written into one of `icons`' documents rather than in a
    /// set: a stack itself and its flattened images, its groups, and everything under `N_Assets/`.
    /// Looked up by name, so a file of many icons and renditions costs no more than one pass.
    static func holder(of icons: [ExtractIconComposer]) -> (_ asset: String, _ rendition: Rendition) -> Bool {
        let stacks = Set(icons.map(\.name))
        let groups = Set(icons.flatMap(\.groupNames))
        return { asset, rendition in
            if stacks.contains(asset), rendition.layout == .iconStack || isFlattened(rendition) { return true }
            if groups.contains(asset) { return true }
            guard let marker = asset.range(of: "_Assets/") else { return false }
            return stacks.contains(String(asset[..<marker.lowerBound]))
        }
    }

    /// The flattened images and their list of sizes.
    static func isFlattened(_ rendition: Rendition) -> Bool {
        if case .multisizeImage = rendition.payload { return true }
        return rendition.key.value(.part) == IconPart.icon && (rendition.key.value(.dimension2) ?? 0) != 0
    }

    /// The parts of the file's renditions (`IconComposerCompiler.Part`).
    typealias IconPart = IconComposerCompiler.Part

    /// The icon's `fill`, and its specializations where dark or tinted differ from what compile
    /// derives (dark: the system's dark grey unless there is no fill; tinted: the light one).
    func fillMembers() -> [JSONObject.Member] {
        func fill(_ appearance: IconAppearance) -> JSONValue? {
            guard let rows = stacks[appearance] else { return nil }
            return lookup.fill(gradient: rows.first { $0.layer.part == IconPart.gradient }?.name)
        }
        guard let base = fill(.light) else { return [] }
        var members: [JSONObject.Member] = [.init(key: "fill", value: base)]
        var specializations: [JSONValue] = []
        let derivedDark: JSONValue = base == .string("none") ? .string("none") : .string("system-dark")
        if let dark = fill(.dark), dark != derivedDark { specializations.append(Self.specialization(.dark, dark)) }
        if let tinted = fill(.tinted), tinted != base { specializations.append(Self.specialization(.tinted, tinted)) }
        if !specializations.isEmpty { members.append(.init(key: "fill-specializations", value: .array(specializations))) }
        return members
    }

    static func specialization(_ appearance: IconAppearance, _ value: JSONValue) -> JSONValue {
        .object(JSONObject([.init(key: "appearance", value: .string(appearance.rawValue)), .init(key: "value", value: value)]))
    }

    /// `key` as a base value (light's, when not `omitted`) and `-specializations` for the
    /// appearances whose value differs from it.
    static func specialized(_ key: String, _ values: [IconAppearance: JSONValue], omitting omitted: JSONValue? = nil) -> [JSONObject.Member] {
        guard let base = values[.light] ?? IconAppearance.allCases.lazy.compactMap({ values[$0] }).first else { return [] }
        var members: [JSONObject.Member] = base == omitted ? [] : [.init(key: key, value: base)]
        let differing = IconAppearance.allCases.filter { values[$0] != nil && values[$0] != base }.map { specialization($0, values[$0]!) }
        if !differing.isEmpty { members.append(.init(key: key + "-specializations", value: .array(differing))) }
        return members
    }

    /// A layer's `position` in icon.json for where it lies: compile puts a layer of natural size
    /// `size` at scale `s`, moved by `t`, at `floor(size × s)` wide and `floor(512 + t − size × s / 2)`
    /// across (`IconComposerCompiler.frame`). The simplest `s` (fewest decimals) and whole `t`
    /// that give `frame` again; nil for an empty frame or size.
    static func position(of frame: IconLayer.Frame, size: (width: Double, height: Double)) -> JSONValue? {
        guard size.width > 0, size.height > 0, frame.width > 0, frame.height > 0 else { return nil }
        let width = Double(frame.width)
        let height = Double(frame.height)
        func fits(_ scale: Double) -> Bool { (size.width * scale).rounded(.down) == width && (size.height * scale).rounded(.down) == height }
        let lowest = max(width / size.width, height / size.height)
        var scale = (width + 0.5) / size.width
        for places in 0...6 {
            let unit = Double([1, 10, 100, 1000, 10_000, 100_000, 1_000_000][places])
            let candidate = (lowest * unit).rounded(.up) / unit
            if fits(candidate) {
                scale = candidate
                break
            }
        }
        func translation(_ origin: Int32, _ extent: Double) -> Double {
            let candidate = (Double(origin) - 512 + extent / 2).rounded(.up)
            return (512 + candidate - extent / 2).rounded(.down) == Double(origin) ? candidate : Double(origin) + 0.5 - 512 + extent / 2
        }
        // `+ 0` turns -0.0 into 0.0.
        let x = translation(frame.x, size.width * scale) + 0
        let y = translation(frame.y, size.height * scale) + 0
        return .object(
            JSONObject([
                .init(key: "scale", value: .number("\(scale)")),
                .init(key: "translation-in-points", value: .array([.number("\(x)"), .number("\(y)")])),
            ]))
    }

    /// The flattened images as `N.iconset` when each is named as an icon set's file
    /// (`icon_16x16.png` … `icon_512x512@2x.png`); else each is named as not written.
    func writeFlattened(
        names: inout ExtractNames, output: inout ExtractOutput, result: inout CompiledExtraction.Result, extraction: CompiledExtraction
    ) throws {
        let images = (lookup.renditions[name] ?? []).filter { Self.isFlattened($0) && $0.layout != .multisizeImage }
        guard !images.isEmpty else { return }
        guard images.allSatisfy({ Self.isIconSetFileName($0.renditionName) }) else {
            for image in images {
                let detail = "not written: drawn by actool from the Icon Composer icon; compile draws it again from \(ExtractNames.sanitize(name)).icon"
                result.skipped.append(.init(asset: name, rendition: image.renditionName, reason: "not-extractable", detail: detail))
            }
            result.diagnostics.append(
                Diagnostic(
                    .extractNotDecoded,
                    "\(ExtractNames.visible(name)): \(images.count) flattened images not written: drawn by actool from the Icon Composer icon, which compile draws again",
                    at: SourceLocation(file: lookup.catalog.path)))
            return
        }
        let folder = try claimFolder(name, extension: "iconset", names: &names, output: &output, result: &result)
        let atlases = PackedImageCache(capacity: 1)
        for image in images {
            guard let bytes = made(image, of: name, atlases: atlases, extraction: extraction, result: &result)?.bytes else { continue }
            let file = names.claim(image.renditionName, in: folder).name
            try output.write(folder + "/" + file, bytes)
            result.written += 1
            result.files.append(
                .init(
                    path: folder + "/" + file, asset: name, rendition: image.renditionName, pixelWidth: Int(image.width), pixelHeight: Int(image.height)))
        }
        result.sets += 1
    }

    /// `icon_<points>x<points>.png` or `…@2x.png`, for the points an icon set has.
    static func isIconSetFileName(_ name: String) -> Bool {
        [16, 32, 128, 256, 512].contains { points in ["", "@2x"].contains { name == "icon_\(points)x\(points)\($0).png" } }
    }
}
