import CPNGSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small PNG thumbnails of a catalog's images, for `adapt report`: decoded with libpng, box-filtered
/// to at most `maxSide` pixels, encoded as PNG (`Sources/CPNGSupport/Thumbnail.c`).
///
/// Thumbnails are cached by file content: `cacheFolder/<hash of the bytes>-<maxSide>.png`, so a
/// second report of the same catalog decodes nothing. A file libpng cannot decode (CgBI, JPEG,
/// PDF, a corrupt PNG) gets no thumbnail, and the report shows a labelled placeholder.
///
/// ```swift
/// let thumbnailer = Thumbnailer(cacheFolder: Thumbnailer.defaultCacheFolder)
/// if let thumbnail = thumbnailer.thumbnail(ofFileAt: "App.xcassets/Logo.imageset/logo@2x.png") {
///     print(thumbnail.width, thumbnail.height, thumbnail.png.count)
/// }
/// ```
public struct Thumbnailer: Sendable {
    public var maxSide: Int
    /// Where thumbnails are kept between runs; nil keeps nothing.
    public var cacheFolder: String?
    /// Images that claim more pixels are not decoded.
    public var maxPixels: UInt64 = 64_000_000

    public init(maxSide: Int = 128, cacheFolder: String? = Thumbnailer.defaultCacheFolder) {
        self.maxSide = maxSide
        self.cacheFolder = cacheFolder
    }

    /// `$TMPDIR/adaptive-assets-thumbnails` (or `/tmp/...`).
    public static var defaultCacheFolder: String {
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        return (temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary) + "/adaptive-assets-thumbnails"
    }

    public struct Thumbnail: Hashable, Sendable {
        /// The thumbnail's size in pixels.
        public var width: Int
        public var height: Int
        public var png: [UInt8]
    }

    /// The file's thumbnail, nil when it is not a PNG libpng can decode (or is too large).
    public func thumbnail(ofFileAt path: String) -> Thumbnail? {
        guard let bytes = try? FileSystem.readFile(path) else { return nil }
        return thumbnail(of: bytes)
    }

    public func thumbnail(of bytes: [UInt8]) -> Thumbnail? {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let key = "\(Self.contentHash(bytes))-\(bytes.count)-\(maxSide)"
        if let cacheFolder {
            let cached = cacheFolder + "/" + key + ".png"
            if let png = try? FileSystem.readFile(cached) {
                // An empty file records that the image cannot be decoded.
                return png.isEmpty ? nil : Self.sized(png)
            }
        }
        let result = bytes.withUnsafeBufferPointer { buffer in
            adapt_png_thumbnail(buffer.baseAddress, buffer.count, UInt32(maxSide), maxPixels)
        }
        var thumbnail: Thumbnail?
        if result.status == ADAPT_THUMBNAIL_OK, let png = result.png {
            thumbnail = Thumbnail(width: Int(result.thumbnail_width), height: Int(result.thumbnail_height),
                                  png: Array(UnsafeBufferPointer(start: png, count: result.png_length)))
            adapt_thumbnail_free(png)
        }
        if let cacheFolder { Self.store(thumbnail?.png ?? [], in: cacheFolder, as: key + ".png") }
        return thumbnail
    }

    /// A PNG's pixels as 8-bit RGBA, row after row; nil when libpng cannot decode it.
    public func pixels(of png: [UInt8]) -> [UInt8]? {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        let status = png.withUnsafeBufferPointer { adapt_png_rgba($0.baseAddress, $0.count, maxPixels, &pixels, &width, &height) }
        guard status == ADAPT_THUMBNAIL_OK, let pixels else { return nil }
        defer { adapt_thumbnail_free(pixels) }
        return Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
    }

    /// Width and height from a PNG's IHDR.
    private static func sized(_ png: [UInt8]) -> Thumbnail? {
        guard png.count > 24 else { return nil }
        func be32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return Thumbnail(width: be32(16), height: be32(20), png: png)
    }

    /// Written to a temporary name, then renamed: a concurrent run never reads half a file. The
    /// temporary name is unique (process id and a counter: two threads may store the same image)
    /// and created exclusively without following links, so a link planted in a shared cache
    /// folder is never written through.
    private static func store(_ bytes: [UInt8], in folder: String, as name: String) {
        if !FileSystem.isDirectory(folder) { mkdir(folder, 0o755) }
        let temporary = folder + "/.\(name).\(getpid()).\(temporaryCounter.add(1, ordering: .relaxed).newValue)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { return }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 && errno == EINTR { continue }
            if result <= 0 { break }
            written += result
        }
        close(descriptor)
        if written == bytes.count { rename(temporary, folder + "/" + name) } else { unlink(temporary) }
    }

    private static let temporaryCounter = Atomic<Int>(0)

    /// A cache folder that must not be used, and why.
    public struct CacheRefusal: Error, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// The cache folder `adapt report` uses: `requested` (`--cache`) when it passes
    /// `checkCacheFolder`, else it throws; without one, the default folder when it passes, else nil
    /// (no cache: the shared temporary folder's default holds files adapt did not write).
    public static func cacheFolder(requested: String?, catalogs: [String]) throws(CacheRefusal) -> String? {
        guard let requested else { return (try? checkCacheFolder(defaultCacheFolder, catalogs: catalogs)).map { defaultCacheFolder } }
        try checkCacheFolder(requested, catalogs: catalogs)
        return requested
    }

    /// Checks that `folder` may hold thumbnails: it lies outside every one of `catalogs` (a
    /// `--cache App.xcassets/Logo.imageset` would add files to the catalog), and it is new, empty or
    /// an earlier cache (it holds nothing but thumbnails), never a folder of someone's own files.
    public static func checkCacheFolder(_ folder: String, catalogs: [String]) throws(CacheRefusal) {
        let normalized = FileSystem.lexicallyNormalized(folder)
        guard let real = FileSystem.realPathAllowingMissingLeaf(normalized) else {
            throw CacheRefusal(reason: "its parent folder does not exist")
        }
        for catalog in catalogs {
            if let catalogReal = FileSystem.realPath(catalog), FileSystem.isInside(real, catalogReal) || FileSystem.isInside(catalogReal, real) {
                throw CacheRefusal(reason: "lies inside the catalog \(catalog); thumbnails are kept outside the catalogs")
            }
        }
        if FileSystem.isSymbolicLink(normalized) { throw CacheRefusal(reason: "is a symbolic link; give the folder itself") }
        guard FileSystem.exists(normalized) else { return }
        guard FileSystem.isDirectory(normalized) else { throw CacheRefusal(reason: "is not a folder") }
        let entries: [FileSystem.Entry]
        do { entries = try FileSystem.listDirectory(normalized) } catch { throw CacheRefusal(reason: error.reason) }
        if let foreign = entries.first(where: { $0.isDirectory || $0.isSymbolicLink || !isCacheFileName($0.name) }) {
            throw CacheRefusal(reason: "holds '\(foreign.name)', which adapt did not write; give a new folder, an empty one or an earlier cache")
        }
    }

    /// `<hash>-<bytes>-<side>.png`, or a temporary `.<that>.<pid>[.<n>]` a killed run left.
    static func isCacheFileName(_ name: String) -> Bool {
        func isNumber(_ text: Substring) -> Bool { !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
        var key = Substring(name)
        if key.hasPrefix(".") {
            let parts = key.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3 || parts.count == 4, parts[1] == "png", parts.dropFirst(2).allSatisfy(isNumber) else { return false }
            key = parts[0] + ".png"
        }
        guard key.hasSuffix(".png") else { return false }
        let fields = key.dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
        return fields.count == 3 && !fields[0].isEmpty && fields[0].allSatisfy(\.isHexDigit) && isNumber(fields[1]) && isNumber(fields[2])
    }

    /// Two independent 64-bit multiply-xorshift lanes over the bytes: a cache key, not a
    /// security boundary (a collision shows a wrong thumbnail, nothing else).
    static func contentHash(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15, b: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                a = (a ^ word) &* 0xFF51_AFD7_ED55_8CCD
                a ^= a >> 29
                b = (b ^ (word &+ 0x1656_67B1_9E37_79F9)) &* 0xC4CE_B9FE_1A85_EC53
                b ^= b >> 32
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<raw.count { tail = tail << 8 | UInt64(raw[index]) }
            a = (a ^ tail) &* 0xFF51_AFD7_ED55_8CCD
            b = (b ^ tail ^ UInt64(raw.count)) &* 0xC4CE_B9FE_1A85_EC53
            a ^= a >> 33
            b ^= b >> 31
        }
        return String(a, radix: 16) + String(b, radix: 16)
    }
}
