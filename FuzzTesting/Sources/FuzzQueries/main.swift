@_spi(AdaptTool) import AdaptiveAssets
import FuzzSupport

/// `adapt resolve --queries` lines against the Showcase catalog: any bytes give exactly one
/// output line (valid JSON, an object with `asset` and `filename`) per non-blank input line, in
/// order, and a line that is not a query gives an `error` member rather than a crash.
let index: AssetIndex = {
    do { return AssetIndex(try CatalogReader().read(at: Fuzz.repositoryRoot + "/Assets/Showcase.xcassets")) } catch {
        fatalError("the Showcase catalog does not read: \(error)")
    }
}()

Fuzz.run { start, count in
    let input = Fuzz.bytes(start, count)
    var resolver = BatchResolver(index: index, sourceName: "queries.jsonl")
    let output = resolver.resolve(lines: input)
    let inputLines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
    let outputLines = output.utf8.split(separator: UInt8(ascii: "\n"))
    Fuzz.require(outputLines.count == inputLines.count, "\(inputLines.count) queries, \(outputLines.count) answers")
    for line in outputLines {
        guard case .object(let object)? = try? JSONParser.parse(Array(line)) else {
            Fuzz.require(false, "an answer that is not a JSON object: \(String(decoding: line, as: UTF8.self))")
            return 0
        }
        Fuzz.require(object["filename"] != nil, "an answer without filename: \(String(decoding: line, as: UTF8.self))")
    }
    return 0
}
