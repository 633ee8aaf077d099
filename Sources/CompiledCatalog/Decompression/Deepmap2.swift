import AdaptSupport

/// deepmap2, CoreUI's compression 11: what Xcode 26 stores Icon Composer layers and tvOS
/// image-stack layers with. Apple writes it with Accelerate's private
/// `vImageDeepmap2EncodeCreateBuffer` and publishes no description; everything here was read off
/// real files (the corpus's SameDesk, AM-MiniPlayer and Stasis catalogs, and the Apple-compiled
/// reference output in mcfans/actool's tests) and checked against the images they were compiled
/// from. The code is ours.
///
/// ```swift
/// let pixels = try Deepmap2.decode(celmData, width: 400, height: 240, format: .argb)  // nil: a variant not decoded
/// ```
///
/// The `CELM` data is `dmp2`, sometimes after a 16-byte preamble (1, the pixel format code, the
/// length of what follows, 0), then an 8-byte header:
///
/// | byte | meaning                                                                     |
/// |------|-----------------------------------------------------------------------------|
/// | 0    | the variant: 2 predicted planes (`Deepmap2Band`), 3 packed pixels, 4 a palette |
/// | 1, 2 | 1 and 10 in every file seen (the encoder's options)                          |
/// | 3    | the pixel format: 4 BGRA, 2 grey + alpha, 20 RGBW (half floats)              |
/// | 4-5  | the width, little-endian                                                      |
/// | 6-7  | the rows of one band, little-endian (the image's height when it has one band) |
///
/// Then, for variants 2 and 3, one stream per band of rows, top to bottom, each a 32-bit length
/// and an LZFSE stream (a raw LZVN stream when it has no block magic). A variant-3 band is the
/// pixels in the format's own layout; a variant-2 band is planes a predictor rebuilds
/// (`Deepmap2Band`). Variant 2 is lossy for colour: it keeps half of each chroma difference, so
/// green and blue can come back one step off (red, alpha and grey come back exactly).
/// Variant 4 is a palette of up to 255 colours and a byte a pixel, 0 transparent (`palette`). Any other
/// variant, format or layout is not decoded: `decode` returns nil and the caller names the
/// rendition's compression.
///
/// Untrusted input stays bounded: the output is exactly `width * height * bytesPerPixel` bytes,
/// each band's stream may produce only its own band's bytes, and the header must agree with the
/// rendition on width and format.
package enum Deepmap2 {
    /// The header after `dmp2`, and where the band streams start in the payload.
    package struct Header: Hashable, Sendable {
        /// 2: predicted planes; 3: packed pixels; 4: a palette.
        package var variant: UInt8
        /// The encoder's code for the pixel format (4 BGRA, 2 grey + alpha, 20 RGBW).
        package var formatCode: UInt8
        package var width: Int
        /// Rows per band; the last band holds what is left.
        package var bandRows: Int
        /// Offset of the first band's length word, from the start of the payload.
        package var streamsOffset: Int
    }

    /// The pixel layout a format code stands for, when this package knows it.
    static func format(code: UInt8) -> BitmapPixelFormat? {
        switch code {
        case 4: .argb
        case 2: .grayAlpha8
        case 20: .argb16
        default: nil
        }
    }

    /// The header of a `CELM` payload, or nil when it does not start like deepmap2 data.
    package static func header(of payload: ArraySlice<UInt8>) -> Header? {
        payload.withUnsafeBufferPointer { bytes -> Header? in
            var start = 0
            if bytes.uint32BigEndian(at: 0) != magic {
                // The 16-byte preamble: one blob, its format, its length.
                guard bytes.uint32LittleEndian(at: 0) == 1, let length = bytes.uint32LittleEndian(at: 8),
                    Int(length) <= bytes.count - 16, bytes.uint32BigEndian(at: 16) == magic
                else { return nil }
                start = 16
            }
            guard let width = bytes.uint16LittleEndian(at: start + 8), let rows = bytes.uint16LittleEndian(at: start + 10) else { return nil }
            // Safe: the read of bytes start+10 and start+11 succeeded, so bytes start+4 and start+7 exist.
            return Header(
                variant: bytes[start + 4], formatCode: bytes[start + 7], width: Int(width), bandRows: Int(rows),
                streamsOffset: start + 12)
        }
    }

    static let magic: UInt32 = 0x646D_7032 // "dmp2"

    /// The pixels of a `width` × `height` deepmap2 payload in `format`'s memory layout (tight
    /// rows), or nil for a variant or format this package does not decode.
    package static func decode(_ payload: ArraySlice<UInt8>, width: Int, height: Int, format: BitmapPixelFormat) throws(DecompressionError) -> [UInt8]? {
        guard let header = header(of: payload) else {
            throw DecompressionError("deepmap2", .corrupt, at: 0, "payload does not start with dmp2")
        }
        guard let stated = Self.format(code: header.formatCode),
            header.variant == 3 || (header.variant == 2 && stated != .argb16) || (header.variant == 4 && stated == .argb)
        else { return nil }
        guard stated == format, header.width == width, header.bandRows > 0, width > 0, height >= 0 else {
            throw DecompressionError(
                "deepmap2", .corrupt, at: header.streamsOffset - 8,
                "header says \(header.width) pixels wide in bands of \(header.bandRows) rows of format \(header.formatCode); the rendition is \(width) x \(height) \(format.rawValue)"
            )
        }
        if header.variant == 4 {
            // One band is all the files show; another layout is named, not guessed at.
            guard header.bandRows >= height else { return nil }
            return try palette(payload, header: header, pixels: width * height)
        }
        let rowBytes = width * format.bytesPerPixel
        var output = [UInt8](repeating: 0, count: rowBytes * height)
        var cursor = payload.startIndex + header.streamsOffset
        var row = 0
        while row < height {
            let rows = min(header.bandRows, height - row)
            let offset = cursor - payload.startIndex
            let word = payload.withUnsafeBufferPointer { $0.uint32LittleEndian(at: offset) }
            guard let length = word.map(Int.init), length <= payload.endIndex - cursor - 4 else {
                throw DecompressionError("deepmap2", .truncated, at: offset, "band at row \(row) of \(height) runs past the payload's \(payload.count) bytes")
            }
            let stream = payload[(cursor + 4)..<(cursor + 4 + length)]
            do throws(DecompressionError) {
                if header.variant == 3 {
                    let band = try unpack(stream, limit: .exactly(rows * rowBytes))
                    output.replaceSubrange((row * rowBytes)..<((row + rows) * rowBytes), with: band)
                } else {
                    let channels = format == .argb ? 3 : 1
                    let planes = Deepmap2Band.size(width: width, rows: rows, channels: channels)
                    // The encoder pads a band's planes to a multiple of 16 bytes.
                    let band = try unpack(stream, limit: .atMost(planes + 15))
                    // Checked here too: the output buffer's smallest allocation (64 bytes) can pass a smaller limit.
                    guard band.count >= planes, band.count <= planes + 15 else {
                        throw DecompressionError("deepmap2", .sizeMismatch, at: length, "band decoded to \(band.count) bytes, its planes take \(planes)")
                    }
                    try Deepmap2Band(width: width, rows: rows, channels: channels).reconstruct(band, into: &output, at: row * rowBytes)
                }
            } catch {
                throw error.shifted(by: offset + 4)
            }
            cursor += 4 + length
            row += rows
        }
        return output
    }

    /// Variant 4: a 16-bit count of indices, 4 (bytes a colour), 4 zero bytes, the colours of
    /// indices 1 and up (premultiplied B G R A; index 0 is transparent), then, after its 32-bit
    /// length, one stream of a byte a pixel: its index. (mcfans/actool's Apple-compiled atlases:
    /// every packed image is a box of its source's colour and size, plus its padding.)
    static func palette(_ payload: ArraySlice<UInt8>, header: Header, pixels: Int) throws(DecompressionError) -> [UInt8]? {
        let start = header.streamsOffset
        let fields = payload.withUnsafeBufferPointer { bytes in
            (bytes.uint16LittleEndian(at: start).map(Int.init), bytes.uint16LittleEndian(at: start + 2))
        }
        guard let count = fields.0, let size = fields.1 else {
            throw DecompressionError("deepmap2", .truncated, at: start, "palette header runs past the payload's \(payload.count) bytes")
        }
        guard size == 4, (1...256).contains(count) else { return nil }
        // The colours, from index 1; then the stream's length and the stream.
        let colours = start + 8
        let lengthAt = colours + 4 * (count - 1)
        let word = payload.withUnsafeBufferPointer { $0.uint32LittleEndian(at: lengthAt) }
        guard let length = word.map(Int.init), length <= payload.count - lengthAt - 4 else {
            throw DecompressionError(
                "deepmap2", .truncated, at: start + 8, "\(count - 1) colours and their stream run past the payload's \(payload.count) bytes")
        }
        let base = payload.startIndex
        let indices: [UInt8]
        do throws(DecompressionError) {
            indices = try unpack(payload[(base + lengthAt + 4)..<(base + lengthAt + 4 + length)], limit: .exactly(pixels))
        } catch {
            throw error.shifted(by: lengthAt + 4)
        }
        var output = [UInt8](repeating: 0, count: pixels * 4)
        for (pixel, index) in indices.enumerated() where index != 0 {
            guard Int(index) < count else {
                throw DecompressionError("deepmap2", .corrupt, at: lengthAt + 4, "pixel \(pixel) names index \(index) of \(count)")
            }
            let colour = base + colours + 4 * (Int(index) - 1)
            for channel in 0..<4 { output[4 * pixel + channel] = payload[colour + channel] }
        }
        return output
    }

    /// A band's stream: LZFSE when it starts with a block magic, else a raw LZVN stream.
    static func unpack(_ stream: ArraySlice<UInt8>, limit: DecodeLimit) throws(DecompressionError) -> [UInt8] {
        LZFSE.hasBlockMagic(stream) ? try LZFSE.decode(stream, limit: limit) : try LZVN.decode(stream, limit: limit)
    }
}
