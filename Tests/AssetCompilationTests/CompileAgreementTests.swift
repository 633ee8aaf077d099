@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import CatalogFixtures
import CompiledCatalog
import Testing

/// `adapt compile` against what Apple's actool wrote from the same source with the same flags:
/// Xcode 7.3's six files of `compiled/acextract` (its Makefile has each command), and Xcode
/// 26.6's `recent/eink-assistant`. The same named renditions with the same traits, pixel size,
/// scale and format, nothing more; the same pixels within 2 per channel.
@Suite struct CompileAgreementTests {
    /// The Makefile's targets: the file each wrote and the flags it passed.
    static let acextractTargets: [(file: String, platform: CompilePlatform, devices: [String], deployment: String)] = [
        ("assets_iphone.car", .iphoneos, ["iphone"], "9.3"),
        ("assets_ipad.car", .iphoneos, ["ipad"], "9.3"),
        ("assets_ios.car", .iphoneos, ["ipad", "iphone"], "9.3"),
        ("assets_mac.car", .macosx, ["mac"], "10.11"),
        ("assets_tv.car", .appletvos, ["tv"], "9.2"),
        ("assets_watch.car", .watchos, ["watch"], "2.2"),
    ]

    /// What a rendition is, for comparing two compilers' files: its asset and file name, every
    /// trait, its pixel size and format.
    struct Facts: Hashable, CustomStringConvertible {
        var name: String
        var file: String
        var traits: String
        var size: String

        var description: String { "\(name)/\(file) [\(traits)] \(size)" }
    }

    static func facts(_ catalog: CompiledCatalog) -> [Facts: Rendition] {
        var result: [Facts: Rendition] = [:]
        for rendition in catalog.renditions where rendition.layout != .packedImage {
            let key = rendition.key
            let idiom = key.idiom ?? .universal
            let traits = [
                "idiom \(idiom.name)", "scale \(key.scale ?? 0)", "subtype \(key.subtype ?? 0)",
                "size classes \(key.horizontalSizeClass?.rawValue ?? "-")/\(key.verticalSizeClass?.rawValue ?? "-")",
                "memory \(key.memoryClass ?? 0)", "graphics \(key.graphicsClass ?? 0)", "appearance \(key.appearance ?? 0)",
            ].joined(separator: ", ")
            var size = "\(rendition.imageLayout.assetType)"
            if let reference = catalog.packedImage(referencedBy: rendition) {
                size += " \(reference.frame.width)x\(reference.frame.height) \(reference.atlas.pixelFormat)"
            } else if rendition.width > 0 {
                size += " \(rendition.width)x\(rendition.height) \(rendition.pixelFormat)"
            }
            result[Facts(name: rendition.name ?? "?", file: rendition.renditionName, traits: traits, size: size)] = rendition
        }
        return result
    }

    static var acextractSource: String {
        get throws { try Corpus.root + "/compiled/acextract/Images.xcassets" }
    }

    @Test(arguments: acextractTargets.map(\.file))
    func sameRenditionsAsXcode73(file: String) throws {
        let target = try #require(Self.acextractTargets.first { $0.file == file })
        let apple = try CompiledCorpus.read(file)
        let catalog = try CatalogReader().read(at: Self.acextractSource)
        var options = CompileOptions(platform: target.platform, deploymentTarget: target.deployment)
        options.targetDevices = target.devices
        let product = try CatalogCompiler(options).compile([catalog])
        let ours = try CompiledCatalog(bytes: product.car, path: "compiled.car")

        // Xcode 7.3 rasterised each PDF entry at every scale (1x to 3x; 1x and 2x on the Mac) and
        // also kept the PDF itself, one vector rendition at any scale: Xcode 9 and later keep it only
        // for a set with `preserves-vector-representation`, which no set here has, so adapt writes
        // the bitmaps alone and Apple's vector renditions are compared apart: each one is a PDF of
        // a set adapt rasterised.
        let appleVectors = Self.facts(apple).filter { $0.value.pixelFormat == .pdf }
        let expected = Self.facts(apple).filter { $0.value.pixelFormat != .pdf }
        // A rasterisation whose every pixel is grey is stored as grey and alpha, as actool has since
        // (`CSIRendition.bitmap`, Xcode 26.3's file); Xcode 7.3 stored it as ARGB. The format is
        // compared as Xcode 7.3's for those, and their pixels as B G R A.
        let actual = Dictionary(
            uniqueKeysWithValues: Self.facts(ours).map { facts, rendition in
                var facts = facts
                if facts.file.lowercased().hasSuffix(".pdf"), rendition.pixelFormat == .grayAlpha8, facts.size.hasSuffix(" GA8") {
                    facts.size = facts.size.dropLast(3) + "ARGB"
                }
                return (facts, rendition)
            })
        let rasterised = actual.filter { $0.key.file.lowercased().hasSuffix(".pdf") }
        #expect(!rasterised.isEmpty, "no PDF was rasterised")
        let pdfFiles = Set(catalog.assets.flatMap { $0.variants.compactMap(\.filename) }.filter { $0.lowercased().hasSuffix(".pdf") })
        #expect(!appleVectors.isEmpty)
        for vector in appleVectors.keys { #expect(pdfFiles.contains(vector.file + ".pdf"), "\(vector) is not the vector rendition of a PDF entry") }
        let missing = Set(expected.keys).subtracting(actual.keys).sorted { $0.description < $1.description }
        let extra = Set(actual.keys).subtracting(expected.keys).sorted { $0.description < $1.description }
        #expect(missing.isEmpty, "renditions Apple wrote and adapt did not:\n\(missing.map(\.description).joined(separator: "\n"))")
        #expect(extra.isEmpty, "renditions adapt wrote and Apple did not:\n\(extra.map(\.description).joined(separator: "\n"))")
        #expect(!product.diagnostics.contains { $0.rule == .compileLeftOut }, "\(product.diagnostics.filter { $0.rule == .compileLeftOut })")

        // Rasterised PDFs: renderers anti-alias differently (CoreGraphics then, cairo here), so
        // not the same pixels but close ones: per channel (premultiplied B, G, R, A), the mean
        // absolute difference is at most 2% of full scale. Measured with poppler 22.12's
        // pdftocairo on all 72 rasterisations of the six files (a black logo): 0 in B, G and R,
        // and in alpha at most 0.48 of 255 at 1x (0.19%), 0.17 at 2x, 0.11 at 3x, the same in
        // v_universal, v_device and v_overrides.
        for (facts, ourRendition) in rasterised {
            guard let appleRendition = expected[facts] else { continue }
            #expect(ourRendition.flags.isVectorBased && appleRendition.flags.isVectorBased, "\(facts): not marked as drawn from a vector")
        }
        let comparedVectors = try Self.expectClosePixels(apple: apple, expected, ours: ours, rasterised, tolerance: 0.02)
        #expect(comparedVectors == rasterised.count, "\(rasterised.count - comparedVectors) rasterised PDFs were not compared pixel by pixel")

        // Sliced images: the same slices, in the same cropped pixel size (compared in `facts`), and
        // the same pixels as every other rendition (`Slicing.sourceColumns`).
        let sliced = Set(catalog.assets.filter { $0.variants.contains { $0.resizing != nil } }.map(\.name))
        let bitmaps = actual.filter { !$0.key.file.lowercased().hasSuffix(".pdf") }
        for (facts, ourRendition) in bitmaps where sliced.contains(facts.name) {
            guard let appleRendition = expected[facts] else { continue }
            #expect(Self.slices(ourRendition) == Self.slices(appleRendition), "\(facts): slices differ")
            #expect(Self.slices(ourRendition).count > 1, "\(facts): not sliced")
        }
        // Alignment insets: the same metrics (insets and the size inside them) on every bitmap both
        // files hold, `a_any`'s among them.
        var insetRenditions = 0
        for (facts, ourRendition) in bitmaps {
            guard let appleRendition = expected[facts] else { continue }
            #expect(Self.metrics(ourRendition) == Self.metrics(appleRendition), "\(facts): metrics differ")
            if Self.metrics(appleRendition).dropFirst().prefix(4).contains(where: { $0 != 0 }) { insetRenditions += 1 }
        }
        #expect(insetRenditions > 0, "no rendition with alignment insets was compared")
        let comparedSliced = try Self.expectSamePixels(
            apple: apple, expected.filter { sliced.contains($0.key.name) }, ours: ours,
            bitmaps.filter { sliced.contains($0.key.name) })
        #expect(comparedSliced > 0, "no sliced rendition was compared pixel by pixel")
        try Self.expectSamePixels(apple: apple, expected.filter { !sliced.contains($0.key.name) }, ours: ours, bitmaps.filter { !sliced.contains($0.key.name) })
    }

    static func metrics(_ rendition: Rendition) -> [UInt32] {
        for case .metrics(let words) in rendition.properties { return words }
        return []
    }

    static func slices(_ rendition: Rendition) -> [String] {
        for case .slices(let slices) in rendition.properties { return slices.map(\.description) }
        return []
    }

    /// The same pixels, within 2 per channel (premultiplied alpha rounds), for every rendition
    /// both files hold; returns how many were compared.
    @discardableResult
    static func expectSamePixels(apple: CompiledCatalog, _ expected: [Facts: Rendition], ours: CompiledCatalog, _ actual: [Facts: Rendition]) throws -> Int {
        let appleAtlases = PackedImageCache()
        let ourAtlases = PackedImageCache()
        var compared = 0
        for (facts, ourRendition) in actual {
            guard let appleRendition = expected[facts],
                case .pixels(let applePixels)? = try apple.decodedBitmap(of: appleRendition, atlases: appleAtlases),
                case .pixels(let ourPixels)? = try ours.decodedBitmap(of: ourRendition, atlases: ourAtlases)
            else { continue }
            #expect(applePixels.width == ourPixels.width && applePixels.height == ourPixels.height)
            let difference = Self.largestDifference(applePixels, ourPixels)
            #expect(difference <= 2, "\(facts): pixels differ by up to \(difference)")
            compared += 1
        }
        return compared
    }

    /// Pixels within `tolerance` of full scale, as the mean absolute difference of each channel,
    /// for every rendition both files hold; returns how many were compared.
    static func expectClosePixels(
        apple: CompiledCatalog, _ expected: [Facts: Rendition], ours: CompiledCatalog, _ actual: [Facts: Rendition], tolerance: Double
    ) throws -> Int {
        let appleAtlases = PackedImageCache()
        let ourAtlases = PackedImageCache()
        var compared = 0
        for (facts, ourRendition) in actual {
            guard let appleRendition = expected[facts],
                case .pixels(let applePixels)? = try apple.decodedBitmap(of: appleRendition, atlases: appleAtlases),
                case .pixels(let ourPixels)? = try ours.decodedBitmap(of: ourRendition, atlases: ourAtlases)
            else { continue }
            let means = Self.meanDifferences(applePixels, ourPixels)
            #expect(means.allSatisfy { $0 <= tolerance * 255 }, "\(facts): mean differences per channel \(means.map { ($0 * 100).rounded() / 100 }) of 255")
            compared += 1
        }
        return compared
    }

    /// The mean absolute difference of each of the four channels (B, G, R, A premultiplied);
    /// 255 each when the sizes differ.
    static func meanDifferences(_ a: DecodedBitmap, _ b: DecodedBitmap) -> [Double] {
        guard a.width == b.width, a.height == b.height, a.width > 0, a.height > 0, let a = bgra(a), let b = bgra(b) else { return [255, 255, 255, 255] }
        var sums = [0, 0, 0, 0]
        for byte in a.indices { sums[byte % 4] += abs(Int(a[byte]) - Int(b[byte])) }
        return sums.map { Double($0) / Double(a.count / 4) }
    }

    /// Premultiplied B G R A pixels, row after row, of an ARGB or grey-and-alpha bitmap.
    static func bgra(_ bitmap: DecodedBitmap) -> [UInt8]? {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(bitmap.width * bitmap.height * 4)
        for row in 0..<bitmap.height {
            let start = row * bitmap.rowBytes
            switch bitmap.format {
            case .argb: pixels += bitmap.bytes[start..<start + bitmap.width * 4]
            case .grayAlpha8:
                for x in 0..<bitmap.width {
                    let grey = bitmap.bytes[start + 2 * x]
                    pixels += [grey, grey, grey, bitmap.bytes[start + 2 * x + 1]]
                }
            default: return nil
            }
        }
        return pixels
    }

    static func largestDifference(_ a: DecodedBitmap, _ b: DecodedBitmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return 255 }
        var largest = 0
        for row in 0..<a.height {
            for byte in 0..<(a.width * 4) {
                largest = max(largest, abs(Int(a.bytes[row * a.rowBytes + byte]) - Int(b.bytes[row * b.rowBytes + byte])))
            }
        }
        return largest
    }
}

extension CompileAgreementTests {
    /// Xcode compiled each Mac app icon (`--platform macosx --minimum-deployment-target 14.0
    /// --app-icon AppIcon`, as its `.car` states).
    @Test(arguments: MacIconPairs.cars)
    func sameFileAsXcode26ForAMacAppIcon(car: String) throws {
        let pair = try #require(MacIconPairs.all.first { $0.car == car })
        let recent = try Corpus.root + "/compiled/recent/"
        let apple = try CompiledCatalog(path: recent + pair.car)
        let catalog = try CatalogReader().read(at: recent + pair.source)
        var options = CompileOptions(platform: .macosx, deploymentTarget: "14.0")
        options.appIcon = "AppIcon"
        let product = try CatalogCompiler(options).compile([catalog])
        let ours = try CompiledCatalog(bytes: product.car, path: "compiled.car")

        #expect(ours.header.storageVersion == apple.header.storageVersion)
        #expect(ours.header.keySemantics == apple.header.keySemantics)
        #expect(ours.header.schemaVersion == apple.header.schemaVersion)
        #expect(ours.metadata?.deploymentPlatform == apple.metadata?.deploymentPlatform)
        #expect(ours.metadata?.deploymentPlatformVersion == apple.metadata?.deploymentPlatformVersion)
        #expect(ours.keyFormat.attributes == apple.keyFormat.attributes)
        #expect(ours.store.variables.map(\.name) == apple.store.variables.map(\.name))
        #expect(ours.facets.map(\.name) == apple.facets.map(\.name))
        #expect(ours.facets.map(\.attributes) == apple.facets.map(\.attributes))

        // Xcode 26 packs the small icons into atlases; what each name shows is compared, and the
        // size list and keys of every rendition are the same.
        #expect(Set(Self.facts(ours).keys) == Set(Self.facts(apple).keys))
        #expect(try Self.expectSamePixels(apple: apple, Self.facts(apple), ours: ours, Self.facts(ours)) == 10)
        // The atlases' keys too: one a scale, as Apple's.
        #expect(Set(ours.renditions.map(\.key.values)) == Set(apple.renditions.map(\.key.values)))
        let appleSizes = apple.renditions.first { $0.layout == .multisizeImage }?.payload
        #expect(ours.renditions.first { $0.layout == .multisizeImage }?.payload.multisizeEntries == appleSizes?.multisizeEntries)
        #expect(product.macIconFile == "AppIcon")
        #expect(product.looseFiles.map(\.name) == ["AppIcon.icns"])
    }
}

extension RenditionPayload {
    var multisizeEntries: [MultisizeEntry]? {
        if case .multisizeImage(let entries) = self { entries } else { nil }
    }
}

/// The recent pairs of a Mac app icon: the `.car` Xcode compiled and its source catalog.
enum MacIconPairs {
    static let all: [(car: String, source: String)] = [
        // Xcode 26.6, light icons only.
        ("eink-assistant/Resources/Assets.car", "eink-assistant/Resources/Assets.xcassets"),
        // Xcode 26.3, light and dark icons: actool compiles the light ones only for the Mac.
        ("Grid/Resources/Assets.car", "Grid/Sources/Assets.xcassets"),
    ]
    static let cars = ["eink-assistant/Resources/Assets.car", "Grid/Resources/Assets.car"]
}
