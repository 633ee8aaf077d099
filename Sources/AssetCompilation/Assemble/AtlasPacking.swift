import AssetCatalog
import CompiledCatalog

/// Which bitmaps actool packs into atlases (`ZZZZPackedAsset-…`), as its files show. Counted in
/// the corpus's Apple files: Xcode 7.3's six acextract files pack every bitmap of 50 to 150
/// pixels a side (sliced, template, alignment-inset and rasterised-PDF ones alike) and none with a
/// size class or a memory class; Xcode 26's Grid, eink-assistant and sudoku pack an app icon's
/// 16 to 128-pixel images and none of 256 pixels or more; mcfans/actool's reference file packs
/// 8 × 12 to 256 × 60 images, grey ones in grey atlases. What no file shows packed (another
/// appearance, a locale, a wide gamut, a JPEG, a layer of a stack or of an Icon Composer icon)
/// stays alone.
enum PackingRule {
    /// The most pixels of a packed bitmap: 150 × 150, the largest packed (acextract's 3x images);
    /// the smallest left alone is 256 × 256.
    static let maximumPixels = 150 * 150
    /// The longest side packed: 256 × 60 (mcfans/actool's reference file).
    static let maximumSide = 256
    /// The key attributes a packed bitmap may have; a value in any other leaves it alone.
    static let packableAttributes: Set<RenditionAttribute> = [.identifier, .element, .part, .dimension2, .scale, .idiom, .subtype, .graphicsClass]
    /// The traits an atlas shares with every bitmap packed into it.
    static let atlasTraits: [RenditionAttribute] = [.scale, .idiom, .subtype, .graphicsClass]

    /// Whether a bitmap of `item` (an image set's or an app icon's) of this pixel size is packed.
    static func packs(_ item: RenditionJob, width: Int, height: Int) -> Bool {
        // The key's part: an Icon Composer icon's size images are parts 220 of the stack's facet.
        let part = item.key[.part] ?? item.facetPart
        guard item.mayBePacked, part == CompiledPart.image || part == CompiledPart.icon else { return false }
        guard item.key.allSatisfy({ $0.value == 0 || packableAttributes.contains($0.key) }) else { return false }
        return width > 0 && height > 0 && width <= maximumSide && height <= maximumSide && width * height <= maximumPixels
    }
}

/// Lays bitmaps into atlases as they arrive, one open atlas per traits and pixel format, in
/// shelves left to right with 2 pixels around each image (Apple's atlases: Grid's 1x one is
/// 2 + 128 + 2 + 32 + 2 pixels wide). An atlas is closed when the next bitmap does not fit in
/// `maximumSide` pixels, so memory holds one atlas a group however many bitmaps are packed.
struct AtlasPacker {
    /// The padding around each packed image.
    static let padding = 2
    /// The longest side of an atlas: adapt's bound (CoreUI decodes a whole atlas to draw one of
    /// its images); Apple's atlases in the corpus are at most 306 pixels a side.
    static let maximumSide = 512

    struct Member {
        var job: RenditionJob
        var bitmap: PackableBitmap
        var x: Int
        var top: Int
    }

    /// An atlas being filled, or closed: its traits, format and number, and its members.
    struct Atlas {
        var traits: [RenditionAttribute: UInt16]
        var pixelFormat: PixelFormat
        var number: UInt16
        var members: [Member] = []
        /// The current shelf: its top edge, its height so far, and where the next image goes.
        var shelfTop = AtlasPacker.padding
        var shelfHeight = 0
        var cursor = AtlasPacker.padding
        var width = 0

        var height: Int { shelfTop + shelfHeight + AtlasPacker.padding }

        /// Places `bitmap` on this shelf or a new one; false when it does not fit.
        mutating func place(_ job: RenditionJob, _ bitmap: PackableBitmap) -> Bool {
            let side = AtlasPacker.maximumSide
            let padding = AtlasPacker.padding
            if cursor + bitmap.width + padding > side, !members.isEmpty {
                // A new shelf below the current one.
                guard shelfTop + shelfHeight + padding + bitmap.height + padding <= side else { return false }
                shelfTop += shelfHeight + padding
                shelfHeight = 0
                cursor = padding
            }
            guard cursor + bitmap.width + padding <= side, shelfTop + bitmap.height + padding <= side else { return false }
            members.append(Member(job: job, bitmap: bitmap, x: cursor, top: shelfTop))
            cursor += bitmap.width + padding
            shelfHeight = max(shelfHeight, bitmap.height)
            width = max(width, cursor)
            return true
        }
    }

    private struct Group: Hashable {
        var traits: [RenditionAttribute: UInt16]
        var pixelFormat: UInt32
    }

    private var open: [Group: Atlas] = [:]
    /// The order groups were opened in, so atlases close in the same order every run.
    private var order: [Group] = []
    /// The next atlas number (`dimension1`) of each traits, shared by both pixel formats: an
    /// atlas's key holds no format (mcfans/actool's grey atlases take the next numbers).
    private var numbers: [[RenditionAttribute: UInt16]: UInt16] = [:]

    /// Adds a bitmap; returns the atlas it closed, if the bitmap did not fit in its group's.
    mutating func add(_ job: RenditionJob, _ bitmap: PackableBitmap) -> Atlas? {
        let traits = job.key.filter { PackingRule.atlasTraits.contains($0.key) && $0.value != 0 }
        let group = Group(traits: traits, pixelFormat: bitmap.header.pixelFormat.rawValue)
        if var atlas = open[group], atlas.place(job, bitmap) {
            open[group] = atlas
            return nil
        }
        let closed = open[group]
        if closed == nil { order.append(group) }
        let number = numbers[traits, default: 0]
        numbers[traits] = number + 1
        var atlas = Atlas(traits: traits, pixelFormat: bitmap.header.pixelFormat, number: number)
        // Every packed bitmap fits an empty atlas: its sides are at most `PackingRule.maximumSide`.
        _ = atlas.place(job, bitmap)
        open[group] = atlas
        return closed
    }

    /// The atlases still open, in the order their groups were opened.
    mutating func finish() -> [Atlas] {
        defer { open = [:] }
        return order.compactMap { open[$0] }
    }
}

extension AtlasPacker.Atlas {
    /// `ZZZZPackedAsset-<scale>.0.<format>-gamut0`, as Xcode 26 names them: the format's digit is
    /// 1 for grey and alpha, 0 for colour (mcfans/actool's reference file). The middle digit is 0
    /// in Grid's, eink-assistant's and sudoku's atlases and 1 in mcfans/actool's, for a reason no
    /// file shows; CoreUI finds an atlas by its key, not its name.
    var name: String {
        "ZZZZPackedAsset-\(traits[.scale] ?? 1).0.\(pixelFormat == .grayAlpha8 ? 1 : 0)-gamut0"
    }

    /// The atlas's key: element 9 and part 181 (every Apple atlas's), its traits, and its number
    /// as `dimension1` (left out when 0, as Apple's first atlas of a scale has none).
    var key: [RenditionAttribute: UInt16] {
        var key = traits
        key[.element] = 9
        key[.part] = CompiledPart.image
        if number > 0 { key[.dimension1] = number }
        return key
    }

    /// The atlas's pixels: each member's rows at its place, transparent around them.
    func pixels() -> [UInt8] {
        let bytesPerPixel = pixelFormat == .grayAlpha8 ? 2 : 4
        let rowBytes = width * bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        for member in members {
            let memberRow = member.bitmap.width * bytesPerPixel
            for row in 0..<member.bitmap.height {
                let target = (member.top + row) * rowBytes + member.x * bytesPerPixel
                pixels[target..<(target + memberRow)] = member.bitmap.pixels[(row * memberRow)..<((row + 1) * memberRow)]
            }
        }
        return pixels
    }

    /// The atlas's rendition, and each member's reference into it with the member's frame, its y
    /// counted from the atlas's bottom edge.
    func renditions(compress: (UnsafeRawBufferPointer) -> [UInt8]) -> (atlas: [UInt8], references: [(job: RenditionJob, value: [UInt8])]) {
        let atlas = CSIRendition.packedImage(
            name: name, width: width, height: height, scale: Int(traits[.scale] ?? 1), pixelFormat: pixelFormat, pixels: pixels(), compress: compress)
        let references = members.map { member in
            let frame = (
                x: UInt32(member.x), y: UInt32(height - member.top - member.bitmap.height),
                width: UInt32(member.bitmap.width), height: UInt32(member.bitmap.height)
            )
            return (member.job, CSIRendition.packedReference(to: member.bitmap.header, frame: frame, atlasKey: key).bytes())
        }
        return (atlas.bytes(), references)
    }
}
