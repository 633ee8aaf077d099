import AdaptSupport
@_spi(AdaptTool) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Testing

/// `adapt inspect FILE.car` (text) is written in place, in pieces, from views of the file; it must
/// print what the listing built from `Rendition` values printed, byte for byte. The reference
/// below is that listing as it was written before (`CompiledCatalog.assets`, a string per line,
/// `[String].textOutput`), kept here as the test's oracle, with assets by facet and look-alike
/// names labelled with their bytes (issue #26, item 6).
@Suite struct InspectionTextTests {
    @Test(arguments: CompiledCorpus.names)
    func theCorpusFilesListAsBefore(_ name: String) throws {
        let catalog = try CompiledCorpus.read(name)
        #expect(CompiledInspection(catalog).text == Reference.text(catalog))
    }

    /// Names from the file that a naive byte writer would get wrong: two facets whose names are
    /// equal strings (NFC and NFD) are two assets, labelled with their bytes; line breaks, C1 controls and bidi overrides are
    /// escaped; wide and combining characters pad by characters; an empty rendition name prints
    /// `-`; a rendition no facet names is listed last. Colours, multisize sets, data with a UTI,
    /// appearances and localizations by their names, and assets split across the writer's units.
    @Test func hostileNamesAndEveryPayloadListAsBefore() throws {
        let keyFormat: [RenditionAttribute] = [
            .appearance, .localization, .scale, .idiom, .subtype, .horizontalSizeClass, .displayGamut,
            .state, .value, .dimension1, .identifier, .element, .part,
        ]
        var facets: [SyntheticCatalog.Facet] = [
            .init("Caf\u{E9}", identifier: 1), .init("Cafe\u{301}", identifier: 2), .init("Evil\n::error file=a.swift::forged", identifier: 3),
            .init("\u{202E}gnp.exe", identifier: 4), .init("日本語", identifier: 5), .init("Accent", identifier: 6), .init("Notes", identifier: 7),
        ]
        var renditions: [SyntheticCatalog.Rendition] = [
            .bitmap("caf\u{E9}@2x.png", key: [.identifier: 1, .scale: 2, .idiom: 1], width: 1, height: 1, pixels: [0, 0, 0, 255]),
            .bitmap("cafe\u{301}.png", key: [.identifier: 2, .scale: 1, .appearance: 1], width: 1, height: 1, pixels: [0, 0, 0, 255]),
            .bitmap("a\u{85}b\u{2028}.png", key: [.identifier: 3, .scale: 3, .subtype: 568, .idiom: 1], width: 1, height: 1, pixels: [0, 0, 0, 255]),
            .bitmap("", key: [.identifier: 4, .scale: 0, .state: 2, .value: 1, .localization: 1], width: 1, height: 1, pixels: [0, 0, 0, 255]),
            .bitmap(
                "絵文字👩‍👩‍👧.png", key: [.identifier: 5, .scale: 2, .horizontalSizeClass: 1, .displayGamut: 1, .dimension1: 3],
                width: 1, height: 1, pixels: [0, 0, 0, 255]),
            .bitmap("x.png", key: [.identifier: 5, .scale: 2, .appearance: 9], width: 1, height: 1, pixels: [0, 0, 0, 255]),
            .color("Accent", key: [.identifier: 6], space: 4, components: [1.25, 0.5, 0, 1]),
            .data("notes.json", key: [.identifier: 7], uti: "public.json\u{1B}[31m", bytes: Array("{}".utf8)),
            .bitmap("orphan.png", key: [.identifier: 99, .scale: 1], width: 1, height: 1, pixels: [0, 0, 0, 255]),
        ]
        // Enough assets, one of them larger than a unit, that the writer's units split them.
        renditions += (0..<2500).map {
            .bitmap(
                "big-\($0).png", key: [.identifier: 200, .scale: UInt16($0 % 3 + 1), .dimension1: UInt16($0)],
                width: 2, height: 2, pixels: Array(repeating: 0, count: 16))
        }
        facets.append(.init("Big", identifier: 200))
        for number in 0..<400 {
            facets.append(.init("n\(number)", identifier: UInt16(300 + number)))
            renditions.append(.bitmap("n.png", key: [.identifier: UInt16(300 + number), .scale: 2], width: 1, height: 1, pixels: [0, 0, 0, 255]))
        }
        let synthetic = SyntheticCatalog(
            keyFormat: keyFormat, facets: facets, renditions: renditions,
            trees: [
                .namedValues("APPEARANCEKEYS", [("UIAppearanceAny", 0), ("UIAppearanceDark\u{9B}", 1)]),
                .namedValues("LOCALIZATIONKEYS", [("fr", 1)]),
            ])
        let catalog = try CompiledCatalog(bytes: try synthetic.bytes(), path: "Hostile\u{7F}.car")
        let text = CompiledInspection(catalog).text
        #expect(text == Reference.text(catalog))
        let lines = text.utf8.split(separator: UInt8(ascii: "\n")).map { Array($0) }
        #expect(
            lines.contains(Array("Caf\u{E9}  (name bytes 43 61 66 c3 a9)".utf8)) && lines.contains(Array("Cafe\u{301}  (name bytes 43 61 66 65 cc 81)".utf8)),
            "NFC and NFD names are two assets, told apart by their bytes")
        #expect(text.contains("Evil\\n::error") && text.contains("\\u{202E}gnp.exe") && !text.contains("\u{1B}"))
        #expect(text.contains("\n(no facet: packed images)\n  orphan.png  universal 1x  1x1 ARGB, "), "listed last")
    }
}

/// `adapt inspect` reads a large file in chunks of about `residentBytes`, giving the pages back
/// between them (`CompiledInspection.write(path:flush:)`).
@Suite struct ChunkedInspectionTests {
    static let payload = [UInt8](repeating: 7, count: 8 * 1024)

    /// 4,200 data renditions of 8 KB over 300 names: more than one chunk.
    static func file() throws -> (folder: TemporaryCatalog, car: String, bytes: [UInt8]) {
        let facets = (0..<300).map { (number: Int) -> SyntheticCatalog.Facet in SyntheticCatalog.Facet("d\(number)", identifier: UInt16(1 + number)) }
        let renditions = (0..<4200).map { (number: Int) -> SyntheticCatalog.Rendition in
            let key: [RenditionAttribute: UInt16] = [.identifier: UInt16(1 + number % 300), .scale: UInt16(number % 3 + 1)]
            return .data("f\(number).bin", key: key, uti: "public.data", bytes: payload)
        }
        let bytes = try SyntheticCatalog(keyFormat: [.scale, .idiom, .identifier, .element, .part], facets: facets, renditions: renditions).bytes()
        let folder = try TemporaryCatalog(writeRootContents: false)
        try folder.write(bytes, to: "Big.car")
        return (folder, folder.path + "/Big.car", bytes)
    }

    @Test func aFileReadInChunksListsAsBefore() throws {
        let (folder, car, _) = try Self.file()
        #expect(4200 * Self.payload.count > CompiledCatalogIndex.residentBytes, "more than one chunk")
        var written: [UInt8] = []
        try CompiledInspection.write(path: car) { written += $0 }
        #expect(String(decoding: written, as: UTF8.self) == Reference.text(try CompiledCatalog(path: car)))
        withExtendedLifetime(folder) {}
    }

    /// A broken rendition in the last chunk stops the listing before anything is written.
    @Test func aBrokenRenditionInALaterChunkWritesNothing() throws {
        let (folder, car, original) = try Self.file()
        var bytes = original
        // The last rendition's CSI header tag ("ISTC") made something else.
        let tag = Array("ISTC".utf8)
        let last = try #require((0...(bytes.count - 4)).last { bytes[$0..<($0 + 4)].elementsEqual(tag) })
        bytes[last] = UInt8(ascii: "X")
        try folder.write(bytes, to: "Big.car")
        var written: [UInt8] = []
        #expect { try CompiledInspection.write(path: car) { written += $0 } } throws: {
            "\($0)".contains("RENDITIONS entry 4199")
        }
        #expect(written.isEmpty)
        withExtendedLifetime(folder) {}
    }
}

/// The listing as `CompiledInspection` built it before it was written in place.
enum Reference {
    static func text(_ catalog: CompiledCatalog) -> String {
        let header = catalog.header
        let groups = catalog.assetGroups
        let listed = groups.compactMap(\.facet)
        let labels = Dictionary(uniqueKeysWithValues: zip(listed, catalog.index.facetLabels(listed)))
        let assets = groups.map { (name: $0.facet.flatMap { labels[$0] }, renditions: $0.positions.map { catalog.renditions[$0] }) }
        var lines: [String] = []
        lines.append(
            "\(catalog.path): compiled catalog, storage version \(header.storageVersion) (CoreUI \(header.coreUIVersion)), "
                + "\(counted(assets.count, "asset")), \(counted(catalog.renditions.count, "rendition"))")
        if let metadata = catalog.metadata {
            var platform = "platform \(metadata.deploymentPlatform) \(metadata.deploymentPlatformVersion)"
            if !metadata.thinningArguments.isEmpty { platform += ", thinned: \(metadata.thinningArguments)" }
            lines.append(platform)
        }
        lines.append("key format: " + catalog.keyFormat.attributes.map(\.shortName).joined(separator: ", "))
        for asset in assets {
            lines.append("")
            lines.append(asset.name ?? "(no facet: packed images)")
            let labels = asset.renditions.map { $0.renditionName.isEmpty ? "-" : $0.renditionName }
            let traits = asset.renditions.map { traitSummary($0, in: catalog) }
            let labelWidth = labels.map(\.count).max() ?? 0
            let traitWidth = min(traits.map(\.count).max() ?? 0, 72)
            for (position, rendition) in asset.renditions.enumerated() {
                lines.append("  \(pad(labels[position], labelWidth))  \(pad(traits[position], traitWidth))  \(payloadSummary(rendition))")
            }
        }
        return lines.textOutput
    }

    static func traitSummary(_ rendition: Rendition, in catalog: CompiledCatalog) -> String {
        let key = rendition.key
        var parts: [String] = [key.idiom?.name ?? "universal"]
        if let scale = key.scale { parts.append(scale == 0 ? "any-scale" : "\(scale)x") }
        if let subtype = key.subtype, subtype != 0 { parts.append("subtype \(subtype)") }
        if let sizeClass = key.horizontalSizeClass { parts.append("\(sizeClass.rawValue)-width") }
        if let sizeClass = key.verticalSizeClass { parts.append("\(sizeClass.rawValue)-height") }
        if let appearance = key.appearance, appearance != 0 {
            parts.append(catalog.appearances?.name(of: appearance) ?? "appearance \(appearance)")
        }
        if let localization = key.localization, localization != 0 {
            parts.append(catalog.localizations?.name(of: localization) ?? "localization \(localization)")
        }
        if let direction = key.direction, direction != 0 { parts.append("direction \(direction)") }
        if let gamut = key.displayGamut { parts.append(gamut.contentsValue) }
        if let memory = key.memoryClass, memory != 0 { parts.append("memory \(memory)") }
        if let graphics = key.graphicsClass, graphics != 0 { parts.append("graphics \(graphics)") }
        if let target = key.deploymentTarget, target != 0 { parts.append("deployment \(target)") }
        if let state = key.state, state != RenditionState(rawValue: 0) { parts.append("state \(state)") }
        if let value = key.controlValue, value != RenditionValue(rawValue: 0) { parts.append("value \(value)") }
        if let dimension = key.dimension1, dimension != 0 { parts.append("dimension1 \(dimension)") }
        if let dimension = key.dimension2, dimension != 0 { parts.append("dimension2 \(dimension)") }
        return parts.joined(separator: " ")
    }

    static func payloadSummary(_ rendition: Rendition) -> String {
        var parts: [String] = []
        switch rendition.payload {
        case .color(let space, let components):
            parts.append("color \(RenditionColorSpace(rawValue: space)) (" + components.map { formatComponent($0) }.joined(separator: ", ") + ")")
        case .multisizeImage(let entries):
            parts.append("sizes " + entries.map { "\($0.width)x\($0.height)" }.joined(separator: ", "))
        case .none where rendition.layout == .internalReference:
            parts.append("\(rendition.width)x\(rendition.height) \(rendition.pixelFormat), in a packed image")
        default:
            if rendition.width > 0 || rendition.height > 0 {
                parts.append("\(rendition.width)x\(rendition.height) \(rendition.pixelFormat)")
            } else if rendition.pixelFormat != .none {
                parts.append(rendition.pixelFormat.code)
            }
            if let compression = rendition.compression, compression != .uncompressed { parts.append(compression.name) }
            if let uti = rendition.uti, !uti.isEmpty { parts.append(uti) }
            if case .unknown(let tag, _) = rendition.payload { parts.append("data tag \(tag)") }
        }
        if rendition.layout != .onePartScale && rendition.layout != .internalReference { parts.append(rendition.layout.name) }
        parts.append(formatBytes(rendition.sizeOnDisk))
        return parts.joined(separator: ", ")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    static func formatComponent(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func formatBytes(_ count: Int) -> String {
        var digits = String(count)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits + (count == 1 ? " byte" : " bytes")
    }
}
