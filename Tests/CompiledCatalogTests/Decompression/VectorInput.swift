import Foundation

/// The inputs behind the LZFSE / LZVN vectors in `Fixtures/lzfse`, rebuilt from their seeds the
/// way `make_vectors.py` builds them (the same xorshift generator), so a test compares a decode
/// with the exact original instead of trusting a stored hash.
enum VectorInput {
    struct Entry: Decodable {
        let file: String
        let generator: String
        let seed: UInt64
        let size: Int
        let blocks: [String]
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lzfse")

    static func manifest() throws -> [Entry] {
        try JSONDecoder().decode([Entry].self, from: Data(contentsOf: directory.appendingPathComponent("vectors.json")))
    }

    static func compressed(_ file: String) throws -> [UInt8] {
        try Array(Data(contentsOf: directory.appendingPathComponent(file)))
    }

    struct XorShift {
        var state: UInt64
        init(_ seed: UInt64) { state = seed == 0 ? 1 : seed }
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    static let words = "the of asset catalog image scale idiom rendition compressed block literal match distance pixel alpha premultiplied color slice device"
        .split(separator: " ").map { Array($0.utf8) }

    static func original(_ entry: Entry) -> [UInt8] {
        var random = XorShift(entry.seed)
        var out: [UInt8] = []
        out.reserveCapacity(entry.size + 64)
        switch entry.generator {
        case "text":
            while out.count < entry.size {
                out += words[Int(random.next() % UInt64(words.count))]
                out += random.next() % 11 == 0 ? Array(".\n".utf8) : [UInt8(ascii: " ")]
            }
        case "noise":
            while out.count < entry.size { out.append(UInt8((random.next() >> 24) & 0xFF)) }
        case "repetitive":
            while out.count < entry.size {
                let repeats = 1 + Int(random.next() % 40)
                for _ in 0..<repeats { out += Array("abcabcabd".utf8) }
                out.append(UInt8(random.next() & 0xFF))
            }
        case "pixels":
            var row = 0
            while out.count < entry.size {
                for x in 0..<512 {
                    let n = random.next()
                    let jitter = n % 128 == 0 ? Int(n & 3) : 0
                    out += [
                        UInt8(((x >> 2) + row) & 0xFF), UInt8((x >> 1) & 0xFF), UInt8((row + jitter) & 0xFF),
                        (x >> 5) & 1 == 1 ? 0xFF : 0x80,
                    ]
                }
                row += 1
            }
        case "zeros":
            out = Array(repeating: 0, count: entry.size)
        default:
            fatalError("unknown generator \(entry.generator)")
        }
        return Array(out.prefix(entry.size))
    }
}
