import AdaptSupport
import AssetCatalog
import AssetSelection
import CompiledCatalog

/// slot 1 (sentry-cli's Xcode 16 archive), and the loose files are resampled from it.
enum AppIconSetCompiler: SetCompiler {
    static let setTypes: [AssetType] = [.appIconSet]
    static let label = "app icons (the size list, the loose iOS icons, a Mac app's .icns, the partial Info.plist)"

    typealias Entry = (variant: Variant, points: Double)

    static func plan(_ asset: Asset, _ context: PlanContext) -> SetPlan {
        guard context.selectsIcon(asset.name) else {
            return SetPlan(
                leftOut: Diagnostic(
                    .compileLeftOut,
                    "app icon set '\(asset.name)' is not compiled: name it with --app-icon or --alternate-app-icon, or pass --include-all-app-icons",
                    subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path)))
        }
        var plan = SetPlan()
        if asset.name == context.options.appIcon { plan.appIconName = asset.name }
        let kept = keptEntries(asset, context, into: &plan)
        guard !kept.isEmpty else { return plan }
        var sizeLists: [UInt16: [Double: UInt16]] = [:]
        plan.renditions = entryRenditions(asset, kept, context, into: &plan, sizeLists: &sizeLists)
        plan.renditions = sizeListRenditions(asset, sizeLists) + plan.renditions
        return plan
    }

    /// The entries the platform keeps, PNGs of a square size; the others' findings.
    private static func keptEntries(_ asset: Asset, _ context: PlanContext, into plan: inout SetPlan) -> [Entry] {
        var kept: [Entry] = []
        // (A Mac app icon set's dark and tinted entries are not kept: `ActoolEntryFilter.keeps`.)
        for variant in asset.variants where context.keeps(variant, in: asset) {
            guard let filename = variant.filename, filename.lowercased().hasSuffix(".png") else {
                if variant.filename != nil { plan.findings.append(context.entryLeftOut(asset, variant, "only PNG app icons are compiled")) }
                continue
            }
            guard let size = variant.size.flatMap(Self.points), size.0 == size.1 else {
                plan.findings.append(context.entryLeftOut(asset, variant, "its size '\(variant.size ?? "")' is not a square WIDTHxHEIGHT"))
                continue
            }
            // An idiom's entry in a size of another idiom (an iphone 76x76) is no slot of its own:
            // actool leaves it out (Xcode 14.3's build of a Flutter template's icon).
            if variant.idiom != .universal, let sizeText = variant.size, AppIconSlotScales.scales(idiom: variant.idiom.contentsValue, size: sizeText) == nil {
                plan.findings.append(context.entryLeftOut(asset, variant, "\(sizeText) is not an app icon size of the \(variant.idiom.contentsValue) idiom"))
                continue
            }
            kept.append((variant, size.0))
        }
        return kept
    }

    /// Each entry's renditions (two for a single-size icon), and the primary icon's side files.
    private static func entryRenditions(
        _ asset: Asset, _ kept: [Entry], _ context: PlanContext, into plan: inout SetPlan, sizeLists: inout [UInt16: [Double: UInt16]]
    ) -> [RenditionJob] {
        let platform = context.platform
        let isPrimary = asset.name == context.options.appIcon
        let singleSize = platform == .ios && kept.count == 1 && kept[0].variant.idiom == .universal
        var work: [RenditionJob] = []
        var icnsImages: [(type: String, image: SideFileJob.ICNSImage)] = []
        var seen: Set<[RenditionAttribute: UInt16]> = []
        for (variant, points) in kept {
            let scale = variant.scale ?? 1
            guard case .success(var key) = context.traitKey(variant, scale: scale) else {
                plan.findings.append(context.entryLeftOut(asset, variant, "one of its traits has no number in a compiled key that adapt knows"))
                continue
            }
            guard let filename = variant.filename else { continue }
            let slot = singleSize ? 1 : Self.iconSlot(points: points, platform: platform)
            guard let slot else {
                plan.findings.append(context.entryLeftOut(asset, variant, "no \(platform.rawValue) app icon slot has \(variant.size ?? "") points"))
                continue
            }
            key[.dimension2] = slot
            key[.element] = CompiledPart.element
            key[.part] = CompiledPart.icon
            let path = asset.path.appendingPathComponent(filename)
            let source: RenditionJob.Source
            switch iconSource(path: path, filename: filename) {
            case .success(let read): source = read
            case .failure(let reason):
                plan.findings.append(context.entryLeftOut(asset, variant, reason.reason))
                continue
            }
            // The single-size icon serves the iPhone and the iPad, each with its own rendition.
            let idioms: [UInt16?] = singleSize ? [CompiledIdiom.phone.rawValue, CompiledIdiom.pad.rawValue] : [key[.idiom]]
            for idiom in idioms {
                var keyed = key
                keyed[.idiom] = platform == .macos ? nil : idiom
                guard seen.insert(keyed).inserted else { continue }
                sizeLists[keyed[.idiom] ?? 0, default: [:]][points] = slot
                work.append(
                    RenditionJob(
                        assetName: asset.name, facetPart: CompiledPart.icon, renditionName: filename, key: keyed,
                        source: source, location: variant.location))
            }
            guard isPrimary, context.options.standaloneIcons != .none else { continue }
            if platform == .macos, let type = ICNSWriter.type(points: Int(points), scale: scale) { icnsImages.append((type, .file(path: path))) }
            if platform == .ios { addLooseIcons(asset, variant, points: points, scale: scale, path: path, singleSize: singleSize, context, into: &plan) }
        }
        if !icnsImages.isEmpty {
            icnsImages.sort { $0.type < $1.type }
            plan.sideFiles.append(
                SideFileJob(
                    name: "\(asset.name).icns", assetName: asset.name, source: .icns(icnsImages),
                    location: SourceLocation(file: asset.contentsPath ?? asset.path)))
            plan.macIconFile = asset.name
        }
        return work
    }

    /// How an icon's file is compiled, read by its bytes as an image set's bitmap is
    /// (home-assistant's Mac slots hold WebP files named `.png`), or why it is left out.
    private static func iconSource(path: String, filename: String) -> Result<RenditionJob.Source, BitmapFormat.Unreadable> {
        switch BitmapFormat.of(path: path, filename: filename) {
        case .success(.png): .success(.png(path: path, flags: 0))
        case .success(.decoded(let format)): .success(.decoded(path: path, format: format, flags: 0))
        case .success: .failure(BitmapFormat.Unreadable(reason: "an app icon is compiled from a bitmap adapt decodes, not a JPEG or HEIC file"))
        case .failure(let unreadable): .failure(BitmapFormat.Unreadable(reason: "\(filename) \(unreadable.reason)"))
        }
    }

    /// The primary iOS icon's loose files for one entry (those not already written) and their
    /// `CFBundleIconFiles` names.
    private static func addLooseIcons(
        _ asset: Asset, _ variant: Variant, points: Double, scale: Int, path: String, singleSize: Bool, _ context: PlanContext, into plan: inout SetPlan
    ) {
        for loose in looseIcons(
            asset.name, points: points, scale: scale, idiom: variant.idiom, singleSize: singleSize, every: context.options.standaloneIcons == .all)
        where !plan.sideFiles.contains(where: { $0.name == loose.file }) {
            plan.sideFiles.append(
                SideFileJob(name: loose.file, assetName: asset.name, source: .looseIcon(path: path, side: loose.side), location: variant.location))
            if !(plan.iconFiles[loose.idiom] ?? []).contains(loose.base) { plan.iconFiles[loose.idiom, default: []].append(loose.base) }
        }
    }

    /// Each idiom's size list (`MSIS`): its idiom (0 on the Mac and for a universal icon) and its (points, slot) entries.
    static func sizeListRenditions(_ asset: Asset, _ sizeLists: [UInt16: [Double: UInt16]]) -> [RenditionJob] {
        var lists: [RenditionJob] = []
        for idiom in sizeLists.keys.sorted() {
            let entries = (sizeLists[idiom] ?? [:]).sorted { $0.key < $1.key }.map { points, slot in
                // In points, 83.5 written as 83 (mcfans/actool, checked against actool).
                RenditionPayload.MultisizeEntry(width: UInt32(points.rounded(.down)), height: UInt32(points.rounded(.down)), index: slot, idiom: .universal)
            }
            var key: [RenditionAttribute: UInt16] = [.element: CompiledPart.element, .part: CompiledPart.iconSizes, .scale: 1]
            if idiom != 0 { key[.idiom] = idiom }
            lists.append(
                RenditionJob(
                    assetName: asset.name, facetPart: CompiledPart.icon, renditionName: asset.name, key: key,
                    source: .multisize(entries), location: SourceLocation(file: asset.contentsPath ?? asset.path)))
        }
        return lists
    }

    /// actool's slot for an icon of `points` points on `platform`, nil where it has none.
    static func iconSlot(points: Double, platform: Platform) -> UInt16? {
        let slots: [Double: UInt16] =
            switch platform {
            case .macos: [16: 1, 32: 2, 128: 3, 256: 4, 512: 5]
            default: [20: 1, 29: 2, 40: 3, 60: 4, 76: 5, 83.5: 6, 90: 7, 1024: 8]
            }
        return slots[points]
    }

    static func points(_ size: String) -> (Double, Double)? {
        let parts = size.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width > 0, height > 0 else { return nil }
        return (width, height)
    }
}
