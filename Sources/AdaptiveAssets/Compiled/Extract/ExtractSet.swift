import AdaptSupport
import AssetCatalog
import AssetThinning
import CompiledCatalog

/// One set folder of an extraction: an asset name's renditions of one kind, turned into files
/// and Contents.json entries.
struct SetBuilder {
    enum Kind: CaseIterable {
        case image, color, data

        var folderExtension: String {
            switch self {
            case .image: "imageset"
            case .color: "colorset"
            case .data: "dataset"
            }
        }

        /// The Contents.json list the entries go in.
        var entriesKey: String {
            switch self {
            case .image: "images"
            case .color: "colors"
            case .data: "data"
            }
        }
    }

    let kind: Kind
    let renditions: [Rendition]

    /// The renditions of one asset name, split by the kind of set they belong in, in a fixed order.
    static func sets(for renditions: [Rendition]) -> [SetBuilder] {
        Kind.allCases.compactMap { kind in
            let members = renditions.filter { Self.kind(of: $0) == kind }
            return members.isEmpty ? nil : SetBuilder(kind: kind, renditions: members)
        }
    }

    static func kind(of rendition: Rendition) -> Kind {
        if case .color = rendition.payload { return .color }
        if rendition.layout == .data || rendition.pixelFormat == .data { return .data }
        return .image
    }

    /// A file to write and its entry.
    private struct Planned {
        var proposedName: String
        var bytes: [UInt8]
        var members: [JSONObject.Member]
    }

    /// Turns each rendition into a file and an entry (or a skip), then, when any is left, asks
    /// `makeFolder` for the set's folder (its path and name) and writes the files and
    /// `Contents.json` there. A set with nothing to write gets no folder.
    func write(asset: String, extraction: CompiledExtraction, names: inout ExtractNames, atlases: PackedImageCache,
               result: inout CompiledExtraction.Result, makeFolder: (inout ExtractNames) throws -> (path: String, name: String)) throws {
        let catalog = extraction.catalog
        var prepared: [(rendition: Rendition, traits: [JSONObject.Member], planned: Planned)] = []
        for rendition in renditions {
            func skip(_ reason: String, _ detail: String, _ rule: RuleID?) {
                result.skipped.append(.init(asset: asset, rendition: rendition.renditionName, reason: reason, detail: detail))
                if let rule {
                    result.diagnostics.append(Diagnostic(rule, "\(asset)/\(rendition.renditionName) (\(traitLabel(rendition))): \(detail)",
                                                         at: SourceLocation(file: catalog.path)))
                }
            }
            let traits: [JSONObject.Member]
            switch ExtractEntry.traits(of: rendition, in: catalog) {
            case .success(let members): traits = members
            case .failure(let unknown):
                skip("unknown-trait", "not written: its \(unknown) has no established Contents.json value", .extractNotDecoded)
                continue
            }
            let planned: Planned
            do {
                switch try plan(rendition, catalog: catalog, atlases: atlases) {
                case .success(let value): planned = value
                case .failure(let reason):
                    skip(reason.code, reason.detail, .extractNotDecoded)
                    continue
                }
            } catch {
                skip("decode-failed", "not written: \(error)", .extractDecodeFailed)
                continue
            }
            prepared.append((rendition, traits, planned))
        }
        guard !prepared.isEmpty else { return }
        let (folder, setName) = try makeFolder(&names)
        // The set's own Contents.json first: a layer stack's rendition is named Contents.json
        // (what tvOS's image stack source calls its own), and is then written as Contents-2.json.
        _ = names.claim("Contents.json", in: setName)
        result.sets += 1
        var entries: [JSONValue] = []
        var preservesVector = false
        for (rendition, traits, planned) in prepared {
            if kind == .image, rendition.layout == .vector, rendition.flags.preservesVectorRepresentation { preservesVector = true }
            var members = traits
            // A colour is its entry; every other kind is a file the entry names.
            if kind != .color {
                let claimed = names.claim(planned.proposedName, in: setName)
                if claimed.changed {
                    result.diagnostics.append(Diagnostic(.extractRenamed, "\(asset)/\(rendition.renditionName) (\(traitLabel(rendition))) is written as \(setName)/\(claimed.name)",
                                                         at: SourceLocation(file: catalog.path)))
                }
                try extraction.beforeEachFile?(folder + "/" + claimed.name)
                try FileOperations.writeFile(folder + "/" + claimed.name, planned.bytes, exclusive: true)
                members.insert(.init(key: "filename", value: .string(claimed.name)), at: 1)
                let isBitmap = claimed.name.lowercased().hasSuffix(".png")
                result.files.append(.init(path: setName + "/" + claimed.name, asset: asset, rendition: rendition.renditionName,
                                          pixelWidth: isBitmap ? Int(rendition.width) : nil, pixelHeight: isBitmap ? Int(rendition.height) : nil))
            }
            result.written += 1
            members += planned.members
            entries.append(.object(JSONObject(members)))
        }
        var contents: [JSONObject.Member] = [.init(key: kind.entriesKey, value: .array(entries))]
        contents.append(.init(key: "info", value: .object(JSONObject([
            .init(key: "author", value: .string(CompiledExtraction.author)), .init(key: "version", value: .number("1")),
        ]))))
        if preservesVector {
            contents.append(.init(key: "properties", value: .object(JSONObject([.init(key: "preserves-vector-representation", value: .bool(true))]))))
        }
        try extraction.beforeEachFile?(folder + "/Contents.json")
        try FileOperations.writeFile(folder + "/Contents.json", JSONWriter.xcodeStyle.bytes(for: .object(JSONObject(contents))), exclusive: true)
    }

    /// Why a rendition is not written (a known limit, not damage).
    struct NotWritten: Error {
        var code: String
        var detail: String
    }

    /// The file a rendition becomes; `.failure` for what this package does not write; throws
    /// for damaged data.
    private func plan(_ rendition: Rendition, catalog: CompiledCatalog, atlases: PackedImageCache) throws -> Swift.Result<Planned, NotWritten> {
        let name = rendition.renditionName.isEmpty ? "unnamed" : rendition.renditionName
        switch rendition.payload {
        case .color(let space, let components):
            guard let color = ExtractEntry.color(space: space, components: components) else {
                return .failure(NotWritten(code: "not-decoded", detail: "not written: colour space \(space) with \(components.count) components is not one whose Contents.json spelling is established"))
            }
            // A colour set's entry is the colour itself; no file.
            return .success(Planned(proposedName: "", bytes: [], members: [.init(key: "color", value: color)]))
        case .multisizeImage:
            return .failure(NotWritten(code: "not-extractable", detail: "not written: a multisize image set (an app icon's list of sizes), whose images are renditions of their own"))
        case .rawData:
            if rendition.pixelFormat == .heif {
                return .failure(NotWritten(code: "not-decoded", detail: "not written: HEIF data is not decoded (compression heif)"))
            }
            guard let bytes = try catalog.rawData(of: rendition) else { return .failure(NotWritten(code: "not-extractable", detail: "not written: no data")) }
            if kind == .data {
                var members: [JSONObject.Member] = []
                if let uti = rendition.uti, !uti.isEmpty { members.append(.init(key: "universal-type-identifier", value: .string(uti))) }
                return .success(Planned(proposedName: name, bytes: bytes, members: members))
            }
            let ext: String
            if rendition.pixelFormat == .pdf || bytes.starts(with: Array("%PDF".utf8)) { ext = "pdf" }
            else if rendition.pixelFormat == .jpeg { ext = "jpg" }
            else if rendition.uti == "public.svg-image" || name.lowercased().hasSuffix(".svg") { ext = "svg" }
            else {
                return .failure(NotWritten(code: "not-extractable", detail: "not written: raw data of pixel format \(rendition.pixelFormat) in an image set"))
            }
            return .success(Planned(proposedName: Self.withExtension(name, ext, scale: nil), bytes: bytes, members: []))
        case .bitmap, .none:
            guard let decoding = try catalog.decodedBitmap(of: rendition, atlases: atlases) else {
                return .failure(NotWritten(code: "not-extractable", detail: "not written: layout \(rendition.layout) with pixel format \(rendition.pixelFormat) is not an image this package writes"))
            }
            switch decoding {
            case .notDecoded(let compression):
                return .failure(NotWritten(code: "not-decoded", detail: "not written: compression \(compression.name) is not decoded"))
            case .pixels(let bitmap):
                guard let png = bitmap.pngData() else {
                    return .failure(NotWritten(code: "not-decoded", detail: "not written: pixel format \(rendition.pixelFormat) is not converted to PNG"))
                }
                return .success(Planned(proposedName: Self.withExtension(name, "png", scale: rendition.key.scale), bytes: png, members: []))
            }
        case .unknown(let tag, _):
            return .failure(NotWritten(code: "not-extractable", detail: "not written: data tag \(tag) is not known"))
        }
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
