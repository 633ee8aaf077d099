import AdaptSupport

extension SystemImageLibraries {
    /// A TIFF's first image through libtiff's RGBA interface (which converts every photometric
    /// kind it knows and premultiplies unassociated alpha), read from the file's bytes in memory.
    static func decodeTIFF(_ file: [UInt8], maxPixels: UInt64) -> Result<DecodedImage, DecodedImage.Failure> {
        guard let tiff else { return .failure(.libraryMissing(package: "libtiff6")) }
        return file.withUnsafeBytes { bytes in
            let source = MemoryFile(bytes)
            let client = Unmanaged.passUnretained(source).toOpaque()
            guard
                let handle = tiff.clientOpen(
                    "image.tiff", "rm", client, MemoryFile.read, MemoryFile.write, MemoryFile.seek, MemoryFile.close, MemoryFile.size, MemoryFile.map,
                    MemoryFile.unmap)
            else { return .failure(.unreadable("libtiff cannot read its header")) }
            defer { tiff.close(handle) }
            return withExtendedLifetime(source) { firstImage(tiff, handle, maxPixels: maxPixels) }
        }
    }

    /// libtiff's `TIFFRGBAImage` is a C struct adapt does not link the header of: its first fields
    /// are the handle, three ints, then the width and height (offsets 20 and 24 on every 64-bit
    /// target); the rest is libtiff's, in a buffer larger than the struct.
    private static let rgbaImageLength = 4096

    private static func firstImage(_ tiff: TIFF, _ handle: TIFF.Pointer, maxPixels: UInt64) -> Result<DecodedImage, DecodedImage.Failure> {
        let image = UnsafeMutableRawPointer.allocate(byteCount: rgbaImageLength, alignment: 16)
        defer { image.deallocate() }
        image.initializeMemory(as: UInt8.self, repeating: 0, count: rgbaImageLength)
        var message = [CChar](repeating: 0, count: 1024)
        guard tiff.imageBegin(image, handle, 0, &message) == 1 else {
            return .failure(.unreadable("libtiff cannot read it: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"))
        }
        defer { tiff.imageEnd(image) }
        let width = Int(image.load(fromByteOffset: 20, as: UInt32.self))
        let height = Int(image.load(fromByteOffset: 24, as: UInt32.self))
        if let failure = DecodedImage.checkSize(width, height, maxPixels: maxPixels) { return .failure(failure) }
        var raster = [UInt32](repeating: 0, count: width * height)
        guard tiff.imageGet(image, &raster, UInt32(width), UInt32(height)) == 1 else { return .failure(.unreadable("libtiff cannot decode its pixels")) }
        // Rows bottom first, each pixel R G B A from the lowest byte up: to B G R A, top row first.
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            for column in 0..<width {
                let value = raster[(height - 1 - row) * width + column]
                let target = (row * width + column) * 4
                pixels[target] = UInt8(truncatingIfNeeded: value >> 16)
                pixels[target + 1] = UInt8(truncatingIfNeeded: value >> 8)
                pixels[target + 2] = UInt8(truncatingIfNeeded: value)
                pixels[target + 3] = UInt8(truncatingIfNeeded: value >> 24)
            }
        }
        return .success(DecodedImage(pixels: pixels, width: width, height: height))
    }
}

/// A file's bytes as libtiff's client procedures read them: read-only, never mapped.
private final class MemoryFile {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    private static func file(_ client: UnsafeMutableRawPointer?) -> MemoryFile { Unmanaged<MemoryFile>.fromOpaque(client!).takeUnretainedValue() }

    static let read: SystemImageLibraries.TIFF.ReadProc = { client, buffer, count in
        let file = file(client)
        let length = max(0, min(count, file.bytes.count - file.position))
        if length > 0, let buffer, let base = file.bytes.baseAddress { buffer.copyMemory(from: base + file.position, byteCount: length) }
        file.position += length
        return length
    }
    static let write: SystemImageLibraries.TIFF.ReadProc = { _, _, _ in -1 }
    static let seek: SystemImageLibraries.TIFF.SeekProc = { client, offset, whence in
        let file = file(client)
        let base = whence == 1 ? file.position : whence == 2 ? file.bytes.count : 0
        let (target, overflow) = Int(bitPattern: UInt(offset)).addingReportingOverflow(base)
        guard !overflow, target >= 0 else { return UInt64.max }
        file.position = target
        return UInt64(target)
    }
    static let close: SystemImageLibraries.TIFF.CloseProc = { _ in 0 }
    static let size: SystemImageLibraries.TIFF.SizeProc = { client in UInt64(file(client).bytes.count) }
    static let map: SystemImageLibraries.TIFF.MapProc = { _, _, _ in 0 }
    static let unmap: SystemImageLibraries.TIFF.UnmapProc = { _, _, _ in }
}
