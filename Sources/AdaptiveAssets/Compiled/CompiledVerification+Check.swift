import AssetCatalog
@_spi(Compiling) import AssetCompilation
import AssetSelection
import CompiledCatalog
import PNGInspection

extension CompiledVerification {
    /// One verification under way: the renditions matched so far and the findings.
    struct Check {
        let compiled: AdaptedCompiledCatalog
        let filter: ActoolEntryFilter
        let inspector: PNGInspector
        var diagnostics: [Diagnostic] = []
        /// Renditions some expected entry accounts for, as [asset position, variant index].
        var matched = Set<[Int]>()
        var expected = 0

        /// The traits not compared between an entry and its rendition.
        func excludedTraits(_ entry: Variant, of asset: Asset) -> Set<String> {
            var excluded: Set<String> = entry.scale == nil || asset.type == .colorSet ? ["scale"] : []
            // A macOS file keys no idiom: a `mac` entry and a universal one compile alike.
            if filter.platform == .macos { excluded.insert("idiom") }
            // An icon's slot (its size) is a number in the key, not a trait the adapter reads.
            if asset.type == .appIconSet || asset.type == .iconSet { excluded.formUnion(["size", "idiom", "platform", "role", "subtype"]) }
            return excluded
        }

        /// The image, data and icon entries of `asset`, at `position` in the file if it is there.
        mutating func files(of asset: Asset, at position: Int?) {
            if asset.type == .appIconSet || asset.type == .iconSet, let position {
                // The set's size list is the set itself.
                for variant in compiled.catalog.assets[position].variants where variant.unrecognized["layout"] == "MultisizeImage" {
                    matched.insert([position, variant.index])
                }
            }
            let kept = asset.variants.filter { filter.keeps($0, in: asset) }
            let written = asset.type == .imageSet ? filter.writtenImageEntries(of: asset) : kept
            for entry in written where entry.filename != nil {
                expected += 1
                file(entry, of: asset, at: position)
            }
            // Xcode 7.3 kept every PDF as a vector rendition too, even one whose every scale a
            // bitmap replaces (acextract's `v_overrides`): such a vector is accounted for, not expected.
            guard let position, asset.type == .imageSet else { return }
            let writtenIndices = Set(written.map(\.index))
            for entry in kept where ActoolEntryFilter.isVector(entry) && !writtenIndices.contains(entry.index) {
                let name = ActoolEntryFilter.vectorRenditionName(entry.filename!)
                for variant in compiled.catalog.assets[position].variants where variant.filename == name { matched.insert([position, variant.index]) }
            }
        }

        /// One expected file entry: a rendition of its name (or, for a kept vector, the name without
        /// its extension) with its traits and, for a PNG, its pixel size.
        private mutating func file(_ entry: Variant, of asset: Asset, at position: Int?) {
            let file = entry.filename!
            let vectorName = ActoolEntryFilter.vectorRenditionName(file)
            let subject = Diagnostic.Subject(asset: asset, variant: entry)
            let location = entry.location ?? SourceLocation(file: asset.contentsPath ?? asset.path)
            let candidates =
                position.map { at in
                    compiled.catalog.assets[at].variants.filter { $0.filename == file || $0.filename == vectorName }.map { [at, $0.index] }
                } ?? []
            guard !candidates.isEmpty else {
                let message = "\(asset.name): \(file) (\(entry.attributeSummary)) has no rendition in \(compiled.catalog.folderName)"
                return diagnostics.append(Diagnostic(.compiledMissing, message, subject: subject, at: location))
            }
            matched.formUnion(candidates)
            let excluded = excludedTraits(entry, of: asset)
            let wanted = entry.attributeStrings(excluding: excluded)
            let variants = candidates.map { compiled.catalog.assets[$0[0]].variants[$0[1]] }
            if !variants.contains(where: { $0.attributeStrings(excluding: excluded) == wanted }) {
                let held = variants.map(\.attributeSummary).joined(separator: "; ")
                let message = "\(asset.name): \(file) is declared \(entry.attributeSummary) but compiled as \(held)"
                diagnostics.append(Diagnostic(.compiledDifferent, message, subject: subject, at: location))
            }
            // A sliced image (`resizing`) is stored as its caps and centre only: smaller by design.
            guard entry.resizing == nil, file.lowercased().hasSuffix(".png"),
                let header = inspector.inspect(file: asset.path.appendingPathComponent(file)).header
            else { return }
            for candidate in candidates {
                let rendition = compiled.rendition(assetAt: candidate[0], variant: candidate[1])
                guard rendition.width > 0, rendition.width != header.width || rendition.height != header.height else { continue }
                let message =
                    "\(asset.name): \(file) is \(header.width)×\(header.height) pixels in the source "
                    + "but \(rendition.width)×\(rendition.height) in \(compiled.catalog.folderName)"
                diagnostics.append(Diagnostic(.compiledDifferent, message, subject: subject, at: location))
            }
        }

        /// The colour entries of `asset`: each must have a colour rendition with its traits and its
        /// components, compared as the 32-bit floats actool stores (sudoku's 0.176 is
        /// 0.17600000649690628 in its file).
        mutating func colors(of asset: Asset, at position: Int?) {
            for entry in asset.variants {
                guard let color = entry.color, color.reference == nil, filter.keeps(entry, in: asset) else { continue }
                expected += 1
                let excluded = excludedTraits(entry, of: asset)
                let wanted = entry.attributeStrings(excluding: excluded)
                let found = position.flatMap { at in
                    compiled.catalog.assets[at].variants.first { variant in
                        guard let held = variant.color, variant.attributeStrings(excluding: excluded) == wanted else { return false }
                        return CompiledVerification.sameColor(held, color)
                    }.map { [at, $0.index] }
                }
                if let found {
                    matched.insert(found)
                } else {
                    let message = "\(asset.name): \(color.summary) (\(entry.attributeSummary)) has no rendition in \(compiled.catalog.folderName)"
                    diagnostics.append(
                        Diagnostic(
                            .compiledMissing, message, subject: Diagnostic.Subject(asset: asset, variant: entry),
                            at: entry.location ?? SourceLocation(file: asset.contentsPath ?? asset.path)))
                }
            }
        }

        /// Reports every rendition no expected entry accounts for; returns how many renditions the file holds.
        mutating func reportExtras(source: Catalog) -> Int {
            let carLocation = SourceLocation(file: compiled.catalog.path, line: 1, column: 1)
            var renditions = 0
            for (at, asset) in compiled.catalog.assets.enumerated() {
                for variant in asset.variants {
                    renditions += 1
                    guard !matched.contains([at, variant.index]) else { continue }
                    let rendition = compiled.rendition(assetAt: at, variant: variant.index)
                    let why = source.asset(named: asset.name) == nil ? "the source has no set \(asset.name)" : "no entry of \(asset.name) declares it"
                    let message =
                        "\(asset.name): rendition \(variant.payloadDescription) (\(variant.attributeSummary)) is in the compiled file, but \(why)"
                    diagnostics.append(
                        Diagnostic(.compiledExtra, message, subject: Diagnostic.Subject(asset: asset.name, file: rendition.renditionName), at: carLocation))
                }
            }
            return renditions
        }
    }
}
