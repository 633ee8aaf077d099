import AdaptSupport
import AssetCatalog

/// On-demand resources: with `--enable-on-demand-resources YES`, the sets tagged with
/// `on-demand-resource-tags` go into the asset packs `--asset-pack-output-specifications` names,
/// one compiled catalog per pack, and the untagged sets into `Assets.car`.
///
/// What is established, from Apple's build system (swift-build's `ActoolCompilerSpec` and
/// `OnDemandResources.swift`): the build system asks actool for the catalogs' tag combinations
/// (`--print-asset-tag-combinations`), makes one asset pack per combination (identifier
/// `<bundle id>.asset-pack-<md5 of the sorted tags joined by ":">`, folder
/// `OnDemandResources/<bundle id>.<tags joined by "+">-<md5>.assetpack`), writes their list as an
/// XML property list (an array of dictionaries with `bundle-id`, `bundle-path` and `tags`) and
/// passes it to actool, which puts each pack's output files in its `bundle-path`. The pack's
/// `Info.plist` and the app's `OnDemandResources.plist` are the build system's, not actool's.
///
/// Not established by any file here: the name of the compiled catalog inside a pack. adapt
/// writes `<bundle-path>/Assets.car`, as in the main bundle. A set goes into the pack whose tags
/// are exactly its own (the build system made one per combination); a tagged set no pack has
/// is an error naming it and its tags.
///
/// ```swift
/// let packs = try AssetPackSpecification.read(at: "AssetPackOutputSpecifications.plist")
/// let split = AssetPackSpecification.split(catalogs, into: packs)
/// ```
package struct AssetPackSpecification: Equatable, Sendable {
    package var bundleID: String
    package var tags: Set<String>
    /// The pack's folder: its compiled catalog is written inside it.
    package var bundlePath: String

    package init(bundleID: String, tags: Set<String>, bundlePath: String) {
        self.bundleID = bundleID
        self.tags = tags
        self.bundlePath = bundlePath
    }

    /// The packs an `--asset-pack-output-specifications` file lists, or the error naming it.
    package static func read(at path: String) throws(Diagnostic) -> [AssetPackSpecification] {
        let bytes: [UInt8]
        do { bytes = try FileSystem.readRegularFile(path, limit: 16 << 20) } catch {
            throw Diagnostic(.compileUnreadable, "cannot be read: \(error.reason)", at: SourceLocation(file: path))
        }
        var reader = XMLPropertyListReader(bytes)
        guard let value = reader.document() else {
            throw Diagnostic(
                .compileUnreadable, "is not an XML property list (the build system writes the asset pack list as one)", at: SourceLocation(file: path))
        }
        guard case .array(let entries) = value else {
            throw Diagnostic(.compileUnreadable, "is not an array of asset packs", at: SourceLocation(file: path))
        }
        var packs: [AssetPackSpecification] = []
        for (index, entry) in entries.enumerated() {
            guard case .dictionary(let pack) = entry, case .string(let bundleID) = pack["bundle-id"],
                case .string(let bundlePath) = pack["bundle-path"], case .array(let tags) = pack["tags"]
            else {
                throw Diagnostic(
                    .compileUnreadable, "asset pack \(index + 1) lacks a bundle-id, bundle-path (strings) or tags (an array of strings)",
                    at: SourceLocation(file: path))
            }
            let names = tags.compactMap { if case .string(let tag) = $0 { tag } else { nil } }
            guard names.count == tags.count, !names.isEmpty else {
                throw Diagnostic(.compileUnreadable, "asset pack '\(bundleID)' has tags that are not strings, or none", at: SourceLocation(file: path))
            }
            packs.append(AssetPackSpecification(bundleID: bundleID, tags: Set(names), bundlePath: bundlePath))
        }
        return packs
    }

    /// The catalogs split by tags: the untagged sets, and each pack's sets (packs without a set
    /// left out); an error for each tagged set no pack has.
    package static func split(
        _ catalogs: [Catalog], into packs: [AssetPackSpecification]
    ) -> (main: [Catalog], packs: [(pack: AssetPackSpecification, catalogs: [Catalog])], unmatched: [Diagnostic]) {
        var main: [Catalog] = []
        var byPack: [[Catalog]] = Array(repeating: [], count: packs.count)
        var unmatched: [Diagnostic] = []
        for catalog in catalogs {
            var untagged = catalog
            untagged.assets = catalog.assets.filter { $0.properties.onDemandResourceTags.isEmpty }
            main.append(untagged)
            for (index, pack) in packs.enumerated() {
                var tagged = catalog
                // The catalog's own findings were reported with the main catalog.
                tagged.diagnostics = []
                tagged.assets = catalog.assets.filter { !$0.properties.onDemandResourceTags.isEmpty && Set($0.properties.onDemandResourceTags) == pack.tags }
                if !tagged.assets.isEmpty { byPack[index].append(tagged) }
            }
            for asset in catalog.assets where !asset.properties.onDemandResourceTags.isEmpty {
                let tags = Set(asset.properties.onDemandResourceTags)
                guard !packs.contains(where: { $0.tags == tags }) else { continue }
                unmatched.append(
                    Diagnostic(
                        .compileOutput,
                        "\(asset.type.rawValue) '\(asset.name)' has the on-demand resource tags \(tags.sorted().joined(separator: ", ")) and no asset pack in --asset-pack-output-specifications has them",
                        subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path)))
            }
        }
        return (main, zip(packs, byPack).filter { !$0.1.isEmpty }.map { ($0.0, $0.1) }, unmatched)
    }

    /// Every combination of tags the catalogs' sets carry, each sorted, in order: what
    /// `--print-asset-tag-combinations` answers (`com.apple.actool.asset-tag-combinations`).
    package static func tagCombinations(_ catalogs: [Catalog]) -> [[String]] {
        Set(catalogs.flatMap { $0.assets.map { Set($0.properties.onDemandResourceTags) } }.filter { !$0.isEmpty })
            .map { $0.sorted() }
            .sorted { $0.lexicographicallyPrecedes($1) }
    }
}

/// The XML property list subset an asset pack list uses: arrays, dictionaries, strings (with
/// XML's five named entities and numeric character references), integers, reals and booleans.
/// Anything else, or malformed markup, reads as nil.
struct XMLPropertyListReader {
    private let text: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { text = bytes }

    mutating func document() -> PropertyList? {
        // Past the XML declaration, doctype and the <plist> element's start.
        guard let start = find("<plist") else { return nil }
        position = start
        guard skip(past: ">") else { return nil }
        guard let value = self.value(depth: 0) else { return nil }
        skipSpace()
        return matchTag("/plist") ? value : nil
    }

    private mutating func value(depth: Int) -> PropertyList? {
        guard depth < 64 else { return nil }
        skipSpace()
        guard let tag = readTag() else { return nil }
        switch tag {
        case "array/", "dict/": return tag == "array/" ? .array([]) : .dictionary([:])
        case "true/": return .bool(true)
        case "false/": return .bool(false)
        case "string/": return .string("")
        case "array":
            var items: [PropertyList] = []
            while true {
                skipSpace()
                if matchTag("/array") { return .array(items) }
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
            }
        case "dict":
            var entries: [String: PropertyList] = [:]
            while true {
                skipSpace()
                if matchTag("/dict") { return .dictionary(entries) }
                guard readTag() == "key", let key = characters(until: "key") else { return nil }
                guard let item = value(depth: depth + 1) else { return nil }
                entries[key] = item
            }
        case "string": return characters(until: "string").map(PropertyList.string)
        case "integer": return characters(until: "integer").flatMap { Int64($0) }.map { .integer($0) }
        case "real": return characters(until: "real").flatMap { Double($0) }.map { .real($0) }
        default: return nil
        }
    }

    private func find(_ literal: String) -> Int? {
        let needle = Array(literal.utf8)
        guard text.count >= needle.count else { return nil }
        for start in position...(text.count - needle.count) where text[start..<(start + needle.count)].elementsEqual(needle) { return start }
        return nil
    }

    private mutating func skip(past literal: String) -> Bool {
        guard let found = find(literal) else { return false }
        position = found + literal.utf8.count
        return true
    }

    private mutating func skipSpace() {
        while true {
            while position < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[position]) { position += 1 }
            // Comments between elements (looked for here only: a search from here would make reading quadratic).
            guard text[position...].starts(with: "<!--".utf8), skip(past: "-->") else { return }
        }
    }

    /// `<name>` or `<name/>`, returned as `name` or `name/`; attributes are not expected.
    private mutating func readTag() -> String? {
        guard position < text.count, text[position] == UInt8(ascii: "<"), let end = text[position...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let name = String(decoding: text[(position + 1)..<end], as: UTF8.self).trimmingTrailingSpace
        position = end + 1
        return name
    }

    private mutating func matchTag(_ name: String) -> Bool {
        let saved = position
        if readTag() == name { return true }
        position = saved
        return false
    }

    /// The characters up to `</name>`, entities decoded.
    private mutating func characters(until name: String) -> String? {
        guard let end = find("</\(name)>") else { return nil }
        let raw = String(decoding: text[position..<end], as: UTF8.self)
        position = end + name.utf8.count + 3
        var out = ""
        var rest = Substring(raw)
        while let ampersand = rest.firstIndex(of: "&") {
            out += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { return nil }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                guard let scalar = number.flatMap(Unicode.Scalar.init) else { return nil }
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return out + rest
    }
}

extension String {
    fileprivate var trimmingTrailingSpace: String {
        var result = Substring(self)
        while let last = result.last, last == " " || last == "\t" || last == "\n" { result = result.dropLast() }
        return String(result)
    }
}
