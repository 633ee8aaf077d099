/// One rendition as `adapt compile` writes it: the CSI header (`ISTC`, 184 bytes, little-endian),
/// its properties (TLVs) and its data, in the layout the reader (`RenditionRecord`,
/// `RenditionView`) checks and Xcode 26's actool writes:
///
/// - a bitmap: layout `OnePartScale`, `ARGB` (premultiplied B G R A in memory), properties 1001
///   (one slice, the whole image), 1003 (metrics), 1004 (normal blend, opacity 1), 1006 (upright)
///   and 1007 (bytes per row), data `CELM` in `KCBC` chunks of a third of the rows each (the rest in
///   a last chunk), each an LZFSE stream;
/// - a JPEG kept as it is: layout `OnePartScale`, `JPEG`, no pixel size in the header (the slice
///   and metrics say it), data `RAWD` holding the file;
/// - a data set's file: layout `Data`, `DATA`, its UTI (1005), data `RAWD`;
/// - a colour: layout `Color`, data `COLR` (colour space, components as doubles);
/// - an app icon's size list: layout `MultisizeImage`, data `MSIS`.
///
/// ```swift
/// let value = CSIRendition.color(name: "AccentColor", colorSpace: .extendedSRGB, components: [0.176, 0.332, 0.428, 1]).bytes()
/// ```
package struct CSIRendition: Sendable {
    package var name: String
    package var flags: UInt32 = 0
    package var width: UInt32 = 0
    package var height: UInt32 = 0
    /// The scale ×100; 0 for a rendition without one (colours, size lists).
    package var scaleFactor: UInt32 = 0
    package var pixelFormat: PixelFormat = .none
    package var colorSpace: RenditionColorSpace = RenditionColorSpace(rawValue: 0)
    package var layout: RenditionLayout
    package var properties: [(type: UInt32, value: [UInt8])] = []
    package var data: [UInt8] = []
    /// Bytes of data that follow `data` when the rendition is stored, not held here: a data
    /// set's file, streamed into the spool after `bytes()` (`CompiledCatalogBuilder.add(…file:…)`),
    /// counted in the header's data length.
    package var streamedDataLength = 0

    /// The most bytes of a name the header's 128-byte field holds with its terminating NUL.
    package static let nameCapacity = 127

    /// The header, properties and data: the RENDITIONS tree's value block.
    package func bytes() -> [UInt8] {
        var out = ByteWriter()
        let propertyBytes = properties.reduce(0) { $0 + 8 + $1.value.count }
        out.reserve(Rendition.headerLength + propertyBytes + data.count)
        out.append(Array("ISTC".utf8))
        out.append32(1) // CSI version
        out.append32(flags)
        out.append32(width)
        out.append32(height)
        out.append32(scaleFactor)
        out.append32(pixelFormat.rawValue)
        out.append32(colorSpace.rawValue)
        out.append32(0) // modification date: left out, so the same input gives the same bytes
        out.append32(UInt32(layout.rawValue))
        out.append(Self.nameField(name))
        out.append32(UInt32(propertyBytes))
        out.append32(1) // bitmap count, as actool writes for every rendition
        out.append32(0)
        out.append32(UInt32(data.count + streamedDataLength))
        for property in properties {
            out.append32(property.type)
            out.append32(UInt32(property.value.count))
            out.append(property.value)
        }
        out.append(data)
        return out.bytes
    }

    /// The 128-byte name field: the name's UTF-8 cut at a character boundary to fit with a NUL.
    static func nameField(_ name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for scalar in name.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            guard bytes.count + encoded.count <= nameCapacity else { break }
            bytes += encoded
        }
        return bytes + [UInt8](repeating: 0, count: 128 - bytes.count)
    }

    // MARK: Properties

    static func words(_ words: [UInt32]) -> [UInt8] {
        var out = ByteWriter()
        for word in words { out.append32(word) }
        return out.bytes
    }

    /// An entry's `alignment-insets` in the stored image's pixels: what layout aligns to is the
    /// image less these edges.
    package struct AlignmentInsets: Sendable, Equatable {
        package var left: UInt32, top: UInt32, right: UInt32, bottom: UInt32
        package init(left: UInt32, top: UInt32, right: UInt32, bottom: UInt32) {
            (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
        }
    }

    /// 1001 (the whole image as one slice) and 1003 (metrics): the pixel size, then one metric of
    /// the insets and the size inside them. Read from acextract's `a_any`, which Xcode 7.3 compiled:
    /// a 50 × 50 image with insets top 5, left 10, bottom 15, right 20 has metrics 1, 10, 5, 20, 15,
    /// 20, 30 (left, top, right, bottom, then the width and height they leave).
    static func sliceAndMetrics(width: UInt32, height: UInt32, alignment: AlignmentInsets? = nil) -> [(type: UInt32, value: [UInt8])] {
        let insets = alignment ?? AlignmentInsets(left: 0, top: 0, right: 0, bottom: 0)
        let insideWidth = width - min(width, insets.left + insets.right)
        let insideHeight = height - min(height, insets.top + insets.bottom)
        return [
            (1001, words([1, 0, 0, width, height])),
            (1003, words([1, insets.left, insets.top, insets.right, insets.bottom, insideWidth, insideHeight])),
        ]
    }

    /// 1004 (normal blend, opacity 1.0) and 1006 (EXIF orientation 1, upright).
    static let blendAndOrientation: [(type: UInt32, value: [UInt8])] = [
        (1004, words([0, Float(1).bitPattern])), (1006, words([1])),
    ]

    // MARK: Kinds

    /// A bitmap of premultiplied B G R A pixels, `width * 4` bytes a row, compressed by `compress`
    /// (one LZFSE stream per chunk). `scale` is 1, 2 or 3; `flags` the template rendering mode and
    /// kind bits (`RenditionFlags`).
    package static func bitmap(
        name: String, width: Int, height: Int, scale: Int, pixels: [UInt8], isOpaque: Bool, flags: UInt32,
        layout: RenditionLayout = .onePartScale, slices: [[UInt32]]? = nil, alignment: AlignmentInsets? = nil,
        compress: (UnsafeRawBufferPointer) -> [UInt8]
    ) -> CSIRendition {
        pixels.withUnsafeBufferPointer {
            bitmap(
                name: name, width: width, height: height, scale: scale, pixels: $0, isOpaque: isOpaque, flags: flags,
                layout: layout, slices: slices, alignment: alignment, compress: compress)
        }
    }

    /// The same, over pixels the caller holds (a decoder's buffer): compressed chunk by chunk in
    /// place, never copied whole, since a 2400-pixel-square photograph is 23 MB of them.
    ///
    /// A sliced image gives its `layout` (three or nine parts) and its `slices`, each (x, y from
    /// the bottom, width, height) in the stored pixels; by default the whole image is one part.
    package static func bitmap(
        name: String, width: Int, height: Int, scale: Int, pixels: UnsafeBufferPointer<UInt8>, isOpaque: Bool, flags: UInt32,
        layout: RenditionLayout = .onePartScale, slices: [[UInt32]]? = nil, alignment: AlignmentInsets? = nil,
        compress: (UnsafeRawBufferPointer) -> [UInt8]
    ) -> CSIRendition {
        precondition(pixels.count == width * height * 4, "a bitmap's pixels are width × height × 4 bytes")
        let grey = greyAndAlpha(pixels)
        var rendition = bitmapHeader(
            name: name, width: width, height: height, scale: scale, isGrey: grey != nil, flags: flags, layout: layout, slices: slices,
            alignment: alignment)
        if let grey {
            rendition.data = grey.withUnsafeBytes { chunkedPayload($0, rowBytes: width * 2, height: height, isOpaque: isOpaque, compress: compress) }
        } else {
            rendition.data = chunkedPayload(UnsafeRawBufferPointer(pixels), rowBytes: width * 4, height: height, isOpaque: isOpaque, compress: compress)
        }
        return rendition
    }

    /// A bitmap's header and properties, without its data: ARGB in sRGB, or, for an image whose
    /// every pixel is grey, grey and alpha in grey gamma 2.2, as actool stores one (mcfans/actool's
    /// reference file from Xcode 26.3).
    static func bitmapHeader(
        name: String, width: Int, height: Int, scale: Int, isGrey: Bool, flags: UInt32, layout: RenditionLayout, slices: [[UInt32]]?,
        alignment: AlignmentInsets?
    ) -> CSIRendition {
        precondition(slices?.allSatisfy { $0.count == 4 } ?? true, "a slice is x, y, width and height")
        var rendition = CSIRendition(name: name, layout: layout)
        rendition.flags = flags
        rendition.width = UInt32(width)
        rendition.height = UInt32(height)
        rendition.scaleFactor = UInt32(scale * 100)
        rendition.pixelFormat = isGrey ? .grayAlpha8 : .argb
        rendition.colorSpace = isGrey ? .grayGamma22 : .sRGB
        var properties = sliceAndMetrics(width: UInt32(width), height: UInt32(height), alignment: alignment)
        if let slices { properties[0] = (1001, words([UInt32(slices.count)] + slices.flatMap { $0 })) }
        rendition.properties = properties + blendAndOrientation + [(1007, words([UInt32(width * (isGrey ? 2 : 4))]))]
        return rendition
    }

    /// B G R A pixels as grey and alpha (2 bytes each), or nil when a pixel is not grey.
    static func greyAndAlpha(_ source: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let count = source.count / 4
        for pixel in 0..<count where source[4 * pixel] != source[4 * pixel + 1] || source[4 * pixel + 1] != source[4 * pixel + 2] {
            return nil
        }
        return [UInt8](unsafeUninitializedCapacity: 2 * count) { out, initialized in
            for pixel in 0..<count {
                out[2 * pixel] = source[4 * pixel]
                out[2 * pixel + 1] = source[4 * pixel + 3]
            }
            initialized = 2 * count
        }
    }

    /// `CELM`: chunked (flag bit 0), opaque (bit 1), LZFSE, then `KCBC` chunks. Xcode 26 cuts an
    /// image into chunks of `height / 3` rows and puts the remainder in a fourth (256 rows: 85,
    /// 85, 85, 1; 132 rows: 44, 44, 44).
    static func chunkedPayload(
        _ pixels: UnsafeRawBufferPointer, rowBytes: Int, height: Int, isOpaque: Bool,
        compress: (UnsafeRawBufferPointer) -> [UInt8]
    ) -> [UInt8] {
        precondition(pixels.count == rowBytes * height, "the pixels are the rows the header states")
        let rowsPerChunk = max(1, height / 3)
        let chunkCount = (height + rowsPerChunk - 1) / rowsPerChunk
        var out = ByteWriter()
        out.append(Array("MLEC".utf8))
        out.append32(1 | (isOpaque ? 2 : 0))
        out.append32(RenditionCompression.lzfse.rawValue)
        out.append32(UInt32(chunkCount))
        // Each chunk compressed and appended at once: one chunk's stream in memory at a time.
        var row = 0
        while row < height {
            let rows = min(rowsPerChunk, height - row)
            let compressed = compress(UnsafeRawBufferPointer(rebasing: pixels[(row * rowBytes)..<((row + rows) * rowBytes)]))
            out.append(Array("KCBC".utf8))
            out.append32(0)
            out.append32(0)
            out.append32(UInt32(rows))
            out.append32(UInt32(compressed.count))
            out.append(compressed)
            row += rows
        }
        return out.bytes
    }

    /// `RAWD` (stored `DWAR`): flags 0 (the bytes as they are), the length, the bytes.
    static func rawData(_ bytes: [UInt8]) -> [UInt8] { rawDataHeader(length: bytes.count) + bytes }

    /// `RAWD`'s header (stored `DWAR`): flags 0, then the length of the bytes that follow it.
    static func rawDataHeader(length: Int) -> [UInt8] {
        var out = ByteWriter()
        out.append(Array("DWAR".utf8))
        out.append32(0)
        out.append32(UInt32(length))
        return out.bytes
    }

    /// A JPEG stored as it is, with the pixel size its frame header states.
    package static func jpeg(name: String, width: Int, height: Int, scale: Int, file: [UInt8], flags: UInt32) -> CSIRendition {
        var rendition = CSIRendition(name: name, layout: .onePartScale)
        rendition.flags = flags
        rendition.scaleFactor = UInt32(scale * 100)
        rendition.pixelFormat = .jpeg
        rendition.properties = sliceAndMetrics(width: UInt32(width), height: UInt32(height)) + blendAndOrientation
        rendition.data = rawData(file)
        return rendition
    }

    /// A PDF or SVG kept as a vector beside its rasterisations (`preserves-vector-representation`):
    /// layout `Vector`, no pixel size or scale, the vector-based flag (bit 2), data `RAWD` holding
    /// the file. Read from Apple's files: Xcode 7.3 kept each PDF so (acextract, `PDF `, sRGB), and
    /// Xcode 26 keeps an Icon Composer layer's SVG so (AM-MiniPlayer, `SVG `, no colour space).
    /// Apple re-serialises a PDF through CoreGraphics and compresses an SVG; adapt stores the
    /// file as it is, which CoreUI reads the same (`RAWD` flags 0).
    package static func vector(name: String, file: [UInt8], isSVG: Bool, flags: UInt32) -> CSIRendition {
        var rendition = CSIRendition(name: name, layout: .vector)
        rendition.flags = flags | RenditionFlags.vectorBasedBit
        rendition.pixelFormat = isSVG ? .svg : .pdf
        rendition.colorSpace = isSVG ? RenditionColorSpace(rawValue: 0) : .sRGB
        rendition.properties = blendAndOrientation
        rendition.data = rawData(file)
        return rendition
    }

    /// A data set's file and its uniform type identifier (1005: its length, a 0 word, the
    /// identifier NUL-padded to a multiple of 4 bytes).
    package static func data(name: String, uti: String, file: [UInt8]) -> CSIRendition {
        var rendition = data(name: name, uti: uti, streamedFileLength: file.count)
        rendition.data += file
        rendition.streamedDataLength = 0
        return rendition
    }

    /// A data set's rendition without its file: the file's `fileLength` bytes are streamed
    /// after `bytes()`, so a 64 MB data set is never held in memory.
    package static func data(name: String, uti: String, streamedFileLength fileLength: Int) -> CSIRendition {
        var rendition = CSIRendition(name: name, layout: .data)
        rendition.pixelFormat = .data
        var identifier = Array(uti.utf8) + [0]
        while identifier.count % 4 != 0 { identifier.append(0) }
        rendition.properties = blendAndOrientation + [(1005, words([UInt32(identifier.count), 0]) + identifier)]
        rendition.data = rawDataHeader(length: fileLength)
        rendition.streamedDataLength = fileLength
        return rendition
    }

    /// A named colour: `COLR` (stored `RLOC`), version 1, the colour space in the flags' low
    /// byte, then each component as a little-endian double.
    package static func color(name: String, colorSpace: RenditionColorSpace, components: [Double]) -> CSIRendition {
        var rendition = CSIRendition(name: name, layout: .color)
        rendition.properties = blendAndOrientation
        var out = ByteWriter()
        out.append(Array("RLOC".utf8))
        out.append32(1)
        out.append32(colorSpace.rawValue & 0xFF)
        out.append32(UInt32(components.count))
        for component in components { out.append64(component.bitPattern) }
        rendition.data = out.bytes
        return rendition
    }

    /// An app icon's size list: `MSIS` (stored `SISM`), version 1, then per size its pixel width
    /// and height at 1x, its slot index (the `dimension2` of its images) and idiom.
    package static func multisize(name: String, sizes: [RenditionPayload.MultisizeEntry]) -> CSIRendition {
        var rendition = CSIRendition(name: name, layout: .multisizeImage)
        rendition.properties = blendAndOrientation
        var out = ByteWriter()
        out.append(Array("SISM".utf8))
        out.append32(1)
        out.append32(UInt32(sizes.count))
        for size in sizes {
            out.append32(size.width)
            out.append32(size.height)
            out.append16(size.index)
            out.append16(size.idiom.rawValue)
        }
        rendition.data = out.bytes
        return rendition
    }
}

/// Little-endian bytes, appended.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }
    mutating func append(_ more: [UInt8]) { bytes += more }
    mutating func append16(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
    mutating func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    mutating func append64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
}
