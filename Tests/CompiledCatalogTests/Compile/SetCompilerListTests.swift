@_spi(Compiling) import AdaptiveAssets
import AssetCatalog
import Testing

/// The set compilers' list is the one place that says what `adapt compile` writes: every set type
/// is either taken by a `SetCompiler` or left out with a `NotCompiled` reason, never both, never
/// neither.
@Suite struct SetCompilerListTests {
    @Test(arguments: AssetType.allCases)
    func everySetTypeIsCompiledOrHasAReason(_ type: AssetType) {
        let compiled = SetCompilers.compiledTypes.contains(type)
        let leftOut = NotCompiled.reasonByType[type] != nil || NotCompiled.quiet.contains(type)
        #expect(compiled != leftOut, "\(type.rawValue): compiled \(compiled), left out \(leftOut)")
    }

    @Test func noSetTypeHasTwoReasons() {
        let listed = NotCompiled.reasons.flatMap(\.types) + NotCompiled.quiet
        #expect(listed.count == Set(listed).count)
    }
}
