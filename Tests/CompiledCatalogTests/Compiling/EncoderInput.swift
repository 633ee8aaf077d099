import CatalogFixtures
import Foundation

/// Inputs for the LZFSE encoder's tests, by name: edge sizes, the shapes that stress each limit
/// of the format (triples and literals per block, L, M and D), and real pixels.
enum EncoderInput {
    static let names = [
        "empty", "one-byte", "seven-bytes", "eight-bytes", "nine-bytes", "sixteen-bytes",
        "zeros-1m-plus-3", "random-64k", "random-with-repeats-300k", "text-300k", "short-repeats-300k",
        "far-repeat-540k", "literal-runs-between-matches", "pixels-gradient-1.4m", "pixels-sprites-256k",
    ]

    static func bytes(_ name: String) -> [UInt8] {
        var random = SplitMix64(seed: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        switch name {
        case "empty": return []
        case "one-byte": return [42]
        case "seven-bytes": return Array("abcabca".utf8)
        case "eight-bytes": return Array("abcdabcd".utf8)
        case "nine-bytes": return Array("aaaaaaaaa".utf8)
        case "sixteen-bytes": return Array("0123012301230123".utf8)
        case "zeros-1m-plus-3":
            // One match far longer than the 235,900 searched at once and than M's 2359.
            return [UInt8](repeating: 0, count: (1 << 20) + 3)
        case "random-64k": return random.bytes(65_536)
        case "random-with-repeats-300k":
            // Literal runs longer than L's 315, and matches of every length.
            var bytes = random.bytes(4096)
            while bytes.count < 300_000 {
                let start = random.below(bytes.count)
                let length = 4 + random.below(600)
                bytes += bytes[start..<min(start + length, bytes.count)]
                bytes += random.bytes(random.below(900))
            }
            return bytes
        case "text-300k":
            let words = ["asset", "catalog", "rendition", "bitmap", "the", "of", "compressed", "pixel", "idiom", "scale", "appearance", "\n"]
            var text: [UInt8] = []
            while text.count < 300_000 { text += Array((words[random.below(words.count)] + " ").utf8) }
            return text
        case "short-repeats-300k":
            // Mostly 4-8 byte matches: blocks fill on their 10,000 triples first.
            var bytes = random.bytes(64)
            while bytes.count < 300_000 {
                let start = bytes.count - 8 - random.below(min(bytes.count - 8, 60_000))
                bytes += bytes[start..<(start + 4 + random.below(5))]
                bytes.append(UInt8(truncatingIfNeeded: random.next()))
            }
            return bytes
        case "far-repeat-540k":
            // The same 270,000 bytes twice: further back than D's 262,139, so no match may reach.
            let half = random.bytes(270_000)
            return half + half
        case "literal-runs-between-matches":
            var bytes: [UInt8] = []
            for run in 0..<200 {
                bytes += random.bytes(run * 7 % 1000)
                bytes += [UInt8](repeating: UInt8(run), count: 3 + run % 50)
            }
            return bytes
        case "pixels-gradient-1.4m":
            // RGBA: a smooth gradient with a little noise, opaque, like a photo's background.
            let side = 600
            var pixels = [UInt8](repeating: 255, count: side * side * 4)
            for y in 0..<side {
                for x in 0..<side {
                    let offset = (y * side + x) * 4
                    let noise = UInt8(random.below(3))
                    pixels[offset] = UInt8(x * 255 / side) &+ noise
                    pixels[offset + 1] = UInt8(y * 255 / side)
                    pixels[offset + 2] = UInt8((x + y) * 127 / side)
                }
            }
            return pixels
        case "pixels-sprites-256k":
            // RGBA: transparent background with flat-coloured shapes, like an icon or a glyph.
            let side = 256
            var pixels = [UInt8](repeating: 0, count: side * side * 4)
            for _ in 0..<40 {
                let cx = random.below(side)
                let cy = random.below(side)
                let radius = 3 + random.below(30)
                let colour = [UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)), 255]
                for y in max(0, cy - radius)..<min(side, cy + radius) {
                    for x in max(0, cx - radius)..<min(side, cx + radius) where (x - cx) * (x - cx) + (y - cy) * (y - cy) < radius * radius {
                        for channel in 0..<4 { pixels[(y * side + x) * 4 + channel] = colour[channel] }
                    }
                }
            }
            return pixels
        default:
            preconditionFailure("no encoder input named \(name)")
        }
    }

    /// Real pixels, RGBA, decoded by libpng: PngSuite's valid files and six pictures of the
    /// corpus catalogs, sorted by name (decoded once).
    static func realBitmaps() throws -> [(name: String, pixels: [UInt8])] { try decodedBitmaps.get() }

    private static let decodedBitmaps = Result { try decodeRealBitmaps() }

    private static func decodeRealBitmaps() throws -> [(name: String, pixels: [UInt8])] {
        let root = try Corpus.root
        var files = try FileManager.default.contentsOfDirectory(atPath: root + "/pngsuite")
            .filter { $0.hasSuffix(".png") && !$0.hasPrefix("x") }
            .map { (name: "pngsuite/" + $0, path: root + "/pngsuite/" + $0) }
        // Six pictures of the catalogs, spread over those of 256 KiB to 2 MiB of pixels (the
        // largest run to 23 MB, too slow for a debug build to encode several times).
        let catalogs = root + "/catalogs"
        var candidates: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: catalogs)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".png"), let pixels = pixelBytes(ofPNG: catalogs + "/" + relative),
                (256 << 10)...(2 << 20) ~= pixels
            else { continue }
            candidates.append(relative)
        }
        candidates.sort()
        let stride = max(1, candidates.count / 6)
        files += candidates.enumerated().filter { $0.offset % stride == 0 }.prefix(6)
            .map { (name: "catalogs/" + $0.element, path: catalogs + "/" + $0.element) }
        return files.sorted { $0.name < $1.name }.compactMap { file in
            guard let png = FileManager.default.contents(atPath: file.path),
                let decoded = ExtractPiecesTests.rgba([UInt8](png))
            else { return nil }
            return (file.name, decoded.pixels)
        }
    }
}

/// Width x height x 4, from a PNG's IHDR chunk (bytes 16-23), without decoding it.
private func pixelBytes(ofPNG path: String) -> Int? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let header = try? handle.read(upToCount: 24), header.count == 24 else { return nil }
    let bytes = [UInt8](header)
    func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return be32(16) * be32(20) * 4
}
