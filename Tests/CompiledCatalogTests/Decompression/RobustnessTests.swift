import Testing

@testable import CompiledCatalog

/// Damaged streams: seeded bit flips, truncations and overwrites of every reference vector, and
/// of CoreUI bitmap payloads. Each decode must either succeed within its cap or throw a
/// `DecompressionError`; a crash, a hang or an oversized result fails the run.
@Suite struct RobustnessTests {
    static let mutationsPerVector = 300

    @Test(arguments: try VectorInput.manifest().filter { $0.size <= 300_000 })
    func damagedStreamsNeverCrashOrOverrun(_ entry: VectorInput.Entry) throws {
        let original = try VectorInput.compressed(entry.file)
        var random = VectorInput.XorShift(entry.seed &* 7919 &+ 17)
        let cap = entry.size + 1000
        var failures = 0
        for round in 0..<Self.mutationsPerVector {
            var damaged = original
            switch round % 4 {
            case 0 where !damaged.isEmpty: // flip one to eight bits
                for _ in 0...(random.next() % 8) {
                    let bit = Int(random.next() % UInt64(damaged.count * 8))
                    damaged[bit / 8] ^= 1 << UInt8(bit % 8)
                }
            case 1: // cut the end off
                damaged.removeLast(Int(random.next() % UInt64(damaged.count + 1)))
            case 2 where !damaged.isEmpty: // overwrite a run with random bytes
                let start = Int(random.next() % UInt64(damaged.count))
                for index in start..<min(damaged.count, start + 1 + Int(random.next() % 16)) {
                    damaged[index] = UInt8(truncatingIfNeeded: random.next())
                }
            default: // flip bits in the header, where the lengths are
                for _ in 0...(random.next() % 3) where damaged.count > 0 {
                    let bit = Int(random.next() % UInt64(min(damaged.count, 64) * 8))
                    damaged[bit / 8] ^= 1 << UInt8(bit % 8)
                }
            }
            do {
                let decoded =
                    entry.file.hasSuffix(".lzvn")
                    ? try LZVN.decode(damaged, limit: .atMost(cap))
                    : try LZFSE.decode(damaged, limit: .atMost(cap))
                #expect(decoded.count <= cap)
            } catch {
                failures += 1
            }
        }
        // Almost every mutation must be caught; a few (a flipped literal bit) decode to other bytes.
        #expect(failures > 0)
    }

    @Test func damagedBitmapPayloadsNeverCrash() throws {
        let pixels = VectorInput.original(try #require(try VectorInput.manifest().first { $0.generator == "pixels" }))
        let rows = Array(pixels.prefix(64 * 16 * 4)) // 64 x 16 BGRA
        let payloads = [
            BitmapFixtures.payload(compression: 0, chunks: [(16, rows)]),
            BitmapFixtures.payload(
                compression: 1,
                chunks: [
                    (8, BitmapFixtures.rle(rows.prefix(64 * 8 * 4), width: 64, rows: 8)),
                    (8, BitmapFixtures.rle(rows.suffix(64 * 8 * 4), width: 64, rows: 8)),
                ]),
        ]
        var random = VectorInput.XorShift(99)
        for payload in payloads {
            for _ in 0..<500 {
                var damaged = payload
                if random.next() % 2 == 0 {
                    damaged.removeLast(Int(random.next() % UInt64(damaged.count)))
                } else {
                    let index = Int(random.next() % UInt64(min(damaged.count, 200)))
                    damaged[index] = UInt8(truncatingIfNeeded: random.next())
                }
                if let framing = try? BitmapPayload(damaged),
                    case .pixels(let bitmap)? = try? framing.decode(width: 64, height: 16, format: .argb)
                {
                    #expect(bitmap.bytes.count == 64 * 16 * 4)
                }
            }
        }
    }
}
