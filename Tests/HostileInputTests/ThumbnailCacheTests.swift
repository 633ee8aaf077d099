import AdaptSupport
import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import Foundation
import Testing

/// Issue "Hostile input, round 2", item 2: `adapt report`'s default thumbnail cache is in the
/// shared temporary folder. Another local user who made it first, and put a PNG under a known
/// image's key (then a non-cryptographic hash of the bytes), had that PNG shown in the victim's
/// report. A cache is now used only while it is private, and keyed by SHA-256.
@Suite struct ThumbnailCacheTests {
    /// A PNG the attacker wants shown: unlike any thumbnail of the catalog's 4×4 images.
    static let planted = PNGFixture.png(width: 7, height: 5)

    /// Plants `planted` in `folder` under the key the report will look up for `image`.
    static func plant(in folder: String, for image: [UInt8]) throws {
        let key = Thumbnailer().cacheKey(image)
        try Data(planted).write(to: URL(fileURLWithPath: folder + "/" + key + ".png"))
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test func aWorldWritableDefaultCacheIsNotUsed() throws {
        let fixture = try thinnableCatalog()
        let temporary = fixture.root + "/tmp"
        let cache = temporary + "/adaptive-assets-thumbnails"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        #expect(chmod(cache, 0o777) == 0)
        try Self.plant(in: cache, for: try FileSystem.readFile(fixture.path + "/B.imageset/b.png"))
        let run = try HostileAdapt.run(
            ["report", "Test.xcassets", "-o", "report.html"], in: fixture.root,
            environment: ["TMPDIR": temporary])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("warning: the default thumbnail cache \(cache) is not used: it can be written by other users (mode 777)"),
            "\(run.stderr)")
        let page = try String(contentsOfFile: fixture.root + "/report.html", encoding: .utf8)
        #expect(!page.contains(Data(Self.planted).base64EncodedString()), "the planted PNG is in the report")
        #expect(page.contains("data:image/png;base64,"), "the real thumbnails are")
    }

    @Test func aLinkAsTheDefaultCacheIsNotUsed() throws {
        let fixture = try thinnableCatalog()
        let temporary = fixture.root + "/tmp"
        let elsewhere = fixture.root + "/elsewhere"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        #expect(chmod(elsewhere, 0o700) == 0)
        try Self.plant(in: elsewhere, for: try FileSystem.readFile(fixture.path + "/B.imageset/b.png"))
        try FileManager.default.createSymbolicLink(atPath: temporary + "/adaptive-assets-thumbnails", withDestinationPath: elsewhere)
        let run = try HostileAdapt.run(
            ["report", "Test.xcassets", "-o", "report.html"], in: fixture.root,
            environment: ["TMPDIR": temporary])
        #expect(run.status == 0 && run.stderr.contains("is not used: it is a symbolic link"), "\(run.stderr)")
        let page = try String(contentsOfFile: fixture.root + "/report.html", encoding: .utf8)
        #expect(!page.contains(Data(Self.planted).base64EncodedString()), "the planted PNG is in the report")
    }

    @Test func aNewDefaultCacheIsOwnerOnly() throws {
        let fixture = try thinnableCatalog()
        let temporary = fixture.root + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let run = try HostileAdapt.run(
            ["report", "Test.xcassets", "-o", "report.html"], in: fixture.root,
            environment: ["TMPDIR": temporary])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let cache = temporary + "/adaptive-assets-thumbnails"
        #expect(Self.mode(cache) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache)
        #expect(!files.isEmpty && files.allSatisfy { Self.mode(cache + "/" + $0) == 0o600 }, "\(files)")
        // SHA-256 keys: 64 hexadecimal digits.
        #expect(files.allSatisfy { $0.split(separator: "-").first?.count == 64 }, "\(files)")
    }

    @Test func aGivenCacheWritableByOthersIsRefused() throws {
        let fixture = try thinnableCatalog()
        try FileManager.default.createDirectory(atPath: fixture.root + "/thumbs", withIntermediateDirectories: true)
        #expect(chmod(fixture.root + "/thumbs", 0o775) == 0)
        let run = try HostileAdapt.run(["report", "Test.xcassets", "-o", "report.html", "--cache", "thumbs"], in: fixture.root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: cannot use the thumbnail cache: can be written by other users (mode 775)"), "\(run.stderr)")
        #expect(run.stderr.contains("[report.cache]"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/report.html"))
    }

    /// Tests run as root, and cannot make a folder another user owns: the owner is injected.
    @Test func aCacheAnotherUserOwnsIsNotUsed() throws {
        let fixture = try thinnableCatalog()
        let cache = fixture.root + "/thumbs"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        #expect(chmod(cache, 0o700) == 0)
        let someoneElse = geteuid() &+ 4242
        #expect(throws: Thumbnailer.CacheRefusal.self) {
            try Thumbnailer.checkCacheFolder(cache, catalogs: [fixture.path], owner: someoneElse)
        }
        #expect(Thumbnailer.privacyProblem(cache, owner: someoneElse)?.hasPrefix("belongs to another user (uid \(geteuid()))") == true)
        #expect(Thumbnailer.privacyProblem(cache) == nil)
        #expect(throws: Thumbnailer.CacheRefusal.self) {
            try Thumbnailer.cacheFolder(requested: cache, catalogs: [fixture.path], owner: someoneElse)
        }

        // The thumbnailer itself checks at each use: the planted PNG is shown only from the
        // owner's own cache.
        let image = try FileSystem.readFile(fixture.path + "/B.imageset/b.png")
        try Self.plant(in: cache, for: image)
        var thumbnailer = Thumbnailer(cacheFolder: cache)
        #expect(thumbnailer.thumbnail(of: image)?.png == Self.planted, "the owner's cache is used")
        thumbnailer.cacheOwner = someoneElse
        let made = try #require(thumbnailer.thumbnail(of: image))
        #expect(made.png != Self.planted && made.width == 4, "another user's cache is not")
    }

    /// Everything a thumbnail depends on is in its key: the bytes (not their length or the
    /// path), the side and the pixel limit.
    @Test func theKeyCoversWhatMakesTheThumbnail() {
        let image = PNGFixture.png(width: 4, height: 4)
        var changed = image
        changed[changed.count - 13] ^= 1
        var smaller = Thumbnailer()
        smaller.maxPixels = 10
        let keys = [
            Thumbnailer().cacheKey(image), Thumbnailer().cacheKey(changed), Thumbnailer(maxSide: 64).cacheKey(image),
            smaller.cacheKey(image),
        ]
        #expect(Set(keys).count == keys.count, "\(keys)")
        #expect(Thumbnailer().cacheKey(image) == Thumbnailer().cacheKey(image))
    }
}
