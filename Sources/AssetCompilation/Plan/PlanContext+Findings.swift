import AssetCatalog

/// The findings a set compiler reports: a set, or one entry of it, left out and why.
extension PlanContext {
    /// The finding for one entry of a set left out.
    func entryLeftOut(_ asset: Asset, _ variant: Variant, _ reason: String) -> Diagnostic {
        Diagnostic(
            .compileLeftOut, "\(asset.name): \(variant.payloadDescription) is not compiled: \(reason)",
            subject: Diagnostic.Subject(asset: asset.name), at: variant.location ?? SourceLocation(file: asset.contentsPath ?? asset.path))
    }

    /// The finding for an entry whose trait has no number in a compiled key.
    func traitLeftOut(_ asset: Asset, _ variant: Variant, _ gap: TraitGap) -> Diagnostic {
        entryLeftOut(asset, variant, "its \(gap.trait) has no number in a compiled key that adapt knows")
    }

    /// The finding for a whole set left out, or (`whole` false) for a part of it.
    func setLeftOut(_ asset: Asset, _ reason: String, whole: Bool = true) -> Diagnostic {
        Diagnostic(
            .compileLeftOut,
            whole ? "\(asset.type.rawValue) '\(asset.name)' is not compiled: \(reason)" : "\(asset.type.rawValue) '\(asset.name)': \(reason)",
            subject: Diagnostic.Subject(asset: asset.name), at: SourceLocation(file: asset.contentsPath ?? asset.path))
    }
}
