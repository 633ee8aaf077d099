import AssetCatalog
import AssetSelection

/// Which source entries actool writes for a platform and the device kinds it targets: the one
/// answer that compile's set compilers plan by and `adapt verify` expects a file to hold, so the
/// two cannot disagree about what a build should contain.
///
/// ```swift
/// let filter = ActoolEntryFilter(platform: .ios, idioms: [.phone, .pad])
/// let shadowed = filter.shadowedUniversalEntries(in: asset)
/// for entry in asset.variants where filter.keeps(entry, in: asset) { ... }
/// ```
package struct ActoolEntryFilter: Sendable {
    /// The platform the file is for; nil when it is unknown (a file that names none), which keeps
    /// every platform's entries.
    package let platform: Platform?
    /// The device kinds targeted; empty when they are unknown (a file with no device rendition).
    package let idioms: Set<UserInterfaceIdiom>

    package init(platform: Platform?, idioms: Set<UserInterfaceIdiom>) {
        self.platform = platform
        self.idioms = idioms
    }

    /// Whether the platform and devices keep `entry` of `asset` (rule 2.2's device and platform
    /// traits, and the axes the platform's compiled keys lack).
    package func keeps(_ entry: Variant, in asset: Asset) -> Bool {
        guard entry.isSelectable else { return false }
        switch entry.idiom {
        case .universal: break
        case .device(let idiom):
            if let platform, idiom.platform != platform { return false }
            if !idioms.isEmpty, !idioms.contains(idiom) { return false }
        case .storeOnly(let slot):
            // The App Store icon is compiled into an iOS app's catalog (ITMS-90704 asks for it there).
            guard asset.type == .appIconSet, slot == "ios-marketing", platform == .ios else { return false }
        }
        guard let platform else { return true }
        // A Mac app icon set's dark and tinted entries are not compiled (Grid's Xcode 26.3 file
        // holds its ten light icons and none of its ten dark ones).
        if platform == .macos, asset.type == .appIconSet, entry.userInterfaceStyle != nil { return false }
        if let named = entry.platform, Platform(contentsValue: named) != platform { return false }
        // A Mac has 1x and 2x displays: Xcode 7.3's Mac file holds no 3x rendition.
        if platform == .macos, let scale = entry.scale, scale > 2 { return false }
        let lacking = PlatformAxes.lacking(on: platform)
        if lacking.contains(.memory), entry.memory != nil { return false }
        if lacking.contains(.graphics), entry.graphicsFeatureSet != nil { return false }
        if lacking.contains(.sizeClasses), entry.horizontalSizeClass != nil || entry.verticalSizeClass != nil { return false }
        return true
    }

    /// The scales actool rasterises a vector entry without a scale at: Xcode 7.3's files hold
    /// 1x, 2x and 3x renditions of each such PDF for iOS (the iPad's too), tvOS and watchOS, and
    /// 1x and 2x for the Mac (acextract). visionOS has no file here: Vision Pro draws at 2x.
    package var vectorScales: [Int] {
        switch platform {
        case .macos: [1, 2]
        case .visionos: [2]
        default: [1, 2, 3]
        }
    }

    /// The entries of an image set that actool writes a rendition of, in the order they are
    /// planned (on the Mac, `mac` entries first). Beyond `keeps` and the universal entries the
    /// devices' own cover (`shadowedUniversalEntries`), an entry is not written when each scale it
    /// would take is already taken: a bitmap by its scale (a scale-less one takes 1x, unless an
    /// entry with the same traits declares 1x), a PDF or SVG without a scale by each of
    /// `vectorScales`, which the bitmaps with its traits take first (acextract's `v_overrides`:
    /// an iPhone PDF beside iPhone PNGs at every scale is not in the file). On the Mac, where a
    /// `mac` entry and a universal one have one key, the first entry to take a scale keeps it
    /// (acextract's Mac file has no universal entry a `mac` one matches). A vector kept with
    /// `preserves-vector-representation` is always written.
    package func writtenImageEntries(of asset: Asset) -> [Variant] {
        let isMac = platform == .macos
        let shadowed = shadowedUniversalEntries(in: asset)
        let kept = asset.variants.filter { keeps($0, in: asset) && !Self.isShadowed($0, by: shadowed) }
        let ordered = isMac ? kept.sorted { ($0.idiom == .device(.mac) ? 0 : 1, $0.index) < ($1.idiom == .device(.mac) ? 0 : 1, $1.index) } : kept
        func slot(_ entry: Variant, _ scale: Int) -> [String] { entry.attributeStrings(excluding: isMac ? ["scale", "idiom"] : ["scale"]) + ["\(scale)"] }
        var taken = Set<[String]>()
        var written = Set<Int>()
        let vectors = ordered.filter { Self.isVector($0) }
        for entry in ordered where !Self.isVector(entry) {
            guard let scale = entry.scale ?? (Self.declaresScaleOne(besides: entry, in: asset) ? nil : 1) else { continue }
            if taken.insert(slot(entry, scale)).inserted || !isMac { written.insert(entry.index) }
        }
        for entry in vectors {
            let free = (entry.scale.map { [$0] } ?? vectorScales).map { slot(entry, $0) }.filter { !taken.contains($0) }
            if isMac { taken.formUnion(free) }
            if !free.isEmpty || asset.properties.preservesVectorRepresentation { written.insert(entry.index) }
        }
        return ordered.filter { written.contains($0.index) }
    }

    /// Whether an entry's file is a PDF or an SVG, which actool draws at each scale.
    package static func isVector(_ entry: Variant) -> Bool {
        guard let file = entry.filename?.lowercased() else { return false }
        return file.hasSuffix(".pdf") || file.hasSuffix(".svg")
    }

    /// Whether another entry of `asset` with the same traits as `entry` declares 1x (a scale-less
    /// bitmap is then not written: rule 2.2, step 2).
    package static func declaresScaleOne(besides entry: Variant, in asset: Asset) -> Bool {
        let traits = entry.attributeStrings(excluding: ["scale"])
        return asset.variants.contains { $0.index != entry.index && $0.isSelectable && $0.scale == 1 && $0.attributeStrings(excluding: ["scale"]) == traits }
    }

    /// The universal image entries (their attributes but idiom) that no device of the target can
    /// be shown, as Xcode 7.3 leaves them out: every targeted device kind (CarPlay aside) has an
    /// entry of its own with the same attributes, a bitmap with the same scale or a PDF without
    /// one. Seen in acextract's `v_overrides` and `v_device`: for iPhone and iPad together, iOS
    /// drops the universal 1x and 2x PNGs that the iPhone and iPad entries cover and the
    /// universal PDF beside theirs; watchOS the universal 2x PNG and PDF. Not when an iOS target
    /// is the iPhone or the iPad alone (those files keep every universal entry: an iPhone app
    /// also runs on iPads), nor on tvOS, whose file keeps a universal 1x PNG beside a tv one:
    /// Apple's output, followed as found; rule 2.2 does not say it.
    package func shadowedUniversalEntries(in asset: Asset) -> Set<[String]> {
        guard asset.type == .imageSet, platform != .tvos else { return [] }
        let covering = idioms.subtracting([.car])
        guard !covering.isEmpty else { return [] }
        if platform == .ios, !covering.isSuperset(of: [.phone, .pad]) { return [] }
        var byIdiom: [UserInterfaceIdiom: Set<[String]>] = [:]
        for entry in asset.variants where entry.isSelectable {
            guard case .device(let idiom) = entry.idiom, covering.contains(idiom), let file = entry.filename?.lowercased() else { continue }
            let isBitmap = entry.scale != nil && (file.hasSuffix(".png") || file.hasSuffix(".jpg") || file.hasSuffix(".jpeg"))
            let isVector = entry.scale == nil && (file.hasSuffix(".pdf") || file.hasSuffix(".svg"))
            guard isBitmap || isVector else { continue }
            byIdiom[idiom, default: []].insert(entry.attributeStrings(excluding: ["idiom"]))
        }
        var shared: Set<[String]>?
        for idiom in covering {
            let own = byIdiom[idiom] ?? []
            shared = shared.map { $0.intersection(own) } ?? own
        }
        return shared ?? []
    }

    /// Whether `entry` is a universal one that `shadowed` (`shadowedUniversalEntries`) names.
    package static func isShadowed(_ entry: Variant, by shadowed: Set<[String]>) -> Bool {
        entry.idiom == .universal && shadowed.contains(entry.attributeStrings(excluding: ["idiom"]))
    }

    /// The name actool gives a vector kept with `preserves-vector-representation`: its file's name
    /// without the extension (acextract's `facebook-6.pdf` is the vector `facebook-6` beside the
    /// bitmaps `facebook-6.pdf`).
    package static func vectorRenditionName(_ filename: String) -> String {
        let extensionLength = filename.pathExtension.isEmpty ? 0 : filename.pathExtension.count + 1
        return String(filename.dropLast(extensionLength))
    }
}
