import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// `adapt diff` when either side is a compiled catalog: assets are matched by name and variants
/// by their traits, and a variant changed when what it shows changed (`VariantContent`), never
/// its file name or the bytes of its container. Two `.car` files compiled from the same source by
/// Apple's actool and by `adapt compile` differ in compression, packing (Apple cuts small images
/// out of shared atlases) and rounding; they show no change.
extension CatalogDiff {
    /// The largest difference per colour channel (of 255) still counted as the same pixels: Apple's
    /// compiler and `adapt compile` premultiply with different rounding (corpus pairs differ by 1).
    package static let pixelTolerance = 2

    /// Compares two catalogs of either form. Two folders compare as `init(old:new:...)` does (files
    /// and diagnostics); otherwise by content, with sizes per device as `adapt size` counts each
    /// form (a compiled side's are its thinned `Assets.car`'s bytes). `devices` defaults to the
    /// devices of the platform a compiled side was built for. New diagnostics are compared only
    /// between folders (a compiled catalog has no Contents.json to check).
    package init(
        old: OpenedCatalog, new: OpenedCatalog, database: DeviceDatabase, devices: [DeviceProfile]? = nil,
        pixelTolerance: Int = CatalogDiff.pixelTolerance, concurrency: Int = Machine.coreCount
    ) throws(CompiledCatalogError) {
        if old.compiled == nil && new.compiled == nil {
            self.init(old: old.catalog, new: new.catalog, database: database, devices: devices)
        } else {
            try self.init(contentOf: old, new, database: database, devices: devices, pixelTolerance: pixelTolerance, concurrency: concurrency)
        }
    }

    private init(
        contentOf old: OpenedCatalog, _ new: OpenedCatalog, database: DeviceDatabase, devices: [DeviceProfile]?, pixelTolerance: Int, concurrency: Int
    ) throws(CompiledCatalogError) {
        oldPath = old.path
        newPath = new.path
        comparison = .content(pixelTolerance: pixelTolerance)
        compareAssets(old, new, pixelTolerance: pixelTolerance, concurrency: concurrency)
        let compiled = new.compiled?.compiled ?? old.compiled!.compiled
        let devices = devices ?? CompiledThinning.devices(for: compiled, in: database)
        // The two sides are thinned at once, each on its own thread (and each device kind on one).
        let bytes = [old, new].concurrentMap(concurrency: 2) { side in
            Result { () throws(CompiledCatalogError) -> [String: Int] in try Self.bytesByDevice(side, devices) }
        }
        sizes = Self.sizeChanges(devices: devices, before: try bytes[0].get(), after: try bytes[1].get())
    }

    /// Sets the assets added, removed and changed, matched by name and compared by content.
    /// Each asset is compared on its own: two catalogs that hold only some of their files'
    /// assets (`CompiledDiffSide.model(keeping:)`) give those assets' part of the answer.
    mutating func compareAssets(_ old: OpenedCatalog, _ new: OpenedCatalog, pixelTolerance: Int, concurrency: Int) {
        let oldPositions = Self.positionsByName(old.catalog)
        let newPositions = Self.positionsByName(new.catalog)
        added = new.catalog.assets.filter { oldPositions[$0.name] == nil && $0.providedVariantCount > 0 }.map(\.name)
        removed = old.catalog.assets.filter { newPositions[$0.name] == nil && $0.providedVariantCount > 0 }.map(\.name)
        let pairs = new.catalog.assets.indices.compactMap { position in
            oldPositions[new.catalog.assets[position].name].map { (old: $0, new: position) }
        }
        let oldContent = VariantContent.Loader(old)
        let newContent = VariantContent.Loader(new)
        let alike = AlikeRenditions(old, new)
        changed = pairs.concurrentMap(concurrency: concurrency) { pair in
            if let alike, alike.sameRenditions(oldAsset: pair.old, newAsset: pair.new) { return AssetChange(name: new.catalog.assets[pair.new].name) }
            return Self.compareContent(oldContent, pair.old, newContent, pair.new, tolerance: pixelTolerance, packedImages: alike?.packedImages)
        }.filter { !$0.isEmpty }
    }

    /// Each device's bytes: the files its slice keeps (a folder) or its thinned `Assets.car`.
    static func bytesByDevice(_ opened: OpenedCatalog, _ devices: [DeviceProfile]) throws(CompiledCatalogError) -> [String: Int] {
        guard let adapted = opened.compiled else { return SizeReport(indexes: [AssetIndex(opened.catalog)], devices: devices).bytesByDevice }
        return try CompiledThinning(adapted, devices: devices).sizeReport().bytesByDevice
    }

    /// Assets by name, the first of a name (a compiled catalog's asset has no type of its own to
    /// tell two of one name apart, as a folder's `.imageset` and `.dataset` would).
    private static func positionsByName(_ catalog: Catalog) -> [String: Int] {
        var positions: [String: Int] = [:]
        for (position, asset) in catalog.assets.enumerated() where positions[asset.name] == nil { positions[asset.name] = position }
        return positions
    }

    /// A variant's traits as the key it is matched by in the other version: its declared
    /// attributes and anything left untranslated (a compiled key's unknown value), with a number
    /// for the second and later variant of equal traits. An app icon's images are matched by size
    /// and scale alone, when `byIconSize`: a folder declares `idiom=mac size=16x16`, a compiled
    /// catalog keeps universal renditions of so many pixels and a list of sizes (`MultisizeImage`,
    /// left out, as the folder has none).
    static func variantKeys(_ opened: OpenedCatalog, asset position: Int, byIconSize: Bool) -> [(key: String, variant: Int)] {
        let asset = opened.catalog.assets[position]
        var seen: [String: Int] = [:]
        return asset.variants.indices.compactMap { index in
            let variant = asset.variants[index]
            guard !variant.isEmptySlot else { return nil }
            var key: String
            if byIconSize {
                if variant.unrecognized["layout"] == "MultisizeImage" { return nil }
                let scale = variant.scale ?? 1
                var size = variant.size
                if let adapted = opened.compiled {
                    let rendition = adapted.rendition(assetAt: position, variant: index)
                    size = "\(Self.points(rendition.width, scale))x\(Self.points(rendition.height, scale))"
                }
                key = "size=\(size ?? "?") scale=\(scale)x"
            } else {
                // A colour or a data set's file has no scale in a folder, and scale 1 in a compiled
                // key: it is no part of what matches it.
                let scaleless = variant.color != nil || asset.type == .dataSet || asset.type == .colorSet
                key = variant.attributeStrings(excluding: scaleless ? ["scale"] : []).joined(separator: " ")
                for (name, value) in variant.unrecognized.sorted(by: { $0.key < $1.key }) { key += " \(name)=\(value)" }
            }
            let count = seen[key, default: 0]
            seen[key] = count + 1
            return (count == 0 ? key : key + " #\(count + 1)", index)
        }
    }

    /// Pixels in points, as Contents.json writes a size: `16`, `83.5`.
    private static func points(_ pixels: UInt32, _ scale: Int) -> String {
        let value = Double(pixels) / Double(max(scale, 1))
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Whether an asset is an app icon: a folder's `.appiconset`, or a compiled asset with a list
    /// of sizes.
    static func isAppIcon(_ opened: OpenedCatalog, asset position: Int) -> Bool {
        let asset = opened.catalog.assets[position]
        if opened.compiled == nil { return asset.type == .appIconSet }
        return asset.variants.contains { $0.unrecognized["layout"] == "MultisizeImage" }
    }

    private static func compareContent(
        _ old: VariantContent.Loader, _ oldAsset: Int, _ new: VariantContent.Loader, _ newAsset: Int, tolerance: Int,
        packedImages: SamePackedImages?
    ) -> AssetChange {
        let before = old.opened.catalog.assets[oldAsset]
        let after = new.opened.catalog.assets[newAsset]
        var change = AssetChange(name: after.name)
        // Across forms an app icon is matched by its images' sizes (`variantKeys`).
        let byIconSize =
            (old.opened.form != new.opened.form) && isAppIcon(old.opened, asset: oldAsset) && isAppIcon(new.opened, asset: newAsset)
        let oldKeys = variantKeys(old.opened, asset: oldAsset, byIconSize: byIconSize)
        let oldByKey = Dictionary(oldKeys.map { ($0.key, $0.variant) }, uniquingKeysWith: { first, _ in first })
        let newKeys = variantKeys(new.opened, asset: newAsset, byIconSize: byIconSize)
        let newByKey = Set(newKeys.map(\.key))
        for (key, variant) in newKeys {
            guard let previous = oldByKey[key] else {
                change.variantsAdded.append("\(key): \(after.variants[variant].payloadDescription)")
                continue
            }
            if let oldCompiled = old.opened.compiled, let newCompiled = new.opened.compiled,
                VariantContent.Loader.sameEncoding(
                    oldCompiled.rendition(assetAt: oldAsset, variant: previous), in: oldCompiled.compiled,
                    newCompiled.rendition(assetAt: newAsset, variant: variant), in: newCompiled.compiled, packedImages: packedImages)
            {
                continue
            }
            let was = old.content(asset: oldAsset, variant: previous)
            let now = new.content(asset: newAsset, variant: variant)
            if let difference = was.difference(from: now, tolerance: tolerance) {
                change.variantsChanged.append(VariantChange(traits: key, difference: .content(difference)))
            }
        }
        for (key, variant) in oldKeys where !newByKey.contains(key) {
            change.variantsRemoved.append("\(key): \(before.variants[variant].payloadDescription)")
        }
        return change
    }
}

extension CatalogDiff.AssetChange {
    /// Whether nothing of the asset changed.
    var isEmpty: Bool { variantsAdded.isEmpty && variantsRemoved.isEmpty && variantsChanged.isEmpty && filesChanged.isEmpty }
}

extension CatalogDiff {
    /// One error per device whose slice grew and now holds more than `bytes` (`--budget`): a slice
    /// that was already over and did not grow is not this change's doing.
    package func overBudget(_ bytes: Int) -> [Diagnostic] {
        sizes.filter { $0.delta > 0 && $0.after > bytes }.flatMap { change in
            change.devices.map { device in
                Diagnostic(
                    .diffGrowth, "\(device) grew to \(change.after) bytes (\(change.before) → \(change.after)), past the budget of \(bytes)",
                    at: SourceLocation(file: newPath))
            }
        }
    }

    /// One error per device whose slice grew by more than `percent` per cent (`--budget-growth`);
    /// a slice that was empty grows past any percentage.
    package func growth(overPercent percent: Double) -> [Diagnostic] {
        sizes.filter { $0.delta > 0 && (Double($0.delta) * 100 > percent * Double($0.before)) }.flatMap { change in
            change.devices.map { device in
                let grown = change.before == 0 ? "from nothing" : "by " + Self.percentText(Double(change.delta) * 100 / Double(change.before)) + "%"
                return Diagnostic(
                    .diffGrowth, "\(device) grew \(grown) (\(change.before) → \(change.after) bytes), more than the \(Self.percentText(percent))% allowed",
                    at: SourceLocation(file: newPath))
            }
        }
    }

    private static func percentText(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
