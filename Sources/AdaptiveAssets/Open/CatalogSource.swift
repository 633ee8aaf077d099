import AdaptSupport
import AssetCatalog
import CompiledCatalog

/// The one place a path becomes the catalog a command works on, in either form: an `.xcassets`
/// folder read into the model, or a compiled catalog (`Assets.car`) adapted into the same model
/// (`AdaptedCompiledCatalog`: one asset per facet, one variant per rendition). Commands ask this
/// instead of looking at the extension, so every command that works on the model takes both.
///
/// ```swift
/// let opened = try CatalogSource.open("Payload/App.app/Assets.car")
/// let index = AssetIndex(opened.catalog)          // the selection rule, as for a folder
/// opened.compiled?.compiled.renditions.count      // what only the compiled form has
/// ```
package enum CatalogSource {
    /// Which form `path` holds: compiled when its name ends in `.car` or its first bytes are
    /// `BOMStore` (`CompiledCatalog.isCompiledCatalog`), else a source catalog.
    package static func form(of path: String) -> CatalogForm {
        CompiledCatalog.isCompiledCatalog(atPath: path) ? .compiled : .source
    }

    /// Opens the catalog at `path`, whichever form it is. Throws one located diagnostic when it
    /// cannot be read at all (a missing folder, a damaged BOM file); problems inside a readable
    /// catalog stay in `catalog.diagnostics`.
    package static func open(_ path: String, reader: CatalogReader = CatalogReader()) throws(Failure) -> OpenedCatalog {
        switch form(of: path) {
        case .source:
            do { return OpenedCatalog(catalog: try reader.read(at: path), compiled: nil) } catch { throw Failure(diagnostic: error.diagnostic) }
        case .compiled:
            do { return OpenedCatalog(try CompiledCatalog(path: path)) } catch { throw Failure(diagnostic: error.diagnostic) }
        }
    }

    /// Opens every path of `paths` as `open(_:)` does, each on its own thread (`adapt diff` reads
    /// its two sides at once). Throws the first path's failure, in the order given.
    package static func open(all paths: [String], reader: CatalogReader = CatalogReader()) throws(Failure) -> [OpenedCatalog] {
        let opened = paths.concurrentMap(concurrency: paths.count) { path in
            Result { () throws(Failure) -> OpenedCatalog in try open(path, reader: reader) }
        }
        return try opened.map { result throws(Failure) in try result.get() }
    }

    /// Why a path could not be opened at all.
    package struct Failure: Error, CustomStringConvertible {
        package var diagnostic: Diagnostic
        package var description: String { diagnostic.description }
    }
}

/// The two forms of a catalog.
package enum CatalogForm: String, Sendable {
    /// An `.xcassets` folder.
    case source
    /// A compiled catalog (`Assets.car`).
    case compiled
}

/// A catalog as `CatalogSource.open` gives it: the model every form shares, and for a compiled
/// catalog what only it has (its renditions, bytes and packed images).
package struct OpenedCatalog: Sendable {
    /// The model: assets and variants, whichever form they were read from.
    package let catalog: Catalog
    /// The compiled catalog behind `catalog`, and which rendition each variant is; nil for a folder.
    package let compiled: AdaptedCompiledCatalog?

    package init(catalog: Catalog, compiled: AdaptedCompiledCatalog?) {
        self.catalog = catalog
        self.compiled = compiled
    }

    /// A compiled catalog, adapted into the model.
    package init(_ compiled: CompiledCatalog) {
        let adapted = AdaptedCompiledCatalog(compiled)
        self.init(catalog: adapted.catalog, compiled: adapted)
    }

    package var form: CatalogForm { compiled == nil ? .source : .compiled }
    package var path: String { catalog.path }
}
