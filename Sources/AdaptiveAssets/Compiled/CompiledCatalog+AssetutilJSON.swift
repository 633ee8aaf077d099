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
/// here); values this reader does not know print as `Unknown(N)`.
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

        /// The document in pieces, handed to `flush` in order; each piece is valid only during
        /// its call. Renditions are formatted in batches on every core, a few batches per core at
        /// a time, so memory stays bounded; the batches' buffers are reused from one group of
        /// batches to the next, so a large file costs a few megabytes of buffers, allocated once.
        public func write(flush: (UnsafeRawBufferPointer) throws -> Void) rethrows {
            var head = JSONOutput()
            head.append(UInt8(ascii: "["))
            writeHeader(into: &head)
            try head.withBytes(flush)
            let renditions = catalog.renditions, batch = 1024
            let starts = Array(stride(from: 0, to: renditions.count, by: batch))
            let cores = CompiledCatalog.concurrency, groupSize = cores * 4
            let keyPositions = KeyPositions(catalog.keyFormat.attributes)
            let buffers = (0..<min(groupSize, starts.count)).map { _ in JSONOutput.Buffer(capacity: 512 * batch) }
            for group in stride(from: 0, to: starts.count, by: groupSize) {
                let slots = Array(0..<min(groupSize, starts.count - group))
                // Slot i of this group writes only into buffers[i]: no two threads share a buffer.
                _ = slots.concurrentMap(concurrency: cores) { slot in
                    let start = starts[group + slot]
                    buffers[slot].fill { output in
                        for index in start..<min(start + batch, renditions.count) {
                            output.append(UInt8(ascii: ","))
                            writeEntry(renditions[index], keyPositions: keyPositions, into: &output)
                        }
                    }
                }
                for slot in slots { try buffers[slot].withBytes(flush) }
            }
            try "\n]\n".utf8CString.withUnsafeBytes { try flush(UnsafeRawBufferPointer(rebasing: $0.dropLast())) }
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

        private func writeEntry(_ rendition: Rendition, keyPositions filePositions: KeyPositions, into output: inout JSONOutput) {
            let layout = rendition.layout, format = rendition.pixelFormat
            // The file's key format is every key's; a key built otherwise is looked up its own way.
            let key = KeyValues(rendition.key, rendition.key.attributes == filePositions.attributes ? filePositions : KeyPositions(rendition.key.attributes))
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
            if bitmapColorspace { output.member("Colorspace", rendition.colorSpace.assetutilName) }
            if case .color(let space, _) = rendition.payload { output.member("Colorspace", RenditionColorSpace(rawValue: space).assetutilName) }
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

/// Where each key attribute the document prints sits in a key format: found once per document,
/// not searched for a dozen times in every rendition's key.
struct KeyPositions: Sendable {
    let attributes: [RenditionAttribute]
    let appearance, direction, displayGamut, graphicsClass, idiom, localization, memoryClass: Int?
    let identifier, horizontalSizeClass, verticalSizeClass, state, subtype, value: Int?

    init(_ attributes: [RenditionAttribute]) {
        self.attributes = attributes
        func position(_ attribute: RenditionAttribute) -> Int? { attributes.firstIndex(of: attribute) }
        appearance = position(.appearance)
        direction = position(.direction)
        displayGamut = position(.displayGamut)
        graphicsClass = position(.graphicsClass)
        idiom = position(.idiom)
        localization = position(.localization)
        memoryClass = position(.memoryClass)
        identifier = position(.identifier)
        horizontalSizeClass = position(.horizontalSizeClass)
        verticalSizeClass = position(.verticalSizeClass)
        state = position(.state)
        subtype = position(.subtype)
        value = position(.value)
    }
}

/// A rendition key read through `KeyPositions`: the same typed views as `RenditionKey`'s.
struct KeyValues {
    let values: [UInt16]
    let positions: KeyPositions

    init(_ key: RenditionKey, _ positions: KeyPositions) {
        values = key.values
        self.positions = positions
    }

    private func at(_ position: Int?) -> UInt16? {
        guard let position, position < values.count else { return nil }
        return values[position]
    }

    var appearance: UInt16? { at(positions.appearance) }
    var direction: UInt16? { at(positions.direction) }
    var displayGamut: DisplayGamut? { at(positions.displayGamut).flatMap(RenditionKey.displayGamut) }
    var graphicsClass: UInt16? { at(positions.graphicsClass) }
    var idiom: CompiledIdiom? { at(positions.idiom).map(CompiledIdiom.init(rawValue:)) }
    var localization: UInt16? { at(positions.localization) }
    var memoryClass: UInt16? { at(positions.memoryClass) }
    var nameIdentifier: UInt16? { at(positions.identifier) }
    var horizontalSizeClass: SizeClass? { at(positions.horizontalSizeClass).flatMap(RenditionKey.sizeClass) }
    var verticalSizeClass: SizeClass? { at(positions.verticalSizeClass).flatMap(RenditionKey.sizeClass) }
    var state: RenditionState? { at(positions.state).map(RenditionState.init(rawValue:)) }
    var subtype: UInt16? { at(positions.subtype) }
    var controlValue: RenditionValue? { at(positions.value).map(RenditionValue.init(rawValue:)) }
}

/// Xcode-style JSON (two-space indent, `"key" : value`) for the assetutil document, whose
/// objects sit one level inside the top array. Strings that need escaping go through the
/// package's `JSONWriter`, so both escape alike; plain ASCII is copied as it is.
///
/// The bytes go into one buffer this value owns, grown by doubling: appending a few bytes at a
/// time to an `[UInt8]` cost more than formatting them. The value is noncopyable, so the buffer
/// has exactly one owner, which frees it (or hands it back to its `Buffer`).
struct JSONOutput: ~Copyable {
    /// `capacity` bytes, of which the first `count` are written (initialized).
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    private var first = true

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        start = .allocate(capacity: self.capacity)
    }

    /// Continues in a buffer handed over by its owner (who gets it back from `release`).
    private init(start: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.start = start
        self.capacity = capacity
    }

    deinit { start.deallocate() }

    /// The buffer and its size, handed back to an owner; this value no longer frees it.
    private consuming func release() -> (start: UnsafeMutablePointer<UInt8>, capacity: Int, count: Int) {
        let released = (start, capacity, count)
        discard self
        return released
    }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// Makes room for `extra` more bytes after the `count` written.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(toHold: extra) }
    }

    private mutating func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        // Safe: `reserve` left at least one byte free after `count`.
        (start + count).initialize(to: byte)
        count += 1
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        // Safe: `reserve` left `bytes.count` bytes free after `count`, and `bytes` (the caller's
        // or a static string's) cannot overlap this value's own buffer.
        UnsafeMutableRawPointer(start + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
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

    /// Decimal digits written in place, last digit first: this runs a dozen times per rendition.
    mutating func integer(_ value: Int) {
        guard value != 0 else { append(UInt8(ascii: "0")); return }
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude, digits = 0
        var rest = magnitude
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        reserve(digits)
        // Safe: `reserve` left `digits` bytes free after `count`, and exactly `digits` are written.
        var position = start + count + digits
        while magnitude > 0 {
            position -= 1
            position.initialize(to: UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        count += digits
    }

    mutating func array(_ strings: [String]) {
        guard !strings.isEmpty else { raw("[]"); return }
        append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            raw(index == 0 ? "\n      " : ",\n      ")
            string(text)
        }
        raw("\n    ]")
    }

    mutating func numbers(_ values: [Double]) {
        guard !values.isEmpty else { raw("[]"); return }
        append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            raw(index == 0 ? "\n      " : ",\n      ")
            // JSON has no NaN or infinity; a hostile file may hold either.
            if !value.isFinite {
                append(UInt8(ascii: "0"))
            } else if value == value.rounded() && abs(value) < 1e15 {
                integer(Int(value))
            } else {
                append(Array(String(value).utf8))
            }
        }
        raw("\n    ]")
    }

    mutating func object(_ members: [(String, Int)]) {
        guard !members.isEmpty else { raw("{}"); return }
        append(UInt8(ascii: "{"))
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
            reserve(utf8.count + 2)
            append(UInt8(ascii: "\""))
            append(UnsafeRawBufferPointer(utf8))
            append(UInt8(ascii: "\""))
            return true
        }
        if !plain { append(JSONWriter.compact.bytes(for: .string(text))) }
    }

    /// A buffer kept from one batch of renditions to the next, so a large document allocates
    /// (and page-faults) its buffers once. One thread fills it at a time: the document gives
    /// each concurrent batch its own, and reads it only after every batch of the group is done.
    final class Buffer: @unchecked Sendable {
        private var start: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        private var count = 0

        init(capacity: Int) {
            self.capacity = max(capacity, 64)
            start = .allocate(capacity: self.capacity)
        }

        deinit { start.deallocate() }

        /// Empties the buffer and lets `body` write into it.
        func fill(_ body: (inout JSONOutput) -> Void) {
            var output = JSONOutput(start: start, capacity: capacity)
            body(&output)
            (start, capacity, count) = output.release()
        }

        func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
            try body(UnsafeRawBufferPointer(start: start, count: count))
        }
    }
}
