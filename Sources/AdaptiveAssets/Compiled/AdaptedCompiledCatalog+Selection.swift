import AssetSelection
import CompiledCatalog

extension AdaptedCompiledCatalog {
    /// The rendition the selection rule chose, for a match in `AssetIndex(catalog)`.
    public func rendition(of match: AssetIndex.Match) -> Rendition {
        rendition(assetAt: match.asset, variant: match.variant)
    }
}
