import AdaptiveAssets
import CatalogFixtures
import DeviceProfiles
import Testing

@testable import CompiledCatalog

/// Issue #26, item 6: names a file can hold that Swift's `String` equality merges (NFC and NFD,
/// equal before a NUL, invalid UTF-8) stay as many assets as the file has facets, in the
/// reader's groups, in the catalog the selection rule sees, and in a thinned slice.
@Suite struct MergingNamesTests {
    let compiled = try! CompiledCatalog(bytes: try! HostileCompiledCatalogs.namesThatMerge())

    @Test func everyFacetIsAnAssetOfItsOwn() throws {
        let names = HostileCompiledCatalogs.mergingNames
        #expect(compiled.facets.map(\.nameBytes).sorted { $0.lexicographicallyPrecedes($1) } == names.sorted { $0.lexicographicallyPrecedes($1) })
        let assets = compiled.assets
        #expect(assets.count == names.count)
        #expect(assets.allSatisfy { $0.renditions.count == 1 })
        // Each asset holds its own facet's rendition (the identifier is the facet's number + 1).
        let groups = compiled.assetGroups
        for group in groups {
            let facet = try #require(group.facet)
            #expect(group.positions.map { compiled.renditions[$0].key.nameIdentifier } == [compiled.facets[facet].nameIdentifier])
        }
        // A name's NUL and what follows are part of it.
        #expect(compiled.facets.contains { $0.name == "A\u{0}B" } && compiled.facets.contains { $0.name == "A\u{0}C" })
    }

    @Test func theSelectionModelAndASliceKeepEveryOne() throws {
        let adapted = AdaptedCompiledCatalog(compiled)
        #expect(adapted.catalog.assets.count == HostileCompiledCatalogs.mergingNames.count)
        let phone = try #require(try DeviceDatabase.builtIn().profile(matching: "iphone-6"))
        let slice = try #require(CompiledThinning(compiled, devices: [phone]).slices.first)
        #expect(slice.kept == Set(compiled.renditions.indices), "a 2x phone keeps all six images")
        let thinned = try CompiledCatalog(bytes: try compiled.writing(keeping: slice.kept))
        #expect(thinned.assets.count == HostileCompiledCatalogs.mergingNames.count)
    }
}
