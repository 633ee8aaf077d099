import AdaptSupport
import AssetCatalog
import CompiledCatalog
import PNGInspection
import Synchronization

/// What one variant holds, in terms both forms share, so that `adapt diff` compares content and
/// not containers: a source PNG and a compiled bitmap both become 8-bit premultiplied B G R A
/// pixels (CoreUI's own layout, which `adapt compile` also writes), a data set's file and a raw-data
/// rendition both become the file's bytes, and colours become numbers.
///
/// ```swift
/// let loader = VariantContent.Loader(opened)
/// let content = loader.content(asset: 0, variant: 1)
/// content.difference(from: otherContent, tolerance: 2)   // nil: the same
/// ```
package enum VariantContent: Sendable {
    /// Premultiplied B G R A, 8 bits a channel, rows of `width * 4` bytes.
    case pixels(width: Int, height: Int, bytes: [UInt8])
    /// A file's bytes (a data set's file, a PDF, a JPEG) or a payload not decoded here.
    case bytes([UInt8])
    /// Colour components (red, green, blue, alpha, or white, alpha) from 0 to 1, in a named space;
    /// or a system colour by its name.
    case color(space: String, components: [Double])
    case systemColor(String)
    /// An app icon's list of sizes (`MultisizeImage`), as `16x16 universal`, sorted: which
    /// rendition holds each size is the compiler's numbering, not content.
    case sizes([String])
    /// Nothing to compare: an empty slot, a file that cannot be read or decoded (with why).
    case unavailable(String)

    /// How two contents differ, nil when they do not: pixels may differ by `tolerance` per
    /// channel (Apple's compiler and `adapt compile` round premultiplication differently).
    package func difference(from other: VariantContent, tolerance: Int) -> Difference? {
        switch (self, other) {
        case (.pixels(let width, let height, let bytes), .pixels(let otherWidth, let otherHeight, let otherBytes)):
            guard width == otherWidth, height == otherHeight else {
                return .size(fromWidth: width, fromHeight: height, toWidth: otherWidth, toHeight: otherHeight)
            }
            let largest = Self.largestChannelDifference(bytes, otherBytes)
            return largest > tolerance ? .pixels(largestChannelDifference: largest) : nil
        case (.bytes(let bytes), .bytes(let otherBytes)):
            return bytes == otherBytes ? nil : .data(from: bytes.count, to: otherBytes.count)
        case (.color(let space, let components), .color(let otherSpace, let otherComponents)):
            let close =
                space == otherSpace && components.count == otherComponents.count
                && zip(components, otherComponents).allSatisfy { abs($0 - $1) * 255 <= Double(tolerance) }
            return close ? nil : .color(from: shape, to: other.shape)
        case (.systemColor(let name), .systemColor(let otherName)):
            return name == otherName ? nil : .color(from: shape, to: other.shape)
        case (.sizes(let sizes), .sizes(let otherSizes)):
            return sizes == otherSizes ? nil : .kind(from: shape, to: other.shape)
        case (.unavailable(let reason), .unavailable(let otherReason)):
            return reason == otherReason ? nil : .kind(from: shape, to: other.shape)
        default:
            return .kind(from: shape, to: other.shape)
        }
    }

    /// How two variants of the same traits differ, as data: the outputs say it in words
    /// (`CatalogDiff+Output.swift`), nothing compares their text.
    package enum Difference: Hashable, Sendable {
        /// Pixels of another size.
        case size(fromWidth: Int, fromHeight: Int, toWidth: Int, toHeight: Int)
        /// Pixels of the same size, some channel off by more than the tolerance.
        case pixels(largestChannelDifference: Int)
        /// Other bytes, of these lengths.
        case data(from: Int, to: Int)
        /// Another colour (both sides colours, or system colours).
        case color(from: Shape, to: Shape)
        /// Content of another kind, or what could not be compared.
        case kind(from: Shape, to: Shape)

        /// A short name for machines (`pixels`, `size`, `data`, `color`, `kind`).
        package var kind: String {
            switch self {
            case .size: "size"
            case .pixels: "pixels"
            case .data: "data"
            case .color: "color"
            case .kind: "kind"
            }
        }
    }

    /// What a content is, without its pixels or bytes: what a difference names on either side.
    package enum Shape: Hashable, Sendable {
        case pixels(width: Int, height: Int)
        case bytes(count: Int)
        case color(space: String, components: [Double])
        case systemColor(String)
        case sizes([String])
        case unavailable(String)
    }

    /// The content without its pixels or bytes.
    package var shape: Shape {
        switch self {
        case .pixels(let width, let height, _): .pixels(width: width, height: height)
        case .bytes(let bytes): .bytes(count: bytes.count)
        case .color(let space, let components): .color(space: space, components: components)
        case .systemColor(let name): .systemColor(name)
        case .sizes(let sizes): .sizes(sizes)
        case .unavailable(let reason): .unavailable(reason)
        }
    }

    /// The largest difference of one byte to its counterpart (the lengths are equal).
    static func largestChannelDifference(_ left: [UInt8], _ right: [UInt8]) -> Int {
        var largest: UInt8 = 0
        left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                // Alike is the common answer (one source compiled twice): `memcmp` says so at the
                // memory's speed, where an array's `==` went byte by byte, a fifth of the diff.
                let length = min(left.count, right.count)
                guard length > 0, memcmp(left.baseAddress!, right.baseAddress!, length) != 0 else { return }
                // A running maximum without a branch or an overflow check (the larger less the
                // smaller never wraps), which the compiler turns into vector code.
                for position in 0..<length {
                    let a = left[position]
                    let b = right[position]
                    largest = max(largest, max(a, b) &- min(a, b))
                }
            }
        }
        return Int(largest)
    }
}

extension VariantContent {
    /// Reads the contents of an opened catalog's variants. Safe to share between threads: packed
    /// images are decoded once for many references and kept (the last few) under a lock.
    package final class Loader: Sendable {
        package let opened: OpenedCatalog
        /// The most pixels one image may decode to.
        package let maxPixels: UInt64
        private let atlases = Mutex<[(block: UInt32, decoded: DecodedBitmap?)]>([])
        private static let atlasesKept = 8

        package init(_ opened: OpenedCatalog, maxPixels: UInt64 = 64_000_000) {
            self.opened = opened
            self.maxPixels = maxPixels
        }

        /// The content of variant `variant` of the asset at `asset` in `opened.catalog`.
        package func content(asset: Int, variant: Int) -> VariantContent {
            if let adapted = opened.compiled { return content(of: adapted.rendition(assetAt: asset, variant: variant), in: adapted.compiled) }
            let set = opened.catalog.assets[asset]
            let entry = set.variants[variant]
            if let color = entry.color { return Self.content(of: color) }
            guard let filename = entry.filename else { return .unavailable("an empty slot") }
            let bytes: [UInt8]
            do { bytes = try FileSystem.readFile(set.path + "/" + filename) } catch { return .unavailable("unreadable: \(error.reason)") }
            return decodedPNG(bytes) ?? .bytes(bytes)
        }

        /// Whether two renditions of compiled catalogs hold the same encoded content: the same
        /// payload bytes in the same layout and pixel format, or references to the same cut of packed
        /// images whose payloads are. Equal encodings decode to equal pixels, so nothing is decoded.
        /// Packed images, which many references share, are compared once when `packedImages` keeps
        /// the answers.
        package static func sameEncoding(
            _ left: Rendition, in leftCatalog: CompiledCatalog, _ right: Rendition, in rightCatalog: CompiledCatalog,
            packedImages: SamePackedImages? = nil
        ) -> Bool {
            guard left.layout == right.layout, left.pixelFormat == right.pixelFormat, left.width == right.width, left.height == right.height,
                left.flags.isOpaque == right.flags.isOpaque
            else { return false }
            if left.layout == .internalReference {
                guard let (leftAtlas, leftFrame) = leftCatalog.packedImagePosition(referencedBy: left),
                    let (rightAtlas, rightFrame) = rightCatalog.packedImagePosition(referencedBy: right), leftFrame == rightFrame
                else { return false }
                func compare() -> Bool {
                    sameEncoding(leftCatalog.renditions[leftAtlas], in: leftCatalog, rightCatalog.renditions[rightAtlas], in: rightCatalog)
                }
                return packedImages?.same(leftAtlas, rightAtlas, compare) ?? compare()
            }
            switch (left.payload, right.payload) {
            case (.bitmap(let leftCompression, let leftChunks), .bitmap(let rightCompression, let rightChunks)):
                guard leftCompression == rightCompression, leftChunks.count == rightChunks.count else { return false }
                for (one, other) in zip(leftChunks, rightChunks) {
                    guard one.length == other.length, one.rows == other.rows,
                        bytesEqual(leftCatalog, one.offset, rightCatalog, other.offset, one.length)
                    else { return false }
                }
                return true
            case (.rawData(let one), .rawData(let other)):
                return one.length == other.length && bytesEqual(leftCatalog, one.offset, rightCatalog, other.offset, one.length)
            case (.color(let leftSpace, let leftComponents), .color(let rightSpace, let rightComponents)):
                return leftSpace == rightSpace && leftComponents == rightComponents
            default:
                return false
            }
        }

        private static func bytesEqual(_ left: CompiledCatalog, _ leftOffset: Int, _ right: CompiledCatalog, _ rightOffset: Int, _ length: Int) -> Bool {
            guard leftOffset >= 0, rightOffset >= 0, length >= 0, leftOffset <= left.store.bytes.count - length,
                rightOffset <= right.store.bytes.count - length
            else { return false }
            guard length > 0 else { return true }
            guard let leftBase = left.store.bytes.bytes.baseAddress, let rightBase = right.store.bytes.bytes.baseAddress else { return false }
            return memcmp(leftBase + leftOffset, rightBase + rightOffset, length) == 0
        }

        private func content(of rendition: Rendition, in catalog: CompiledCatalog) -> VariantContent {
            switch rendition.payload {
            case .color(let space, let components):
                return .color(space: RenditionColorSpace(rawValue: space).contentsName ?? "colorspace-\(space)", components: components)
            case .multisizeImage(let entries):
                return .sizes(entries.map { "\($0.width)x\($0.height) \($0.idiom.name)" }.sorted())
            case .rawData:
                do {
                    guard let bytes = try catalog.rawData(of: rendition) else { return .unavailable("no data") }
                    return decodedPNG(bytes) ?? .bytes(bytes)
                } catch {
                    return .unavailable("not decoded: \(error)")
                }
            default:
                break
            }
            do {
                let decoded: BitmapDecoding?
                if rendition.layout == .internalReference {
                    decoded = try cutOut(rendition, in: catalog)
                } else {
                    decoded = try catalog.decodedBitmap(of: rendition)
                }
                switch decoded {
                case .pixels(let bitmap)?: return normalized(bitmap)
                case .notDecoded(let compression)?:
                    // Compared as stored: the same compression's same bytes are the same image.
                    return .bytes(Array("\(compression)".utf8) + encodedBytes(of: rendition, in: catalog))
                case nil: return .bytes(encodedBytes(of: rendition, in: catalog))
                }
            } catch {
                return .unavailable("not decoded: \(error)")
            }
        }

        /// The pixels of a compiled bitmap rendition, a reference cut out of its packed image; nil
        /// when it is no bitmap, or cannot be decoded (`adapt report`'s thumbnails).
        package func bitmap(of rendition: Rendition) -> DecodedBitmap? {
            guard let catalog = opened.compiled?.compiled else { return nil }
            let decoded = try? (rendition.layout == .internalReference ? cutOut(rendition, in: catalog) : catalog.decodedBitmap(of: rendition))
            guard case .pixels(let bitmap)? = decoded else { return nil }
            return bitmap
        }

        /// A reference's pixels, cut out of its packed image (decoded once for many references).
        private func cutOut(_ rendition: Rendition, in catalog: CompiledCatalog) throws(DecompressionError) -> BitmapDecoding? {
            guard let (atlas, frame) = catalog.packedImage(referencedBy: rendition) else {
                return try catalog.decodedBitmap(of: rendition) // throws its own explanation
            }
            let kept = atlases.withLock { kept in kept.first { $0.block == atlas.valueBlock } }
            let pixels: DecodedBitmap?
            if let kept {
                pixels = kept.decoded
            } else {
                if case .pixels(let bitmap)? = try catalog.decodedBitmap(of: atlas) { pixels = bitmap } else { pixels = nil }
                atlases.withLock { kept in
                    if kept.count >= Self.atlasesKept { kept.removeFirst() }
                    kept.append((atlas.valueBlock, pixels))
                }
            }
            guard let pixels else { return try catalog.decodedBitmap(of: rendition) }
            // The frame's y counts from the bottom edge; rows are stored top first (`PackedImage.swift`).
            let height = UInt32(clamping: pixels.height)
            var topDown = frame
            topDown.y = frame.y <= height && frame.height <= height - frame.y ? height - frame.y - frame.height : UInt32.max
            guard let cut = pixels.cropped(to: topDown) else { return try catalog.decodedBitmap(of: rendition) }
            return .pixels(cut)
        }

        private func encodedBytes(of rendition: Rendition, in catalog: CompiledCatalog) -> [UInt8] {
            let range = rendition.valueRange
            guard range.offset >= 0, range.length >= 0, range.offset <= catalog.store.bytes.count - range.length else { return [] }
            return [UInt8](catalog.store.bytes.bytes[range.offset..<(range.offset + range.length)])
        }

        /// A PNG's pixels as CoreUI keeps them; nil for anything that is not a PNG.
        private func decodedPNG(_ bytes: [UInt8]) -> VariantContent? {
            guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
            switch PremultipliedPNG.decode(bytes, maxPixels: maxPixels, path: nil) {
            case .success(let png): return .pixels(width: png.width, height: png.height, bytes: Array(png.pixels))
            case .failure(.tooLarge): return .unavailable("more pixels than \(maxPixels)")
            case .failure: return .unavailable("a PNG libpng cannot decode")
            }
        }

        /// A decoded rendition as 8-bit premultiplied B G R A, whatever its stored format.
        private func normalized(_ bitmap: DecodedBitmap) -> VariantContent {
            guard bitmap.format == .argb16, Self.rowsFit(bitmap) else { return Self.normalized(bitmap) }
            // Half floats in extended sRGB: through the PNG extract writes for them.
            guard let png = bitmap.pngData() else { return .unavailable("wide pixels that cannot be converted") }
            return decodedPNG(png) ?? .unavailable("wide pixels that cannot be converted")
        }

        /// Whether every row of `bitmap`'s pixels lies inside its bytes, and its 8-bit B G R A
        /// form can be counted without overflow.
        private static func rowsFit(_ bitmap: DecodedBitmap) -> Bool {
            let (rowLength, wide) = bitmap.width.multipliedReportingOverflow(by: bitmap.format.bytesPerPixel)
            let (lastRow, tall) = bitmap.rowBytes.multipliedReportingOverflow(by: max(bitmap.height - 1, 0))
            let (_, large) = bitmap.width.multipliedReportingOverflow(by: 4 * max(bitmap.height, 0))
            return bitmap.width > 0 && bitmap.height > 0 && !wide && !tall && !large && bitmap.rowBytes >= rowLength
                && lastRow <= bitmap.bytes.count - rowLength
        }

        /// `normalized` of an 8-bit format (every one but `argb16`): row by row, the format
        /// chosen once an image, over the bytes in place. A switch and two checked subscripts a
        /// pixel were a third of diffing two files whose every rendition is decoded.
        package static func normalized(_ bitmap: DecodedBitmap) -> VariantContent {
            guard rowsFit(bitmap) else { return .unavailable("pixels shorter than their rows") }
            guard bitmap.format != .argb16 else { return .unavailable("wide pixels that cannot be converted") }
            let (width, height, rowBytes, format) = (bitmap.width, bitmap.height, bitmap.rowBytes, bitmap.format)
            let pixel = format.bytesPerPixel
            let rowLength = width * pixel
            let count = width * height * 4
            let opaque = bitmap.isOpaque
            let out = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
                bitmap.bytes.withUnsafeBufferPointer { source in
                    // Safe: each row's `rowLength` bytes lie inside `source` (checked above), and
                    // each writes `width` pixels of 4 bytes of `count`.
                    for y in 0..<height {
                        let from = source.baseAddress! + y * rowBytes
                        let to = out.baseAddress! + y * width * 4
                        switch format {
                        case .argb:
                            // B G R A already: the row as it is, alpha made whole when opaque.
                            to.initialize(from: from, count: rowLength)
                            if opaque { for x in 0..<width { to[4 * x + 3] = 255 } }
                        case .grayAlpha8, .grayAlpha16:
                            // GA16: little-endian 16-bit grey then alpha; the high byte is the 8-bit value.
                            let (grey, alpha) = format == .grayAlpha8 ? (0, 1) : (1, 3)
                            for x in 0..<width {
                                let value = from[x * pixel + grey]
                                (to[4 * x], to[4 * x + 1], to[4 * x + 2]) = (value, value, value)
                                to[4 * x + 3] = opaque ? 255 : from[x * pixel + alpha]
                            }
                        case .gray8:
                            for x in 0..<width { (to[4 * x], to[4 * x + 1], to[4 * x + 2], to[4 * x + 3]) = (from[x], from[x], from[x], 255) }
                        case .rgb555:
                            for x in 0..<width {
                                let word = Int(from[2 * x]) | Int(from[2 * x + 1]) << 8
                                // Blue, green, red in memory order, as the other layouts; 5 bits to 8, rounded.
                                func channel(_ shift: Int) -> UInt8 { UInt8(((word >> shift & 0x1F) * 255 + 15) / 31) }
                                (to[4 * x], to[4 * x + 1], to[4 * x + 2], to[4 * x + 3]) = (channel(0), channel(5), channel(10), 255)
                            }
                        case .argb16:
                            break
                        }
                    }
                }
                initialized = count
            }
            return .pixels(width: width, height: height, bytes: out)
        }

        private static func content(of color: ColorDefinition) -> VariantContent {
            if let reference = color.reference { return .systemColor(reference) }
            func channel(_ key: String) -> Double? {
                guard let text = color.components[key]?.trimmingSpaces else { return nil }
                if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 } }
                guard let value = Double(text), value.isFinite else { return nil }
                return text.contains(".") || value <= 1 ? value : value / 255
            }
            let keys = color.components["white"] != nil ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
            let values = keys.map { channel($0) ?? ($0 == "alpha" ? 1 : 0) }
            return .color(space: color.colorSpace ?? "srgb", components: values)
        }
    }
}
