import AdaptSupport

/// What changed between two versions of a catalog (`adapt diff OLD NEW`): assets added, removed
/// and renamed (the same files under a new name), variants added, removed and changed, files
/// whose bytes changed, diagnostics that are new, and each device's download size before → after.
///
/// ```swift
/// let diff = CatalogDiff(old: try reader.read(at: "old/App.xcassets"), new: try reader.read(at: "App.xcassets"),
///                        database: try DeviceDatabase.builtIn())
/// diff.added; diff.renamed; diff.sizes.filter { $0.after > $0.before }
/// diff.growth(over: 10_000)   // one error per device that grows by more
/// ```
package struct CatalogDiff: Sendable {
    package var oldPath: String
    package var newPath: String
    package var added: [String] = []
    package var removed: [String] = []
    package var renamed: [Rename] = []
    /// Assets in both versions whose variants or files differ, by name.
    package var changed: [AssetChange] = []
    /// Diagnostics of the new version that the old one did not have (compared without paths).
    package var newDiagnostics: [Diagnostic] = []
    /// Per group of devices with the same sizes before and after.
    package var sizes: [SizeChange] = []
    /// How variants were compared: by file (two folders: names and bytes) or by content (a compiled
    /// catalog on either side: decoded pixels, data bytes and colour values).
    package var comparison: Comparison = .files

    package enum Comparison: Hashable, Sendable {
        case files
        /// Pixels equal when no channel differs by more than `pixelTolerance`.
        case content(pixelTolerance: Int)
    }

    package struct Rename: Hashable, Sendable {
        package var from: String
        package var to: String
    }

    package struct AssetChange: Hashable, Sendable {
        package var name: String
        /// Variants by their attributes (`idiom=iphone scale=2x`) with their files.
        package var variantsAdded: [String] = []
        package var variantsRemoved: [String] = []
        /// Variants of the same traits that hold something else.
        package var variantsChanged: [VariantChange] = []
        /// Files with the same name whose bytes changed: `name (before → after bytes)`.
        package var filesChanged: [String] = []
    }

    /// One variant that changed: its traits, and how it differs (as data, said in words only by
    /// the outputs).
    package struct VariantChange: Hashable, Sendable {
        /// The traits it is matched by in both versions (`idiom=iphone scale=2x`).
        package var traits: String
        package var difference: Difference

        package enum Difference: Hashable, Sendable {
            /// Two folders: another file (or colour) under the same traits, by its description
            /// (`old.png`, `new.png`).
            case payload(from: String, to: String)
            /// Compared by content (a compiled catalog on either side).
            case content(VariantContent.Difference)
        }
    }

    package struct SizeChange: Hashable, Sendable {
        package var devices: [String]
        package var before: Int
        package var after: Int
        package var delta: Int { after - before }
    }

    package var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && renamed.isEmpty && changed.isEmpty && newDiagnostics.isEmpty && sizes.allSatisfy { $0.delta == 0 }
    }

    /// Compares the two versions; `devices` defaults to every device of `database`, and the
    /// Validator runs on both with `imageChecks`.
    package init(
        old: Catalog, new: Catalog, database: DeviceDatabase, devices: [DeviceProfile]? = nil,
        imageChecks: Validator.ImageCheckLevel = .walk
    ) {
        oldPath = old.path
        newPath = new.path
        let oldAssets = Dictionary(old.assets.map { ($0.name + "." + $0.type.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        let newAssets = Dictionary(new.assets.map { ($0.name + "." + $0.type.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        var gone = old.assets.filter { newAssets[$0.name + "." + $0.type.rawValue] == nil }
        var arrived = new.assets.filter { oldAssets[$0.name + "." + $0.type.rawValue] == nil }
        // A rename keeps every file's bytes and every variant's attributes.
        var goneByFingerprint: [String: Int] = [:]
        for (position, asset) in gone.enumerated() { goneByFingerprint[Self.fingerprint(asset)] = position }
        var renamedGone: Set<Int> = []
        arrived.removeAll { asset in
            let fingerprint = Self.fingerprint(asset)
            guard !fingerprint.isEmpty, let position = goneByFingerprint[fingerprint], !renamedGone.contains(position) else { return false }
            renamedGone.insert(position)
            renamed.append(Rename(from: gone[position].name, to: asset.name))
            return true
        }
        gone = gone.enumerated().filter { !renamedGone.contains($0.offset) }.map(\.element)
        added = arrived.map(\.name)
        removed = gone.map(\.name)
        for asset in new.assets {
            guard let before = oldAssets[asset.name + "." + asset.type.rawValue] else { continue }
            let change = Self.compare(before, asset)
            if change != AssetChange(name: asset.name) { changed.append(change) }
        }
        let validator = Validator(devices: database, imageChecks: imageChecks)
        let oldIdentities = FindingIdentity.index(old)
        let oldDiagnostics = Set(validator.validate([old]).diagnostics.map(oldIdentities))
        let newIdentities = FindingIdentity.index(new)
        newDiagnostics = validator.validate([new]).diagnostics.filter { !oldDiagnostics.contains(newIdentities($0)) }
        let devices = devices ?? database.devices
        // Streamed: each device's plan is made and dropped, never every device's manifest at once.
        let before = SizeReport(indexes: [AssetIndex(old)], devices: devices).bytesByDevice
        let after = SizeReport(indexes: [AssetIndex(new)], devices: devices).bytesByDevice
        sizes = Self.sizeChanges(devices: devices, before: before, after: after)
    }

    /// Per group of devices with the same bytes before and after, in the devices' order.
    static func sizeChanges(devices: [DeviceProfile], before: [String: Int], after: [String: Int]) -> [SizeChange] {
        var sizes: [SizeChange] = []
        var groupOf: [[Int]: Int] = [:]
        var seen: Set<String> = []
        for device in devices where seen.insert(device.id).inserted {
            let pair = [before[device.id] ?? 0, after[device.id] ?? 0]
            if let existing = groupOf[pair] {
                sizes[existing].devices.append(device.id)
                continue
            }
            groupOf[pair] = sizes.count
            sizes.append(SizeChange(devices: [device.id], before: pair[0], after: pair[1]))
        }
        return sizes
    }

    /// One error per device whose download grows by more than `bytes` (`--fail-on-growth`).
    package func growth(over bytes: Int) -> [Diagnostic] {
        sizes.filter { $0.delta > bytes }.flatMap { change in
            change.devices.map { device in
                Diagnostic(
                    .diffGrowth, "\(device) downloads \(change.delta) more bytes (\(change.before) → \(change.after)), more than the \(bytes) allowed",
                    at: SourceLocation(file: newPath))
            }
        }
    }

    private static func fingerprint(_ asset: Asset) -> String {
        let parts = asset.variants.map { variant in
            variant.attributeStrings().joined(separator: " ") + "|" + (variant.filename.map { fileHash(asset.path + "/" + $0) } ?? variant.color?.summary ?? "")
        }
        return parts.isEmpty ? "" : asset.type.rawValue + "\n" + parts.sorted().joined(separator: "\n")
    }

    /// The file's SHA-256 (a file crafted to collide with the old one must not hide a change).
    /// Only a regular file is read (a FIFO in place of an image would otherwise block the diff
    /// forever); anything else stands as what it is.
    private static func fileHash(_ path: String) -> String {
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path) } catch { return FileSystem.exists(path) ? "unreadable: \(error.reason)" : "missing" }
        return SHA256.hex(bytes) + "-\(bytes.count)"
    }

    private static func compare(_ old: Asset, _ new: Asset) -> AssetChange {
        var change = AssetChange(name: new.name)
        func describe(_ variant: Variant) -> (key: String, payload: String) {
            (variant.attributeStrings().joined(separator: " "), variant.payloadDescription)
        }
        let before = Dictionary(old.variants.map(describe), uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.variants.map(describe), uniquingKeysWith: { first, _ in first })
        for variant in new.variants.map(describe) {
            if let previous = before[variant.key] {
                if previous != variant.payload {
                    change.variantsChanged.append(VariantChange(traits: variant.key, difference: .payload(from: previous, to: variant.payload)))
                }
            } else {
                change.variantsAdded.append("\(variant.key): \(variant.payload)")
            }
        }
        for variant in old.variants.map(describe) where after[variant.key] == nil {
            change.variantsRemoved.append("\(variant.key): \(variant.payload)")
        }
        let oldFiles = Set(old.variants.compactMap(\.filename))
        for file in Array(Set(new.variants.compactMap(\.filename))).sorted() where oldFiles.contains(file) {
            let was = fileHash(old.path + "/" + file)
            let now = fileHash(new.path + "/" + file)
            if was != now {
                change.filesChanged.append(
                    "\(file) (\(FileSystem.fileSize(old.path + "/" + file) ?? 0) → \(FileSystem.fileSize(new.path + "/" + file) ?? 0) bytes)")
            }
        }
        return change
    }
}
