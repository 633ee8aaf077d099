import AdaptSupport
import AssetCatalog

extension VectorRasterizer {
    /// A warning for each outside resource the SVG at `path` names (`SVGSource.outsideReferences`):
    /// the renderer draws an SVG from its own bytes, so an `<image>` of a file beside it, a `file:`
    /// URL, `../`, an `xi:include`, a CSS `@import` or an `feImage` is dropped, and said so rather
    /// than silently missing from the picture. Nothing when the file cannot be read: drawing it
    /// reports that.
    package static func droppedReferences(_ path: String, asset: String) -> [Diagnostic] {
        guard let bytes = try? FileSystem.readRegularFile(path, limit: 256 << 20) else { return [] }
        return SVGSource.outsideReferences(bytes).map { reference in
            Diagnostic(
                .compileLeftOut,
                "\(asset): \(path.lastPathComponent) names \(reference), which is not drawn: adapt draws an SVG from its own bytes and reads no other file",
                subject: Diagnostic.Subject(asset: asset), at: SourceLocation(file: path))
        }
    }
}
