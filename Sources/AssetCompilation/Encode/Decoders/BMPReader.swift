import AdaptSupport

/// Windows bitmaps (`BM`): the uncompressed kinds, 1, 4 and 8 bits a pixel through a palette, and
/// 16, 24 and 32 bits directly or through bit masks. Run-length-encoded and embedded JPEG or PNG
/// bitmaps are not read.
enum BMPReader {
    static func decode(_ file: [UInt8], maxPixels: UInt64) -> Result<DecodedImage, DecodedImage.Failure> {
        file.withUnsafeBytes { bytes in decode(bytes, maxPixels: maxPixels) }
    }

    private struct Header {
        var width: Int, height: Int, topDown: Bool, bitsPerPixel: Int, compression: UInt32
        var pixelOffset: Int, paletteOffset: Int, paletteEntrySize: Int, paletteCount: Int
        var masks: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)
    }

    private static func header(_ bytes: UnsafeRawBufferPointer) -> Result<Header, DecodedImage.Failure> {
        guard let pixelOffset = bytes.uint32LittleEndian(at: 10), let infoSize = bytes.uint32LittleEndian(at: 14) else {
            return .failure(.unreadable("its bitmap header is cut short"))
        }
        if infoSize == 12 {
            // The OS/2 core header: 16-bit sizes, 3-byte palette entries.
            guard let width = bytes.uint16LittleEndian(at: 18), let height = bytes.uint16LittleEndian(at: 20), let bits = bytes.uint16LittleEndian(at: 24)
            else { return .failure(.unreadable("its bitmap header is cut short")) }
            return .success(
                Header(
                    width: Int(width), height: Int(height), topDown: false, bitsPerPixel: Int(bits), compression: 0, pixelOffset: Int(pixelOffset),
                    paletteOffset: 26, paletteEntrySize: 3, paletteCount: 1 << min(Int(bits), 8), masks: (0, 0, 0, 0)))
        }
        guard infoSize >= 40, let rawWidth = bytes.uint32LittleEndian(at: 18), let rawHeight = bytes.uint32LittleEndian(at: 22),
            let bits = bytes.uint16LittleEndian(at: 28), let compression = bytes.uint32LittleEndian(at: 30), let used = bytes.uint32LittleEndian(at: 46)
        else { return .failure(.unreadable("its bitmap header is cut short")) }
        let height = Int(Int32(bitPattern: rawHeight))
        // Masks follow a 40-byte header (BI_BITFIELDS), or are inside a larger one.
        let maskOffset = 14 + 40
        func mask(_ index: Int) -> UInt32 { bytes.uint32LittleEndian(at: maskOffset + 4 * index) ?? 0 }
        var masks: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        if compression == 3 || compression == 6 {
            masks = (mask(0), mask(1), mask(2), compression == 6 || infoSize >= 56 ? mask(3) : 0)
        } else if bits == 16 {
            masks = (0x7C00, 0x03E0, 0x001F, 0)
        } else if bits == 32 {
            masks = (0x00FF_0000, 0x0000_FF00, 0x0000_00FF, infoSize >= 56 ? mask(3) : 0)
        }
        let paletteOffset = 14 + Int(infoSize) + (compression == 3 && infoSize == 40 ? 12 : compression == 6 && infoSize == 40 ? 16 : 0)
        return .success(
            Header(
                width: Int(Int32(bitPattern: rawWidth)), height: abs(height), topDown: height < 0, bitsPerPixel: Int(bits), compression: compression,
                pixelOffset: Int(pixelOffset), paletteOffset: paletteOffset, paletteEntrySize: 4,
                paletteCount: used != 0 ? Int(min(used, 256)) : 1 << min(Int(bits), 8), masks: masks))
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: UInt64) -> Result<DecodedImage, DecodedImage.Failure> {
        let header: Header
        switch Self.header(bytes) {
        case .success(let read): header = read
        case .failure(let failure): return .failure(failure)
        }
        if let failure = DecodedImage.checkSize(header.width, header.height, maxPixels: maxPixels) { return .failure(failure) }
        guard [0, 3, 6].contains(header.compression), [1, 4, 8, 16, 24, 32].contains(header.bitsPerPixel),
            header.bitsPerPixel > 8 || header.compression == 0
        else {
            return .failure(.unreadable("it is a \(header.bitsPerPixel)-bit bitmap with compression \(header.compression), which adapt does not read"))
        }
        let rowLength = (header.width * header.bitsPerPixel + 31) / 32 * 4
        guard let rows = bytes.window(offset: header.pixelOffset, length: rowLength * header.height) else {
            return .failure(.unreadable("its pixels end before its \(header.height) rows"))
        }
        var palette: [(UInt8, UInt8, UInt8)] = []
        if header.bitsPerPixel <= 8 {
            for index in 0..<header.paletteCount {
                let entry = header.paletteOffset + index * header.paletteEntrySize
                guard let blue = bytes.uint8(at: entry), let green = bytes.uint8(at: entry + 1), let red = bytes.uint8(at: entry + 2) else { break }
                palette.append((blue, green, red))
            }
        }
        var pixels = [UInt8](repeating: 255, count: header.width * header.height * 4)
        for row in 0..<header.height {
            let source = (header.topDown ? row : header.height - 1 - row) * rowLength
            for column in 0..<header.width {
                let (blue, green, red, alpha) = pixel(rows, row: source, column: column, header, palette)
                let target = (row * header.width + column) * 4
                (pixels[target], pixels[target + 1], pixels[target + 2], pixels[target + 3]) = (blue, green, red, alpha)
            }
        }
        DecodedImage.premultiply(&pixels)
        return .success(DecodedImage(pixels: pixels, width: header.width, height: header.height))
    }

    private static func pixel(
        _ rows: UnsafeRawBufferPointer, row: Int, column: Int, _ header: Header, _ palette: [(UInt8, UInt8, UInt8)]
    ) -> (UInt8, UInt8, UInt8, UInt8) {
        let bits = header.bitsPerPixel
        if bits <= 8 {
            let bit = column * bits
            let byte = rows[row + bit / 8]
            let index = Int(byte >> (8 - bits - bit % 8)) & ((1 << bits) - 1)
            let entry = index < palette.count ? palette[index] : (0, 0, 0)
            return (entry.0, entry.1, entry.2, 255)
        }
        let offset = row + column * (bits / 8)
        if bits == 24 { return (rows[offset], rows[offset + 1], rows[offset + 2], 255) }
        let value = bits == 16 ? UInt32(rows[offset]) | UInt32(rows[offset + 1]) << 8 : rows.uint32LittleEndian(at: offset) ?? 0
        let masks = header.masks
        return (channel(value, masks.blue), channel(value, masks.green), channel(value, masks.red), masks.alpha == 0 ? 255 : channel(value, masks.alpha))
    }

    /// The masked bits of `value` scaled to 8 bits.
    private static func channel(_ value: UInt32, _ mask: UInt32) -> UInt8 {
        guard mask != 0 else { return 0 }
        let shifted = (value & mask) >> UInt32(mask.trailingZeroBitCount)
        let maximum = mask >> UInt32(mask.trailingZeroBitCount)
        return UInt8((UInt64(shifted) * 255 + UInt64(maximum) / 2) / UInt64(maximum))
    }
}
