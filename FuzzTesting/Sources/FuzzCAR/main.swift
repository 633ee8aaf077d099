@_spi(AdaptTool) import AdaptiveAssets
import FuzzSupport

/// Any bytes as a compiled catalog (`Assets.car`): a catalog or a typed error, never a crash,
/// a hang (B-tree cycles) or memory the input's size does not justify. What reads must also
/// render (text, and assetutil JSON that parses), and every range the model hands out for
/// copying (a rendition's bytes, its data chunks) must lie inside the input, as the thinner will
/// copy them.
/// Every rendition is decoded too (LZFSE, LZVN, RLE, zlib, deepmap2, packed images, raw data), the way
/// `adapt extract` decodes it: a picture or a typed error, within the decoders' bounds.
/// Thinning too: the catalog resolved for one device of each idiom, and the slice `adapt thin`
/// would write (half the renditions kept, as an input byte picks) written and read back, a file
/// this reader accepts with exactly the renditions kept and within its bound, or a typed error.
/// The seeds include files built to amplify (`hostile-*.car`, `HostileCompiledCatalogs`), and the
/// dictionary (Dictionaries/FuzzCAR.dict) the container's and CoreUI's tokens. libFuzzer holds
/// each input to Scripts/fuzz's -timeout (seconds) and -rss_limit_mb.
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
    thinned(catalog, sourceLength: bytes.count, keepingEvery: Int(bytes.last ?? 0) % 3 + 1)
    _ = CompiledInspection(catalog).text
    // The document is formatted in place from the file's bytes (names, UTIs as stored): whatever
    // they hold, it parses, with the header and one object per rendition.
    let document = CompiledCatalog.AssetutilDocument(catalog).bytes()
    let parsed = try? JSONParser.parse(document)
    Fuzz.require(parsed?.array?.count == catalog.renditions.count + 1, "the assetutil document is not a JSON array of one object per rendition")
    return 0
}

/// Writes the catalog keeping every `step`-th rendition and reads the result back (no larger than
/// its `sourceLength`-byte source plus `CompiledCatalog.thinningOverhead`, however its structures
/// point at each other); then thins it
/// for one device of each idiom, which runs the adapter and the selection rule over hostile keys.
func thinned(_ catalog: CompiledCatalog, sourceLength: Int, keepingEvery step: Int) {
    let kept = catalog.keepingPackedImages(Set(stride(from: 0, to: catalog.renditions.count, by: step)))
    do throws(CompiledCatalogError) {
        let written = try catalog.writing(keeping: kept)
        let length = try catalog.writtenLength(keeping: kept)
        Fuzz.require(length == written.count, "writtenLength \(length) differs from the \(written.count) bytes written")
        // The bound every slice keeps (issue #26): its source's bytes plus the trees' nodes.
        Fuzz.require(
            written.count <= sourceLength + CompiledCatalog.thinningOverhead,
            "a slice of \(written.count) bytes from a file of \(sourceLength)")
        let reread = try CompiledCatalog(bytes: written, path: "thinned.car")
        Fuzz.require(reread.renditions.count == kept.count, "the slice holds \(reread.renditions.count) renditions, not the \(kept.count) kept")
    } catch {
        Fuzz.require(error.description.hasSuffix("[\(error.kind.rule.id)]"), "a writing error without its rule: \(error)")
    }
    let thinning = CompiledThinning(catalog, devices: Fuzz.devicePerIdiom)
    for slice in thinning.slices {
        Fuzz.require(slice.kept.allSatisfy(catalog.renditions.indices.contains), "a slice keeps a rendition the catalog does not have")
    }
}
