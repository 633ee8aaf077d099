import CompiledCatalog

/// `.car` files built to make `adapt extract` do far more work than their size: the shapes a
/// hostile pull request would use (issue 26, items 2 and 5). Each is a valid file; what it
/// claims is the attack.
///
/// ```swift
/// try HostileCompiledCatalogs.sharedAtlas(references: 300).write(to: folder + "/atlas.car")
/// ```
extension HostileCompiledCatalogs {
    static let extractKeyFormat: [RenditionAttribute] = [.scale, .idiom, .identifier, .element, .part]

    /// One packed image of `side × side` flat pixels (CoreUI RLE: every row the same one-packet
    /// run, a few kilobytes) and `references` image sets, each a reference to the whole of it:
    /// every set's PNG is the same large image, from one decode.
    package static func sharedAtlas(references: Int, side: UInt32 = 4096) -> SyntheticCatalog {
        var renditions: [SyntheticCatalog.Rendition] = [
            .init(
                "ZZZZPackedAsset-1.0.0", key: [.scale: 1], layout: .packedImage, pixelFormat: .argb, colorSpace: 1,
                width: side, height: side, payload: .bytes(rleBitmap(width: side, height: side, pixel: [40, 80, 120, 255])))
        ]
        var facets: [SyntheticCatalog.Facet] = []
        for index in 0..<references {
            let identifier = UInt16(index + 1)
            facets.append(.init("shared\(index)", identifier: identifier))
            renditions.append(
                .init(
                    "shared.png", key: [.scale: 1, .identifier: identifier], layout: .internalReference, pixelFormat: .argb,
                    colorSpace: 1, width: side, height: side,
                    properties: [.raw(type: 1010, bytes: internalLink(x: 0, y: 0, width: side, height: side, atlasKey: [(.scale, 1)]))],
                    payload: .none))
        }
        return SyntheticCatalog(keyFormat: extractKeyFormat, facets: facets, renditions: renditions)
    }

    /// One data set of `size` bytes that do not compress, and `copies` more sets whose
    /// renditions' keys all lead to its one value block: `copies + 1` files of `size` bytes
    /// from a file of little more than one.
    package static func aliasedData(copies: Int, size: Int) -> SyntheticCatalog {
        var generator = SeededBytes(seed: 26)
        var catalog = SyntheticCatalog(
            keyFormat: extractKeyFormat, facets: (0...copies).map { .init("blob\($0)", identifier: UInt16($0 + 1)) },
            renditions: [.data("blob.bin", key: [.identifier: 1], uti: "public.data", bytes: generator.bytes(size))])
        catalog.sharedValues = (0..<copies).map { (key: [.identifier: UInt16($0 + 2)], sharing: 0) }
        return catalog
    }

    /// One bitmap of `width × height` ARGB pixels in CoreUI RLE (a few kilobytes whatever its
    /// size), and a data set of `padding` bytes that makes the file large enough for the reader
    /// to accept the claim (its budget grows with the file's size).
    package static func hugeBitmap(width: UInt32, height: UInt32, padding: Int) -> SyntheticCatalog {
        var generator = SeededBytes(seed: 7)
        return SyntheticCatalog(
            keyFormat: extractKeyFormat, facets: [.init("huge", identifier: 1), .init("padding", identifier: 2)],
            renditions: [
                .init(
                    "huge.png", key: [.scale: 1, .identifier: 1], layout: .onePartScale, pixelFormat: .argb, colorSpace: 1, width: width, height: height,
                    payload: .bytes(rleBitmap(width: width, height: height, pixel: [10, 20, 30, 255]))),
                .data("padding.bin", key: [.identifier: 2], uti: "public.data", bytes: generator.bytes(padding)),
            ])
    }

    /// One `side × side` opaque ARGB bitmap in CoreUI RLE whose rows are eight rows of noise taken
    /// in turn: about `32 × side` bytes (128 KB at 4096²) of pixels that no PNG compresses, since a
    /// row's twin lies eight rows back, past deflate's 32 KB window for any side from 1024. What
    /// extract's PNG writing costs at its most (issue 35: 11 s at 4096²).
    package static func noisyBitmap(side: UInt32) -> SyntheticCatalog {
        var generator = SeededBytes(seed: 35)
        let width = Int(side)
        let pool = 8
        let headerSize = 12 + 4 * width
        let packetSize = 4 + 4 * width
        var chunk = LittleEndian.words([4, side, side])
        chunk += LittleEndian.words((0..<width).map { UInt32(headerSize + ($0 % pool) * packetSize) })
        for _ in 0..<pool {
            chunk += LittleEndian.words([UInt32(width)])
            let noise = generator.bytes(3 * width)
            for x in 0..<width { chunk += [noise[3 * x], noise[3 * x + 1], noise[3 * x + 2], 255] }
        }
        let payload = Array("MLEC".utf8) + LittleEndian.words([0, 1, UInt32(chunk.count)]) + chunk
        return SyntheticCatalog(
            keyFormat: extractKeyFormat, facets: [.init("noise", identifier: 1)],
            renditions: [
                .init(
                    "noise.png", key: [.scale: 1, .identifier: 1], layout: .onePartScale, pixelFormat: .argb, colorSpace: 1, width: side,
                    height: side, payload: .bytes(payload))
            ])
    }

    /// `count` one-pixel bitmaps of the asset `name`, each under the same rendition name.
    package static func oneName(_ name: String, renditions count: Int) -> SyntheticCatalog {
        SyntheticCatalog(
            keyFormat: [.scale, .idiom, .identifier, .element, .part, .dimension1], facets: [.init(name, identifier: 1)],
            renditions: (0..<count).map { index in
                .bitmap("same.png", key: [.identifier: 1, .scale: 1, .dimension1: UInt16(index)], width: 1, height: 1, pixels: [0, 0, 255, 255])
            })
    }

    /// A `CELM` payload, RLE-compressed, of `height` rows that all point at one packet: `pixel`
    /// repeated across the row.
    package static func rleBitmap(width: UInt32, height: UInt32, pixel: [UInt8]) -> [UInt8] {
        let packets = 12 + 4 * Int(height)
        var chunk = LittleEndian.words([4, width, height])
        chunk += LittleEndian.words([UInt32](repeating: UInt32(packets), count: Int(height)))
        chunk += LittleEndian.words([0x8000_0000 | width]) + pixel
        return Array("MLEC".utf8) + LittleEndian.words([0, 1, UInt32(chunk.count)]) + chunk
    }

    /// An `INLK` property's value: the frame taken from the packed image whose key is `atlasKey`.
    package static func internalLink(
        x: UInt32, y: UInt32, width: UInt32, height: UInt32,
        atlasKey: [(attribute: RenditionAttribute, value: UInt16)]
    ) -> [UInt8] {
        var key: [UInt8] = atlasKey.flatMap { LittleEndian.halfWords([UInt16($0.attribute.rawValue), $0.value]) }
        key += [0, 0, 0, 0]
        var value: [UInt8] = Array("KLNI".utf8)
        value += LittleEndian.words([0, x, y, width, height])
        value += LittleEndian.halfWords([RenditionLayout.onePartScale.rawValue])
        value += LittleEndian.words([UInt32(key.count)])
        return value + key
    }
}

/// Bytes that do not compress, the same for a seed on every run.
struct SeededBytes {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func bytes(_ count: Int) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(count + 8)
        while out.count < count {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            out += LittleEndian.bytes(state)
        }
        return Array(out.prefix(count))
    }
}
