import CompiledCatalog
import Foundation

/// deepmap2 decoding (`Deepmap2`) against LZFSE decoding of renditions of the same catalogs,
/// measured in the same run: every deepmap2 rendition, then every LZFSE bitmap of at least
/// 512 x 512 (the baseline: a plain LZFSE stream of pixels), each decoded whole through
/// `decodedBitmap`, as extract does. Rates are megabytes of decoded pixels a second.
///
///   Scripts/benchmark deepmap2 --catalog .../SameDesk/Resources/Assets.car [--catalog ...] [--repetitions 5]
func runDeepmap2(_ options: Options) throws {
    print("\ndeepmap2 decode against LZFSE decode of renditions in the same files (median of \(options.repetitions))")
    print("  rendition".padding(toLength: 44, withPad: " ", startingAt: 0) + "  size        compression   stored      MB/s")
    for path in options.catalogs {
        let catalog = try CompiledCatalog(path: path)
        let chosen = catalog.renditions.filter { rendition in
            guard case .bitmap(let compression, _) = rendition.payload else { return false }
            return compression == .deepmap2 || (compression == .lzfse && rendition.width >= 512 && rendition.height >= 512)
        }
        for rendition in chosen {
            guard case .bitmap(let compression, let chunks) = rendition.payload else { continue }
            var times: [Double] = []
            var produced = 0
            for _ in 0..<options.repetitions {
                try times.append(
                    seconds {
                        if case .pixels(let bitmap)? = try catalog.decodedBitmap(of: rendition) { produced = bitmap.bytes.count }
                    })
            }
            let stored = chunks.reduce(0) { $0 + $1.length }
            print(
                "  \(rendition.renditionName.prefix(42))".padding(toLength: 44, withPad: " ", startingAt: 0)
                    + String(
                        format: "  %4dx%-4d   ", Int(rendition.width), Int(rendition.height))
                    + compression.name.padding(toLength: 12, withPad: " ", startingAt: 0)
                    + String(format: "  %8d  %8.0f", stored, Double(produced) / median(times) / 1e6))
        }
    }
}
