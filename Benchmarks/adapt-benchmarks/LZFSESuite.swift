import CatalogFixtures
import CompiledCatalog
import Foundation

/// The LZFSE encoder (`adapt compile` stores every bitmap with it) on RGBA bitmaps of two real
/// shapes (an icon: flat shapes on transparency; a photo-like gradient with sensor noise) at two
/// sizes, against our LZFSE decoder reading the same streams and a plain copy of the same bytes,
/// measured in the same run.
///
/// Each `--file` (raw bytes, e.g. decoded pixels) is timed the same way after them.
///
///   Scripts/benchmark lzfse [--repetitions 5] [--file RAW_RGBA ...]
func runLZFSE(_ options: Options) throws {
    print("\nLZFSE encode against decode and memcpy of the same RGBA bytes (median of \(options.repetitions))")
    print("  bitmap".padding(toLength: 24, withPad: " ", startingAt: 0) + "     bytes  stream   encode MB/s  decode MB/s  memcpy MB/s  encode/decode")
    var inputs: [(label: String, pixels: [UInt8])] = []
    for side in [256, 2048] {
        inputs += [("icon \(side)x\(side) RGBA", iconPixels(side: side)), ("photo \(side)x\(side) RGBA", photoPixels(side: side))]
    }
    for file in options.files {
        inputs.append((URL(fileURLWithPath: file).lastPathComponent, [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))))
    }
    do {
        for (label, pixels) in inputs where !pixels.isEmpty {
            var stream: [UInt8] = []
            var encodeTimes: [Double] = []
            var decodeTimes: [Double] = []
            var copyTimes: [Double] = []
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: pixels.count, alignment: 16)
            defer { copy.deallocate() }
            // Small bitmaps are timed in batches, so each sample lasts long enough to measure.
            let batch = max(1, (16 << 20) / pixels.count)
            var checksum = 0
            for _ in 0..<options.repetitions {
                encodeTimes.append(seconds { for _ in 0..<batch { stream = LZFSEEncoder.encode(pixels) } })
                try decodeTimes.append(
                    seconds {
                        for _ in 0..<batch { checksum &+= try LZFSE.decode(stream, limit: .exactly(pixels.count)).count }
                    })
                copyTimes.append(
                    seconds {
                        for _ in 0..<batch {
                            pixels.withUnsafeBytes { copy.copyMemory(from: $0) }
                            checksum &+= Int(copy[pixels.count / 2])
                        }
                    })
            }
            guard try LZFSE.decode(stream, limit: .exactly(pixels.count)) == pixels else {
                print("  \(label): the stream does not decode to its input")
                exit(1)
            }
            func rate(_ times: [Double]) -> Double { Double(pixels.count * batch) / median(times) / 1e6 }
            print(
                "  \(label)".padding(toLength: 24, withPad: " ", startingAt: 0)
                    + String(
                        format: "%10d  %6.2f%%  %11.0f  %11.0f  %11.0f  %12.2fx",
                        pixels.count, Double(stream.count) * 100 / Double(pixels.count),
                        rate(encodeTimes), rate(decodeTimes), rate(copyTimes), median(decodeTimes) / median(encodeTimes)))
            _ = checksum
        }
    }
}

/// Flat-coloured discs and bars on a transparent background, with anti-aliased edges.
private func iconPixels(side: Int) -> [UInt8] {
    var random = SplitMix64(seed: UInt64(side))
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    pixels.withUnsafeMutableBufferPointer { pixels in
        for _ in 0..<24 {
            let cx = random.below(side)
            let cy = random.below(side)
            let radius = side / 40 + random.below(side / 6)
            let colour = (UInt8(random.below(256)), UInt8(random.below(256)), UInt8(random.below(256)))
            for y in max(0, cy - radius)..<min(side, cy + radius) {
                for x in max(0, cx - radius)..<min(side, cx + radius) {
                    let distance = ((x - cx) * (x - cx) + (y - cy) * (y - cy)) - radius * radius
                    guard distance < radius else { continue }
                    let alpha = distance < -radius ? 255 : UInt8(clamping: (radius - distance) * 255 / (2 * radius))
                    let offset = (y * side + x) * 4
                    pixels[offset] = colour.0
                    pixels[offset + 1] = colour.1
                    pixels[offset + 2] = colour.2
                    pixels[offset + 3] = max(pixels[offset + 3], alpha)
                }
            }
        }
    }
    return pixels
}

/// Opaque: two gradients crossing, with a little noise in every channel, as a photo's sky.
private func photoPixels(side: Int) -> [UInt8] {
    var random = SplitMix64(seed: UInt64(side) &+ 1)
    var pixels = [UInt8](repeating: 255, count: side * side * 4)
    pixels.withUnsafeMutableBufferPointer { pixels in
        for y in 0..<side {
            for x in 0..<side {
                let offset = (y * side + x) * 4
                let noise = random.next()
                pixels[offset] = UInt8(truncatingIfNeeded: x * 200 / side + Int(noise & 3))
                pixels[offset + 1] = UInt8(truncatingIfNeeded: y * 180 / side + Int((noise >> 8) & 3))
                pixels[offset + 2] = UInt8(truncatingIfNeeded: 90 + (x + y) * 60 / side + Int((noise >> 16) & 1))
            }
        }
    }
    return pixels
}
