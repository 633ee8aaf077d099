import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// What `adapt inspect FILE.car` reports: the file's header, then every asset with its
/// renditions, each with the traits its key selects and what its data is.
///
/// ```swift
/// let catalog = try CompiledCatalog(path: "Assets.car")
/// print(CompiledInspection(catalog).text)
/// // Assets.car: compiled catalog, storage version 11 (CoreUI 374), 30 assets, 202 renditions
/// //
/// // d_iphone
/// //   green.png      phone 1x   50x50 ARGB, lzfse, 1,024 bytes
/// ```
public struct CompiledInspection: Sendable {
    public let catalog: CompiledCatalog

    public init(_ catalog: CompiledCatalog) { self.catalog = catalog }

    /// A listing for people.
    public var text: String {
        let header = catalog.header
        let groups = catalog.assetGroups
        var lines: [String] = []
        lines.append("\(catalog.path): compiled catalog, storage version \(header.storageVersion) (CoreUI \(header.coreUIVersion)), "
            + "\(counted(groups.count, "asset")), \(counted(catalog.renditions.count, "rendition"))")
        if let metadata = catalog.metadata {
            var platform = "platform \(metadata.deploymentPlatform) \(metadata.deploymentPlatformVersion)"
            if !metadata.thinningArguments.isEmpty { platform += ", thinned: \(metadata.thinningArguments)" }
            lines.append(platform)
        }
        lines.append("key format: " + catalog.keyFormat.attributes.map(\.shortName).joined(separator: ", "))
        // Names equal as strings (NFC and NFD spellings) or not UTF-8 are told apart by their bytes.
        var spellings: [String: Int] = [:]
        for facet in groups.compactMap(\.facet) { spellings[catalog.facets[facet].name, default: 0] += 1 }
        for group in groups {
            lines.append("")
            if let facet = group.facet.map({ catalog.facets[$0] }) {
                let ambiguous = spellings[facet.name, default: 0] > 1 || Array(facet.name.utf8) != facet.nameBytes
                lines.append(ambiguous ? facet.name + "  (name bytes " + facet.nameBytes.map { hexByte($0) }.joined(separator: " ") + ")" : facet.name)
            } else {
                lines.append("(no facet: packed images)")
            }
            let renditions = group.positions.map { catalog.renditions[$0] }
            let labels = renditions.map { $0.renditionName.isEmpty ? "-" : $0.renditionName }
            let traits = renditions.map { traitSummary($0) }
            let labelWidth = labels.map(\.count).max() ?? 0
            let traitWidth = min(traits.map(\.count).max() ?? 0, 72)
            for (position, rendition) in renditions.enumerated() {
                lines.append("  \(pad(labels[position], labelWidth))  \(pad(traits[position], traitWidth))  \(payloadSummary(rendition))")
            }
        }
        // Names come from the file: a newline in one must not start a line.
        return lines.textOutput
    }

    /// The traits the key selects, most telling first: `phone 2x compact-width memory 2`.
    func traitSummary(_ rendition: Rendition) -> String {
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

    /// What the data is: `100x100 ARGB, lzfse, 1,452 bytes`, `PDF, 6,106 bytes`, `color srgb (1, 0, 0, 1)`.
    func payloadSummary(_ rendition: Rendition) -> String {
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

    private func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return byte < 16 ? "0" + digits : digits
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private func formatComponent(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private func formatBytes(_ count: Int) -> String {
        var digits = String(count)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits + (count == 1 ? " byte" : " bytes")
    }
}
