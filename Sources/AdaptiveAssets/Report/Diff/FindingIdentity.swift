import AssetCatalog

/// What makes a finding in one version of a catalog the same as one in another: its rule, its
/// subject (the set inside the catalog, the asset, the entry by its file name or attributes, the
/// slot), never its message or line. A reworded message or a moved entry is the same finding; the
/// same rule on another entry is a new one.
///
/// ```swift
/// let identity = FindingIdentity.index(catalog)
/// identity(diagnostic) == identity(sameFindingInTheOtherVersion)   // true
/// ```
struct FindingIdentity: Hashable {
    var fingerprint: Fingerprint
    var slot: String?

    /// A function that gives the identity of a finding of `catalog`, its sets indexed once.
    static func index(_ catalog: Catalog) -> (Diagnostic) -> FindingIdentity {
        // The catalog's key is left out: the two versions live in different folders.
        let fingerprints = FingerprintIndex([catalog]) { _ in "" }
        return { diagnostic in FindingIdentity(fingerprint: fingerprints.fingerprint(of: diagnostic), slot: diagnostic.subject.slot) }
    }
}
