import AdaptSupport
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
/// document.write { piece in output += piece }
/// ```
extension CompiledCatalog {
    public struct AssetutilDocument: Sendable {
        public let catalog: CompiledCatalog

        public init(_ catalog: CompiledCatalog) { self.catalog = catalog }

        /// The whole document as UTF-8, ending with a newline (Xcode's JSON style, as assetutil).
        public func bytes() -> [UInt8] {
            var document: [UInt8] = []
            write { document += $0 }
            return document
        }

        /// The document in pieces, handed to `flush` in order. Renditions are formatted in
        /// batches on every core, a few batches per core at a time, so memory stays bounded.
        public func write(flush: ([UInt8]) throws -> Void) rethrows {
            var head = JSONOutput()
            head.bytes.append(UInt8(ascii: "["))
            writeHeader(into: &head)
            try flush(head.bytes)
            let renditions = catalog.renditions, batch = 1024
            let starts = Array(stride(from: 0, to: renditions.count, by: batch))
            let cores = CompiledCatalog.concurrency
            for group in stride(from: 0, to: starts.count, by: cores * 4) {
                let pieces = Array(starts[group..<min(group + cores * 4, starts.count)]).concurrentMap(concurrency: cores) { start in
                    var output = JSONOutput()
                    output.bytes.reserveCapacity(600 * batch)
                    for index in start..<min(start + batch, renditions.count) {
                        output.bytes.append(UInt8(ascii: ","))
                        writeEntry(renditions[index], into: &output)
                    }
                    return output.bytes
                }
                for piece in pieces { try flush(piece) }
            }
            try flush(Array("\n]\n".utf8))
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
            output.member("Idiom", key.idiom?.name ?? CompiledIdiom.universal.name)
            if isImage && rendition.imageLayout.isSlicedImage { output.member("Image Type", rendition.imageLayout.themeName) }
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

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func open() {
        raw("\n  {")
        first = true
    }

    mutating func close() {
        raw("\n  }")
    }

    mutating func key(_ name: StaticString) {
        raw(first ? "\n    \"" : ",\n    \"")
        raw(name)
        raw("\" : ")
        first = false
    }

    mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    mutating func member(_ name: StaticString, _ value: Int) {
        key(name)
        integer(value)
    }

    mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        raw(value ? "true" : "false")
    }

    /// Decimal digits without a String in between: this runs a dozen times per rendition.
    mutating func integer(_ value: Int) {
        guard value != 0 else { bytes.append(UInt8(ascii: "0")); return }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude, digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                                                  UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    mutating func array(_ strings: [String]) {
        guard !strings.isEmpty else { raw("[]"); return }
        bytes.append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            raw(index == 0 ? "\n      " : ",\n      ")
            string(text)
        }
        raw("\n    ]")
    }

    mutating func numbers(_ values: [Double]) {
        guard !values.isEmpty else { raw("[]"); return }
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            raw(index == 0 ? "\n      " : ",\n      ")
            // JSON has no NaN or infinity; a hostile file may hold either.
            if !value.isFinite {
                bytes.append(UInt8(ascii: "0"))
            } else if value == value.rounded() && abs(value) < 1e15 {
                integer(Int(value))
            } else {
                bytes += String(value).utf8
            }
        }
        raw("\n    ]")
    }

    mutating func object(_ members: [(String, Int)]) {
        guard !members.isEmpty else { raw("{}"); return }
        bytes.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            raw(index == 0 ? "\n      " : ",\n      ")
            string(member.0)
            raw(" : ")
            integer(member.1)
        }
        raw("\n    }")
    }

    /// A string literal: plain ASCII is copied as it is; anything else goes through
    /// `JSONWriter`, so both escape alike.
    mutating func string(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { bytes += JSONWriter.compact.bytes(for: .string(text)) }
    }
}
