import AdaptSupport

/// A Photoshop document's composite image (the merged picture Photoshop saves after the layers,
/// which is what ImageIO shows of a `.psd`): grey or RGB, 8 or 16 bits a channel, raw or
/// PackBits-compressed, with the channel after the colour ones as its alpha. vlc-ios ships one
/// named `.png`. Other colour modes and zip-compressed composites are not read.
enum PSDReader {
    static func decode(_ file: [UInt8], maxPixels: UInt64) -> Result<DecodedImage, DecodedImage.Failure> {
        file.withUnsafeBytes { bytes in decode(bytes, maxPixels: maxPixels) }
    }

    private struct Header {
        var isLarge: Bool // PSB: 8-byte section lengths and 4-byte row counts
        var channels: Int, width: Int, height: Int, depth: Int
        var colourChannels: Int
    }

    private static func header(_ bytes: UnsafeRawBufferPointer) -> Result<Header, DecodedImage.Failure> {
        guard let version = bytes.uint16BigEndian(at: 4), let channels = bytes.uint16BigEndian(at: 12), let height = bytes.uint32BigEndian(at: 14),
            let width = bytes.uint32BigEndian(at: 18), let depth = bytes.uint16BigEndian(at: 22), let mode = bytes.uint16BigEndian(at: 24)
        else { return .failure(.unreadable("its Photoshop header is cut short")) }
        guard version == 1 || version == 2 else { return .failure(.unreadable("it is Photoshop format version \(version)")) }
        // Colour modes: 1 grey, 3 RGB (CMYK, Lab, indexed and the rest are not read).
        let colourChannels = mode == 1 ? 1 : mode == 3 ? 3 : 0
        guard colourChannels > 0, depth == 8 || depth == 16, Int(channels) >= colourChannels else {
            return .failure(.unreadable("its composite is colour mode \(mode) at \(depth) bits, which adapt does not read (grey or RGB, 8 or 16 bits)"))
        }
        return .success(
            Header(
                isLarge: version == 2, channels: Int(channels), width: Int(width), height: Int(height), depth: Int(depth),
                colourChannels: colourChannels))
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: UInt64) -> Result<DecodedImage, DecodedImage.Failure> {
        let header: Header
        switch Self.header(bytes) {
        case .success(let read): header = read
        case .failure(let failure): return .failure(failure)
        }
        if let failure = DecodedImage.checkSize(header.width, header.height, maxPixels: maxPixels) { return .failure(failure) }
        // Past the colour mode data, the image resources, and the layers (whose length is 8 bytes in a PSB).
        var offset = 26
        for isLayers in [false, false, true] {
            let length = isLayers && header.isLarge ? bytes.uint64BigEndian(at: offset) : bytes.uint32BigEndian(at: offset).map(UInt64.init)
            guard let length, length <= UInt64(bytes.count) else { return .failure(.unreadable("a section's length runs past its end")) }
            offset += (isLayers && header.isLarge ? 8 : 4) + Int(length)
        }
        guard let compression = bytes.uint16BigEndian(at: offset) else { return .failure(.unreadable("it has no composite image")) }
        offset += 2
        // The channels used, in order: colour, then alpha when there is one more.
        let used = header.colourChannels + (header.channels > header.colourChannels ? 1 : 0)
        let rowLength = header.width * header.depth / 8
        let planes: [[UInt8]]
        switch compression {
        case 0: planes = raw(bytes, from: offset, channels: used, rowLength: rowLength, height: header.height)
        case 1: planes = packBits(bytes, from: offset, header, channels: used, rowLength: rowLength)
        default: return .failure(.unreadable("its composite is compressed with method \(compression), which adapt does not read"))
        }
        guard planes.count == used else { return .failure(.unreadable("its composite image ends before its last row")) }
        var pixels = [UInt8](repeating: 255, count: header.width * header.height * 4)
        let step = header.depth / 8 // a 16-bit sample's high byte comes first
        for index in 0..<header.width * header.height {
            let sample = index * step
            let (red, green, blue) =
                header.colourChannels == 3
                ? (planes[0][sample], planes[1][sample], planes[2][sample]) : (planes[0][sample], planes[0][sample], planes[0][sample])
            (pixels[index * 4], pixels[index * 4 + 1], pixels[index * 4 + 2]) = (blue, green, red)
            if used > header.colourChannels { pixels[index * 4 + 3] = planes[used - 1][sample] }
        }
        DecodedImage.premultiply(&pixels)
        return .success(DecodedImage(pixels: pixels, width: header.width, height: header.height))
    }

    /// Uncompressed planes, one after another; fewer than `channels` when the file ends first.
    private static func raw(_ bytes: UnsafeRawBufferPointer, from offset: Int, channels: Int, rowLength: Int, height: Int) -> [[UInt8]] {
        let planeLength = rowLength * height
        return (0..<channels).compactMap { channel in bytes.window(offset: offset + channel * planeLength, length: planeLength).map { Array($0) } }
    }

    /// PackBits planes: every row's byte count (of every channel, 2 bytes each, 4 in a PSB), then the rows.
    private static func packBits(_ bytes: UnsafeRawBufferPointer, from offset: Int, _ header: Header, channels: Int, rowLength: Int) -> [[UInt8]] {
        let countLength = header.isLarge ? 4 : 2
        var source = offset + header.channels * header.height * countLength
        var planes: [[UInt8]] = []
        for channel in 0..<channels {
            var plane: [UInt8] = []
            plane.reserveCapacity(rowLength * header.height)
            for row in 0..<header.height {
                let at = offset + (channel * header.height + row) * countLength
                guard let count = header.isLarge ? bytes.uint32BigEndian(at: at).map(Int.init) : bytes.uint16BigEndian(at: at).map(Int.init),
                    let packed = bytes.window(offset: source, length: count), let unpacked = unpackBits(packed, length: rowLength)
                else { return planes }
                plane += unpacked
                source += count
            }
            planes.append(plane)
        }
        return planes
    }

    /// One PackBits row of `length` bytes, or nil when it does not unpack to that length.
    static func unpackBits(_ packed: UnsafeRawBufferPointer, length: Int) -> [UInt8]? {
        var row: [UInt8] = []
        row.reserveCapacity(length)
        var index = 0
        while index < packed.count, row.count < length {
            let header = Int(Int8(bitPattern: packed[index]))
            index += 1
            if header >= 0 {
                guard index + header + 1 <= packed.count else { return nil }
                row += packed[index..<index + header + 1]
                index += header + 1
            } else if header != -128 {
                guard index < packed.count else { return nil }
                row += repeatElement(packed[index], count: 1 - header)
                index += 1
            }
        }
        return row.count == length ? row : nil
    }
}
