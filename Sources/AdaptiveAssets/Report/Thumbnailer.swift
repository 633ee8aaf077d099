import AdaptSupport
import CPNGSupport
import Synchronization

/// Small PNG thumbnails of a catalog's images, for `adapt report`: decoded with libpng, box-filtered
/// to at most `maxSide` pixels, encoded as PNG (`Sources/CPNGSupport/Thumbnail.c`).
///
/// Thumbnails are cached by file content: `cacheFolder/<SHA-256>-<bytes>-<maxSide>.png`, so a
/// second report of the same catalog decodes nothing. The hash covers everything the thumbnail
/// depends on (the file's bytes, `maxSide`, `maxPixels`, the thumbnail format) and is
/// cryptographic: the default folder is in the shared temporary folder, and a key another user
/// could compute a collision for would let them choose what the report shows. The folder is
/// used only while it is private (`privacyProblem`): created owner-only, never another user's,
/// never writable by group or others, never a link. A file libpng cannot decode (CgBI, JPEG,
/// PDF, a corrupt PNG) gets no thumbnail, and the report shows a labelled placeholder.
///
/// ```swift
/// let thumbnailer = Thumbnailer(cacheFolder: Thumbnailer.defaultCacheFolder)
/// if let thumbnail = thumbnailer.thumbnail(ofFileAt: "App.xcassets/Logo.imageset/logo@2x.png") {
///     print(thumbnail.width, thumbnail.height, thumbnail.png.count)
/// }
/// ```
package struct Thumbnailer: Sendable {
    package var maxSide: Int
    /// Where thumbnails are kept between runs; nil keeps nothing.
    package var cacheFolder: String?
    /// Images that claim more pixels are not decoded.
    package var maxPixels: UInt64 = 64_000_000
    /// The user the cache folder must belong to: this process's (tests name another).
    package var cacheOwner: uid_t = geteuid()

    package init(maxSide: Int = 128, cacheFolder: String? = Thumbnailer.defaultCacheFolder) {
        self.maxSide = maxSide
        self.cacheFolder = cacheFolder
    }

    /// `$TMPDIR/adaptive-assets-thumbnails` (or `/tmp/...`).
    package static var defaultCacheFolder: String {
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        return (temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary) + "/adaptive-assets-thumbnails"
    }

    package struct Thumbnail: Hashable, Sendable {
        /// The thumbnail's size in pixels.
        package var width: Int
        package var height: Int
        package var png: [UInt8]
    }

    /// The file's thumbnail, nil when it is not a PNG libpng can decode (or is too large).
    package func thumbnail(ofFileAt path: String) -> Thumbnail? {
        guard let bytes = try? FileSystem.readFile(path) else { return nil }
        return thumbnail(of: bytes)
    }

    package func thumbnail(of bytes: [UInt8]) -> Thumbnail? {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let key = cacheKey(bytes)
        let cacheFolder = privateCacheFolder()
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
            thumbnail = Thumbnail(
                width: Int(result.thumbnail_width), height: Int(result.thumbnail_height),
                png: Array(UnsafeBufferPointer(start: png, count: result.png_length)))
            adapt_thumbnail_free(png)
        }
        if let cacheFolder { Self.store(thumbnail?.png ?? [], in: cacheFolder, as: key + ".png") }
        return thumbnail
    }

    /// A PNG's pixels as 8-bit RGBA, row after row; nil when libpng cannot decode it.
    package func pixels(of png: [UInt8]) -> [UInt8]? {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = png.withUnsafeBufferPointer { adapt_png_rgba($0.baseAddress, $0.count, maxPixels, &pixels, &width, &height) }
        guard status == ADAPT_THUMBNAIL_OK, let pixels else { return nil }
        defer { adapt_thumbnail_free(pixels) }
        return Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
    }

    /// `<SHA-256>-<bytes>-<maxSide>`: the hash is of a header naming the format and the limits,
    /// then the file's bytes, so a thumbnail made under other limits is never taken for this one.
    package func cacheKey(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(Array("adapt-thumbnail-v2 maxSide=\(maxSide) maxPixels=\(maxPixels)\n".utf8))
        hasher.update(bytes)
        return SHA256.hex(digest: hasher.finalize()) + "-\(bytes.count)-\(maxSide)"
    }

    /// The cache folder when it may be used now: created owner-only when missing, and private
    /// (checked at every use, one `lstat`: a folder can change hands while a report runs).
    private func privateCacheFolder() -> String? {
        guard let cacheFolder else { return nil }
        if mkdir(cacheFolder, 0o700) != 0 && errno != EEXIST { return nil }
        return Self.privacyProblem(cacheFolder, owner: cacheOwner) == nil ? cacheFolder : nil
    }

    /// Why `folder` must not hold this user's thumbnails, or nil when it is a private folder: a
    /// folder (not a link to one) that `owner` owns and that neither group nor others may write.
    /// Another local user who could write it could plant a PNG under a key and have it shown in
    /// the report in place of the real image.
    package static func privacyProblem(_ folder: String, owner: uid_t = geteuid()) -> String? {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return "cannot be examined (\(String(cString: strerror(errno))))" }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK: return "is a symbolic link; give the folder itself"
        default: return "is not a folder"
        }
        if info.st_uid != owner {
            return "belongs to another user (uid \(info.st_uid)); a thumbnail cache must be your own"
        }
        if info.st_mode & 0o022 != 0 {
            return "can be written by other users (mode \(String(info.st_mode & 0o7777, radix: 8))); a thumbnail cache must be private (chmod 700)"
        }
        return nil
    }

    /// Width and height from a PNG's IHDR.
    private static func sized(_ png: [UInt8]) -> Thumbnail? {
        guard png.count > 24, let width = png.uint32BigEndian(at: 16), let height = png.uint32BigEndian(at: 20) else { return nil }
        return Thumbnail(width: Int(width), height: Int(height), png: png)
    }

    /// Written to a temporary name, then renamed: a concurrent run never reads half a file. The
    /// temporary name is unique (process id and a counter: two threads may store the same image)
    /// and created exclusively without following links, so a link planted in a shared cache
    /// folder is never written through.
    private static func store(_ bytes: [UInt8], in folder: String, as name: String) {
        let temporary = folder + "/.\(name).\(getpid()).\(temporaryCounter.add(1, ordering: .relaxed).newValue)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
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
    package struct CacheRefusal: Error, Sendable, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    /// The cache folder `adapt report` uses: `requested` (`--cache`) when it passes
    /// `checkCacheFolder`, else it throws; without one, the default folder when it passes, else nil
    /// and a `warning` (no cache: the shared temporary folder is anyone's to write, so the default
    /// may have been made by another user, or hold files adapt did not write). A missing folder is
    /// created owner-only here, then checked, so that no one can slip one in between.
    package static func cacheFolder(
        requested: String?, catalogs: [String], owner: uid_t = geteuid(),
        warning: (String) -> Void = { _ in }
    ) throws(CacheRefusal) -> String? {
        guard let requested else {
            let folder = defaultCacheFolder
            do {
                try checkCacheFolder(folder, catalogs: catalogs, owner: owner)
                try create(folder, owner: owner)
                // Made by an earlier version (0755): thumbnails of someone's images are theirs alone.
                chmod(folder, 0o700)
                return folder
            } catch {
                warning("the default thumbnail cache \(folder) is not used: it \(error.reason); thumbnails are made afresh (--cache DIR keeps them)")
                return nil
            }
        }
        try checkCacheFolder(requested, catalogs: catalogs, owner: owner)
        try create(requested, owner: owner)
        return requested
    }

    /// Makes a missing cache folder owner-only, and checks the folder that is there afterwards.
    private static func create(_ folder: String, owner: uid_t) throws(CacheRefusal) {
        let normalized = FileSystem.lexicallyNormalized(folder)
        if mkdir(normalized, 0o700) != 0 && errno != EEXIST {
            throw CacheRefusal(reason: "cannot be created (\(String(cString: strerror(errno))))")
        }
        if let problem = privacyProblem(normalized, owner: owner) { throw CacheRefusal(reason: problem) }
    }

    /// Checks that `folder` may hold thumbnails: it lies outside every one of `catalogs` (a
    /// `--cache App.xcassets/Logo.imageset` would add files to the catalog); it is new, empty or
    /// an earlier cache (it holds nothing but thumbnails), never a folder of someone's own files;
    /// and when it exists, it is private to `owner` (`privacyProblem`).
    package static func checkCacheFolder(_ folder: String, catalogs: [String], owner: uid_t = geteuid()) throws(CacheRefusal) {
        let normalized = FileSystem.lexicallyNormalized(folder)
        guard let real = FileSystem.realPathAllowingMissingLeaf(normalized) else {
            throw CacheRefusal(reason: "its parent folder does not exist")
        }
        for catalog in catalogs {
            if let catalogReal = FileSystem.realPath(catalog), let overlap = FileSystem.catalogOverlap(real, catalogReal) {
                throw CacheRefusal(reason: "\(overlap) \(catalog); thumbnails are kept outside the catalogs")
            }
        }
        if FileSystem.isSymbolicLink(normalized) { throw CacheRefusal(reason: "is a symbolic link; give the folder itself") }
        guard FileSystem.exists(normalized) else { return }
        guard FileSystem.isDirectory(normalized) else { throw CacheRefusal(reason: "is not a folder") }
        if let problem = privacyProblem(normalized, owner: owner) { throw CacheRefusal(reason: problem) }
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
}
