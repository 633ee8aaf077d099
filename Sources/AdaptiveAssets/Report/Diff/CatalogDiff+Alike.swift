import CompiledCatalog

extension CatalogDiff {
    /// The fast path of `adapt diff OLD.car NEW.car`: an asset whose renditions have, one for one
    /// and in order, the same key (all but the name's number) and the same encoding
    /// (`VariantContent.Loader.sameEncoding`) shows no change, without its variants' traits named
    /// or matched (`variantKeys`), which costs more than comparing the bytes.
    ///
    /// It answers only what the full comparison would: every variant's traits are read from its
    /// key through the two files' appearance and localization names, so equal keys under equal
    /// names give equal trait keys on both sides, variant `i` matches variant `i`, and each pair
    /// is encoded alike. Anything else (another order, a rendition more, other names) is left to
    /// `compareContent`.
    struct AlikeRenditions: Sendable {
        let old: AdaptedCompiledCatalog
        let new: AdaptedCompiledCatalog
        /// Packed images compared once for the references of every asset.
        let packedImages = SamePackedImages()

        /// Nil unless both sides are compiled with the same key format and the same names for
        /// appearances and localizations.
        init?(_ old: OpenedCatalog, _ new: OpenedCatalog) {
            guard let old = old.compiled, let new = new.compiled else { return nil }
            let format = old.compiled.keyFormat.attributes
            guard format == new.compiled.keyFormat.attributes, old.compiled.appearances == new.compiled.appearances,
                old.compiled.localizations == new.compiled.localizations
            else { return nil }
            self.old = old
            self.new = new
        }

        /// Whether the two assets' renditions are alike one for one (no change to report).
        func sameRenditions(oldAsset: Int, newAsset: Int) -> Bool {
            let before = old.renditionPositions[oldAsset]
            let after = new.renditionPositions[newAsset]
            guard before.count == after.count else { return false }
            return old.compiled.renditions.withUnsafeBufferPointer { oldRenditions in
                new.compiled.renditions.withUnsafeBufferPointer { newRenditions in
                    zip(before, after).allSatisfy { one, other in
                        UnnamedKey(oldRenditions[one].key) == UnnamedKey(newRenditions[other].key)
                            && VariantContent.Loader.sameEncoding(
                                oldRenditions[one], in: old.compiled, newRenditions[other], in: new.compiled, packedImages: packedImages)
                    }
                }
            }
        }
    }
}
