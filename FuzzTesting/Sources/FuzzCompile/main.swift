@_spi(Compiling) import AdaptiveAssets
import Foundation
import FuzzSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A set's Contents.json through `adapt compile`, for a platform the input picks.
///
/// Input: one byte choosing the set's type and one the platform, then the Contents.json bytes
/// (the seeds are real Contents.json files, and FuzzTesting/Seeds/FuzzCompile's entries with
/// caps, centres, alignment insets, colour components and sizes at the edges of their types).
/// The set folder holds a real PNG, a JPEG header and a data file under names real catalogs use,
/// and a file that is no image at all. The platform byte's high bits copy the set (up to 16
/// sets of one Contents.json), so findings and names are counted across sets too.
///
/// What must hold, whatever the bytes: whatever the catalog reader accepts, compile either fails
/// with diagnostics (each with its rule and a message) or writes a `.car` that the reader accepts,
/// whose renditions all belong to a facet, and whose every name resolves to an asset of the
/// adapted catalog; every bitmap in it decodes to its stated size.
/// Every set type the reader knows: the ones a set compiler writes and the ones `NotCompiled` gives
/// a reason for (a test holds that these are all), so a new type is fuzzed the day it is added.
let setTypes = AssetType.allCases.map(\.rawValue)
let catalogPath = Fuzz.scratch + "/Fuzz.xcassets"
let samplePNG: [UInt8] = {
    (try? Data(contentsOf: URL(fileURLWithPath: Fuzz.repositoryRoot + "/Assets/Showcase.xcassets/Complication.imageset/complication-small@2x.png")))
        .map { [UInt8]($0) } ?? Array("not a png".utf8)
}()
// A JPEG's start and frame header (4 × 2 pixels): enough for compile, which stores JPEGs as they are.
let sampleJPEG: [UInt8] = [
    0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00, 0x04, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9,
]
let samples: [(String, [UInt8])] = [
    ("image.png", samplePNG), ("image@2x.png", samplePNG), ("image@3x.png", samplePNG), ("icon.png", samplePNG),
    ("dark.png", samplePNG), ("photo.jpg", sampleJPEG), ("data.json", Array(#"{"a": 1}"#.utf8)), ("broken.png", Array("no png".utf8)),
]

Fuzz.run { start, count in
    let input = Fuzz.bytes(start, count)
    guard input.count >= 2 else { return 0 }
    let setType = setTypes[Int(input[0]) % setTypes.count]
    let platform = CompilePlatform.allCases[Int(input[1] & 0x0F) % CompilePlatform.allCases.count]
    let setCount = 1 + Int(input[1] >> 4)
    Fuzz.remove(catalogPath)
    Fuzz.require(mkdir(catalogPath, 0o755) == 0, "cannot create \(catalogPath)")
    Fuzz.write(Array(#"{"info":{"author":"xcode","version":1}}"#.utf8), to: catalogPath + "/Contents.json")
    for number in 0..<setCount {
        let setPath = catalogPath + "/Set\(number)." + setType
        Fuzz.require(mkdir(setPath, 0o755) == 0, "cannot create \(setPath)")
        Fuzz.write(Array(input.dropFirst(2)), to: setPath + "/Contents.json")
        for (name, bytes) in samples { Fuzz.write(bytes, to: setPath + "/" + name) }
    }

    guard let catalog = try? CatalogReader(concurrency: 1).read(at: catalogPath) else { return 0 }
    var options = CompileOptions(platform: platform, deploymentTarget: "17.0")
    options.includeAllAppIcons = true
    options.maxPixels = 1 << 20
    let product: CompileProduct
    do throws(CompileFailure) {
        product = try CatalogCompiler(options).compile([catalog])
    } catch {
        Fuzz.require(error.diagnostics.contains { $0.severity == .error }, "a failed compile without an error")
        Fuzz.require(error.diagnostics.allSatisfy { !$0.message.isEmpty && $0.description.hasSuffix("[\($0.code)]") }, "a finding without its rule")
        return 0
    }
    let compiled: CompiledCatalog
    do throws(CompiledCatalogError) {
        compiled = try CompiledCatalog(bytes: product.car, path: "compiled.car")
    } catch {
        Fuzz.require(false, "compile wrote a file the reader refuses: \(error)")
        return 0
    }
    Fuzz.require(
        compiled.renditions.count == product.renditionCount, "the file holds \(compiled.renditions.count) renditions, compile wrote \(product.renditionCount)")
    // A packed atlas (`ZZZZPackedAsset-…`) has no facet, as in Apple's files; every other rendition has one.
    Fuzz.require(compiled.renditions.allSatisfy { $0.name != nil || $0.layout == .packedImage }, "a rendition without a facet")
    let adapted = AdaptedCompiledCatalog(compiled)
    for name in compiled.facetNames {
        Fuzz.require(adapted.catalog.asset(named: name) != nil, "the name \(name) does not resolve to an asset")
    }
    for rendition in compiled.renditions {
        do throws(DecompressionError) {
            if case .pixels(let bitmap)? = try compiled.decodedBitmap(of: rendition) {
                Fuzz.require(bitmap.width == Int(rendition.width) && bitmap.height == Int(rendition.height), "a bitmap decoded to another size")
            }
        } catch {
            Fuzz.require(false, "a bitmap compile wrote does not decode: \(error)")
        }
    }
    return 0
}
