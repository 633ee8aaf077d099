import FuzzSupport

/// Any bytes as a compiled catalog (`Assets.car`): a catalog or a typed error, never a crash,
/// a hang (B-tree cycles) or memory the input's size does not justify. What reads must also
/// render (text, and assetutil JSON that parses), and every range the model hands out for
/// copying (a rendition's bytes, its data chunks) must lie inside the input, as the thinner will
/// copy them.
/// Every rendition is decoded too (LZFSE, LZVN, RLE, zlib, packed images, raw data), the way
/// `adapt extract` decodes it: a picture or a typed error, within the decoders' bounds.
Fuzz.run { start, count in
    let bytes = Fuzz.bytes(start, count)
    let catalog: CompiledCatalog
    do throws(CompiledCatalogError) {
        catalog = try CompiledCatalog(bytes: bytes, path: "fuzz.car")
    } catch {
        Fuzz.require(!error.description.isEmpty && error.description.hasSuffix("[\(error.kind.rule.id)]"), "an error without its rule: \(error)")
        return 0
    }
    func inside(_ range: RenditionPayload.DataRange) -> Bool {
        range.offset >= 0 && range.length >= 0 && range.offset <= bytes.count && range.length <= bytes.count - range.offset
    }
    for rendition in catalog.renditions {
        Fuzz.require(inside(rendition.valueRange), "a rendition's bytes lie outside the file: \(rendition.valueRange)")
        switch rendition.payload {
        case .bitmap(_, let chunks): Fuzz.require(chunks.allSatisfy { inside($0.range) }, "a bitmap chunk lies outside the file")
        case .rawData(let range), .unknown(_, let range): Fuzz.require(inside(range), "a data range lies outside the file")
        default: break
        }
    }
    let atlases = PackedImageCache()
    for rendition in catalog.renditions.prefix(64) {
        do throws(DecompressionError) {
            if case .pixels(let bitmap)? = try catalog.decodedBitmap(of: rendition, atlases: atlases) {
                Fuzz.require(bitmap.width == Int(rendition.width) || rendition.layout == .internalReference, "a bitmap decoded to another width")
            }
            _ = try catalog.rawData(of: rendition)
        } catch {
            Fuzz.require(!error.description.isEmpty, "a decoding error without a description")
        }
    }
    _ = CompiledInspection(catalog).text
    // The document is formatted in place from the file's bytes (names, UTIs as stored): whatever
    // they hold, it parses, with the header and one object per rendition.
    let document = CompiledCatalog.AssetutilDocument(catalog).bytes()
    let parsed = try? JSONParser.parse(document)
    Fuzz.require(parsed?.array?.count == catalog.renditions.count + 1, "the assetutil document is not a JSON array of one object per rendition")
    return 0
}
