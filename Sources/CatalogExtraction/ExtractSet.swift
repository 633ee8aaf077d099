import AdaptSupport
import AssetCatalog
import AssetThinning
import CompiledCatalog

/// One set folder of an extraction: an asset name's renditions of one kind, turned into files
/// and Contents.json entries.
struct SetBuilder {
    enum Kind: CaseIterable {
        case image, appIcon, color, data

        var folderExtension: String {
            switch self {
            case .image: "imageset"
            case .appIcon: "appiconset"
            case .color: "colorset"
            case .data: "dataset"
            }
        }

        /// The Contents.json list the entries go in.
        var entriesKey: String {
            switch self {
            case .image, .appIcon: "images"
            case .color: "colors"
            case .data: "data"
            }
        }
    }

    let kind: Kind
    let renditions: [Rendition]
    /// An app icon's sizes (its multisize image's list): each slot's size in points by idiom.
    var iconSizes: [RenditionPayload.MultisizeEntry] = []

    /// The renditions of one asset name, split by the kind of set they belong in, in a fixed order.
    /// An app icon is its multisize image (the list of its sizes, written as the entries' `size`)
    /// and the images numbered by a slot of it: an app icon set, whose entries differ by size.
    static func sets(for renditions: [Rendition]) -> [SetBuilder] {
        let sizes = renditions.flatMap { rendition -> [RenditionPayload.MultisizeEntry] in
            if case .multisizeImage(let entries) = rendition.payload { entries } else { [] }
        }
        return Kind.allCases.compactMap { kind in
            let members = renditions.filter {
                if case .multisizeImage = $0.payload { return false }
                let own = Self.kind(of: $0)
                return (own == .image && !sizes.isEmpty && ($0.key.dimension2 ?? 0) != 0 ? .appIcon : own) == kind
            }
            return members.isEmpty ? nil : SetBuilder(kind: kind, renditions: members, iconSizes: kind == .appIcon ? sizes : [])
        }
    }

    /// An app icon image's `size` member: the points of its slot, for its idiom.
    func iconSize(of rendition: Rendition) -> JSONObject.Member? {
        let idiom = rendition.key.idiom ?? .universal
        guard let slot = rendition.key.dimension2, let size = iconSizes.first(where: { $0.index == slot && $0.idiom == idiom }) else { return nil }
        return .init(key: "size", value: .string("\(size.width)x\(size.height)"))
    }

    static func kind(of rendition: Rendition) -> Kind {
        if case .color = rendition.payload { return .color }
        // An Icon Composer icon's structure is written as JSON, a data set's file.
        if rendition.layout.isIconComposerStructure { return .data }
        if rendition.layout == .data || rendition.pixelFormat == .data { return .data }
        return .image
    }

    /// Places the set: when any of its renditions was rendered, asks `makeFolder` for the set's
    /// folder (its path and name), moves each rendered file there under a name claimed in it,
    /// and writes the set's `Contents.json`. Skips and renamings go into `result`. A set with
    /// nothing to write gets no folder.
    func place(
        asset: String, outcomes: [Rendered], extraction: CompiledExtraction, output: inout ExtractOutput,
        names: inout ExtractNames, result: inout CompiledExtraction.Result,
        makeFolder: (inout ExtractNames, inout ExtractOutput) throws -> ExtractNames.Claimed
    ) throws {
        let catalog = extraction.catalog
        let shown = ExtractNames.visible(asset)
        var kept: [(rendition: Rendition, traits: [JSONObject.Member], content: Rendered.Placed)] = []
        for (rendition, outcome) in zip(renditions, outcomes) {
            switch outcome {
            case .skipped(let reason, let detail, let rule):
                result.skipped.append(.init(asset: asset, rendition: rendition.renditionName, reason: reason, detail: detail))
                if let rule {
                    result.diagnostics.append(
                        Diagnostic(
                            rule, "\(shown)/\(ExtractNames.visible(rendition.renditionName)) (\(traitLabel(rendition))): \(detail)",
                            at: SourceLocation(file: catalog.path)))
                }
            case .placed(let traits, let content):
                kept.append((rendition, traits, content))
            }
        }
        guard !kept.isEmpty else { return }
        let folder = try makeFolder(&names, &output)
        let setName = folder.name
        if folder.changed {
            result.renamed.append(.init(asset: asset, rendition: nil, path: setName, changes: folder.changes))
            result.diagnostics.append(Diagnostic(.extractRenamed, "asset '\(shown)' is written as the set \(setName)", at: SourceLocation(file: catalog.path)))
        }
        // The set's own Contents.json first: a layer stack's rendition is named Contents.json
        // (what tvOS's image stack source calls its own), and is then written as Contents-2.json.
        _ = names.claim("Contents.json", in: setName)
        result.sets += 1
        var entries: [JSONValue] = []
        for (rendition, traits, content) in kept {
            var members = traits
            if kind == .appIcon {
                // A Mac file's keys have no idiom: its icon's entries are the `mac` ones.
                if AdaptedCompiledCatalog.platform(of: catalog) == .macos, let idiom = members.firstIndex(where: { $0.key == "idiom" }) {
                    members[idiom].value = .string("mac")
                }
                if let size = iconSize(of: rendition) { members.append(size) }
            }
            // A colour is its entry; every other kind is a file the entry names.
            if let file = content.file {
                var claimed = names.claim(file.proposedName, in: setName)
                claimed.changes = Array(Set(file.nameChanges + claimed.changes)).sorted()
                if claimed.changed {
                    result.renamed.append(.init(asset: asset, rendition: rendition.renditionName, path: setName + "/" + claimed.name, changes: claimed.changes))
                    result.diagnostics.append(
                        Diagnostic(
                            .extractRenamed,
                            "\(shown)/\(ExtractNames.visible(rendition.renditionName)) (\(traitLabel(rendition))) is written as \(setName)/\(claimed.name)",
                            at: SourceLocation(file: catalog.path)))
                }
                try output.move(file.pending, to: setName + "/" + claimed.name, size: file.size)
                members.insert(.init(key: "filename", value: .string(claimed.name)), at: 1)
                result.files.append(
                    .init(
                        path: setName + "/" + claimed.name, asset: asset, rendition: rendition.renditionName,
                        pixelWidth: file.isBitmap ? Int(rendition.width) : nil, pixelHeight: file.isBitmap ? Int(rendition.height) : nil))
            }
            result.written += 1
            members += content.members
            entries.append(.object(JSONObject(members)))
        }
        var contents: [JSONObject.Member] = [.init(key: kind.entriesKey, value: .array(entries))]
        contents.append(CompiledExtraction.info)
        let properties = kind == .image ? Self.imageProperties(kept.map(\.rendition)) : []
        if !properties.isEmpty { contents.append(.init(key: "properties", value: .object(JSONObject(properties)))) }
        try output.write(setName + "/Contents.json", JSONWriter.xcodeStyle.bytes(for: .object(JSONObject(contents))))
    }

    /// An image set's properties, as its renditions show them, so that compiling the extracted set
    /// writes them again: `preserves-vector-representation` when the file holds a vector itself
    /// (Xcode 9 and later keep one only so; Xcode 7.3 kept every PDF so), and the
    /// `template-rendering-intent` its bitmaps share (their flags' mode: 0 original, 1 template;
    /// 2, unset, writes none).
    static func imageProperties(_ renditions: [Rendition]) -> [JSONObject.Member] {
        var properties: [JSONObject.Member] = []
        if renditions.contains(where: { $0.layout == .vector }) {
            properties.append(.init(key: "preserves-vector-representation", value: .bool(true)))
        }
        let modes = Set(renditions.filter { $0.layout != .vector }.map(\.flags.templateRenderingMode))
        if modes.count == 1, let mode = modes.first, let intent = [0: "original", 1: "template"][mode] {
            properties.append(.init(key: "template-rendering-intent", value: .string(intent)))
        }
        return properties
    }

    /// Why a rendition is not written: a known limit, or (`decodeFailed`) damage.
    struct NotWritten: Error {
        var code: String
        var detail: String

        /// Damaged data, as `content(of:...)` threw it.
        static func decodeFailed(_ error: Error) -> NotWritten { NotWritten(code: "decode-failed", detail: "not written: \(error)") }

        /// The rule a skip for this reason is reported under.
        var rule: RuleID { code == "decode-failed" ? .extractDecodeFailed : .extractNotDecoded }
    }

    /// What a rendition's file holds: its bytes (nil for a colour, which is its entry), the
    /// entry's members beyond its traits, and the extension its name takes (nil: its own name).
    struct Content {
        var bytes: [UInt8]?
        var members: [JSONObject.Member]
        var fileExtension: String?
        var isBitmap: Bool
    }

    /// `content(of:...)`, with damaged data a `.failure` too (`NotWritten.decodeFailed`).
    func made(of rendition: Rendition, catalog: CompiledCatalog, atlases: PackedImageCache, pixelBudget: Int) -> Swift.Result<Content, NotWritten> {
        do {
            return try content(of: rendition, catalog: catalog, atlases: atlases, pixelBudget: pixelBudget)
        } catch {
            return .failure(.decodeFailed(error))
        }
    }

    /// What a rendition's file holds (or its colour), and the extension its name takes;
    /// `.failure` for what this package does not write; throws for damaged data. Depends only
    /// on the rendition's value block (and, for a reference, its packed image and frame), so
    /// renditions that share those share one content.
    func content(
        of rendition: Rendition, catalog: CompiledCatalog, atlases: PackedImageCache,
        pixelBudget: Int
    ) throws -> Swift.Result<Content, NotWritten> {
        if let structure = Self.iconStructure(of: rendition, catalog: catalog) {
            return .success(
                Content(
                    bytes: JSONWriter.xcodeStyle.bytes(for: structure), members: [.init(key: "universal-type-identifier", value: .string("public.json"))],
                    fileExtension: "json", isBitmap: false))
        }
        switch rendition.payload {
        case .color(let space, let components):
            guard let color = ExtractEntry.color(space: space, components: components) else {
                return .failure(
                    NotWritten(
                        code: "not-decoded",
                        detail: "not written: colour space \(space) with \(components.count) components is not one whose Contents.json spelling is established")
                )
            }
            // A colour set's entry is the colour itself; no file.
            return .success(Content(bytes: nil, members: [.init(key: "color", value: color)], fileExtension: nil, isBitmap: false))
        case .multisizeImage:
            return .failure(
                NotWritten(
                    code: "not-extractable",
                    detail: "not written: a multisize image set (an app icon's list of sizes), whose images are renditions of their own"))
        case .rawData:
            if rendition.pixelFormat == .heif {
                return .failure(NotWritten(code: "not-decoded", detail: "not written: HEIF data is not decoded (compression heif)"))
            }
            guard let bytes = try catalog.rawData(of: rendition, limit: .atMost(pixelBudget)) else {
                return .failure(NotWritten(code: "not-extractable", detail: "not written: no data"))
            }
            if kind == .data {
                var members: [JSONObject.Member] = []
                if let uti = rendition.uti, !uti.isEmpty { members.append(.init(key: "universal-type-identifier", value: .string(uti))) }
                return .success(Content(bytes: bytes, members: members, fileExtension: nil, isBitmap: false))
            }
            let ext: String
            if rendition.pixelFormat == .pdf || bytes.starts(with: Array("%PDF".utf8)) {
                ext = "pdf"
            } else if rendition.pixelFormat == .jpeg {
                ext = "jpg"
            } else if rendition.uti == "public.svg-image" || rendition.renditionName.lowercased().hasSuffix(".svg") {
                ext = "svg"
            } else {
                return .failure(NotWritten(code: "not-extractable", detail: "not written: raw data of pixel format \(rendition.pixelFormat) in an image set"))
            }
            return .success(Content(bytes: bytes, members: [], fileExtension: ext, isBitmap: false))
        case .bitmap, .none:
            guard let decoding = try catalog.decodedBitmap(of: rendition, atlases: atlases, pixelBudget: pixelBudget) else {
                return .failure(
                    NotWritten(
                        code: "not-extractable",
                        detail: "not written: layout \(rendition.layout) with pixel format \(rendition.pixelFormat) is not an image this package writes"))
            }
            switch decoding {
            case .notDecoded(let compression):
                return .failure(NotWritten(code: "not-decoded", detail: "not written: compression \(compression.name) is not decoded"))
            case .pixels(let bitmap):
                guard let png = bitmap.pngData(effort: .boundedTime) else {
                    return .failure(NotWritten(code: "not-decoded", detail: "not written: pixel format \(rendition.pixelFormat) is not converted to PNG"))
                }
                return .success(Content(bytes: png, members: [], fileExtension: "png", isBitmap: true))
            }
        case .gradient:
            return .failure(NotWritten(code: "not-extractable", detail: "not written: a gradient outside an Icon Composer icon's layout 1021"))
        case .unknown(let tag, _):
            return .failure(NotWritten(code: "not-extractable", detail: "not written: data tag \(tag) is not known"))
        }
    }

    /// An Icon Composer icon's stack, group or gradient as JSON (`{"layers": [...]}`, `{"gradient":
    /// {...}}`), nil for any other rendition. The rendition has no pixels of its own: its JSON is
    /// what it says, the names it refers to those of the catalog's other renditions.
    static func iconStructure(of rendition: Rendition, catalog: CompiledCatalog) -> JSONValue? {
        guard rendition.layout.isIconComposerStructure else { return nil }
        if case .gradient(let gradient) = rendition.payload { return ["layout": .string(rendition.layout.name), "gradient": gradient.json] }
        let rows = rendition.properties.iconLayerRows { catalog.index.facetName($0) }
        return ["layout": .string(rendition.layout.name), "layers": .array(rows.map(\.json))]
    }

    /// The file name a rendition asks for: its rendition name cleaned first (so `../../escape`
    /// keeps its stem), then given the content's extension (and its scale, for a bitmap); what
    /// the cleaning changed.
    static func fileName(of rendition: Rendition, content: Content) -> (name: String, changes: [ExtractNames.Change]) {
        let (clean, changes) = ExtractNames.clean(rendition.renditionName)
        guard let ext = content.fileExtension else { return (clean, changes) }
        return (withExtension(clean, ext, scale: content.isBitmap ? rendition.key.scale : nil), changes)
    }

    /// `name` ending in `.ext`: kept when it already does; else its extension replaced (`facebook.pdf`
    /// rasterized at 2x becomes `facebook@2x.png`, the way Xcode names scaled files).
    static func withExtension(_ name: String, _ ext: String, scale: UInt16?) -> String {
        if name.lowercased().hasSuffix("." + ext) { return name }
        var stem = name
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { stem = String(name[..<dot]) }
        if let scale, scale > 1, !stem.hasSuffix("@\(scale)x") { stem += "@\(scale)x" }
        return stem + "." + ext
    }

    private func traitLabel(_ rendition: Rendition) -> String {
        let key = rendition.key
        var parts = [key.idiom?.name ?? "universal"]
        if let scale = key.scale, scale != 0 { parts.append("\(scale)x") }
        for (attribute, value) in key.pairs where value != 0 && ![.idiom, .scale, .identifier, .element, .part].contains(attribute) {
            parts.append("\(attribute.shortName) \(value)")
        }
        return parts.joined(separator: " ")
    }
}
