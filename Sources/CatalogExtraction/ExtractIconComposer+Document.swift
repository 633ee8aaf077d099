import AdaptSupport
import AssetCatalog
import AssetCompilation
import CompiledCatalog

extension ExtractIconComposer {
    /// Writes `N.icon` (its `icon.json` and `Assets/`) and, when they are an icon set's, the
    /// flattened images as `N.iconset`.
    func write(
        names: inout ExtractNames, output: inout ExtractOutput, result: inout CompiledExtraction.Result, extraction: CompiledExtraction
    ) throws {
        let folder = try claimFolder(name, extension: "icon", names: &names, output: &output, result: &result)
        _ = names.claim("icon.json", in: folder)
        let assets = folder + "/" + names.claim("Assets", in: folder).name
        try output.makeFolder(assets)
        var files: [String: LayerFile?] = [:]
        var groups: [JSONValue] = []
        for group in groupNames {
            let rows = lookup.rowsByAppearance(of: group, layout: .iconGroup)
            var layers: [JSONValue] = []
            for layer in Self.layerOrder(rows) {
                if files[layer] == nil {
                    files[layer] = try writeLayerFile(layer, into: assets, names: &names, output: &output, result: &result, extraction: extraction)
                }
                guard let file = files[layer] ?? nil else { continue }
                layers.append(layerJSON(layer, rows, file))
            }
            groups.append(groupJSON(group, layers))
        }
        let platforms: JSONValue =
            AdaptedCompiledCatalog.platform(of: lookup.catalog) == .macos ? .array([.string("macOS")]) : .string("shared")
        let document = JSONObject(
            fillMembers() + [
                .init(key: "groups", value: .array(groups)),
                .init(key: "supported-platforms", value: .object(JSONObject([.init(key: "squares", value: platforms)]))),
            ])
        try output.write(folder + "/icon.json", JSONWriter.xcodeStyle.bytes(for: .object(document)))
        result.sets += 1
        try writeFlattened(names: &names, output: &output, result: &result, extraction: extraction)
    }

    /// A layer's file as written: its name in `Assets` and its size (an SVG's points, a PNG's pixels).
    struct LayerFile {
        var name: String
        var size: (width: Double, height: Double)?
    }

    /// Claims and makes a folder at the catalog's root (`CompiledExtraction.makeRootFolder`).
    func claimFolder(
        _ asset: String, extension folderExtension: String, names: inout ExtractNames, output: inout ExtractOutput,
        result: inout CompiledExtraction.Result
    ) throws -> String {
        try CompiledExtraction.makeRootFolder(
            asset, extension: folderExtension, names: &names, output: &output, result: &result, source: lookup.catalog.path)
    }

    /// The layers of a group, front first: the order of the appearance that lists the most (a
    /// hidden layer is in no list of its appearance), the light one among equals.
    static func layerOrder(_ rows: [IconAppearance: [IconLayerRow]]) -> [String] {
        let fullest = IconAppearance.allCases.compactMap { rows[$0] }.max { $0.count < $1.count } ?? []
        var seen: Set<String> = []
        return fullest.compactMap(\.name).reversed().filter { seen.insert($0).inserted }
    }

    /// Writes a layer's file (an SVG as stored, a bitmap as PNG: its wide-colour rendition where it
    /// has one, a 16-bit Display P3 PNG from which compile makes both renditions again, as from
    /// AM-MiniPlayer's own `Ellipse 2 2`; the sRGB one alone would lose the copy for P3 displays)
    /// under its stem's name; nil, with the reason recorded, when it cannot be.
    private func writeLayerFile(
        _ asset: String, into folder: String, names: inout ExtractNames, output: inout ExtractOutput, result: inout CompiledExtraction.Result,
        extraction: CompiledExtraction
    ) throws -> LayerFile? {
        let renditions = lookup.renditions[asset] ?? []
        func isWide(_ rendition: Rendition) -> Bool { rendition.key.value(.displayGamut) == 1 }
        // The wide-colour rendition first; where one cannot be written (said as skipped), the next.
        for rendition in renditions.filter(isWide) + renditions.filter({ !isWide($0) }) {
            guard let made = made(rendition, of: asset, atlases: PackedImageCache(capacity: 1), extraction: extraction, result: &result) else { continue }
            // A layer is drawn from an SVG or a PNG; anything else a hostile file names is no layer.
            guard let bytes = made.bytes, let ext = made.fileExtension, ["svg", "png"].contains(ext) else {
                skip(
                    asset, rendition, reason: "not-extractable", detail: "not written: a layer is an SVG or a bitmap", rule: .extractNotDecoded, result: &result
                )
                continue
            }
            return try writeLayer(asset, rendition, made, bytes: bytes, ext: ext, into: folder, names: &names, output: &output, result: &result)
        }
        return nil
    }

    /// `rendition` of `asset` made into its file as extract makes any (`SetBuilder.made`), or nil
    /// with why said as a skip.
    func made(
        _ rendition: Rendition, of asset: String, atlases: PackedImageCache, extraction: CompiledExtraction, result: inout CompiledExtraction.Result
    ) -> SetBuilder.Content? {
        switch SetBuilder(kind: .image, renditions: [rendition]).made(
            of: rendition, catalog: lookup.catalog, atlases: atlases, pixelBudget: extraction.pixelBudget)
        {
        case .success(let content): return content
        case .failure(let reason):
            skip(asset, rendition, reason: reason.code, detail: reason.detail, rule: reason.rule, result: &result)
            return nil
        }
    }

    /// Writes `bytes`, a layer's file made from `rendition`, under its stem's name.
    private func writeLayer(
        _ asset: String, _ rendition: Rendition, _ made: SetBuilder.Content, bytes: [UInt8], ext: String, into folder: String, names: inout ExtractNames,
        output: inout ExtractOutput, result: inout CompiledExtraction.Result
    ) throws -> LayerFile {
        let prefix = name + "_Assets/"
        let stem = asset.hasPrefix(prefix) ? String(asset.dropFirst(prefix.count)) : asset
        let file = names.claim(stem + "." + ext, in: folder).name
        try output.write(folder + "/" + file, bytes)
        result.written += 1
        result.files.append(
            .init(
                path: folder + "/" + file, asset: asset, rendition: rendition.renditionName, pixelWidth: made.isBitmap ? Int(rendition.width) : nil,
                pixelHeight: made.isBitmap ? Int(rendition.height) : nil))
        let size = ext == "svg" ? VectorRasterizer.svgSize(bytes) : (Double(rendition.width), Double(rendition.height))
        return LayerFile(name: file, size: size)
    }

    func skip(_ asset: String, _ rendition: Rendition, reason: String, detail: String, rule: RuleID, result: inout CompiledExtraction.Result) {
        result.skipped.append(.init(asset: asset, rendition: rendition.renditionName, reason: reason, detail: detail))
        result.diagnostics.append(
            Diagnostic(
                rule, "\(ExtractNames.visible(asset))/\(ExtractNames.visible(rendition.renditionName)): \(detail)",
                at: SourceLocation(file: lookup.catalog.path)))
    }

    /// A layer's entry: its file, and per appearance its glass, whether it is hidden, its
    /// opacity, blend mode and fill; its position from the base appearance's frame.
    func layerJSON(_ layer: String, _ rows: [IconAppearance: [IconLayerRow]], _ file: LayerFile) -> JSONValue {
        var own: [IconAppearance: IconLayerRow] = [:]
        for (appearance, list) in rows { own[appearance] = list.first { $0.name == layer } }
        func values(_ value: (IconLayerRow) -> JSONValue) -> [IconAppearance: JSONValue] { own.mapValues(value) }
        var members: [JSONObject.Member] = [
            .init(key: "image-name", value: .string(file.name)), .init(key: "name", value: .string(String(file.name.split(separator: ".").first ?? ""))),
        ]
        members += Self.specialized("hidden", rows.mapValues { list in .bool(!list.contains { $0.name == layer }) }, omitting: .bool(false))
        members += Self.specialized("glass", values { .bool(($0.style?.material ?? 1) != 0) }, omitting: .bool(true))
        members += Self.specialized("opacity", values { .number("\($0.layer.opacity)") }, omitting: .number("1.0"))
        members += Self.specialized("blend-mode", values { .string($0.layer.blendMode.name) }, omitting: .string("normal"))
        members += Self.specialized(
            "fill",
            values { row in row.style.map { $0.fill.isEmpty ? .string("none") : lookup.fill(gradient: $0.fill) ?? .string("none") } ?? .string("none") },
            omitting: .string("none"))
        let base = own[.light] ?? IconAppearance.allCases.lazy.compactMap { own[$0] }.first
        if let base, let size = file.size, let position = Self.position(of: base.layer.frame, size: size) {
            members.append(.init(key: "position", value: position))
        }
        return .object(JSONObject(members))
    }

    /// A group's entry: its layers, and from the stack's row for it, its blend mode per
    /// appearance, blur, shadow and translucency.
    func groupJSON(_ group: String, _ layers: [JSONValue]) -> JSONValue {
        var own: [IconAppearance: IconLayerRow] = [:]
        for (appearance, list) in stacks { own[appearance] = list.first { $0.name == group } }
        var members: [JSONObject.Member] = [.init(key: "layers", value: .array(layers))]
        members += Self.specialized("blend-mode", own.mapValues { .string($0.layer.blendMode.name) }, omitting: .string("normal"))
        guard let base = own[.light] ?? IconAppearance.allCases.lazy.compactMap({ own[$0] }).first else { return .object(JSONObject(members)) }
        if let blur = base.style?.blur, blur != 0 { members.append(.init(key: "blur-material", value: .number("\(blur)"))) }
        if let effects = base.effects {
            if effects.shadowKind != 0 || effects.shadowOpacity != 0 {
                let kind = effects.shadowKind == 0 ? "none" : "neutral"
                members.append(
                    .init(
                        key: "shadow",
                        value: .object(
                            JSONObject([.init(key: "kind", value: .string(kind)), .init(key: "opacity", value: .number("\(effects.shadowOpacity)"))]))))
            }
            if effects.translucencyEnabled {
                members.append(
                    .init(
                        key: "translucency",
                        value: .object(JSONObject([.init(key: "enabled", value: .bool(true)), .init(key: "value", value: .number("\(effects.translucency)"))])))
                )
            }
        }
        return .object(JSONObject(members))
    }
}
