@_spi(AdaptTool) import AdaptiveAssets
import FuzzSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `adapt validate --accessors` on arbitrary asset names.
///
/// Input: asset names separated by NUL bytes (decoded as UTF-8, invalid bytes replaced); a `/`
/// in a name makes namespaces, as a group that provides one does. The first byte of each name
/// also picks its set type.
///
/// What must hold, whatever the names (`AccessorChecker`): the file is plain printable ASCII and
/// line breaks; every line is one the generator writes (an enum, a closing brace, a doc comment,
/// an accessor, the fixed `AssetName` struct); enums balance; every identifier is a plain or a
/// backticked keyword and unique in its scope, never `Type`, `Protocol` or `AssetName`; every
/// string literal lexes (only `\u{...}` escapes) and decodes to exactly the asset's name, each
/// asset appearing once; and the names in another order give the same file. libFuzzer cannot
/// run swiftc per input, so with `FUZZ_ACCESSORS_OUTPUT=DIR` each input's file is also written
/// to DIR, and `Scripts/fuzz` runs `swiftc -parse` on a sample of the corpus that way.
let types: [AssetType] = [.imageSet, .colorSet, .dataSet, .symbolSet, .appIconSet]
let outputFolder = getenv("FUZZ_ACCESSORS_OUTPUT").map { String(cString: $0) }
nonisolated(unsafe) var written = 0

Fuzz.run { start, count in
    let input = Fuzz.bytes(start, count)
    var names: [String] = []
    var seen: Set<String> = []
    for chunk in input.split(separator: 0, omittingEmptySubsequences: false).prefix(64) {
        let name = String(decoding: chunk, as: UTF8.self)
        if seen.insert(name).inserted { names.append(name) }
    }
    func catalog(_ names: [String]) -> Catalog {
        Catalog(
            path: "/fuzz/Fuzz.xcassets",
            assets: names.map { name in
                Asset(name: name, type: types[Int(name.utf8.first ?? 0) % types.count], path: "/fuzz/Fuzz.xcassets/x")
            })
    }
    let generator = AccessorGenerator(rootTypeName: "Asset")
    let output = generator.generate(for: [catalog(names)])
    AccessorChecker.check(output.source, names: Set(names))
    Fuzz.require(generator.source(for: [catalog(names.reversed())]) == output.source, "the file depends on the order of the names")
    for diagnostic in output.diagnostics {
        Fuzz.require(diagnostic.code == "accessors.name-collision", "unexpected diagnostic \(diagnostic)")
    }
    if let outputFolder {
        written += 1
        Fuzz.write(Array(output.source.utf8), to: outputFolder + "/accessors-\(getpid())-\(written).swift")
    }
    return 0
}
