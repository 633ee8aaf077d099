import Foundation
import FuzzSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A set's Contents.json through reading, resolving and thinning.
///
/// Input: one byte choosing the set's type (`setTypes`), then the Contents.json bytes (the seed
/// corpus that `Scripts/fuzz` builds prefixes each real Contents.json with its type's byte). The
/// set folder also holds a few real files under names real catalogs use.
///
/// What must hold, whatever the bytes: reading never crashes and never throws for a set (a bad
/// set is diagnostics); for every device of each idiom and every thinning trait set, the fast
/// path and the explaining path choose the same variant, slot by slot, with the same mirroring;
/// a device's plan keeps, in ascending order, exactly the variants that win somewhere; and the
/// slice written from that plan reads back and resolves each trait set to the same file.
let setTypes = [
    "imageset", "appiconset", "colorset", "symbolset", "dataset", "imagestack", "brandassets", "launchimage",
    "complicationset", "solidimagestack", "iconset", "cubetextureset", "spriteatlas", "arimageset",
]
let catalogPath = Fuzz.scratch + "/Fuzz.xcassets"
let sampleFiles = ["image.png", "image@2x.png", "image@3x.png", "icon.png", "dark.png", "a.pdf", "data.json"]
let samplePNG: [UInt8] = {
    (try? Data(contentsOf: URL(fileURLWithPath: Fuzz.repositoryRoot + "/Assets/Showcase.xcassets/Complication.imageset/complication-small@2x.png")))
        .map { [UInt8]($0) }
        ?? Array("not a png".utf8)
}()
nonisolated(unsafe) var iteration = 0

Fuzz.run { start, count in
    let input = Fuzz.bytes(start, count)
    guard let typeByte = input.first else { return 0 }
    let setType = setTypes[Int(typeByte) % setTypes.count]
    Fuzz.remove(catalogPath)
    let setPath = catalogPath + "/Set." + setType
    Fuzz.require(mkdir(catalogPath, 0o755) == 0 && mkdir(setPath, 0o755) == 0, "cannot create \(setPath)")
    Fuzz.write(Array(#"{"info":{"author":"xcode","version":1}}"#.utf8), to: catalogPath + "/Contents.json")
    Fuzz.write(Array(input.dropFirst()), to: setPath + "/Contents.json")
    for name in sampleFiles { Fuzz.write(samplePNG, to: setPath + "/" + name) }

    let catalog: Catalog
    do { catalog = try CatalogReader(concurrency: 1).read(at: catalogPath) } catch {
        Fuzz.require(false, "a catalog with one bad set failed to read as a whole: \(error)")
        return 0
    }
    Fuzz.require(catalog.assets.count <= 1, "one set read as \(catalog.assets.count) assets")
    let index = AssetIndex(catalog)
    iteration += 1
    for device in Fuzz.devicePerIdiom {
        let plan = ThinningPlan(index: index, device: device)
        // Per asset, per trait set, the files its slots show (a slot that shows nothing is absent
        // from a slice that keeps none of its variants, so only matches are compared).
        var shown: [[[String]]] = []
        for (position, asset) in catalog.assets.enumerated() where asset.type.hasSelectableVariants {
            var won = Set<Int>()
            let sets = device.thinningTraitSets(declaring: index.declaredAxes(assetAt: position), locales: index.locales)
            var answers: [[String]] = []
            for traits in sets {
                var files: [String] = []
                let fast = index.resolveSlots(assetAt: position, for: traits)
                let explained = index.select(assetAt: position, for: traits)
                let slowSlots = index.hasSlots(assetAt: position) ? explained.slots : [explained]
                Fuzz.require(fast.count == slowSlots.count, "\(asset.name): \(fast.count) slots fast, \(slowSlots.count) explained")
                for (quick, slow) in zip(fast, slowSlots) {
                    Fuzz.require(
                        quick.match?.variant == slow.winner,
                        "\(asset.name) \(traits.summary): fast path \(String(describing: quick.match?.variant)), explained \(String(describing: slow.winner))")
                    Fuzz.require((quick.match?.mirrored ?? false) == slow.mirrored, "\(asset.name) \(traits.summary): mirroring differs")
                    if let match = quick.match { won.insert(match.variant) }
                    if let match = quick.match { files.append(index.variant(match).filename ?? "") }
                }
                answers.append(files)
            }
            let kept = plan.assets[position].kept
            Fuzz.require(kept == kept.sorted() && Set(kept).count == kept.count, "\(device.id): kept \(kept) is not ascending")
            Fuzz.require(Set(kept) == won, "\(device.id) \(asset.name): kept \(kept), won \(won.sorted())")
            shown.append(answers)
        }
        // Writing costs more than planning: write and read back one device's slice per input.
        guard device.id == Fuzz.devicePerIdiom[iteration % Fuzz.devicePerIdiom.count].id else { continue }
        let output = Fuzz.scratch + "/out"
        Fuzz.remove(output)
        var writer = SliceWriter(concurrency: 1)
        writer.placement = .copy
        do { _ = try writer.write([plan], of: catalog, to: output) } catch {
            // A slice may refuse (a file that vanished, a name that is not a name): never a crash.
            continue
        }
        guard let slice = try? CatalogReader(concurrency: 1).read(at: output + "/" + device.id + "/Fuzz.xcassets") else {
            Fuzz.require(false, "\(device.id): the written slice does not read")
            return 0
        }
        let sliceIndex = AssetIndex(slice)
        var answerSet = 0
        for (position, asset) in catalog.assets.enumerated() where asset.type.hasSelectableVariants && !plan.assets[position].droppedWhole {
            let sets = device.thinningTraitSets(declaring: index.declaredAxes(assetAt: position), locales: index.locales)
            let answers = sets.map { traits in
                sliceIndex.resolveSlots(assetAt: position, for: traits).compactMap { $0.match.map { sliceIndex.variant($0).filename ?? "" } }
            }
            Fuzz.require(answers == shown[answerSet], "\(device.id) \(asset.name): the slice shows \(answers), the catalog \(shown[answerSet])")
            answerSet += 1
        }
    }
    return 0
}
