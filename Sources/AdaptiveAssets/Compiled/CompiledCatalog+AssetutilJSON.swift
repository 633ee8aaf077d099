import AssetCatalog
import CompiledCatalog

/// `adapt inspect FILE.car --format json`: the document `assetutil --info FILE.car` prints, so
/// scripts written for it work unchanged. A JSON array: a header object, then one object per
/// rendition, each with its keys in byte order as assetutil sorts them ("SHA1Digest" before
/// "Scale"), and a key only when it applies (no `PixelWidth` for a colour).
///
/// Differences from assetutil (README, "Compiled catalogs"): no `DumpToolVersion` (this is not
/// Apple's tool) and no `SHA1Digest`; `Template Mode` is left out (where CoreUI stores it is not
/// known here), a colour has no `Colorspace`, and values this reader does not know print as `Unknown(N)`.
///
/// ```swift
/// let document = CompiledCatalog.AssetutilDocument(catalog).json
/// print(JSONWriter.xcodeStyle.string(for: document))
/// ```
extension CompiledCatalog {
    public struct AssetutilDocument: Sendable {
        public let catalog: CompiledCatalog

        public init(_ catalog: CompiledCatalog) { self.catalog = catalog }

        public var json: JSONValue {
            var elements: [JSONValue] = [header]
            elements.reserveCapacity(catalog.renditions.count + 1)
            for rendition in catalog.renditions { elements.append(entry(rendition)) }
            return .array(elements)
        }

        var header: JSONValue {
            var members: [(String, JSONValue)] = [
                ("AssetStorageVersion", .string(catalog.header.versionString)),
                ("CoreUIVersion", number(catalog.header.coreUIVersion)),
                ("Key Format", .array(catalog.keyFormat.attributes.map { .string($0.name) })),
                ("MainVersion", .string(catalog.header.mainVersion)),
                ("SchemaVersion", number(catalog.header.schemaVersion)),
                ("StorageVersion", number(catalog.header.storageVersion)),
                ("Timestamp", number(catalog.header.storageTimestamp)),
            ]
            if let metadata = catalog.metadata {
                members.append(("Authoring Tool", .string(metadata.authoringTool)))
                members.append(("Platform", .string(metadata.deploymentPlatform)))
                members.append(("PlatformVersion", .string(metadata.deploymentPlatformVersion)))
                if !metadata.thinningArguments.isEmpty { members.append(("ThinningParameters", .string(metadata.thinningArguments))) }
            }
            if let appearances = catalog.appearances {
                members.append(("Appearances", .object(JSONObject(appearances.entries.map { .init(key: $0.name, value: number($0.value)) }))))
            }
            return sorted(members)
        }

        func entry(_ rendition: Rendition) -> JSONValue {
            let key = rendition.key
            let layout = rendition.layout
            var members: [(String, JSONValue)] = [
                ("AssetType", .string(layout.assetType)),
                ("Idiom", .string(key.idiom?.name ?? "universal")),
                ("Scale", number(rendition.scaleFactor / 100)),
                ("SizeOnDisk", number(rendition.sizeOnDisk)),
            ]
            if let name = rendition.name { members.append(("Name", .string(name))) }
            if let identifier = key.nameIdentifier { members.append(("NameIdentifier", number(identifier))) }
            if let state = key.state { members.append(("State", .string(state.name))) }
            if let value = key.controlValue { members.append(("Value", .string(value.name))) }
            if let subtype = key.subtype, subtype != 0 { members.append(("Subtype", number(subtype))) }
            if let direction = key.direction, direction != 0 { members.append(("Direction", number(direction))) }
            if let sizeClass = key.horizontalSizeClass { members.append(("SizeClass Horizontal", .string(sizeClass.rawValue))) }
            if let sizeClass = key.verticalSizeClass { members.append(("SizeClass Vertical", .string(sizeClass.rawValue))) }
            if let memory = key.memoryClass, memory != 0 { members.append(("Memory", number(memory))) }
            if let graphics = key.graphicsClass, graphics != 0 { members.append(("Graphics", number(graphics))) }
            if let gamut = key.displayGamut { members.append(("DisplayGamut", .string(gamut.rawValue))) }
            if let appearance = key.appearance, appearance != 0 {
                members.append(("Appearance", .string(catalog.appearances?.name(of: appearance) ?? "Unknown(\(appearance))")))
            }
            if let localization = key.localization, localization != 0 {
                members.append(("Localization", .string(catalog.localizations?.name(of: localization) ?? "Unknown(\(localization))")))
            }
            switch rendition.payload {
            case .color(let space, let components):
                // The colour's colour space number is kept in the model (`.color(colorSpace:)`) but
                // not named here: which number is which space is not established for colours.
                _ = space
                members.append(("Color components", .array(components.map { .number(format($0)) })))
            case .rawData(let range) where layout == .data:
                members.append(("Compression", .string(RenditionCompression.uncompressed.name)))
                members.append(("Data Length", number(range.length)))
                members.append(("UTI", .string(rendition.uti ?? "UTI-Unknown")))
            case .multisizeImage(let entries):
                members.append(("Sizes", .array(entries.map { .string("\($0.width)x\($0.height) index:\($0.index) idiom:\($0.idiom.name)") })))
            default:
                imageMembers(rendition, into: &members)
            }
            return sorted(members)
        }

        private func imageMembers(_ rendition: Rendition, into members: inout [(String, JSONValue)]) {
            guard rendition.layout.assetType == "Image" || rendition.layout == .packedImage || rendition.layout == .vector else { return }
            if !rendition.renditionName.isEmpty { members.append(("RenditionName", .string(rendition.renditionName))) }
            if rendition.imageLayout.isSlicedImage { members.append(("Image Type", .string("kCoreTheme" + rendition.imageLayout.name))) }
            if rendition.width > 0 || rendition.height > 0 {
                members.append(("PixelWidth", number(rendition.width)))
                members.append(("PixelHeight", number(rendition.height)))
            }
            let format = rendition.pixelFormat
            if let bits = format.bitsPerComponent { members.append(("BitsPerComponent", number(bits))) }
            if let model = format.colorModel { members.append(("ColorModel", .string(model))) }
            if format != .none && format != .pdf { members.append(("Encoding", .string(format.encoding))) }
            if format == .argb || format == .gray8 || format == .gray16 || format == .rgbw {
                members.append(("Colorspace", .string(rendition.colorSpaceID == 0 ? "srgb" : "Unknown(\(rendition.colorSpaceID))")))
            }
            if case .bitmap(let compression, _) = rendition.payload { members.append(("Compression", .string(compression.name))) }
            if case .rawData(let range) = rendition.payload, rendition.layout == .vector { members.append(("Data Length", number(range.length))) }
            members.append(("Opaque", .bool(rendition.flags.isOpaque)))
        }

        /// Members in byte order of their keys, as assetutil writes them.
        private func sorted(_ members: [(String, JSONValue)]) -> JSONValue {
            let ordered = members.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            return .object(JSONObject(ordered.map { JSONObject.Member(key: $0.0, value: $0.1) }))
        }

        private func number(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }

        private func format(_ value: Double) -> String {
            guard value.isFinite else { return "0" }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
    }
}
