import AdaptSupport

/// A GIF's first frame, on a canvas of the file's screen size (transparent outside the frame and
/// where the frame's graphic control names a transparent index), as ImageIO shows a still GIF.
enum GIFReader {
    static func decode(_ file: [UInt8], maxPixels: UInt64) -> Result<DecodedImage, DecodedImage.Failure> {
        file.withUnsafeBytes { bytes in decode(bytes, maxPixels: maxPixels) }
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: UInt64) -> Result<DecodedImage, DecodedImage.Failure> {
        guard let width = bytes.uint16LittleEndian(at: 6).map(Int.init), let height = bytes.uint16LittleEndian(at: 8).map(Int.init),
            let flags = bytes.uint8(at: 10)
        else { return .failure(.unreadable("its screen descriptor is cut short")) }
        if let failure = DecodedImage.checkSize(width, height, maxPixels: maxPixels) { return .failure(failure) }
        var offset = 13
        var palette = flags & 0x80 != 0 ? colourTable(bytes, at: &offset, size: flags & 7) : []
        var transparent: Int?
        while let introducer = bytes.uint8(at: offset) {
            offset += 1
            switch introducer {
            case 0x21: // an extension: its label, then sub-blocks; a graphic control's may name a transparent index
                guard let label = bytes.uint8(at: offset) else { break }
                if label == 0xF9, let control = bytes.uint8(at: offset + 2), control & 1 != 0 { transparent = bytes.uint8(at: offset + 5).map(Int.init) }
                offset = skipSubBlocks(bytes, from: offset + 1)
            case 0x2C: // the first image: it is the one shown
                return frame(bytes, at: offset, canvas: (width, height), palette: &palette, transparent: transparent)
            default:
                return .failure(.unreadable("it has no image before byte \(offset)"))
            }
        }
        return .failure(.unreadable("it has no image"))
    }

    private static func colourTable(_ bytes: UnsafeRawBufferPointer, at offset: inout Int, size: UInt8) -> [(UInt8, UInt8, UInt8)] {
        let count = 2 << Int(size)
        var table: [(UInt8, UInt8, UInt8)] = []
        for index in 0..<count {
            guard let red = bytes.uint8(at: offset + index * 3), let green = bytes.uint8(at: offset + index * 3 + 1),
                let blue = bytes.uint8(at: offset + index * 3 + 2)
            else { break }
            table.append((red, green, blue))
        }
        offset += count * 3
        return table
    }

    /// The offset after the sub-blocks that start at `offset` (each a length byte, a zero ends them).
    private static func skipSubBlocks(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> Int {
        var offset = offset
        while let length = bytes.uint8(at: offset), length != 0 { offset += 1 + Int(length) }
        return offset + 1
    }

    private static func frame(
        _ bytes: UnsafeRawBufferPointer, at start: Int, canvas: (width: Int, height: Int), palette: inout [(UInt8, UInt8, UInt8)], transparent: Int?
    ) -> Result<DecodedImage, DecodedImage.Failure> {
        guard let left = bytes.uint16LittleEndian(at: start).map(Int.init), let top = bytes.uint16LittleEndian(at: start + 2).map(Int.init),
            let width = bytes.uint16LittleEndian(at: start + 4).map(Int.init), let height = bytes.uint16LittleEndian(at: start + 6).map(Int.init),
            let flags = bytes.uint8(at: start + 8)
        else { return .failure(.unreadable("its image descriptor is cut short")) }
        var offset = start + 9
        if flags & 0x80 != 0 { palette = colourTable(bytes, at: &offset, size: flags & 7) }
        guard let minimumCodeSize = bytes.uint8(at: offset), (2...8).contains(minimumCodeSize) else {
            return .failure(.unreadable("its image data has no valid code size"))
        }
        var data: [UInt8] = []
        var block = offset + 1
        while let length = bytes.uint8(at: block), length != 0, let window = bytes.window(offset: block + 1, length: Int(length)) {
            data += window
            block += 1 + Int(length)
        }
        let indices = LZWDecoder.decode(data, minimumCodeSize: Int(minimumCodeSize), count: width * height)
        let rows = flags & 0x40 != 0 ? interlacedRows(height) : Array(0..<height)
        var pixels = [UInt8](repeating: 0, count: canvas.width * canvas.height * 4)
        for (position, index) in indices.enumerated() {
            let (row, column) = (top + rows[position / width], left + position % width)
            guard row < canvas.height, column < canvas.width, Int(index) < palette.count, Int(index) != transparent else { continue }
            let colour = palette[Int(index)]
            let target = (row * canvas.width + column) * 4
            (pixels[target], pixels[target + 1], pixels[target + 2], pixels[target + 3]) = (colour.2, colour.1, colour.0, 255)
        }
        return .success(DecodedImage(pixels: pixels, width: canvas.width, height: canvas.height))
    }

    /// The frame row each stored row is, for an interlaced frame: every 8th from 0, from 4, every 4th from 2, every 2nd from 1.
    private static func interlacedRows(_ height: Int) -> [Int] {
        [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }
}

/// GIF's variable-length LZW: codes read least significant bit first, the table grown to 12 bits.
enum LZWDecoder {
    /// At most `count` colour indices; fewer when the data ends or breaks first.
    static func decode(_ data: [UInt8], minimumCodeSize: Int, count: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var prefix = [Int](repeating: 0, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        for code in 0..<clear { suffix[code] = UInt8(truncatingIfNeeded: code) }
        var (codeSize, next, previous, first) = (minimumCodeSize + 1, clear + 2, -1, UInt8(0))
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var stack: [UInt8] = []
        var (bitBuffer, bitCount, position) = (0, 0, 0)
        while output.count < count {
            while bitCount < codeSize, position < data.count {
                bitBuffer |= Int(data[position]) << bitCount
                (bitCount, position) = (bitCount + 8, position + 1)
            }
            guard bitCount >= codeSize else { break }
            var code = bitBuffer & ((1 << codeSize) - 1)
            (bitBuffer, bitCount) = (bitBuffer >> codeSize, bitCount - codeSize)
            if code == clear {
                (codeSize, next, previous) = (minimumCodeSize + 1, clear + 2, -1)
                continue
            }
            if code == clear + 1 || code > next || (previous < 0 && code >= clear) { break }
            if previous < 0 {
                first = suffix[code]
                output.append(first)
                previous = code
                continue
            }
            let incoming = code
            stack.removeAll(keepingCapacity: true)
            if code == next {
                stack.append(first)
                code = previous
            }
            while code >= clear {
                stack.append(suffix[code])
                code = prefix[code]
            }
            first = suffix[code]
            stack.append(first)
            output += stack.reversed().prefix(count - output.count)
            if next < 4096 {
                (prefix[next], suffix[next], next) = (previous, first, next + 1)
                if next == 1 << codeSize, codeSize < 12 { codeSize += 1 }
            }
            previous = incoming
        }
        return output
    }
}
