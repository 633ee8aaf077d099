/// The values of the document's named members (asset type, compression, encoding, idiom, …)
/// rendered as JSON once per document for every number that has a name, so an entry copies a
/// few bytes where it would make a `String` and check it for escapes: a large file has hundreds
/// of thousands of entries and a handful of names. The names still come from the types that own
/// them (`RenditionLayout.assetType`, `CompiledIdiom.name`, …), and a number outside a table is
/// written through them as before, so the output is the same either way.
struct AssetutilVocabulary: Sendable {
    /// `AssetType` by layout, for the layouts up to the last one named.
    let assetTypes = RenderedStrings((0...RenditionLayout.multisizeImage.rawValue).map { RenditionLayout(rawValue: $0).assetType })
    /// `Image Type` by sliced-image layout, from the first.
    let imageTypes = RenderedStrings(RenditionLayout.slicedImages.map { RenditionLayout(rawValue: $0).themeName })
    let compressions = RenderedStrings((0..<16).map { RenditionCompression(rawValue: $0).name })
    let idioms = RenderedStrings((0..<16).map { CompiledIdiom(rawValue: $0).name })
    let states = RenderedStrings((0..<8).map { RenditionState(rawValue: $0).name })
    let values = RenderedStrings((0..<4).map { RenditionValue(rawValue: $0).name })
    /// By a key's size-class number (nil for 0, any).
    let sizeClasses = RenderedStrings((0..<3).map { CompiledTraitNumbers.sizeClasses.trait($0)?.rawValue ?? "" })
    /// By a key's display-gamut number (nil for 0, any).
    let gamuts = RenderedStrings((0..<3).map { CompiledTraitNumbers.displayGamuts.trait($0)?.rawValue ?? "" })
    /// `Encoding` and `ColorModel` by the position of a named pixel format in `PixelFormat.named`
    /// (a format without a colour model renders as an empty string, never written).
    let encodings = RenderedStrings(PixelFormat.named.map(\.encoding))
    let colorModels = RenderedStrings(PixelFormat.named.map { $0.colorModel ?? "" })

    /// The position of `format` in `PixelFormat.named`, if it is there.
    func named(_ format: PixelFormat) -> Int? {
        PixelFormat.named.firstIndex(of: format)
    }
}

/// Strings rendered once as JSON string literals (quotes and escapes included) into one buffer,
/// each found by its number: a document names 200,000 renditions with a few thousand facet
/// names, so each is escaped once rather than once per rendition.
struct RenderedStrings: Sendable {
    private let bytes: [UInt8]
    /// Where string `i` ends in `bytes`; it starts where string `i - 1` ends.
    private let ends: [Int]

    init(_ strings: [String]) {
        var output = JSONOutput()
        var ends: [Int] = []
        ends.reserveCapacity(strings.count)
        for string in strings {
            output.string(string)
            ends.append(output.count)
        }
        bytes = output.withBytes { Array($0) }
        self.ends = ends
    }

    var count: Int { ends.count }

    func withRendered<Result>(_ number: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let start = number == 0 ? 0 : ends[number - 1]
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<ends[number]])) }
    }
}

extension JSONOutput {
    /// `"NAME" : VALUE`, VALUE the string `table` rendered for `number`, or for a number past the
    /// table, `name()` written as any string is.
    mutating func member(_ name: StaticString, _ table: RenderedStrings, _ number: Int, orElse value: @autoclosure () -> String) {
        key(name)
        if number >= 0 && number < table.count { table.withRendered(number) { append($0) } } else { string(value()) }
    }
}
