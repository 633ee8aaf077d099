import CatalogFixtures
import Testing

@testable import CompiledCatalog

/// `writtenLengths(keeping:)` sizes slices by arithmetic (`SliceLengths`) where the file allows
/// it: each length is the length of the bytes the writer writes for the same slice.
@Suite struct SliceLengthsTests {
    /// Slices of a file: none, all, every other, by idiom, and seeded random ones, each with the
    /// packed images its references point into (as a thinner keeps them).
    static func slices(_ catalog: CompiledCatalog) -> [[Int]] {
        let all = Array(catalog.renditions.indices)
        var generator = SplitMix64(seed: 38)
        var subsets: [Set<Int>] = [[], Set(all), Set(all.filter { $0 % 2 == 0 })]
        for idiom in Set(catalog.renditions.map(\.key.idiom)) { subsets.append(Set(all.filter { catalog.renditions[$0].key.idiom == idiom })) }
        for _ in 0..<4 { subsets.append(Set(all.filter { _ in generator.next() % 3 == 0 })) }
        return subsets.map { catalog.keepingPackedImages($0).sorted() }
    }

    static func check(_ catalog: CompiledCatalog) throws {
        let slices = Self.slices(catalog)
        let lengths = try catalog.index.writtenLengths(keeping: slices)
        for (slice, length) in zip(slices, lengths) {
            #expect(length == (try catalog.writing(keeping: Set(slice))).count)
        }
    }

    @Test(arguments: CompiledCorpus.names)
    func eachLengthIsTheWrittenFiles(_ name: String) throws {
        try Self.check(try CompiledCorpus.read(name))
    }

    @Test(arguments: RecentCorpus.files)
    func eachLengthIsTheWrittenFilesOfRecentFiles(_ file: RecentCorpus.File) throws {
        try Self.check(try RecentCorpus.read(file))
    }

    /// The corpus's Xcode 7 files take the arithmetic, not the writer (no `BITMAPKEYS`, no block
    /// named twice), so the tests above check it.
    @Test func theArithmeticTakesAnXcode7File() throws {
        let catalog = try CompiledCorpus.read("assets_ios.car")
        let keys = catalog.index.keys
        let shared = try CompiledCatalogWriter.Shared(catalog.index, renditions: keys)
        #expect(SliceLengths(catalog.index, renditions: keys, shared: shared) != nil)
    }
}
