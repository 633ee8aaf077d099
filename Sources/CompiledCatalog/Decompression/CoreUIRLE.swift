import AdaptSupport

/// CoreUI's run-length encoding (compression type 1), one bitmap chunk at a time.
///
/// A chunk starts with three little-endian 32-bit words: a pixel encoding (1 for one byte a
/// pixel, 3 for two, 4 for four), the width and the row count; then one 32-bit offset per row,
/// from the chunk's start, to that row's packets. A packet is a 32-bit word whose low 24 bits
/// count pixels and whose high byte says what follows: `0x00`, that many pixels as they are;
/// `0x80`, one pixel to repeat that many times. A row's packets cover its width exactly. (Facts
/// from the MIT-licensed blacktop/ipsw `pkg/car/rle.go`, which checked them against CoreUI's
/// own decode; no `.car` in our corpus uses RLE, so a synthetic fixture tests this.)
///
/// ```swift
/// let rows = try CoreUIRLE.decode(chunk, width: 50, rows: 50, bytesPerPixel: 4, rowBytes: 200)
/// ```
package enum CoreUIRLE {
    /// The decoded rows, `rowBytes` apart (bytes past `width * bytesPerPixel` in a row are zero).
    package static func decode(
        _ chunk: ArraySlice<UInt8>, width: Int, rows: Int, bytesPerPixel: Int,
        rowBytes: Int
    ) throws(DecompressionError) -> [UInt8] {
        func fail(_ kind: DecompressionError.Kind, _ offset: Int, _ message: String) -> DecompressionError {
            DecompressionError("rle", kind, at: offset, message)
        }
        guard width >= 0, rows >= 0, [1, 2, 4].contains(bytesPerPixel), rowBytes >= width * bytesPerPixel else {
            throw fail(.corrupt, 0, "cannot lay out \(width) x \(rows) pixels of \(bytesPerPixel) bytes in \(rowBytes)-byte rows")
        }
        let (size, overflow) = rowBytes.multipliedReportingOverflow(by: rows)
        guard !overflow, size <= DecodeLimit.hardCap else { throw fail(.tooLarge, 0, "\(rows) rows of \(rowBytes) bytes is too large") }
        return try chunk.withUnsafeBufferPointer { input throws(DecompressionError) -> [UInt8] in
            let headerSize = 12 + 4 * rows
            guard input.count >= headerSize else {
                throw fail(.truncated, 0, "row table needs \(headerSize) bytes, chunk has \(input.count)")
            }
            // The row table's words lie inside the `headerSize` bytes checked above; the reads check again.
            func tableWord(_ offset: Int) throws(DecompressionError) -> UInt32 {
                guard let word = input.uint32LittleEndian(at: offset) else {
                    throw fail(.truncated, 0, "row table needs \(headerSize) bytes, chunk has \(input.count)")
                }
                return word
            }
            let encoding = Int(try tableWord(0))
            let encodedBytesPerPixel = [1: 1, 3: 2, 4: 4][encoding]
            guard encodedBytesPerPixel == bytesPerPixel else {
                throw fail(.corrupt, 0, "pixel encoding \(encoding) does not have \(bytesPerPixel) bytes a pixel")
            }
            let chunkWidth = try tableWord(4)
            let chunkRows = try tableWord(8)
            guard Int(chunkWidth) == width, Int(chunkRows) == rows else {
                throw fail(.corrupt, 4, "chunk is \(chunkWidth) x \(chunkRows), rendition chunk is \(width) x \(rows)")
            }
            var output = [UInt8](repeating: 0, count: size)
            try output.withUnsafeMutableBufferPointer { out throws(DecompressionError) in
                for row in 0..<rows {
                    var position = Int(try tableWord(12 + 4 * row))
                    guard position >= headerSize, position < input.count else {
                        throw fail(.corrupt, 12 + 4 * row, "row \(row) starts at \(position), outside the chunk's packets")
                    }
                    var x = 0
                    let rowStart = row * rowBytes
                    while x < width {
                        guard let control = input.uint32LittleEndian(at: position) else {
                            throw fail(.truncated, position, "row \(row) ends in a packet header")
                        }
                        let count = Int(control & 0xFF_FFFF)
                        guard count > 0, count <= width - x else {
                            throw fail(.corrupt, position, "row \(row) packet of \(count) pixels at x \(x) does not fit a \(width)-pixel row")
                        }
                        position += 4
                        let target = out.baseAddress! + rowStart + x * bytesPerPixel
                        switch control >> 24 {
                        case 0x00:
                            let length = count * bytesPerPixel
                            guard input.count - position >= length else { throw fail(.truncated, position, "row \(row) literal run is cut off") }
                            target.update(from: input.baseAddress! + position, count: length)
                            position += length
                        case 0x80:
                            guard input.count - position >= bytesPerPixel else { throw fail(.truncated, position, "row \(row) repeated pixel is cut off") }
                            for index in 0..<count {
                                (target + index * bytesPerPixel).update(from: input.baseAddress! + position, count: bytesPerPixel)
                            }
                            position += bytesPerPixel
                        default:
                            throw fail(.corrupt, position - 4, "row \(row) packet kind 0x\(hex(control >> 24)) is neither literal (00) nor repeat (80)")
                        }
                        x += count
                    }
                }
            }
            return output
        }
    }
}
