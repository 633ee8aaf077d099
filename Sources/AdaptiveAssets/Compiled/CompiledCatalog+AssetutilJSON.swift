import AssetCatalog
import CompiledCatalog

/// `adapt inspect FILE.car --format json`: the document `assetutil --info FILE.car` prints, so
/// scripts written for it work unchanged. A JSON array: a header object, then one object per
/// rendition, each with its keys in byte order as assetutil sorts them ("SHA1Digest" before
/// "Scale"), and a key only when it applies (no `PixelWidth` for a colour).
///
/// Differences from assetutil (README, "Compiled catalogs"): no `DumpToolVersion` (this is not
/// Apple's tool) and no `SHA1Digest`; no `Template Mode` (where CoreUI stores it is not known
/// here); a colour has no `Colorspace`; values this reader does not know print as `Unknown(N)`.
///
/// The document is written straight to bytes, rendition by rendition, in pieces: a large `.car`
/// has hundreds of thousands of renditions, and a tree of JSON values for each would cost more
/// than reading the file.
///
/// ```swift
/// let document = CompiledCatalog.AssetutilDocument(catalog)
/// try document.write { piece in try output.write(contentsOf: piece) }
/// ```
extension CompiledCatalog {
    public struct AssetutilDocument: Sendable {
        public let catalog: CompiledCatalog

        public init(_ catalog: CompiledCatalog) { self.catalog = catalog }

        /// The whole document as UTF-8, ending with a newline (Xcode's JSON style, as assetutil).
        public func bytes() -> [UInt8] {
            var document: [UInt8] = []
            write(chunk: Int.max) { document += $0 }
            return document
        }

        /// The document in pieces of about `chunk` bytes, handed to `flush` in order.
        public func write(chunk: Int = 1 << 16, flush: ([UInt8]) throws -> Void) rethrows {
            var output = JSONOutput()
            output.bytes.reserveCapacity(min(chunk, 1 << 20) + 4096)
            output.bytes.append(UInt8(ascii: "["))
            writeHeader(into: &output)
            for rendition in catalog.renditions {
                output.bytes.append(UInt8(ascii: ","))
                writeEntry(rendition, into: &output)
                if output.bytes.count >= chunk {
                    try flush(output.bytes)
                    output.bytes.removeAll(keepingCapacity: true)
                }
            }
            output.bytes += "\n]\n".utf8
            try flush(output.bytes)
        }

        // Each writer below states its keys in byte order; a test checks the order of real output.

        private func writeHeader(into output: inout JSONOutput) {
            let header = catalog.header, metadata = catalog.metadata
            output.open()
            if let appearances = catalog.appearances {
                output.key("Appearances")
                output.object(appearances.entries.map { ($0.name, Int($0.value)) })
            }
            output.member("AssetStorageVersion", header.versionString)
            if let metadata { output.member("Authoring Tool", metadata.authoringTool) }
            output.member("CoreUIVersion", Int(header.coreUIVersion))
            output.key("Key Format")
            output.array(catalog.keyFormat.attributes.map(\.name))
            output.member("MainVersion", header.mainVersion)
            if let metadata {
                output.member("Platform", metadata.deploymentPlatform)
                output.member("PlatformVersion", metadata.deploymentPlatformVersion)
            }
            output.member("SchemaVersion", Int(header.schemaVersion))
            output.member("StorageVersion", Int(header.storageVersion))
            if let metadata, !metadata.thinningArguments.isEmpty { output.member("ThinningParameters", metadata.thinningArguments) }
            output.member("Timestamp", Int(header.storageTimestamp))
            output.close()
        }

        private func writeEntry(_ rendition: Rendition, into output: inout JSONOutput) {
            let key = rendition.key, layout = rendition.layout, format = rendition.pixelFormat
            // What kind of entry it is decides which keys it has.
            var colorComponents: [Double]?, dataLength: Int?, uti: String?, sizes: [String]?
            var isImage = false
            switch rendition.payload {
            case .color(_, let components): colorComponents = components
            case .rawData(let range) where layout == .data:
                dataLength = range.length
                uti = rendition.uti ?? "UTI-Unknown"
            case .multisizeImage(let entries): sizes = entries.map { "\($0.width)x\($0.height) index:\($0.index) idiom:\($0.idiom.name)" }
            default:
                isImage = layout.assetType == "Image" || layout == .packedImage || layout == .vector
                if isImage, case .rawData(let range) = rendition.payload, layout == .vector { dataLength = range.length }
            }
            let bitmapColorspace = isImage && [.argb, .gray8, .gray16, .rgbw].contains(format)
            let compression: String? = switch rendition.payload {
            case .bitmap(let compression, _) where isImage: compression.name
            case .rawData where layout == .data: RenditionCompression.uncompressed.name
            default: nil
            }
            let hasSize = isImage && (rendition.width > 0 || rendition.height > 0)

            output.open()
            if let appearance = key.appearance, appearance != 0 {
                output.member("Appearance", catalog.appearances?.name(of: appearance) ?? "Unknown(\(appearance))")
            }
            output.member("AssetType", layout.assetType)
            if isImage, let bits = format.bitsPerComponent { output.member("BitsPerComponent", bits) }
            if let colorComponents {
                output.key("Color components")
                output.numbers(colorComponents)
            }
            if isImage, let model = format.colorModel { output.member("ColorModel", model) }
            if bitmapColorspace { output.member("Colorspace", rendition.colorSpaceID == 0 ? "srgb" : "Unknown(\(rendition.colorSpaceID))") }
            if let compression { output.member("Compression", compression) }
            if let dataLength { output.member("Data Length", dataLength) }
            if let direction = key.direction, direction != 0 { output.member("Direction", Int(direction)) }
            if let gamut = key.displayGamut { output.member("DisplayGamut", gamut.rawValue) }
            if isImage && format != .none && format != .pdf { output.member("Encoding", format.encoding) }
            if let graphics = key.graphicsClass, graphics != 0 { output.member("Graphics", Int(graphics)) }
            output.member("Idiom", key.idiom?.name ?? "universal")
            if isImage && rendition.imageLayout.isSlicedImage { output.member("Image Type", "kCoreTheme" + rendition.imageLayout.name) }
            if let localization = key.localization, localization != 0 {
                output.member("Localization", catalog.localizations?.name(of: localization) ?? "Unknown(\(localization))")
            }
            if let memory = key.memoryClass, memory != 0 { output.member("Memory", Int(memory)) }
            if let name = rendition.name { output.member("Name", name) }
            if let identifier = key.nameIdentifier { output.member("NameIdentifier", Int(identifier)) }
            if isImage { output.member("Opaque", rendition.flags.isOpaque) }
            if hasSize { output.member("PixelHeight", Int(rendition.height)) }
            if hasSize { output.member("PixelWidth", Int(rendition.width)) }
            if isImage && !rendition.renditionName.isEmpty { output.member("RenditionName", rendition.renditionName) }
            output.member("Scale", Int(rendition.scaleFactor / 100))
            if let sizeClass = key.horizontalSizeClass { output.member("SizeClass Horizontal", sizeClass.rawValue) }
            if let sizeClass = key.verticalSizeClass { output.member("SizeClass Vertical", sizeClass.rawValue) }
            output.member("SizeOnDisk", rendition.sizeOnDisk)
            if let sizes {
                output.key("Sizes")
                output.array(sizes)
            }
            if let state = key.state { output.member("State", state.name) }
            if let subtype = key.subtype, subtype != 0 { output.member("Subtype", Int(subtype)) }
            if let uti { output.member("UTI", uti) }
            if let value = key.controlValue { output.member("Value", value.name) }
            output.close()
        }
    }
}

/// Xcode-style JSON (two-space indent, `"key" : value`) for the assetutil document, whose
/// objects sit one level inside the top array. Strings that need escaping go through the
/// package's `JSONWriter`, so both escape alike; plain ASCII is copied as it is.
struct JSONOutput {
    var bytes: [UInt8] = []
    private var first = true

    mutating func open() {
        bytes += "\n  {".utf8
        first = true
    }

    mutating func close() {
        bytes += "\n  }".utf8
    }

    mutating func key(_ name: String) {
        bytes += (first ? "\n    \"" : ",\n    \"").utf8
        bytes += name.utf8
        bytes += "\" : ".utf8
        first = false
    }

    mutating func member(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    mutating func member(_ name: String, _ value: Int) {
        key(name)
        bytes += String(value).utf8
    }

    mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bytes += (value ? "true" : "false").utf8
    }

    mutating func array(_ strings: [String]) {
        guard !strings.isEmpty else { bytes += "[]".utf8; return }
        bytes.append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            bytes += (index == 0 ? "\n      " : ",\n      ").utf8
            string(text)
        }
        bytes += "\n    ]".utf8
    }

    mutating func numbers(_ values: [Double]) {
        guard !values.isEmpty else { bytes += "[]".utf8; return }
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            bytes += (index == 0 ? "\n      " : ",\n      ").utf8
            // JSON has no NaN or infinity; a hostile file may hold either.
            bytes += (!value.isFinite ? "0" : value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)).utf8
        }
        bytes += "\n    ]".utf8
    }

    mutating func object(_ members: [(String, Int)]) {
        guard !members.isEmpty else { bytes += "{}".utf8; return }
        bytes.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            bytes += (index == 0 ? "\n      " : ",\n      ").utf8
            string(member.0)
            bytes += " : ".utf8
            bytes += String(member.1).utf8
        }
        bytes += "\n    }".utf8
    }

    mutating func string(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 in
            utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        }
        if plain {
            bytes.append(UInt8(ascii: "\""))
            bytes += text.utf8
            bytes.append(UInt8(ascii: "\""))
        } else {
            bytes += JSONWriter.compact.bytes(for: .string(text))
        }
    }
}
